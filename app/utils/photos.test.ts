import { describe, expect, it } from 'vitest'
import { animalPhotoSrc } from '#app/utils/photos.ts'

describe('animalPhotoSrc', () => {
  it('serves stored photos through the app, encoding each path segment', () => {
    expect(animalPhotoSrc({ storage_path: 'u1/a 1/p.webp' }, 400)).toBe('/photos/u1/a%201/p.webp?w=400')
  })
  it('passes a ready URL through', () => {
    expect(animalPhotoSrc({ external_url: '/images/demo/dog-1.svg' })).toBe('/images/demo/dog-1.svg')
  })
  it('has nothing for a listing without photos', () => {
    expect(animalPhotoSrc(null)).toBeNull()
    expect(animalPhotoSrc({})).toBeNull()
  })
})
