// A file cut off in transfer at a separator: its last row is short and has no line
// break after it. Every CSV format reads through readCsv, so each refuses such a file whole,
// and still reads the files writers really send (ASM3 ends without a line break; its
// RescueGroups rows without photos are short on purpose). The exact cut from the Petfinder
// sample runs when the samples folder beside the checkout is there; the inline files have the same shape.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { readSnapshot } from '#app/sync/formats/index.ts'
import { biscuit, csvLine, encode, PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'

const today = '2026-11-26'
const CUT_OFF = /ends in the middle of a row: line 3 has 4 values where the first row has 39.*cut off in transfer.*Nothing was changed/

/** The bytes of a file up to and including `cut`, the first place it occurs. */
function cutAfter(bytes: Uint8Array, cut: string): Uint8Array {
  const at = Buffer.from(bytes).indexOf(cut)
  if (at === -1) throw new Error(`"${cut}" is not in the file`)
  return bytes.subarray(0, at + cut.length)
}

const mittens = {
  ...biscuit,
  ID: 'C2024007',
  Internal: 'C2024007',
  AnimalName: 'Mittens',
  Type: 'Cat',
  PrimaryBreed: 'Domestic Short Hair',
}
/** A Petfinder file as ASM3 writes it: a header, two listings, no line break at the end. */
const petfinderFile = encode([PETFINDER_HEADER, petfinderRow(biscuit), petfinderRow(mittens)].join('\r\n'))

describe('a CSV file cut off at a separator is refused whole', () => {
  test('Petfinder, cut just after "C2024007","C2024007","Mittens",', () => {
    const cut = cutAfter(petfinderFile, '"C2024007","C2024007","Mittens",')
    expect(() => readSnapshot('petfinder', cut, { today })).toThrow(UnreadableSnapshot)
    expect(() => readSnapshot('petfinder', cut, { today })).toThrow(CUT_OFF)
    // The whole file reads, though it has no line break at its end either.
    expect(readSnapshot('petfinder', petfinderFile, { today }).animals.map((animal) => animal.externalId)).toEqual(['D2024001', 'C2024007'])
  })

  test('Adopt-a-Pet (headerless, with its import.cfg) and RescueGroups, cut the same way', () => {
    const config = ['#1:Id=Id', '#2:Animal=Animal', '#3:Name=Name', '#4:Breed=Breed', '#5:Status=Status'].join('\n')
    const pets = [csvLine(['D1', 'Dog', 'Biscuit', 'Boxer', 'Available']), csvLine(['C7', 'Cat', 'Mittens', 'Siamese', 'Available'])].join(
      '\n',
    )
    expect(readSnapshot('adoptapet', encode(pets), { config, today }).animals).toHaveLength(2)
    expect(() => readSnapshot('adoptapet', cutAfter(encode(pets), '"C7","Cat",'), { config, today })).toThrow(
      /line 2 has 3 values where the first row has 5.*cut off/,
    )

    const header = csvLine(['externalID', 'name', 'status', 'type', 'priBreed'])
    const listings = [
      header,
      csvLine(['D1', 'Biscuit', 'Available', 'Dog', 'Boxer']),
      csvLine(['C7', 'Mittens', 'Available', 'Cat', 'Siamese']),
    ].join('\n')
    expect(readSnapshot('rescuegroups', encode(listings), { today }).animals).toHaveLength(2)
    expect(() => readSnapshot('rescuegroups', cutAfter(encode(listings), '"C7","Mittens",'), { today })).toThrow(
      /line 3 has 3 values.*cut off/,
    )
    // Cut right after a value's closing quote: as short, as cut.
    expect(() => readSnapshot('rescuegroups', cutAfter(encode(listings), '"C7","Mittens"'), { today })).toThrow(UnreadableSnapshot)
  })

  test('a short last row followed by a line break is a row that could not be read, not a cut file', () => {
    const text = `${PETFINDER_HEADER}\n${petfinderRow(biscuit)}\n"C2024007","C2024007","Mittens",\n`
    const snapshot = readSnapshot('petfinder', encode(text), { today })
    expect(snapshot.animals.map((animal) => animal.externalId)).toEqual(['D2024001'])
    expect(snapshot.errors).toEqual([
      { line: 3, externalId: 'C2024007', reason: expect.stringContaining('4 values where the file has 39 columns') },
    ])
  })

  test('ASM3’s RescueGroups row without photos (29 values, merged blanks at the end) ends a file whole', () => {
    const header = ['orgID', 'animalID', 'status', 'name', 'species', 'pic1', 'pic2', 'pic3', 'pic4'].join(', ')
    const full = csvLine(['1234', '501', 'Available', 'Biscuit', 'Dog', 'a.jpg', '', '', ''])
    // ASM3 quotes its pre-joined `"","","",""` once more: one value where four were meant.
    const merged = `${csvLine(['1234', '507', 'Available', 'Mittens', 'Cat'])},""","""","""","""`
    const snapshot = readSnapshot('rescuegroups', encode([header, full, merged].join('\n')), { today })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals.map((animal) => [animal.externalId, animal.photos])).toEqual([
      ['501', ['a.jpg']],
      ['507', []],
    ])
  })
})

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const SAMPLES = [
  process.env.SYNC_SAMPLES_DIR,
  ...['..', '../..', '../../..'].map((up) => path.join(repoRoot, up, 'shared/data/sync-samples')),
]
  .filter((dir): dir is string => Boolean(dir))
  .find((dir) => existsSync(path.join(dir, 'petfinder-asm3-ftpphotos-synthetic.csv')))

describe.skipIf(!SAMPLES)('the Petfinder sample cut off', () => {
  test('cut just after "C2024007","C2024007","Mittens", with no final newline: refused whole', () => {
    const sample = readFileSync(path.join(SAMPLES!, 'petfinder-asm3-ftpphotos-synthetic.csv'))
    const cut = cutAfter(sample, '"C2024007","C2024007","Mittens",')
    expect(Buffer.from(cut).toString('latin1').endsWith('"Mittens",')).toBe(true)
    expect(() => readSnapshot('petfinder', cut, { today })).toThrow(CUT_OFF)
  })

  test('ASM3’s RescueGroups sample, whose last row is short on purpose and has no final newline, still reads', () => {
    const sample = readFileSync(path.join(SAMPLES!, 'rescuegroups-asm3-synthetic.csv'))
    const snapshot = readSnapshot('rescuegroups', sample, { today })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals.map((animal) => animal.name)).toContain('Mittens')
  })
})
