import { describe, expect, it } from 'vitest'
import { formatCapacity, formatLocation, formatShelterType, memberSinceYear } from '#app/utils/shelter-format.ts'

describe('shelter profile formatting', () => {
  it.each([
    ['animal_shelter', 'Animal Shelter'],
    ['rescue_organization', 'Rescue Organization'],
    ['foster_network', 'Foster Network'],
    [null, 'Not specified'],
    ['', 'Not specified'],
  ])('type %j reads %j', (type, expected) => expect(formatShelterType(type)).toBe(expected))

  it('shows the location as city, state, or says it is not set', () => {
    expect(formatLocation({ city: 'Austin', state: 'TX' })).toBe('Austin, TX')
    expect(formatLocation({ city: 'Austin', state: null })).toBe('Location not set')
    expect(formatLocation({ city: null, state: null })).toBe('Location not set')
  })

  it('counts capacity in animals, zero included', () => {
    expect(formatCapacity(40)).toBe('40 animals')
    expect(formatCapacity(0)).toBe('0 animals')
    expect(formatCapacity(null)).toBe('Not set')
  })

  it('reads the year joined in UTC', () => {
    expect(memberSinceYear('2025-12-31T23:30:00Z')).toBe(2025)
  })
})
