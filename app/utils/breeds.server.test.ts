import { describe, expect, it } from 'vitest'
import { KINDS } from '#scripts/lib/demo-data/vocabulary.ts'
import { ANIMAL_TYPES } from '#app/utils/vocabulary.ts'
import { BREEDS_BY_TYPE, COMMON_BREEDS, breedSuggestions } from '#app/utils/breeds.server.ts'

describe('breed suggestions', () => {
  it('offers every breed of the demo data for its type', () => {
    for (const kind of KINDS) {
      for (const breed of kind.breeds) expect(BREEDS_BY_TYPE[kind.type], `${kind.type}: ${breed.name}`).toContain(breed.name)
    }
  })

  it('has a list for every type, each name once, in alphabetical order', () => {
    for (const type of ANIMAL_TYPES) {
      const breeds = BREEDS_BY_TYPE[type]
      expect(breeds.length, type).toBeGreaterThan(5)
      expect(new Set(breeds).size, type).toBe(breeds.length)
      expect(
        [...breeds].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
        type,
      ).toEqual(breeds)
    }
  })

  it("gives a type's own list, or the common breeds of every type without one", () => {
    expect(breedSuggestions('cat')).toContain('Domestic Short Hair')
    expect(breedSuggestions('cat')).not.toContain('Beagle')
    expect(breedSuggestions('dog')).toContain('Pit Bull Terrier')
    expect(breedSuggestions(undefined)).toBe(COMMON_BREEDS)
    const everyList = new Set(Object.values(BREEDS_BY_TYPE).flat())
    for (const breed of COMMON_BREEDS) expect(everyList.has(breed), breed).toBe(true)
  })
})
