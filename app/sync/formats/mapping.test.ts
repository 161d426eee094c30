import { describe, expect, test } from 'vitest'
import {
  ageGroupFromMonths,
  birthDateFromMonths,
  goodWith,
  mapAgeWord,
  mapBreeds,
  mapCoat,
  mapColors,
  mapSex,
  mapSize,
  mapType,
  parseBirthDate,
  parseFee,
  parseYesNo,
  resolveAgeGroup,
} from '#app/sync/formats/mapping.ts'

describe('types', () => {
  test('every format’s words, Petfinder’s leading-space "Scales, Fins & Other" by breed, unknown → null', () => {
    expect(
      [
        'Dog',
        'cat',
        'Small & Furry',
        'Small&Furry',
        'Small Animal',
        'small-animal',
        'Pig',
        'Farm Animal',
        'Barnyard',
        'Horse',
        'Reptile',
        'Bird',
        'Rabbit',
      ].map((word) => mapType(word)),
    ).toEqual([
      'dog',
      'cat',
      'small-animal',
      'small-animal',
      'small-animal',
      'small-animal',
      'barnyard',
      'barnyard',
      'barnyard',
      'horse',
      'reptile',
      'bird',
      'rabbit',
    ])
    expect(mapType(' Scales, Fins & Other', 'Bearded Dragon')).toBe('reptile')
    expect(mapType(' Scales, Fins & Other', 'Goldfish')).toBe('other')
    expect(mapType('Dinosaur')).toBeNull()
    expect(mapType('')).toBeNull()
  })
})

describe('breeds', () => {
  test('inverted breeds are turned round; Adopt-a-Pet’s nickname forms and bracketed commas are not', () => {
    expect(mapBreeds('Terrier, Pit Bull', '', null)).toEqual({ primaryBreed: 'Pit Bull Terrier', secondaryBreed: null, mixedBreed: false })
    expect(mapBreeds('Retriever, Labrador', 'Collie, Bearded', null)).toEqual({
      primaryBreed: 'Labrador Retriever',
      secondaryBreed: 'Bearded Collie',
      mixedBreed: true,
    })
    expect(mapBreeds('Scottie, Scottish Terrier', 'Spitz (Unknown Type, Medium)', null).primaryBreed).toBe('Scottish Terrier')
    expect(mapBreeds('Spitz (Unknown Type, Medium)', '', null).primaryBreed).toBe('Spitz (Unknown Type, Medium)')
  })

  test('"Mix" and "Mixed Breed (Size)" make the flag; "X Mix" is X and the flag; unknown is no breed', () => {
    expect(mapBreeds('Labrador Retriever', 'Mix', null)).toEqual({
      primaryBreed: 'Labrador Retriever',
      secondaryBreed: null,
      mixedBreed: true,
    })
    expect(mapBreeds('Mixed Breed (Large)', '', null)).toEqual({ primaryBreed: 'Mixed Breed', secondaryBreed: null, mixedBreed: true })
    expect(mapBreeds('Beagle Mix', '', false)).toEqual({ primaryBreed: 'Beagle', secondaryBreed: null, mixedBreed: true })
    expect(mapBreeds('Unknown', 'Unknown', null)).toEqual({ primaryBreed: null, secondaryBreed: null, mixedBreed: false })
    expect(mapBreeds('Beagle', 'Beagle', null)).toEqual({ primaryBreed: 'Beagle', secondaryBreed: null, mixedBreed: false })
    expect(mapBreeds('', 'Boxer', null)).toEqual({ primaryBreed: 'Boxer', secondaryBreed: null, mixedBreed: false })
  })

  test('"A/B" in the primary alone is two breeds, unless the name has a slash of its own', () => {
    expect(mapBreeds('Terrier, American Pit Bull/Mixed Breed (Large)', '', null)).toEqual({
      primaryBreed: 'American Pit Bull Terrier',
      secondaryBreed: null,
      mixedBreed: true,
    })
    expect(mapBreeds('Terrier, Rat/Collie, Bearded', null, null)).toEqual({
      primaryBreed: 'Rat Terrier',
      secondaryBreed: 'Bearded Collie',
      mixedBreed: true,
    })
    expect(mapBreeds('Blue Lacy/Texas Lacy', '', null)).toEqual({
      primaryBreed: 'Blue Lacy/Texas Lacy',
      secondaryBreed: null,
      mixedBreed: false,
    })
  })
})

describe('ages and dates', () => {
  test('words: Baby, Puppy, Kitten and Young are young', () => {
    expect(['Baby', 'Puppy', 'kitten', 'young', 'Adult', 'SENIOR', '', 'Teen'].map(mapAgeWord)).toEqual([
      'young',
      'young',
      'young',
      'young',
      'adult',
      'senior',
      null,
      null,
    ])
  })

  test('months and birth dates give our bands (young under 3 years, senior from 8)', () => {
    expect([0, 35, 36, 95, 96].map(ageGroupFromMonths)).toEqual(['young', 'young', 'adult', 'adult', 'senior'])
    expect(birthDateFromMonths(14, '2026-11-26')).toBe('2025-09-01')
    expect(birthDateFromMonths(1000, '2026-11-26')).toBeNull()
    expect(resolveAgeGroup('', '2014-01-01', '2026-11-26')).toBe('senior')
    expect(resolveAgeGroup('Baby', '2014-01-01', '2026-11-26')).toBe('young')
    expect(resolveAgeGroup(null, null, '2026-11-26')).toBe('adult')
  })

  test('birth dates: YYYY-MM-DD and MM/DD/YYYY, real days from 1950 to today only', () => {
    const today = '2026-11-26'
    expect(parseBirthDate('2022-11-15', today)).toBe('2022-11-15')
    expect(parseBirthDate('11/15/2022', today)).toBe('2022-11-15')
    expect(parseBirthDate('2024-03-02T10:00:00Z', today)).toBe('2024-03-02')
    expect(['1/1/1900', '2023-02-30', '2027-01-01', 'soon', ''].map((value) => parseBirthDate(value, today))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
  })
})

describe('answers, sizes, sexes, coats, colours, fees', () => {
  test('yes and no in every spelling; good-with straight and inverted', () => {
    expect(['1', 'y', 'Yes', 'T', 'true', '0', 'n', 'NO', 'f', 'False', '', 'maybe'].map(parseYesNo)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      null,
      null,
    ])
    expect([goodWith('Yes'), goodWith('0'), goodWith(''), goodWith('1', true), goodWith('0', true), goodWith('', true)]).toEqual([
      'yes',
      'no',
      'unknown',
      'no',
      'yes',
      'unknown',
    ])
  })

  test('sizes as letters, words and Shelterluv’s ranges; sexes', () => {
    expect(['S', 'M', 'L', 'XL', 'Small', 'X-Large', 'Extra Large', 'Large (60-99)', 'huge', ''].map(mapSize)).toEqual([
      'small',
      'medium',
      'large',
      'xlarge',
      'small',
      'xlarge',
      'xlarge',
      'large',
      null,
      null,
    ])
    expect(['M', 'male', 'F', 'Female', 'U', '', null].map(mapSex)).toEqual([
      'male',
      'male',
      'female',
      'female',
      'unknown',
      'unknown',
      'unknown',
    ])
  })

  test('coats and colours only from the type’s lists', () => {
    expect([mapCoat('Wire', 'dog'), mapCoat('Wire', 'cat'), mapCoat('Long', 'bird'), mapCoat('Wirehaired', 'dog')]).toEqual([
      'wire',
      null,
      null,
      'wire',
    ])
    expect(mapColors(['Tan', 'tan', 'Mauve', 'black & white / tuxedo'], 'dog')).toEqual(['Yellow / Tan / Blond / Fawn', null, null])
    expect(mapColors(['Black & White / Tuxedo', 'Gray', 'Calico'], 'cat')).toEqual([
      'Black & White / Tuxedo',
      'Gray / Blue / Silver',
      'Calico',
    ])
  })

  test('fees without $ or commas; free is 0; nonsense is null', () => {
    expect(['150', '150.00', '$1,200', ' 87.505 ', 'Free', '', 'call us', '-5', '1000000'].map(parseFee)).toEqual([
      150,
      150,
      1200,
      87.51,
      0,
      null,
      null,
      null,
      null,
    ])
  })
})
