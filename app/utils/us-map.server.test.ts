import { describe, expect, it } from 'vitest'
import { localMap, MAP_HEIGHT, MAP_WIDTH, nationalMap } from '#app/utils/us-map.server.ts'

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 }

describe('nationalMap', () => {
  it('draws the whole country once, small enough for every search page', () => {
    const map = nationalMap()
    expect(nationalMap()).toBe(map)
    expect(map.land).toMatch(/^M[\d.]+,[\d.]+L/)
    expect(map.borders).toMatch(/^M/)
    expect(map.land.length + map.borders.length).toBeLessThan(40_000)
    expect(map.circle).toBeNull()
  })

  it('places the lower 48, Alaska and Hawaii in the frame, and nothing it has no inset for', () => {
    const map = nationalMap()
    for (const place of [
      AUSTIN,
      { latitude: 61.2181, longitude: -149.9003 },
      { latitude: 21.3069, longitude: -157.8583 },
      { latitude: 47.6062, longitude: -122.3321 },
    ]) {
      const [x, y] = map.project(place)!
      expect(x).toBeGreaterThan(0)
      expect(x).toBeLessThan(MAP_WIDTH)
      expect(y).toBeGreaterThan(0)
      expect(y).toBeLessThan(MAP_HEIGHT)
    }
    // West is left, north is up.
    expect(map.project({ latitude: 47.6062, longitude: -122.3321 })![0]).toBeLessThan(map.project(AUSTIN)![0])
    expect(map.project({ latitude: 47.6062, longitude: -122.3321 })![1]).toBeLessThan(map.project(AUSTIN)![1])
    expect(map.project({ latitude: 18.4655, longitude: -66.1057 })).toBeNull() // San Juan, PR
  })
})

describe('localMap', () => {
  it('centres the search place and fits its circle to the frame\u2019s height', () => {
    const map = localMap(AUSTIN, 25, '25 miles around Austin, TX')
    const [x, y] = map.project(AUSTIN)!
    expect(x).toBeCloseTo(MAP_WIDTH / 2, 0)
    expect(y).toBeCloseTo(MAP_HEIGHT / 2, 0)
    // 25 miles north is the circle's top, just inside the frame.
    const [, top] = map.project({ latitude: AUSTIN.latitude + 25 / 69.17, longitude: AUSTIN.longitude })!
    expect(top).toBeGreaterThan(20)
    expect(top).toBeLessThan(30)
    expect(map.pixelsPerMile).toBeCloseTo((MAP_HEIGHT / 2 - 24) / 25, 0)
    expect(map.circle).toMatch(/^M.*Z$/)
  })

  it('draws only what is near: Texas without its borders at 25 miles, New York\u2019s states at 100', () => {
    const austin = localMap(AUSTIN, 25, '')
    expect(austin.borders).toBe('')
    const newYork = localMap({ latitude: 40.7128, longitude: -74.006 }, 100, '')
    expect(newYork.borders.length).toBeGreaterThan(200)
    expect(newYork.land.length).toBeGreaterThan(200)
    // Clipped to the frame: no coordinate far outside it.
    for (const number of newYork.land.match(/-?\d+(\.\d+)?/g)!.map(Number)) {
      expect(number).toBeGreaterThanOrEqual(-1)
      expect(number).toBeLessThanOrEqual(MAP_WIDTH + 1)
    }
  })

  it('keeps a drawn place and names it as asked', () => {
    const first = localMap(AUSTIN, 50, '50 miles around Austin, TX')
    const again = localMap(AUSTIN, 50, '50 miles around 78701')
    expect(again.land).toBe(first.land)
    expect(again.area).toBe('50 miles around 78701')
  })
})
