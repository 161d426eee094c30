import { describe, expect, it } from 'vitest'
import { milesBetween, resolveLocation, splitCityState } from './location.server'

describe('locations', () => {
  it('splits a city and state however it is typed', () => {
    expect(splitCityState('Austin, TX')).toEqual({ city: 'Austin', state: 'TX' })
    expect(splitCityState('austin tx')).toEqual({ city: 'austin', state: 'TX' })
    expect(splitCityState('St. Louis, MO')).toEqual({ city: 'Saint Louis', state: 'MO' })
    expect(splitCityState('New York, NY 10001')).toEqual({ city: 'New York', state: 'NY' })
    expect(splitCityState('Atlantis')).toBeNull()
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

  it('measures great-circle miles', () => {
    // New York to Los Angeles is about 2,450 miles.
    expect(milesBetween({ latitude: 40.7128, longitude: -74.006 }, { latitude: 34.0522, longitude: -118.2437 })).toBeCloseTo(2448, -1)
  })
})
