// ASM3's service JSON (json_adoptable_animals[_xp]) read into a snapshot: every code, the
// bonds (both directions, to a missing or archived companion, to itself, twice), rows that
// cannot be read, and the real documentation sample when the samples folder beside the checkout is there.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { asm3AdoptableUrl, readAsm3Animals, readAsm3Answer, readAsm3Json } from '#app/sync/formats/asm3-service.ts'
import { asm3Bond, asm3Row } from '#app/sync/formats/pull-fixtures.ts'

const today = '2026-11-26'
const repoRoot = path.resolve(import.meta.dirname, '../../..')
const SAMPLES = [
  process.env.SYNC_SAMPLES_DIR,
  ...['..', '../..', '../../..'].map((up) => path.join(repoRoot, up, 'shared/data/sync-samples')),
]
  .filter((dir): dir is string => Boolean(dir))
  .find((dir) => existsSync(path.join(dir, 'README.md')))

const read = (rows: unknown[], options = {}) => readAsm3Animals(rows, { today, ...options })
const one = (overrides: Record<string, unknown>) => {
  const snapshot = read([asm3Row(7, overrides)])
  expect(snapshot.errors).toEqual([])
  return snapshot.animals[0]!
}

describe('ASM3 service JSON', () => {
  test('the address: the unauthenticated method and the account, on the hosted or a self-hosted service', () => {
    expect(asm3AdoptableUrl('https://service.sheltermanager.com/asmservice', 'ab1234')).toBe(
      'https://service.sheltermanager.com/asmservice?method=json_adoptable_animals_xp&account=ab1234',
    )
    expect(asm3AdoptableUrl('https://asm.example.org/service?x=1', 'my db')).toBe(
      'https://asm.example.org/service?x=1&method=json_adoptable_animals_xp&account=my+db',
    )
  })

  test('the answer must be a list; an empty list is not "remove all" (a large drop is held)', () => {
    expect(readAsm3Answer([])).toEqual([])
    expect(() => readAsm3Answer({ error: 'Invalid account' })).toThrow(UnreadableSnapshot)
    expect(() => readAsm3Answer('ERROR')).toThrow(/account number/)
    expect(read([])).toEqual({ animals: [], errors: [], explicitlyEmpty: false })
  })

  test('a row in our vocabulary: ID, Petfinder species and breeds, codes, cents, bio, photos', () => {
    const snapshot = read([asm3Row(501)])
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals).toEqual([
      {
        externalId: '501',
        name: 'Pet 501',
        type: 'dog',
        primaryBreed: 'Labrador Retriever',
        secondaryBreed: 'Boxer',
        mixedBreed: true,
        // Born 2024-08-10: young by the birth date, though the shelter's band says "Young Adult".
        ageGroup: 'young',
        birthDate: '2024-08-10',
        sex: 'male',
        size: 'medium',
        primaryColor: 'Brown / Chocolate',
        secondaryColor: null,
        tertiaryColor: null,
        coat: 'short',
        goodWithChildren: 'unknown',
        goodWithDogs: 'yes',
        goodWithCats: 'no',
        houseTrained: true,
        spayedNeutered: true,
        vaccinationsCurrent: true,
        specialNeeds: false,
        specialNeedsNotes: null,
        adoptionFee: 150,
        description: 'Pet 501 loves fetch.\n\nGood on a leash.',
        status: 'available',
        photos: [
          'https://service.sheltermanager.com/asmservice?account=xx0000&method=media_image&mediaid=5010&ts=1709400000',
          'https://service.sheltermanager.com/asmservice?account=xx0000&method=media_image&mediaid=5011&ts=1709400000',
        ],
      },
    ])
  })

  test('SEX 0 F, 1 M, 2 U; SIZE 0 very large … 3 small; unknown codes are unknown', () => {
    expect([0, 1, 2, 9, null].map((SEX) => one({ SEX }).sex)).toEqual(['female', 'male', 'unknown', 'unknown', 'unknown'])
    expect([0, 1, 2, 3, 7].map((SIZE) => one({ SIZE }).size)).toEqual(['xlarge', 'large', 'medium', 'small', null])
  })

  test('ISGOODWITH* 0 yes, 1 no, 2 unknown, 3 selective (unknown); ISHOUSETRAINED 0 yes, 1 no, 2 or blank not known', () => {
    expect([0, 1, 2, 3, '0', null].map((v) => one({ ISGOODWITHDOGS: v }).goodWithDogs)).toEqual([
      'yes',
      'no',
      'unknown',
      'unknown',
      'yes',
      'unknown',
    ])
    expect([0, 1, 2].map((v) => one({ ISGOODWITHCHILDREN: v }).goodWithChildren)).toEqual(['yes', 'no', 'unknown'])
    expect([0, 1, 2].map((v) => one({ ISGOODWITHCATS: v }).goodWithCats)).toEqual(['yes', 'no', 'unknown'])
    expect([0, 1, 2, null].map((v) => one({ ISHOUSETRAINED: v }).houseTrained)).toEqual([true, false, null, null])
  })

  test('flags: NEUTERED, HASSPECIALNEEDS, vaccinations given with none outstanding', () => {
    expect(one({ NEUTERED: 0, HASSPECIALNEEDS: 1, VACCOUTSTANDINGCOUNT: 1 })).toMatchObject({
      spayedNeutered: false,
      specialNeeds: true,
      vaccinationsCurrent: false,
    })
    expect(one({ NEUTERED: 1, HASSPECIALNEEDS: 0, VACCGIVENCOUNT: 2, VACCOUTSTANDINGCOUNT: 0 })).toMatchObject({
      spayedNeutered: true,
      specialNeeds: false,
      vaccinationsCurrent: true,
    })
    // Nothing recorded is not known, not no.
    expect(one({ VACCGIVENCOUNT: 0 }).vaccinationsCurrent).toBe(null)
    expect(one({ NEUTERED: null, HASSPECIALNEEDS: '' })).toMatchObject({ spayedNeutered: null, specialNeeds: null })
  })

  test('FEE in cents; 0 is no fee set', () => {
    expect([15000, 7550, 0, null, 'x'].map((FEE) => one({ FEE }).adoptionFee)).toEqual([150, 75.5, null, null, null])
  })

  test('breeds: the second only for a crossbreed, ASM3 names when no Petfinder breed is mapped', () => {
    expect(one({ CROSSBREED: 0 })).toMatchObject({ primaryBreed: 'Labrador Retriever', secondaryBreed: null, mixedBreed: false })
    expect(one({ PETFINDERBREED: '', PETFINDERBREED2: null, BREEDNAME1: 'Staffie', BREEDNAME2: 'Mix' })).toMatchObject({
      primaryBreed: 'Staffie',
      secondaryBreed: null,
      mixedBreed: true,
    })
  })

  test('species: the Petfinder species, else SPECIESNAME; neither known is a row error naming it', () => {
    expect(one({ PETFINDERSPECIES: 'Small & Furry', SPECIESNAME: 'Guinea Pig' }).type).toBe('small-animal')
    expect(one({ PETFINDERSPECIES: '', SPECIESNAME: 'Rabbit' }).type).toBe('rabbit')
    expect(one({ PETFINDERSPECIES: 'Scales, Fins & Other', SPECIESNAME: 'Snake', PETFINDERBREED: 'Ball Python' }).type).toBe('reptile')
    const snapshot = read([asm3Row(8, { PETFINDERSPECIES: '', SPECIESNAME: 'Robot' })])
    expect(snapshot.animals).toEqual([])
    expect(snapshot.errors).toEqual([
      { line: 1, externalId: '8', reason: expect.stringMatching(/^Species \(SPECIESNAME\) "Robot" is not a type we know/) },
    ])
  })

  test('age: the birth date, else the shelter’s band; a birth date out of range is ignored', () => {
    expect(one({ DATEOFBIRTH: '2015-03-01T00:00:00', AGEGROUP: 'Baby' })).toMatchObject({ birthDate: '2015-03-01', ageGroup: 'senior' })
    expect(one({ DATEOFBIRTH: null, AGEGROUP: 'Senior' })).toMatchObject({ birthDate: null, ageGroup: 'senior' })
    expect(one({ DATEOFBIRTH: '2030-01-01T00:00:00', AGEGROUP: 'Baby' })).toMatchObject({ birthDate: null, ageGroup: 'young' })
  })

  test('colour: the Adopt-a-Pet colour when it is one of ours, else the base colour; a coat we do not list is none', () => {
    expect(one({ ADOPTAPETCOLOUR: 'Sparkly', BASECOLOURNAME: 'Black' }).primaryColor).toBe('Black')
    expect(one({ ADOPTAPETCOLOUR: null, BASECOLOURNAME: 'Puce' }).primaryColor).toBeNull()
    expect(one({ COATTYPENAME: 'Corded' }).coat).toBeNull()
    expect(one({ COATTYPENAME: 'Long' }).coat).toBe('long')
  })

  test('status: a reserve or a trial adoption is pending; held, archived and not-for-adoption rows are left out, not errors', () => {
    expect(one({ HASACTIVERESERVE: 1 }).status).toBe('pending')
    expect(one({ HASTRIALADOPTION: 1 }).status).toBe('pending')
    const snapshot = read([
      asm3Row(1, { ISHOLD: 1 }),
      asm3Row(2, { ARCHIVED: 1 }),
      asm3Row(3, { ISNOTAVAILABLEFORADOPTION: 1 }),
      asm3Row(4),
    ])
    expect(snapshot.animals.map((a) => a.externalId)).toEqual(['4'])
    expect(snapshot.errors).toEqual([])
  })

  test('photos: PHOTOURLS (no extension) in order, six at most; without it, animal_image URLs when the service is known', () => {
    const urls = Array.from(
      { length: 8 },
      (_, n) => `https://service.sheltermanager.com/asmservice?account=ab1234&method=media_image&mediaid=${n}`,
    )
    expect(one({ PHOTOURLS: urls }).photos).toEqual(urls.slice(0, 6))
    const [animal] = read([asm3Row(42, { PHOTOURLS: undefined, WEBSITEIMAGECOUNT: 2 })], {
      service: { url: 'https://service.sheltermanager.com/asmservice', account: 'ab1234' },
    }).animals
    expect(animal!.photos).toEqual([
      'https://service.sheltermanager.com/asmservice?account=ab1234&method=animal_image&animalid=42&seq=1',
      'https://service.sheltermanager.com/asmservice?account=ab1234&method=animal_image&animalid=42&seq=2',
    ])
    expect(one({ PHOTOURLS: undefined, WEBSITEIMAGECOUNT: 2 }).photos).toEqual([])
  })

  test('bad rows are errors a person can act on; the good rows are kept; a repeated ID keeps the first', () => {
    const snapshot = read([
      asm3Row(1, { ANIMALNAME: '' }),
      'not a row',
      asm3Row(2),
      asm3Row(2, { ANIMALNAME: 'Again' }),
      { ...asm3Row(3), ID: null },
      asm3Row(4),
    ])
    expect(snapshot.animals.map((a) => [a.externalId, a.name])).toEqual([
      ['2', 'Pet 2'],
      ['4', 'Pet 4'],
    ])
    expect(snapshot.errors).toEqual([
      { line: 1, externalId: '1', reason: 'Name (ANIMALNAME) is blank: every animal needs a name.' },
      { line: 2, externalId: null, reason: 'ID is blank: every animal needs the id it has in your software.' },
      { line: 4, externalId: '2', reason: 'The id 2 is used again: the animal at item 3 was kept, this one was left out.' },
      { line: 5, externalId: null, reason: 'ID is blank: every animal needs the id it has in your software.' },
    ])
  })
})

describe('the same list as a file (asm3-json)', () => {
  const file = (text: string) => new TextEncoder().encode(text)

  test('reads like the pull, bonds too; says "at item N"; an empty list is not "remove all"', () => {
    const snapshot = readAsm3Json(file(JSON.stringify([asm3Row(1, asm3Bond({ id: 2 })), asm3Row(2), asm3Row(2)])), { today })
    expect(snapshot).toMatchObject({ format: 'asm3-json', encoding: 'utf-8', explicitlyEmpty: false })
    expect(snapshot.animals.map((a) => [a.externalId, a.bondedWith ?? null])).toEqual([
      ['1', ['2']],
      ['2', null],
    ])
    expect(snapshot.errors[0]!.reason).toBe('The id 2 is used again: the animal at item 2 was kept, this one was left out.')
    expect(readAsm3Json(file('[]'))).toMatchObject({ animals: [], errors: [], explicitlyEmpty: false })
  })

  test('broken JSON, another shape or an empty file is refused whole', () => {
    expect(() => readAsm3Json(file('[{"ID": 1, "ANIMALNAME": "Rex"'))).toThrow(/not valid JSON/)
    expect(() => readAsm3Json(file('{"animals": []}'))).toThrow(/not an ASM3 list of animals/)
    expect(() => readAsm3Json(file(''))).toThrow(UnreadableSnapshot)
  })
})

describe('ASM3 bonds', () => {
  const bondsOf = (rows: Record<string, unknown>[]) =>
    Object.fromEntries(read(rows).animals.map((a) => [a.externalId, a.bondedWith ?? null]))

  test('BONDEDANIMALID / BONDEDANIMAL2ID are IDs: named both ways or one way, each animal names its companions', () => {
    expect(bondsOf([asm3Row(10, asm3Bond({ id: 11 })), asm3Row(11, asm3Bond({ id: 10 }))])).toEqual({ 10: ['11'], 11: ['10'] })
    expect(bondsOf([asm3Row(10, asm3Bond({ id: 11 })), asm3Row(11)])).toEqual({ 10: ['11'], 11: null })
    expect(bondsOf([asm3Row(10, asm3Bond({ id: 11 }, { id: 12 })), asm3Row(11), asm3Row(12)])).toEqual({
      10: ['11', '12'],
      11: null,
      12: null,
    })
    // Only the second slot filled.
    expect(bondsOf([asm3Row(10, asm3Bond(null, { id: 12 })), asm3Row(12)])).toEqual({ 10: ['12'], 12: null })
    // IDs sent as strings.
    expect(bondsOf([asm3Row(10, { BONDEDANIMALID: '11' }), asm3Row(11)])).toEqual({ 10: ['11'], 11: null })
  })

  test('no bond: 0 and null; an animal bonded with itself; the same companion twice', () => {
    expect(bondsOf([asm3Row(10, { BONDEDANIMALID: null, BONDEDANIMAL2ID: null })])).toEqual({ 10: null })
    expect(bondsOf([asm3Row(10, asm3Bond({ id: 10 }))])).toEqual({ 10: null })
    expect(bondsOf([asm3Row(10, asm3Bond({ id: 11 }, { id: 11 })), asm3Row(11)])).toEqual({ 10: ['11'], 11: null })
  })

  test('a companion missing from the list or archived in ASM3 is no bond, and the animal is still read', () => {
    const snapshot = read([asm3Row(10, asm3Bond({ id: 99 })), asm3Row(11, asm3Bond({ id: 12, archived: true }, { id: 10 })), asm3Row(12)])
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals.map((a) => [a.externalId, a.bondedWith ?? null])).toEqual([
      ['10', null],
      ['11', ['10']],
      ['12', null],
    ])
    // A companion left out (on hold) is not bonded now either.
    expect(bondsOf([asm3Row(10, asm3Bond({ id: 11 })), asm3Row(11, { ISHOLD: 1 })])).toEqual({ 10: null })
    // Nor one whose row could not be read.
    expect(bondsOf([asm3Row(10, asm3Bond({ id: 11 })), asm3Row(11, { ANIMALNAME: '' })])).toEqual({ 10: null })
  })
})

describe.skipIf(!SAMPLES)('the real documentation sample', () => {
  test('its one row reads: ID 174, a senior female British Shorthair, no bond, no fee, its bio', () => {
    const rows = readAsm3Answer(JSON.parse(readFileSync(path.join(SAMPLES!, 'asm3-service-adoptable-animal-doc-sample.json'), 'utf8')))
    const snapshot = read(rows)
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals).toHaveLength(1)
    const [sarah] = snapshot.animals
    expect(sarah).toMatchObject({
      externalId: '174',
      name: 'Sarah',
      type: 'cat',
      primaryBreed: 'British Shorthair',
      secondaryBreed: null,
      mixedBreed: false,
      birthDate: '2008-01-18',
      ageGroup: 'senior',
      sex: 'female',
      size: 'large',
      primaryColor: 'Black',
      coat: null,
      goodWithCats: 'yes',
      goodWithDogs: 'unknown',
      goodWithChildren: 'unknown',
      // ISHOUSETRAINED 2: not known.
      houseTrained: null,
      spayedNeutered: true,
      specialNeeds: false,
      adoptionFee: null,
      status: 'available',
      description: 'Cat that needs a longer bio than 20 chars.',
      photos: [],
    })
    expect(sarah).not.toHaveProperty('bondedWith')
    // Without PHOTOURLS, its two website pictures come from the service the list came from.
    const withService = read(rows, { service: { url: 'https://service.sheltermanager.com/asmservice', account: 'xx0000' } }).animals[0]!
    expect(withService.photos).toHaveLength(2)
  })
})
