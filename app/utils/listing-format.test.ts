import { describe, expect, it } from 'vitest'
import {
  breedLabel,
  formatBirthMonth,
  formatDistance,
  formatFee,
  paragraphs,
  petsFound,
  telHref,
  websiteHref,
} from '#app/utils/listing-format.ts'

describe('listing words', () => {
  it('describes breeds', () => {
    expect(breedLabel({ type: 'dog', primary_breed: 'Labrador Retriever', secondary_breed: 'Poodle', mixed_breed: true })).toBe(
      'Labrador Retriever & Poodle Mix',
    )
    expect(breedLabel({ type: 'dog', primary_breed: 'Beagle', secondary_breed: null, mixed_breed: false })).toBe('Beagle')
    expect(breedLabel({ type: 'cat', primary_breed: null, secondary_breed: null, mixed_breed: false })).toBe('Cat')
    expect(breedLabel({ type: 'dog', primary_breed: 'Terrier Mix', secondary_breed: null, mixed_breed: true })).toBe('Terrier Mix')
  })

  it('formats distances and totals', () => {
    expect(formatDistance(3.24)).toBe('3.2 mi')
    expect(formatDistance(0.04)).toBe('< 0.1 mi')
    expect(formatDistance(128.6)).toBe('129 mi')
    expect(formatDistance(null)).toBeNull()
    expect(petsFound(128)).toBe('128 pets found')
    expect(petsFound(1)).toBe('1 pet found')
    expect(petsFound(1234)).toBe('1,234 pets found')
    expect(formatDistance(1234.4)).toBe('1,234 mi')
  })

  it('formats fees and birth months', () => {
    expect(formatFee(0)).toBe('No fee')
    expect(formatFee(150)).toBe('$150')
    expect(formatFee(1250)).toBe('$1,250')
    expect(formatFee(99.5)).toBe('$99.50')
    expect(formatBirthMonth('2024-03-01')).toBe('March 2024')
    expect(formatBirthMonth('2023-12-31')).toBe('December 2023')
  })

  it('splits descriptions into paragraphs on blank lines', () => {
    expect(paragraphs('One.\r\n\r\nTwo\nlines.\n \n\nThree.')).toEqual(['One.', 'Two\nlines.', 'Three.'])
    expect(paragraphs(null)).toEqual([])
  })

  it('makes contact links safe', () => {
    expect(telHref('(512) 555-0142')).toBe('tel:+15125550142')
    expect(websiteHref('happytails.example')).toBe('https://happytails.example/')
    expect(websiteHref('javascript:alert(1)')).toBeNull()
    expect(websiteHref('')).toBeNull()
  })
})
