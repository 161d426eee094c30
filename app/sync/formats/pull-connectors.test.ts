// The pull connectors' readers (Shelterluv v1, RescueGroups v5) over the project's own answers
// (pull-fixtures.ts, from the README's documented shapes), and over the real samples in
// the samples folder beside the checkout when that folder is there.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import {
  RESCUEGROUPS_DOG_SPECIES,
  rescueGroupsAnimal,
  rescueGroupsPage,
  rescueGroupsPicture,
  shelterluvAnimal,
  shelterluvPage,
} from '#app/sync/formats/pull-fixtures.ts'
import { readRescueGroupsAnimals, readRescueGroupsPage } from '#app/sync/formats/rescuegroups-v5.ts'
import { readShelterluvAnimals, readShelterluvPage } from '#app/sync/formats/shelterluv.ts'

const today = '2026-11-26'
const repoRoot = path.resolve(import.meta.dirname, '../../..')
const SAMPLES = [
  process.env.SYNC_SAMPLES_DIR,
  ...['..', '../..', '../../..'].map((up) => path.join(repoRoot, up, 'shared/data/sync-samples')),
]
  .filter((dir): dir is string => Boolean(dir))
  .find((dir) => existsSync(path.join(dir, 'README.md')))

describe('Shelterluv v1', () => {
  test('a page envelope: total_count as a string, has_more, and a refusal', () => {
    expect(readShelterluvPage(shelterluvPage([shelterluvAnimal('1')], true, 230))).toMatchObject({ hasMore: true, totalCount: 230 })
    expect(() => readShelterluvPage({ success: 0, error_message: 'Invalid API key' })).toThrow(/Invalid API key/)
    expect(() => readShelterluvPage({ success: 1 })).toThrow(UnreadableSnapshot)
    expect(() => readShelterluvPage('<html>')).toThrow(UnreadableSnapshot)
  })

  test('an animal in our vocabulary: Internal-ID, inverted and combined breed, colour /None, months, fee as a string, placeholder and repeated photos', () => {
    const snapshot = readShelterluvAnimals([shelterluvAnimal('19526947')], { today })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.explicitlyEmpty).toBe(false)
    const [animal] = snapshot.animals
    expect(animal).toMatchObject({
      externalId: '19526947',
      name: 'Animal 19526947',
      type: 'dog',
      primaryBreed: 'American Pit Bull Terrier',
      secondaryBreed: null,
      mixedBreed: true,
      sex: 'female',
      size: 'medium',
      birthDate: '2022-01-01',
      ageGroup: 'adult',
      spayedNeutered: true,
      goodWithChildren: 'unknown',
      adoptionFee: 150,
      status: 'available',
      description: 'Loves long walks.\n\nGood on a leash.',
    })
    expect(animal!.photos).toEqual([
      'https://www.shelterluv.com/sites/default/files/animal_pics/19526947/cover.jpg',
      'https://www.shelterluv.com/sites/default/files/animal_pics/19526947/2.jpg',
    ])
  })

  test('no birth date: the age in months gives the birth month; a default_ cover photo is left out; a pending status', () => {
    const [animal] = readShelterluvAnimals(
      [
        shelterluvAnimal('7', {
          DOBUnixTime: null,
          Age: 6,
          CoverPhoto: 'https://www.shelterluv.com/sites/default/files/default_images/default_cat.png',
          Photos: [],
          Type: 'Cat',
          Status: 'Adoption Pending',
          Sex: null,
          Breed: null,
        }),
      ],
      { today },
    ).animals
    expect(animal).toMatchObject({ birthDate: '2026-05-01', ageGroup: 'young', photos: [], type: 'cat', status: 'pending', sex: 'unknown' })
  })

  test('stub records are left out, a missing name or unknown type is a row error, a repeated Internal-ID is an error', () => {
    const snapshot = readShelterluvAnimals(
      [
        { ID: '', 'Internal-ID': '1', Status: 'Service Out' },
        shelterluvAnimal('2', { Name: '' }),
        shelterluvAnimal('3', { Type: 'Robot' }),
        shelterluvAnimal('4'),
        shelterluvAnimal('4'),
        shelterluvAnimal('', {}),
      ],
      { today },
    )
    expect(snapshot.animals.map((a) => a.externalId)).toEqual(['4'])
    expect(snapshot.errors.map((e) => [e.line, e.externalId])).toEqual([
      [2, '2'],
      [3, '3'],
      [5, '4'],
      [6, null],
    ])
  })

  test.skipIf(!SAMPLES)('the real sample: every full record reads, stubs are left out', () => {
    const page = readShelterluvPage(JSON.parse(readFileSync(path.join(SAMPLES!, 'shelterluv-v1-animals-sample.json'), 'utf8')))
    expect(page).toMatchObject({ hasMore: false, totalCount: 46 })
    const snapshot = readShelterluvAnimals(page.animals, { today })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals).toHaveLength(11)
    expect(snapshot.animals.find((a) => a.externalId === '20323235')).toMatchObject({
      name: 'Minnie',
      size: 'large',
      primaryColor: expect.any(String),
      secondaryColor: null,
    })
    expect(snapshot.animals.every((a) => a.photos.length === 0)).toBe(true)
  })
})

describe('RescueGroups v5', () => {
  const page = rescueGroupsPage(
    [
      rescueGroupsAnimal(
        '10131543',
        {
          name: 'Doli ***Home for the Holidays 1/2 price!',
          isAdoptionPending: true,
          descriptionHtml: '<p>He\u00e2\u0080\u0099s sweet</p>',
        },
        ['p2', 'p1'],
      ),
      rescueGroupsAnimal(
        '10133088',
        { isKidsOk: true, isDogsOk: false, isSpecialNeeds: true, specialNeedsDetails: 'Needs daily meds', sizeGroup: 'X-Large' },
        [],
      ),
    ],
    [RESCUEGROUPS_DOG_SPECIES, rescueGroupsPicture('p1', 1, '10131543'), rescueGroupsPicture('p2', 2, '10131543')],
    1,
    1,
    2,
  )

  test('a page: data, included, meta.pages; an errors document is a refusal', () => {
    expect(readRescueGroupsPage(page)).toMatchObject({ pages: 1 })
    expect(readRescueGroupsPage({ meta: { count: 0 } })).toMatchObject({ data: [], pages: 1 })
    expect(() => readRescueGroupsPage({ errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid API key' }] })).toThrow(
      /Invalid API key/,
    )
  })

  test('animals in our vocabulary: species from included, absent good-with is unknown, pictures in order, pending, mojibake repaired', () => {
    const snapshot = readRescueGroupsAnimals([readRescueGroupsPage(page)], { today })
    expect(snapshot.errors).toEqual([])
    const [doli, kathy] = snapshot.animals
    expect(doli).toMatchObject({
      externalId: '10131543',
      type: 'dog',
      primaryBreed: 'Husky',
      secondaryBreed: 'Shepherd',
      mixedBreed: true,
      ageGroup: 'adult',
      birthDate: '2020-06-28',
      size: 'large',
      goodWithCats: 'no',
      goodWithDogs: 'unknown',
      goodWithChildren: 'unknown',
      houseTrained: true,
      vaccinationsCurrent: true,
      status: 'pending',
      description: 'He’s sweet',
      specialNeeds: null,
    })
    expect(doli!.photos).toEqual([
      'https://cdn.rescuegroups.org/8099/pictures/animals/10131543/p1.jpg',
      'https://cdn.rescuegroups.org/8099/pictures/animals/10131543/p2.jpg',
    ])
    expect(kathy).toMatchObject({
      goodWithChildren: 'yes',
      goodWithDogs: 'no',
      specialNeeds: true,
      specialNeedsNotes: 'Needs daily meds',
      size: 'xlarge',
      photos: [],
    })
  })

  test('an animal whose species is not included is a row error naming it', () => {
    const snapshot = readRescueGroupsAnimals([readRescueGroupsPage(rescueGroupsPage([rescueGroupsAnimal('5')], [], 1, 1, 1))], { today })
    expect(snapshot.animals).toEqual([])
    expect(snapshot.errors[0]).toMatchObject({ line: 1, externalId: '5', reason: expect.stringMatching(/species/) })
  })

  test.skipIf(!SAMPLES)(
    'the real sample (data only): read with its species included, names with promotions kept, tracking pixel gone',
    () => {
      const data = JSON.parse(readFileSync(path.join(SAMPLES!, 'rescuegroups-v5-animals-sample.json'), 'utf8')) as unknown[]
      const snapshot = readRescueGroupsAnimals([readRescueGroupsPage({ data, included: [RESCUEGROUPS_DOG_SPECIES] })], { today })
      expect(snapshot.errors).toEqual([])
      expect(snapshot.animals.map((a) => a.externalId)).toEqual(['10131543', '10133088', '10138270'])
      expect(snapshot.animals.every((a) => a.type === 'dog' && a.ageGroup === 'senior')).toBe(true)
      expect(snapshot.animals.some((a) => a.description?.includes('tracker.rescuegroups.org'))).toBe(false)
    },
  )
})
