import { describe, expect, it } from 'vitest'
import { MAX_PHOTO_SIDE } from '#app/utils/photo-processing.server.ts'
import { RESIZED_PHOTO_SIDE, fitWithin } from '#app/utils/photo-resize.ts'

describe('fitWithin', () => {
  it('scales a phone photo down to the side the server keeps, keeping its proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 })
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 })
    expect(fitWithin(5000, 1000)).toEqual({ width: 1600, height: 320 })
  })

  it('never enlarges a small picture, nor makes a side 0', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 })
    expect(fitWithin(1600, 1600)).toEqual({ width: 1600, height: 1600 })
    expect(fitWithin(20000, 1)).toEqual({ width: 1600, height: 1 })
  })

  it('resizes to the very side the server stores, so the browser never sends more than is kept', () => {
    expect(RESIZED_PHOTO_SIDE).toBe(MAX_PHOTO_SIDE)
  })
})
