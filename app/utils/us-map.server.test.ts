import { describe, expect, it } from 'vitest'
import { usPlacesByPopulation } from '#app/utils/gazetteer.server.ts'
import { citiesInFrame, COUNTY_LINES_MAX_MILES, localMap, MAP_HEIGHT, MAP_WIDTH, nationalMap } from '#app/utils/us-map.server.ts'

const places = await usPlacesByPopulation()

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 }

describe('nationalMap', () => {
  it('draws the whole country once, small enough for every search page', () => {
    const map = nationalMap(places)
    expect(nationalMap(places)).toBe(map)
    expect(map.land).toMatch(/^M[\d.]+,[\d.]+L/)
    expect(map.borders).toMatch(/^M/)
    expect(map.land.length + map.borders.length).toBeLessThan(40_000)
    expect(map.circle).toBeNull()
    // Canada and Mexico, the Great Lakes and the rivers, thinned to what the frame can show.
    for (const layer of [map.otherLand, map.lakes, map.rivers]) expect(layer).toMatch(/^M[\d.]+,[\d.]+L/)
    expect(map.otherLand.length + map.lakes.length + map.rivers.length).toBeLessThan(45_000)
    expect(map.counties).toBe('')
  })

  it('places the lower 48, Alaska and Hawaii in the frame, and nothing it has no inset for', () => {
    const map = nationalMap(places)
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
    const map = localMap(AUSTIN, 25, '25 miles around Austin, TX', places)
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
    const austin = localMap(AUSTIN, 25, '', places)
    expect(austin.borders).toBe('')
    const newYork = localMap({ latitude: 40.7128, longitude: -74.006 }, 100, '', places)
    expect(newYork.borders.length).toBeGreaterThan(200)
    expect(newYork.land.length).toBeGreaterThan(200)
    // Clipped to the frame: no coordinate far outside it.
    for (const number of newYork.land.match(/-?\d+(\.\d+)?/g)!.map(Number)) {
      expect(number).toBeGreaterThanOrEqual(-1)
      expect(number).toBeLessThanOrEqual(MAP_WIDTH + 1)
    }
  })

  it('keeps a drawn place and names it as asked', () => {
    const first = localMap(AUSTIN, 50, '50 miles around Austin, TX', places)
    const again = localMap(AUSTIN, 50, '50 miles around 78701', places)
    expect(again.land).toBe(first.land)
    expect(again.area).toBe('50 miles around 78701')
  })
})

describe('what a map orients by', () => {
  it('draws county lines around a place up to 100 miles, and water where there is some', () => {
    expect(localMap(AUSTIN, 25, '', places).counties).toMatch(/^M/)
    expect(localMap(AUSTIN, COUNTY_LINES_MAX_MILES * 2, '', places).counties).toBe('')
    // Detroit: Lake St. Clair and Lake Erie, and Canada across the river.
    const detroit = localMap({ latitude: 42.3333, longitude: -83.0484 }, 50, '', places)
    expect(detroit.lakes).toMatch(/^M/)
    expect(detroit.otherLand).toMatch(/^M/)
    // Denver is far from any lake or border.
    const denver = localMap({ latitude: 39.7491, longitude: -104.9946 }, 25, '', places)
    expect(denver.otherLand).toBe('')
  })

  it('offers the largest cities in the frame, largest first, and no part of a city', () => {
    const names = localMap(AUSTIN, 25, '', places).cities.map((city) => city.name)
    expect(names.slice(0, 3)).toEqual(['Austin', 'Round Rock', 'Cedar Park'])
    const national = nationalMap(places).cities
    expect(national[0]).toMatchObject({ name: 'New York' })
    expect(national.map((city) => city.name)).toContain('Philadelphia')
    // GeoNames' sections of a city (PPLX) are searchable, but not names for a map.
    expect(national.map((city) => city.name)).not.toContain('South Boston')
    for (const city of national) expect(city.population).toBeGreaterThanOrEqual(400_000)
  })

  it('leaves out places the projection cannot show or puts on the frame\u2019s edge', () => {
    const cities = citiesInFrame(
      [
        { name: 'Inside', state: 'TX', population: 3, latitude: 1, longitude: 1 },
        { name: 'Unplaced', state: 'PR', population: 2, latitude: 2, longitude: 2 },
        { name: 'Edge', state: 'TX', population: 1, latitude: 3, longitude: 3 },
      ],
      ({ latitude }) => (latitude === 1 ? [100, 100] : latitude === 2 ? null : [MAP_WIDTH - 1, 100]),
    )
    expect(cities).toEqual([{ name: 'Inside', x: 100, y: 100, population: 3 }])
  })
})
