// Conformance: the readers against the sample payloads in the samples folder beside the checkout (real
// files where one was found, synthetic ones built from the writers' code; see its README). The
// folder sits beside the repository, not in it (a worktree's is further up; SYNC_SAMPLES_DIR
// names another): without it these tests are skipped, saying so.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { parseAdoptapetConfig, readAdoptapet } from '#app/sync/formats/adoptapet.ts'
import { detectFormat } from '#app/sync/formats/detect.ts'
import { readPawhavenJson } from '#app/sync/formats/pawhaven-json.ts'
import { readPetfinder } from '#app/sync/formats/petfinder.ts'
import { readRescueGroups } from '#app/sync/formats/rescuegroups.ts'
import { cleanDescription } from '#app/sync/formats/text.ts'

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const candidates = [
  process.env.SYNC_SAMPLES_DIR,
  ...['..', '../..', '../../..'].map((up) => path.join(repoRoot, up, 'shared/data/sync-samples')),
].filter((dir): dir is string => Boolean(dir))
const SAMPLES = candidates.find((dir) => existsSync(path.join(dir, 'README.md')))
const present = SAMPLES !== undefined
if (!present) console.warn(`[samples.test] SKIPPED: no sync-samples folder (looked in ${candidates.join(', ')}).`)

const today = '2026-11-26'
const sample = (name: string) => readFileSync(path.join(SAMPLES!, name))
const ids = (animals: { externalId: string }[]) => animals.map((animal) => animal.externalId)

describe.skipIf(!present)('the shelter-software samples', () => {
  test('every listing file is detected as its format', () => {
    const expected: Record<string, string | null> = {
      'petfinder-import-doc-example.csv': 'petfinder',
      'petfinder-asm3-ftpphotos-synthetic.csv': 'petfinder',
      'petfinder-asm3-photourls-synthetic.csv': 'petfinder',
      'petfinder-asm3-empty-synthetic.csv': 'petfinder',
      'adoptapet-pets-asm3-synthetic.csv': 'adoptapet',
      'adoptapet-import-asm3-generated.cfg': 'adoptapet',
      'rescuegroups-import-synthetic.csv': 'rescuegroups',
      'rescuegroups-asm3-synthetic.csv': 'rescuegroups',
      'petpoint-foundsearch-excerpt.xml': null,
      'asm3-service-adoptable-animal-doc-sample.json': 'asm3-json',
    }
    for (const [name, format] of Object.entries(expected)) expect(detectFormat(name, sample(name)), name).toBe(format)
  })

  test('Petfinder’s own template example: every column mapped', () => {
    const snapshot = readPetfinder(sample('petfinder-import-doc-example.csv'), { today })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals).toHaveLength(1)
    expect(snapshot.animals[0]).toMatchObject({
      externalId: 'testID123',
      name: 'test-name1',
      type: 'dog',
      primaryBreed: 'Schnauzer',
      secondaryBreed: 'Basset Hound',
      mixedBreed: true,
      ageGroup: 'senior',
      sex: 'female',
      size: 'large',
      // NoDogs, NoCats, NoKids are all 1: not good with any.
      goodWithChildren: 'no',
      goodWithDogs: 'no',
      goodWithCats: 'no',
      primaryColor: 'Brindle',
      secondaryColor: 'Brown / Chocolate',
      tertiaryColor: 'Red / Chestnut / Orange',
      coat: 'wire',
      adoptionFee: 50,
      specialNeeds: true,
      specialNeedsNotes: 'requires insulin',
      description: 'sample description here\n\nhere’s a new paragraph',
      status: 'available',
    })
    expect(snapshot.animals[0]!.photos).toHaveLength(6)
  })

  test('ASM3’s Petfinder files: FTP photos (blank columns), photo URLs, H/F left out, X adopted, header-only = remove all', () => {
    const ftp = readPetfinder(sample('petfinder-asm3-ftpphotos-synthetic.csv'), { today })
    expect(ftp.errors).toEqual([])
    expect(ids(ftp.animals)).toEqual(['D2024001', 'C2024007'])
    expect(ftp.animals.every((animal) => animal.photos.length === 0)).toBe(true)
    expect(ftp.animals[0]).toMatchObject({ goodWithDogs: 'yes', goodWithCats: 'no', goodWithChildren: 'unknown', adoptionFee: 150 })
    expect(ftp.animals[0]!.description).toBe('Biscuit loves fetch.\n\nHe is "mostly" house trained - crate at night.')

    const urls = readPetfinder(sample('petfinder-asm3-photourls-synthetic.csv'), { today })
    expect(urls.errors).toEqual([])
    expect(urls.animals.map((animal) => [animal.externalId, animal.status, animal.photos.length])).toEqual([
      ['D2024001', 'available', 2],
      ['C2023044', 'adopted', 0],
    ])
    expect(urls.animals[0]!.photos[0]).toMatch(/^https:\/\/service\.example\.org\/asmservice\?.*mediaid=501/)

    expect(readPetfinder(sample('petfinder-asm3-empty-synthetic.csv'), { today })).toMatchObject({
      animals: [],
      errors: [],
      explicitlyEmpty: true,
    })
  })

  test('the Latin-1 case: the template example saved as Windows-1252 reads the same, and says so', () => {
    const utf8 = sample('petfinder-import-doc-example.csv')
    const text = new TextDecoder().decode(utf8)
    const windows1252 = Uint8Array.from([...text].map((char) => (char === '’' ? 0x92 : char.charCodeAt(0))))
    const snapshot = readPetfinder(windows1252, { today })
    expect(snapshot.encoding).toBe('windows-1252')
    expect(snapshot.animals).toEqual(readPetfinder(utf8, { today }).animals)
  })

  test('mojibake repaired: the template example’s UTF-8 read once as Windows-1252 upstream ("hereâ€™s")', () => {
    const text = new TextDecoder('windows-1252').decode(sample('petfinder-import-doc-example.csv'))
    expect(text).toContain('hereâ€™s')
    const snapshot = readPetfinder(new TextEncoder().encode(text), { today })
    expect(snapshot.animals[0]!.description).toBe('sample description here\n\nhere’s a new paragraph')
  })

  test('the four real import.cfg files parse, each mapping Id, Animal and Name', () => {
    const widths: Record<string, number> = {
      'adoptapet-import-asm3-generated.cfg': 32,
      'adoptapet-import-ophrescue.cfg': 21,
      'adoptapet-import-hospitium.cfg': 10,
      'adoptapet-import-shelterexchange.cfg': 17,
    }
    for (const [name, width] of Object.entries(widths)) {
      const config = parseAdoptapetConfig(sample(name))
      expect(config.columns, name).toHaveLength(width)
      expect(
        config.columns.map((column) => column.field),
        name,
      ).toEqual(expect.arrayContaining(['Id', 'Animal', 'Name']))
    }
    const hospitium = parseAdoptapetConfig(sample('adoptapet-import-hospitium.cfg'))
    expect(hospitium.columns[1]!.remaps).toContainEqual({ from: 'Löwchen', to: 'Dog' })
    const shelterExchange = parseAdoptapetConfig(sample('adoptapet-import-shelterexchange.cfg'))
    expect(shelterExchange.columns.find((column) => column.field === 'Status')).toMatchObject({ position: 7, sourceName: 'Status' })
  })

  test('ASM3’s headerless pets.csv with its generated cfg; without any cfg it is refused; empty is remove all', () => {
    const config = parseAdoptapetConfig(sample('adoptapet-import-asm3-generated.cfg'))
    const snapshot = readAdoptapet(sample('adoptapet-pets-asm3-synthetic.csv'), config, { today })
    expect(snapshot.errors).toEqual([])
    expect(
      snapshot.animals.map((animal) => [animal.externalId, animal.type, animal.primaryBreed, animal.ageGroup, animal.birthDate]),
    ).toEqual([
      ['D2024001', 'dog', 'Labrador Retriever', 'young', '2022-11-15'],
      ['C2024007', 'cat', 'Domestic Shorthair', 'senior', '2012-06-01'],
      ['R2024003', 'rabbit', 'Holland Lop', 'young', '2024-02-01'],
    ])
    expect(snapshot.animals[0]).toMatchObject({
      mixedBreed: true,
      secondaryBreed: 'Boxer',
      adoptionFee: 150,
      goodWithDogs: 'yes',
      goodWithCats: 'no',
    })
    expect(snapshot.animals[0]!.description).toBe('Biscuit loves fetch.\n\nHe is "mostly" house trained.')
    expect(() => readAdoptapet(sample('adoptapet-pets-asm3-synthetic.csv'), null)).toThrow(UnreadableSnapshot)
    expect(readAdoptapet(new Uint8Array(), config)).toMatchObject({ explicitlyEmpty: true })
  })

  test('RescueGroups’ documented layout: found animals left out, Yes/No/blank read', () => {
    const snapshot = readRescueGroups(sample('rescuegroups-import-synthetic.csv'), { today })
    expect(snapshot.errors).toEqual([])
    expect(ids(snapshot.animals)).toEqual(['SH-1001', 'SH-1002'])
    expect(snapshot.animals[0]).toMatchObject({
      goodWithDogs: 'yes',
      goodWithCats: 'no',
      goodWithChildren: 'unknown',
      size: 'large',
      photos: ['https://example.org/photos/SH-1001-1.jpg', 'SH-1001-2.jpg'],
    })
    expect(snapshot.animals[1]).toMatchObject({ houseTrained: true, specialNeeds: true, spayedNeutered: true })
  })

  test('ASM3’s RescueGroups layout, including its 29-field row for an animal without photos', () => {
    const text = sample('rescuegroups-asm3-synthetic.csv').toString('utf8')
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/,""","""","""","""$/)
    const snapshot = readRescueGroups(sample('rescuegroups-asm3-synthetic.csv'), { today })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals.map((animal) => [animal.externalId, animal.name, animal.size, animal.specialNeeds, animal.photos])).toEqual([
      ['501', 'Biscuit', 'large', null, ['D2024001-1.jpg', 'D2024001-2.jpg']],
      ['507', 'Mittens', 'medium', true, []],
    ])
  })

  test('real HTML from RescueGroups’ API: tracking pixel gone, entities decoded, blank lines collapsed', () => {
    const [first] = JSON.parse(sample('rescuegroups-v5-animals-sample.json').toString('utf8')) as { attributes: Record<string, string> }[]
    const fromHtml = cleanDescription(first!.attributes.descriptionHtml)!
    const fromText = cleanDescription(first!.attributes.descriptionText)!
    for (const description of [fromHtml, fromText]) {
      expect(description).not.toMatch(/tracker\.rescuegroups|<img|&nbsp;|&#39;|\n{3}/)
      expect(description).toContain('I’m in the prime of my life'.replace('’', "'"))
    }
    expect(fromHtml).toContain('http://www.angelsrescue.org/adopt/adoption-forms')
  })

  test('another system’s JSON read as ours is refused item by item, never as a crash', () => {
    const snapshot = readPawhavenJson(sample('shelterluv-v1-animals-sample.json'))
    expect(snapshot.animals).toEqual([])
    expect(snapshot.errors).toHaveLength(46)
    expect(snapshot.errors[0]!.reason).toMatch(/external_id: Required/)
    expect(() => readPawhavenJson(sample('petpoint-foundsearch-excerpt.xml'))).toThrow(UnreadableSnapshot)
  })
})
