import { describe, expect, it } from 'vitest'
import { placeKey, placesNamed } from '#app/utils/gazetteer.server.ts'

describe('city gazetteer', () => {
  it('spells a place name one way for lookups', () => {
    expect(placeKey('St. Louis')).toBe('saint louis')
    expect(placeKey('saint   louis')).toBe('saint louis')
    expect(placeKey('Ft Worth')).toBe('fort worth')
    expect(placeKey('Mt. Pleasant')).toBe('mount pleasant')
    expect(placeKey('Cañon City')).toBe('canon city')
    expect(placeKey('Winston-Salem')).toBe('winston salem')
    expect(placeKey('Kapa\u2018a')).toBe('kapaa')
    expect(placeKey("Coeur d'Alene")).toBe('coeur dalene')
    expect(placeKey('constructor')).toBe('constructor')
    expect(placeKey('<>')).toBe('')
  })

  it('finds US places by any spelling, largest first, with their state and own coordinates', async () => {
    const springfields = await placesNamed('springfield')
    expect(springfields.length).toBeGreaterThan(10)
    expect(springfields.every((place) => place.name === 'Springfield' && /^[A-Z]{2}$/.test(place.state))).toBe(true)
    const populations = springfields.map((place) => place.population)
    expect(populations).toEqual([...populations].sort((a, b) => b - a))

    const [brooklyn] = await placesNamed('Brooklyn')
    expect(brooklyn).toMatchObject({ name: 'Brooklyn', state: 'NY' })
    expect(brooklyn!.latitude).toBeCloseTo(40.65, 1)
    expect(brooklyn!.longitude).toBeCloseTo(-73.95, 1)
    expect((await placesNamed('NYC'))[0]).toMatchObject({ name: 'New York City', state: 'NY' })
    expect((await placesNamed('bronx'))[0]).toMatchObject({ name: 'The Bronx', state: 'NY' })
    expect((await placesNamed('Washington'))[0]).toMatchObject({ name: 'Washington', state: 'DC' })
    // Only the US: Paris, TX and Paris, TN but not Paris, France; no Lyon at all.
    expect((await placesNamed('Paris')).slice(0, 2).map((place) => place.state)).toEqual(['TX', 'TN'])
    expect(await placesNamed('Lyon')).toEqual([])
    expect(await placesNamed('')).toEqual([])
  })
})
