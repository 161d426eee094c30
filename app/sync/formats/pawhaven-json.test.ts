import { describe, expect, test } from 'vitest'
import { pushAnimalSchema } from '#app/sync/pawhaven-json-schema.ts'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { readPawhavenJson } from '#app/sync/formats/pawhaven-json.ts'
import { encode } from '#app/sync/formats/test-fixtures.ts'

const read = (value: unknown) => readPawhavenJson(encode(typeof value === 'string' ? value : JSON.stringify(value)))

const biscuit = {
  external_id: 'D2024001',
  name: 'Biscuit',
  type: 'dog',
  primary_breed: 'Labrador Retriever',
  secondary_breed: 'Boxer',
  mixed_breed: true,
  age_group: 'young',
  birth_date: '2022-11-15',
  sex: 'male',
  size: 'large',
  primary_color: 'Brown / Chocolate',
  coat: 'short',
  good_with_dogs: 'yes',
  good_with_cats: 'no',
  spayed_neutered: true,
  adoption_fee: 150,
  description: 'Biscuit loves fetch.\r\n\r\n\r\n\r\nGood on a leash.',
  status: 'pending',
  photos: ['https://example.org/1.jpg', 'https://example.org/1.jpg', 'https://example.org/2.jpg'],
}

describe('readPawhavenJson', () => {
  test('reads {"animals": [...]} in our vocabulary, defaults applied', () => {
    const snapshot = read({ animals: [biscuit] })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals).toEqual([
      {
        externalId: 'D2024001',
        name: 'Biscuit',
        type: 'dog',
        primaryBreed: 'Labrador Retriever',
        secondaryBreed: 'Boxer',
        mixedBreed: true,
        ageGroup: 'young',
        birthDate: '2022-11-15',
        sex: 'male',
        size: 'large',
        primaryColor: 'Brown / Chocolate',
        secondaryColor: null,
        tertiaryColor: null,
        coat: 'short',
        goodWithChildren: 'unknown',
        goodWithDogs: 'yes',
        goodWithCats: 'no',
        houseTrained: null,
        spayedNeutered: true,
        vaccinationsCurrent: null,
        specialNeeds: null,
        specialNeedsNotes: null,
        adoptionFee: 150,
        description: 'Biscuit loves fetch.\n\nGood on a leash.',
        status: 'pending',
        photos: ['https://example.org/1.jpg', 'https://example.org/2.jpg'],
      },
    ])
  })

  test('a bare array works too; an empty list is the explicit "remove all"', () => {
    expect(read([biscuit]).animals).toHaveLength(1)
    expect(read({ animals: [] })).toMatchObject({ animals: [], errors: [], explicitlyEmpty: true })
    expect(read([])).toMatchObject({ explicitlyEmpty: true })
    expect(readPawhavenJson(new Uint8Array())).toMatchObject({ explicitlyEmpty: true })
  })

  test('an invalid item is a RowError at its position naming each field; the others are kept', () => {
    const snapshot = read({
      animals: [
        { ...biscuit, external_id: 'A', type: 'dinosaur', age_group: undefined },
        'not an animal',
        { ...biscuit, external_id: 'B', photos: ['ftp://example.org/x.jpg'], name: '' },
        { ...biscuit, external_id: 'C' },
        { ...biscuit, external_id: 'C', name: 'Copy' },
      ],
    })
    expect(snapshot.animals.map((animal) => animal.externalId)).toEqual(['C'])
    expect(snapshot.errors).toEqual([
      { line: 1, externalId: 'A', reason: expect.stringMatching(/^type: .*; age_group: Required$/) },
      { line: 2, externalId: null, reason: 'This item is not an animal (a JSON object).' },
      { line: 3, externalId: 'B', reason: expect.stringMatching(/name: Required; photos\.0: /) },
      { line: 5, externalId: 'C', reason: expect.stringContaining('used again: the animal at item 4 was kept') },
    ])
  })

  test('colours outside the type’s list and coats the type has none of are dropped, not errors', () => {
    const snapshot = read([{ ...biscuit, type: 'bird', primary_color: 'Brown / Chocolate', secondary_color: 'Green', coat: 'long' }])
    expect(snapshot.animals[0]).toMatchObject({ primaryColor: 'Green', secondaryColor: null, coat: null })
  })

  test('broken JSON and other shapes are refused as a whole', () => {
    expect(() => read('{"animals": [')).toThrow(UnreadableSnapshot)
    expect(() => read({ pets: [] })).toThrow(/should be \{"animals"/)
    expect(() => read('"hello"')).toThrow(UnreadableSnapshot)
  })
})

describe('pushAnimalSchema', () => {
  test('keeps every value within public.animals’ checks', () => {
    const base = { external_id: 'x', name: 'Rex', type: 'dog', age_group: 'adult' }
    expect(pushAnimalSchema.safeParse(base).success).toBe(true)
    for (const wrong of [
      { name: 'x'.repeat(101) },
      { name: '   ' },
      { external_id: 'x'.repeat(201) },
      { birth_date: '1949-12-31' },
      { birth_date: '2020-02-30' },
      { birth_date: '2999-01-01' },
      { adoption_fee: -1 },
      { adoption_fee: 1_000_000 },
      { description: 'x'.repeat(10_001) },
      { special_needs_notes: 'x'.repeat(2001) },
      { primary_color: 'x'.repeat(61) },
      { status: 'archived' },
      { photos: Array.from({ length: 7 }, (_, index) => `https://example.org/${index}.jpg`) },
    ]) {
      expect(pushAnimalSchema.safeParse({ ...base, ...wrong }).success, JSON.stringify(wrong).slice(0, 60)).toBe(false)
    }
  })

  test('every field is described, for the OpenAPI document', () => {
    for (const [key, field] of Object.entries(pushAnimalSchema.shape)) expect(field.description, key).toBeTruthy()
  })
})

describe('bonded_with', () => {
  test("names the source's animals adopted with this one: kept once each, never the animal itself", () => {
    const snapshot = read({ animals: [{ ...biscuit, bonded_with: ['D2024002', ' D2024002 ', 'D2024001', 'D2024003'] }] })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals[0]?.bondedWith).toEqual(['D2024002', 'D2024003'])
  })

  test('is optional; an empty list or none leaves the animal without bonds', () => {
    expect(read({ animals: [biscuit] }).animals[0]).not.toHaveProperty('bondedWith')
    expect(read({ animals: [{ ...biscuit, bonded_with: [] }] }).animals[0]).not.toHaveProperty('bondedWith')
  })

  test('refuses more than five companions, or an id that is not text', () => {
    const many = read({ animals: [{ ...biscuit, bonded_with: ['a', 'b', 'c', 'd', 'e', 'f'] }] })
    expect(many.errors[0]?.reason).toBe('bonded_with: At most 5 companions')
    const wrong = read({ animals: [{ ...biscuit, bonded_with: [42] }] })
    expect(wrong.errors[0]?.reason).toMatch(/^bonded_with\.0: /)
  })
})
