import { describe, expect, it } from 'vitest'
import { pageWindow } from '#app/components/listings/pagination.tsx'

describe('pagination', () => {
  it('windows page numbers', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
  })
})
