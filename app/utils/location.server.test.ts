import { describe, expect, it } from 'vitest'
import { lookupLocation, MAX_PLACE_CHOICES, milesBetween, resolveLocation, splitCityState } from '#app/utils/location.server.ts'

describe('locations', () => {
  it('splits a city and state however it is typed', () => {
    expect(splitCityState('Austin, TX')).toEqual({ city: 'Austin', state: 'TX' })
    expect(splitCityState('austin tx')).toEqual({ city: 'austin', state: 'TX' })
    expect(splitCityState('St. Louis, MO')).toEqual({ city: 'Saint Louis', state: 'MO' })
    expect(splitCityState('New York, NY 10001')).toEqual({ city: 'New York', state: 'NY' })
    expect(splitCityState('Atlantis')).toBeNull()
    expect(splitCityState('Washington, D.C.')).toEqual({ city: 'Washington', state: 'DC' })
    expect(splitCityState('Cañon City, CO')).toEqual({ city: 'Cañon City', state: 'CO' })
  })

  it('places a ZIP or a city, and nothing else', async () => {
    const zip = await resolveLocation('10001')
    expect(zip?.label).toBe('New York, NY 10001')
    expect(zip!.latitude).toBeCloseTo(40.75, 1)
    const city = await resolveLocation('san francisco, ca')
    expect(city?.label).toBe('San Francisco, CA')
    expect(milesBetween(city!, { latitude: 37.7749, longitude: -122.4194 })).toBeLessThan(10)
    expect(await resolveLocation('Atlantis, ZZ')).toBeNull()
    expect(await resolveLocation('00000')).toBeNull()
    expect(await resolveLocation('<script>')).toBeNull()
    expect(await resolveLocation('')).toBeNull()
  })

  it('puts a city and state at the city\u2019s own centre, not the middle of its ZIP codes', async () => {
    const manhattan = { latitude: 40.7128, longitude: -74.006 }
    // The mean of the ZIP codes named New York was 50 miles east, out on Long Island.
    const newYork = await resolveLocation('New York, NY')
    expect(milesBetween(newYork!, manhattan)).toBeLessThan(2)
    expect(newYork?.label).toBe('New York City, NY')
    expect(milesBetween((await resolveLocation('new york ny'))!, manhattan)).toBeLessThan(2)
    const cases: Array<[string, string, { latitude: number; longitude: number }]> = [
      ['st. louis mo', 'St. Louis, MO', { latitude: 38.627, longitude: -90.1994 }],
      ['Ft Worth, TX', 'Fort Worth, TX', { latitude: 32.7555, longitude: -97.3308 }],
      ['Springfield, IL', 'Springfield, IL', { latitude: 39.7817, longitude: -89.6501 }],
      ['Springfield MA', 'Springfield, MA', { latitude: 42.1015, longitude: -72.5898 }],
      ['Washington, D.C.', 'Washington, DC', { latitude: 38.9072, longitude: -77.0369 }],
      ['Canon City, CO', 'Cañon City, CO', { latitude: 38.441, longitude: -105.2424 }],
    ]
    for (const [typed, label, centre] of cases) {
      const place = await resolveLocation(typed)
      expect(place?.label, typed).toBe(label)
      expect(milesBetween(place!, centre), typed).toBeLessThan(3)
    }
    // A town the gazetteer lacks (fewer than 1,000 people) is still found by its ZIP codes.
    const zap = await resolveLocation('Zap, ND')
    expect(zap?.label).toBe('Zap, ND')
    expect(milesBetween(zap!, { latitude: 47.2897, longitude: -101.9256 })).toBeLessThan(1)
  })

  it('takes a city alone when one place of that name clearly dominates', async () => {
    const cases: Array<[string, string, { latitude: number; longitude: number }]> = [
      ['Brooklyn', 'Brooklyn, NY', { latitude: 40.6782, longitude: -73.9442 }],
      ['Chicago', 'Chicago, IL', { latitude: 41.8781, longitude: -87.6298 }],
      ['austin', 'Austin, TX', { latitude: 30.2672, longitude: -97.7431 }],
      ['new york', 'New York City, NY', { latitude: 40.7128, longitude: -74.006 }],
      ['St Louis', 'St. Louis, MO', { latitude: 38.627, longitude: -90.1994 }],
      ['bronx', 'The Bronx, NY', { latitude: 40.8448, longitude: -73.8648 }],
      ['Portland', 'Portland, OR', { latitude: 45.5152, longitude: -122.6784 }],
    ]
    for (const [typed, label, centre] of cases) {
      const place = await resolveLocation(typed)
      expect(place?.label, typed).toBe(label)
      expect(milesBetween(place!, centre), typed).toBeLessThan(5)
    }
  })

  it('offers the choices, largest first, when a name alone means several places', async () => {
    const springfield = await lookupLocation('Springfield')
    expect(springfield.kind).toBe('ambiguous')
    if (springfield.kind !== 'ambiguous') return
    expect(springfield.name).toBe('Springfield')
    expect(springfield.choices[0]).toBe('Springfield, MO')
    expect(springfield.choices).toEqual(
      expect.arrayContaining(['Springfield, IL', 'Springfield, MA', 'Springfield, OR', 'Springfield, OH']),
    )
    expect(springfield.choices).toHaveLength(MAX_PLACE_CHOICES)
    expect(new Set(springfield.choices).size).toBe(springfield.choices.length)
    expect(await resolveLocation('Springfield')).toBeNull()
    // Every choice, searched again, is that one place.
    for (const choice of springfield.choices) expect((await resolveLocation(choice))?.label).toBe(choice)
    expect(await lookupLocation('arlington')).toMatchObject({
      kind: 'ambiguous',
      name: 'Arlington',
      choices: expect.arrayContaining(['Arlington, TX', 'Arlington, VA']),
    })
  })

  it('keeps ZIP codes as they were and tells an unknown place from no place', async () => {
    expect(await lookupLocation('10001')).toEqual({ kind: 'place', place: await resolveLocation('10001') })
    expect(await lookupLocation('10001-1234')).toMatchObject({ kind: 'place', place: { label: 'New York, NY 10001' } })
    for (const typed of ['00000', 'Atlantis', 'Atlantis, ZZ', 'Springfield, ZZ', 'Gotham City', '<script>', 'a'.repeat(100)]) {
      expect(await lookupLocation(typed), typed).toMatchObject({ kind: 'unknown' })
    }
    expect(await lookupLocation('')).toEqual({ kind: 'none' })
    expect(await lookupLocation('   ')).toEqual({ kind: 'none' })
    expect(await lookupLocation(undefined)).toEqual({ kind: 'none' })
  })

  it('suggests the known place spelt nearly the same as an unknown one', async () => {
    const cases: Array<[string, string | null]> = [
      ['Sna Diego', 'San Diego, CA'],
      ['sna diego, ca', 'San Diego, CA'],
      ['Chicgo', 'Chicago, IL'],
      ['Pittsburg PA', 'Pittsburgh, PA'],
      ['Philadelphai', 'Philadelphia, PA'],
      ['Sna Diego, NY', null],
      ['Gotham City', null],
      ['Springfield, ZZ', null],
      ['00000', null],
      ['<script>', null],
      ['a'.repeat(100), null],
    ]
    for (const [typed, suggestion] of cases) {
      expect(await lookupLocation(typed), typed).toEqual({ kind: 'unknown', suggestion })
    }
    // Each suggestion finds its place.
    expect((await resolveLocation('San Diego, CA'))?.label).toBe('San Diego, CA')
  })

  it('suggests within its bound, quickly', async () => {
    await lookupLocation('Sna Diego')
    const started = performance.now()
    for (let attempt = 0; attempt < 20; attempt++) await lookupLocation(`Xqzvbn ${'abcdefghijklmnopqrst'[attempt]}orville`)
    expect((performance.now() - started) / 20).toBeLessThan(50)
  })

  it('measures great-circle miles', () => {
    // New York to Los Angeles is about 2,450 miles.
    expect(milesBetween({ latitude: 40.7128, longitude: -74.006 }, { latitude: 34.0522, longitude: -118.2437 })).toBeCloseTo(2448, -1)
  })
})
