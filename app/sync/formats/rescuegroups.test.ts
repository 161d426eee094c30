import { describe, expect, test } from 'vitest'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { readRescueGroups } from '#app/sync/formats/rescuegroups.ts'
import { csvLine, encode } from '#app/sync/formats/test-fixtures.ts'

const today = '2026-11-26'
const read = (text: string) => readRescueGroups(encode(text), { today })

const DOCUMENTED = [
  'externalID',
  'internalID',
  'rescueID',
  'name',
  'status',
  'type',
  'priBreed',
  'secBreed',
  'mix',
  'sex',
  'age',
  'okwithdogs',
  'okwithcats',
  'okwithkids',
  'declawed',
  'housebroken',
  'specialNeeds',
  'altered',
  'size',
  'uptodate',
  'color',
  'pattern',
  'coatLength',
  'courtesy',
  'dsc',
  'found',
  'foundDate',
  'foundZipcode',
  'photo1',
  'photo2',
  'photo3',
  'photo4',
  'videoUrl',
]
const documentedRow = (values: Record<string, string>) => csvLine(DOCUMENTED.map((name) => values[name] ?? ''))

/** ASM3's older layout: `", "` separators in the header, 32 columns. */
const ASM3 = [
  'orgID',
  'animalID',
  'status',
  'lastUpdated',
  'rescueID',
  'name',
  'summary',
  'species',
  'breed',
  'primaryBreed',
  'secondaryBreed',
  'sex',
  'mixed',
  'dogs',
  'cats',
  'kids',
  'declawed',
  'housetrained',
  'age',
  'specialNeeds',
  'altered',
  'size',
  'uptodate',
  'color',
  'coatLength',
  'pattern',
  'courtesy',
  'description',
  'pic1',
  'pic2',
  'pic3',
  'pic4',
]
const asm3Values = (values: Record<string, string>) => ASM3.map((name) => values[name] ?? '')

describe('readRescueGroups', () => {
  test('the documented layout: Yes/No/blank, sizes as words, <br>, CRLF, photo URLs and uploaded names', () => {
    const text = [
      csvLine(DOCUMENTED),
      documentedRow({
        externalID: 'SH-1001',
        name: 'Biscuit',
        status: 'Available',
        type: 'Dog',
        priBreed: 'Labrador Retriever',
        secBreed: 'Boxer',
        mix: 'Yes',
        sex: 'Male',
        age: 'Young',
        okwithdogs: 'Yes',
        okwithcats: 'No',
        altered: 'Yes',
        size: 'X-Large',
        uptodate: 'Yes',
        color: 'Tan',
        coatLength: 'Short',
        dsc: 'Biscuit loves fetch.<br><br>Good on a leash.',
        photo1: 'https://example.org/photos/SH-1001-1.jpg',
        photo2: 'SH-1001-2.jpg',
        videoUrl: 'https://www.youtube.com/watch?v=x',
      }),
    ].join('\r\n')
    const snapshot = read(`${text}\r\n`)
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals[0]).toMatchObject({
      externalId: 'SH-1001',
      type: 'dog',
      primaryBreed: 'Labrador Retriever',
      secondaryBreed: 'Boxer',
      mixedBreed: true,
      sex: 'male',
      ageGroup: 'young',
      size: 'xlarge',
      primaryColor: 'Yellow / Tan / Blond / Fawn',
      coat: 'short',
      goodWithDogs: 'yes',
      goodWithCats: 'no',
      goodWithChildren: 'unknown',
      spayedNeutered: true,
      vaccinationsCurrent: true,
      description: 'Biscuit loves fetch.\n\nGood on a leash.',
      photos: ['https://example.org/photos/SH-1001-1.jpg', 'SH-1001-2.jpg'],
    })
  })

  test('", " separators and a short row, as in RescueGroups’ own example', () => {
    // As in the example, the first listing is the short one (a short last row with no line break after it is a cut file).
    const text = [
      'externalID, name, status, type, priBreed, photo1, photo2',
      '"A2", "Tom", "Available", "Cat", "Siamese", "a2.jpg"',
      '"A1", "Rex", "Available", "Dog", "Beagle", "a1.jpg", "a1-2.jpg"',
    ].join('\n')
    const snapshot = read(text)
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals.map((animal) => [animal.externalId, animal.name, animal.type, animal.photos])).toEqual([
      ['A2', 'Tom', 'cat', ['a2.jpg']],
      ['A1', 'Rex', 'dog', ['a1.jpg', 'a1-2.jpg']],
    ])
  })

  test('a row whose quoting is broken names the id in its externalID column, wherever that column is', () => {
    const text = ['name, externalID, status, type', '"Biscuit", "D1", "Available", "Dog"', '"Mittens", "C7", "Avail"able", "Cat"'].join(
      '\n',
    )
    const snapshot = read(`${text}\n`)
    expect(snapshot.animals.map((animal) => animal.externalId)).toEqual(['D1'])
    expect(snapshot.errors).toEqual([{ line: 3, externalId: 'C7', reason: expect.stringContaining('quote') }])
  })

  test('statuses: Available, Pending, Adopted; Hold, Deleted and found animals left out; unknown ones are errors', () => {
    const rows = [
      ['1', 'Available'],
      ['2', 'Available for Adoption'],
      ['3', 'Pending'],
      ['4', 'Adopted'],
      ['5', 'Hold'],
      ['6', 'Deleted'],
      ['7', 'Available', 'Yes'],
      ['8', 'Lunch'],
    ].map(([externalID = '', status = '', found = '']) =>
      documentedRow({ externalID, status, found, name: `Pet ${externalID}`, type: 'Cat' }),
    )
    const snapshot = read([csvLine(DOCUMENTED), ...rows].join('\n'))
    expect(snapshot.animals.map((animal) => [animal.externalId, animal.status])).toEqual([
      ['1', 'available'],
      ['2', 'available'],
      ['3', 'pending'],
      ['4', 'adopted'],
    ])
    expect(snapshot.errors).toEqual([{ line: 9, externalId: '8', reason: expect.stringContaining('"Lunch"') }])
  })

  test('ASM3’s layout: keyed on animalID, S/M/L/XL, specialNeeds 1/blank, and its 29-field rows without photos', () => {
    const header = ASM3.join(', ')
    const withPhotos = csvLine(
      asm3Values({
        orgID: '1234',
        animalID: '501',
        status: 'Available',
        lastUpdated: '1709400000.0',
        rescueID: 'D2024001',
        name: 'Biscuit',
        species: 'Dog',
        breed: 'Labrador Retriever / Boxer',
        primaryBreed: 'Labrador Retriever',
        secondaryBreed: 'Boxer',
        sex: 'Male',
        mixed: 'Yes',
        dogs: 'Yes',
        cats: 'No',
        age: 'Young',
        altered: 'Yes',
        size: 'L',
        uptodate: 'Yes',
        description: 'Loves fetch.<br>Good on a leash.',
        pic1: 'D2024001-1.jpg',
        pic2: 'D2024001-2.jpg',
      }),
    )
    // ASM3 appends the pre-joined `"","","",""` for an animal without photos; re-quoted, it is one field.
    const quirk = `${csvLine(
      asm3Values({
        orgID: '1234',
        animalID: '507',
        status: 'Available',
        rescueID: 'C2024007',
        name: 'Mittens',
        species: 'Cat',
        breed: 'Domestic Short Hair',
        primaryBreed: 'Domestic Short Hair',
        sex: 'Female',
        mixed: 'No',
        kids: 'Yes',
        housetrained: 'Yes',
        age: 'Senior',
        specialNeeds: '1',
        altered: 'Yes',
        size: 'M',
        uptodate: 'No',
        color: 'Black',
        courtesy: 'Yes',
        description: 'Shy senior girl.',
      }).slice(0, 28),
    )},""","""","""","""`
    const snapshot = read([header, withPhotos, quirk].join('\n'))
    expect(snapshot.animals).toHaveLength(2)
    expect(snapshot.errors).toEqual([])
    expect(
      snapshot.animals.map((animal) => [animal.externalId, animal.size, animal.specialNeeds, animal.goodWithChildren, animal.photos]),
    ).toEqual([
      ['501', 'large', null, 'unknown', ['D2024001-1.jpg', 'D2024001-2.jpg']],
      ['507', 'medium', true, 'yes', []],
    ])
    expect(snapshot.animals[1]).toMatchObject({
      primaryColor: 'Black',
      houseTrained: true,
      spayedNeutered: true,
      vaccinationsCurrent: false,
    })
  })

  test('the combined breed is used when the separate ones are blank', () => {
    const text = [
      ASM3.join(', '),
      csvLine(asm3Values({ animalID: '9', name: 'Rex', species: 'Dog', status: 'Available', breed: 'Beagle / Terrier, Rat' })),
    ].join('\n')
    expect(read(text).animals[0]).toMatchObject({ primaryBreed: 'Beagle', secondaryBreed: 'Rat Terrier', mixedBreed: true })
  })

  test('a header alone is the "remove all"; a file without a RescueGroups header is refused', () => {
    expect(read(`${ASM3.join(', ')}\n`)).toMatchObject({ animals: [], errors: [], explicitlyEmpty: true })
    expect(read('')).toMatchObject({ explicitlyEmpty: true })
    expect(() => read(csvLine(['1', 'Rex', 'Available']))).toThrow(UnreadableSnapshot)
  })

  test('missing ids and names, repeated ids and rows with values past the header are errors', () => {
    const rows = [
      documentedRow({ externalID: '', name: 'Nobody', type: 'Dog', status: 'Available' }),
      documentedRow({ externalID: 'A', name: '', type: 'Dog', status: 'Available' }),
      documentedRow({ externalID: 'B', name: 'Bea', type: 'Dog', status: 'Available' }),
      documentedRow({ externalID: 'B', name: 'Bea again', type: 'Dog', status: 'Available' }),
      `${documentedRow({ externalID: 'C', name: 'Cy', type: 'Dog', status: 'Available' })},"stray"`,
    ]
    const snapshot = read([csvLine(DOCUMENTED), ...rows].join('\n'))
    expect(snapshot.animals.map((animal) => animal.externalId)).toEqual(['B'])
    expect(snapshot.errors.map((error) => [error.line, error.externalId])).toEqual([
      [2, null],
      [3, 'A'],
      [5, 'B'],
      [6, 'C'],
    ])
  })
})
