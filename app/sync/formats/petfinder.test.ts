import { describe, expect, test } from 'vitest'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { parseAdoptapetConfig } from '#app/sync/formats/adoptapet-config.ts'
import { petfinderPhotoFileIndex, readPetfinder, PETFINDER_OLD_COLUMNS } from '#app/sync/formats/petfinder.ts'
import { biscuit, csvLine, encode, PETFINDER_HEADER, PETFINDER_OLD_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'

const today = '2026-11-26'
const read = (text: string) => readPetfinder(encode(text), { today })

describe('readPetfinder', () => {
  test('reads the 39-column layout with ASM3’s header (every value quoted, no newline at the end)', () => {
    const snapshot = read([PETFINDER_HEADER, petfinderRow(biscuit)].join('\n'))
    expect(snapshot.errors).toEqual([])
    expect(snapshot.explicitlyEmpty).toBe(false)
    expect(snapshot.encoding).toBe('utf-8')
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
        primaryColor: null,
        secondaryColor: null,
        tertiaryColor: null,
        coat: null,
        goodWithChildren: 'unknown',
        goodWithDogs: 'yes',
        goodWithCats: 'no',
        houseTrained: null,
        spayedNeutered: true,
        vaccinationsCurrent: true,
        specialNeeds: null,
        specialNeedsNotes: null,
        adoptionFee: 150,
        description: 'Biscuit loves fetch.\n\nHe is "mostly" house trained.',
        status: 'available',
        photos: [],
      },
    ])
  })

  test('reads a headerless file (OPH) by its column count, 39 or 23', () => {
    const full = read([petfinderRow(biscuit), petfinderRow({ ...biscuit, ID: 'cat12', AnimalName: 'Mittens', Type: 'Cat' })].join('\r\n'))
    expect(full.animals.map((animal) => [animal.externalId, animal.type])).toEqual([
      ['D2024001', 'dog'],
      ['cat12', 'cat'],
    ])
    const old = read(petfinderRow({ ...biscuit, photo1: 'https://example.org/b1.jpg' }, PETFINDER_OLD_COLUMNS))
    expect(old.errors).toEqual([])
    expect(old.animals[0]).toMatchObject({ name: 'Biscuit', photos: ['https://example.org/b1.jpg'] })
  })

  test('reads the 23-column layout with Shelter Exchange’s header and minimal quoting', () => {
    const row = [
      '7',
      '',
      'Rex',
      'Beagle',
      '',
      'M',
      'M',
      'Adult',
      'Loves walks',
      'Dog',
      'A',
      '1',
      '',
      '',
      '',
      '',
      '1',
      '',
      '',
      '',
      'https://example.org/rex.jpg',
      '',
      '',
    ]
    const snapshot = read(`${PETFINDER_OLD_HEADER}\n${row.join(',')}\n`)
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals[0]).toMatchObject({
      externalId: '7',
      ageGroup: 'adult',
      houseTrained: true,
      photos: ['https://example.org/rex.jpg'],
    })
  })

  test('a zero-byte file and a header-only file are the explicit "remove all"', () => {
    for (const text of ['', PETFINDER_HEADER, `${PETFINDER_HEADER}\r\n`, '\uFEFF']) {
      const snapshot = read(text)
      expect(snapshot).toMatchObject({ animals: [], errors: [], explicitlyEmpty: true })
    }
  })

  test('inverts NoDogs/NoCats/NoKids in every spelling: yes-words mean not good with, blank is unknown', () => {
    const rows = [
      { NoKids: '1', NoDogs: 'y', NoCats: 'TRUE' },
      { NoKids: '0', NoDogs: 'n', NoCats: 'false' },
      { NoKids: '', NoDogs: 't', NoCats: 'No' },
    ].map((answers, index) => petfinderRow({ ...biscuit, ...answers, ID: `D${index}` }))
    const snapshot = read([PETFINDER_HEADER, ...rows].join('\n'))
    expect(snapshot.animals.map((animal) => [animal.goodWithChildren, animal.goodWithDogs, animal.goodWithCats])).toEqual([
      ['no', 'no', 'no'],
      ['yes', 'yes', 'yes'],
      ['unknown', 'no', 'yes'],
    ])
  })

  test('statuses: A and blank available, P pending, X adopted; H and F left out; others are row errors', () => {
    const rows = ['A', '', 'P', 'X', 'H', 'F', 'Q'].map((status, index) => petfinderRow({ ...biscuit, ID: `D${index}`, Status: status }))
    const snapshot = read([PETFINDER_HEADER, ...rows].join('\n'))
    expect(snapshot.animals.map((animal) => [animal.externalId, animal.status])).toEqual([
      ['D0', 'available'],
      ['D1', 'available'],
      ['D2', 'pending'],
      ['D3', 'adopted'],
    ])
    expect(snapshot.errors).toEqual([{ line: 8, externalId: 'D6', reason: expect.stringContaining('Status "Q"') }])
  })

  test('types: the leading-space " Scales, Fins & Other" by its breed, Pig as barnyard, Small & Furry', () => {
    const rows = [
      { Type: ' Scales, Fins & Other', PrimaryBreed: 'Ball Python' },
      { Type: ' Scales, Fins & Other', PrimaryBreed: 'Goldfish' },
      { Type: 'Pig', PrimaryBreed: 'Pot Bellied' },
      { Type: 'Small & Furry', PrimaryBreed: 'Guinea Pig' },
      { Type: 'Barnyard', PrimaryBreed: 'Goat' },
    ].map((values, index) => petfinderRow({ ...biscuit, SecondaryBreed: '', Mix: '', ...values, ID: `X${index}` }))
    const snapshot = read([PETFINDER_HEADER, ...rows].join('\n'))
    expect(snapshot.animals.map((animal) => animal.type)).toEqual(['reptile', 'other', 'barnyard', 'small-animal', 'barnyard'])
  })

  test('Mix=1 with a blank secondary breed is a mix of unknown parentage', () => {
    const snapshot = read([PETFINDER_HEADER, petfinderRow({ ...biscuit, SecondaryBreed: '', Mix: '1' })].join('\n'))
    expect(snapshot.animals[0]).toMatchObject({ primaryBreed: 'Labrador Retriever', secondaryBreed: null, mixedBreed: true })
  })

  test('photo1..6: URLs in order, a YouTube or Vimeo link dropped, blanks skipped, repeats once', () => {
    const photos = {
      photo1: 'https://example.org/1.jpg',
      photo2: '',
      photo3: 'https://example.org/3.jpg?ts=1',
      photo4: 'https://example.org/1.jpg',
      photo5: 'https://vimeo.com/12345',
      photo6: 'https://www.youtube.com/watch?v=abc',
    }
    const snapshot = read([PETFINDER_HEADER, petfinderRow({ ...biscuit, ...photos })].join('\n'))
    expect(snapshot.animals[0]!.photos).toEqual(['https://example.org/1.jpg', 'https://example.org/3.jpg?ts=1'])
  })

  test('colours and coat validated for the type, fees without $, a hidden fee, special needs notes', () => {
    const values = {
      primaryColor: 'Brindle',
      secondaryColor: 'Polka dot',
      tertiaryColor: 'brown / chocolate',
      coat_length: 'Wire',
      adoption_fee: '75',
      specialNeeds: '',
      special_needs_notes: 'Needs insulin twice a day',
    }
    const [dog] = read([PETFINDER_HEADER, petfinderRow({ ...biscuit, ...values })].join('\n')).animals
    expect(dog).toMatchObject({
      primaryColor: 'Brindle',
      secondaryColor: 'Brown / Chocolate',
      tertiaryColor: null,
      coat: 'wire',
      adoptionFee: 75,
      specialNeeds: true,
      specialNeedsNotes: 'Needs insulin twice a day',
    })
    const [cat] = read(
      [PETFINDER_HEADER, petfinderRow({ ...biscuit, Type: 'Cat', coat_length: 'Wire', display_adoption_fee: '0' })].join('\n'),
    ).animals
    expect(cat).toMatchObject({ coat: null, adoptionFee: null })
  })

  test('bad rows are errors with their line; good rows around them are kept', () => {
    const lines = [
      PETFINDER_HEADER,
      petfinderRow({ ...biscuit, ID: '' }),
      petfinderRow({ ...biscuit, ID: 'D2', AnimalName: '' }),
      petfinderRow({ ...biscuit, ID: 'D3', Type: 'Dinosaur' }),
      `${petfinderRow({ ...biscuit, ID: 'D4' })},"extra"`,
      petfinderRow({ ...biscuit, ID: 'D5' }),
      petfinderRow({ ...biscuit, ID: 'D5', AnimalName: 'Second Biscuit' }),
      `"D7","D7","Broken "quote", here",${petfinderRow(biscuit).split(',').slice(3).join(',')}`,
      petfinderRow({ ...biscuit, ID: 'D8' }),
    ]
    const snapshot = read(lines.join('\n'))
    expect(snapshot.animals.map((animal) => animal.externalId)).toEqual(['D5', 'D8'])
    expect(snapshot.errors.map((error) => [error.line, error.externalId])).toEqual([
      [2, null],
      [3, 'D2'],
      [4, 'D3'],
      [5, 'D4'],
      [7, 'D5'],
      [8, 'D7'],
    ])
    expect(snapshot.errors[0]!.reason).toMatch(/ID is blank/)
    expect(snapshot.errors[1]!.reason).toMatch(/AnimalName is blank/)
    expect(snapshot.errors[2]!.reason).toMatch(/"Dinosaur" is not a type we know/)
    expect(snapshot.errors[3]!.reason).toMatch(/40 values where the file has 39 columns/)
    expect(snapshot.errors[4]!.reason).toMatch(/used again: the animal on line 6 was kept/)
    expect(snapshot.errors[5]!.reason).toMatch(/quote/)
  })

  test('a description with a line break inside quotes keeps the next row’s line number right', () => {
    const snapshot = read(
      [
        PETFINDER_HEADER,
        petfinderRow({ ...biscuit, Desc: 'One\nTwo\nThree' }),
        petfinderRow({ ...biscuit, ID: 'D1', AnimalName: '' }),
      ].join('\n'),
    )
    expect(snapshot.animals[0]!.description).toBe('One\n\nTwo\n\nThree')
    expect(snapshot.errors).toEqual([{ line: 5, externalId: 'D1', reason: expect.any(String) }])
  })

  test('names over 100 characters are cut; ids over 200 are errors', () => {
    const snapshot = read(
      [
        PETFINDER_HEADER,
        petfinderRow({ ...biscuit, AnimalName: `Doli ${'***Home for the Holidays 1/2 price! '.repeat(4)}` }),
        petfinderRow({ ...biscuit, ID: 'x'.repeat(201) }),
      ].join('\n'),
    )
    expect(snapshot.animals[0]!.name.length).toBeLessThanOrEqual(100)
    expect(snapshot.animals[0]!.name).toMatch(/^Doli \*\*\*Home.*…$/)
    expect(snapshot.errors[0]!.reason).toMatch(/longer than 200/)
  })

  test('a Windows-1252 file is detected and decoded', () => {
    const text = [PETFINDER_HEADER, petfinderRow({ ...biscuit, AnimalName: 'Chloé', Desc: 'She’s lovely' })].join('\n')
    const bytes = Uint8Array.from([...text].map((char) => (char === '’' ? 0x92 : char.charCodeAt(0))))
    const snapshot = readPetfinder(bytes, { today })
    expect(snapshot.encoding).toBe('windows-1252')
    expect(snapshot.animals[0]).toMatchObject({ name: 'Chloé', description: 'She’s lovely' })
  })

  test('whole-file problems throw UnreadableSnapshot: an image, an unknown header, a headerless row of another width, a cut-off file', () => {
    expect(() => readPetfinder(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toThrow(/PNG image/)
    expect(() => read('Name,Breed,Colour,Type\nRex,Beagle,Tan,Dog')).toThrow(UnreadableSnapshot)
    expect(() => read(csvLine(['1', 'Rex', 'Dog']))).toThrow(/39 columns/)
    expect(() => read(`${PETFINDER_HEADER}\n${petfinderRow(biscuit).slice(0, 58)}`)).toThrow(/cut off/)
    expect(() => read('ID,Internal,AnimalName,PrimaryBreed\n1,,Rex,Beagle')).toThrow(/no Type column/)
  })

  test('a legacy import.cfg (numbered from #0) names the columns of an older layout', () => {
    const config = parseAdoptapetConfig(
      '#SHELTERID:NJ94\n#HEADER:N\n#ALLOWUPDATE:Y\n#0:ID=ID\n#1:Name=AnimalName\n#2:Type=Type\nCanine=Dog\n#3:Status=Status\n',
    )
    const snapshot = readPetfinder(encode(csvLine(['9', 'Rex', 'Canine', 'A'])), { today, config })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals[0]).toMatchObject({ externalId: '9', name: 'Rex', type: 'dog', status: 'available' })
  })
})

describe('petfinderPhotoFileIndex', () => {
  test('reads <ID>-<n>.<ext>, ids with dashes, other extensions, and <ID>.<ext> as the cover', () => {
    expect(petfinderPhotoFileIndex('D2024001-1.jpg')).toEqual({ externalId: 'D2024001', position: 1 })
    expect(petfinderPhotoFileIndex('photos/SH-1001-3.PNG')).toEqual({ externalId: 'SH-1001', position: 3 })
    expect(petfinderPhotoFileIndex('D2024001.jpeg')).toEqual({ externalId: 'D2024001', position: 1 })
    expect(petfinderPhotoFileIndex('notes.txt')).toBeNull()
  })

  test('with the snapshot’s ids, a name that reads two ways goes to the id that exists', () => {
    expect(petfinderPhotoFileIndex('SH-12.jpg', new Set(['SH-12']))).toEqual({ externalId: 'SH-12', position: 1 })
    expect(petfinderPhotoFileIndex('SH-12.jpg', new Set(['SH']))).toEqual({ externalId: 'SH', position: 12 })
    expect(petfinderPhotoFileIndex('ZZ-1.jpg', new Set(['SH']))).toBeNull()
  })
})
