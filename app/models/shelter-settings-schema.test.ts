import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { normalizeUsPhone, normalizeWebsite, shelterSettingsSchema } from '#app/models/shelter-settings-schema.ts'

function parse(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return parseWithZod(data, { schema: shelterSettingsSchema })
}

function errorsOf(fields: Record<string, string>) {
  const submission = parse(fields)
  return submission.status === 'success' ? {} : submission.reply().error
}

describe('shelter settings', () => {
  it('takes the EIN as the meeting request does: 9 digits, kept as 12-3456789, the same message', () => {
    const submission = parse({ shelter_name: 'Happy Tails', ein: ' 123456789 ' })
    expect(submission.status === 'success' && submission.value.ein).toBe('12-3456789')
    expect(errorsOf({ shelter_name: 'Happy Tails', ein: '12-34567' })?.ein).toEqual([
      'Enter the 9-digit EIN as it appears on IRS letters, e.g. 12-3456789',
    ])
    expect(errorsOf({ shelter_name: 'Happy Tails', ein: '' })?.ein).toBeUndefined()
  })

  it('takes a response time of 1 to 14 whole days', () => {
    const submission = parse({ shelter_name: 'Happy Tails', response_days: '2' })
    expect(submission.status === 'success' && submission.value.response_days).toBe(2)
    for (const days of ['0', '15', '2.5', 'soon']) {
      expect(errorsOf({ shelter_name: 'Happy Tails', response_days: days })?.response_days, days).toEqual([
        'Choose a response time between 1 and 14 days',
      ])
    }
  })

  it('needs only a name; blanks are left unset', () => {
    const submission = parse({ shelter_name: ' Happy Tails ', description: '', phone: '', capacity: '', shelter_type: '' })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ shelter_name: 'Happy Tails' })
    expect(errorsOf({})).toEqual({ shelter_name: ['Shelter name is required'] })
  })

  it('tidies what it accepts', () => {
    const submission = parse({
      shelter_name: 'Happy Tails',
      shelter_type: 'foster_network',
      phone: '+1 512.555.0123',
      state: 'tx',
      zip_code: '78701',
      website: 'happytails.org/adopt',
      capacity: '0',
    })
    expect(submission.status === 'success' && submission.value).toEqual({
      shelter_name: 'Happy Tails',
      shelter_type: 'foster_network',
      phone: '(512) 555-0123',
      state: 'TX',
      zip_code: '78701',
      website: 'https://happytails.org/adopt',
      capacity: 0,
    })
  })

  it('says what is wrong with each field', () => {
    expect(
      errorsOf({
        shelter_name: 'x'.repeat(201),
        shelter_type: 'zoo',
        contact_email: 'hello@nowhere',
        phone: '555-0123',
        state: 'Texass',
        zip_code: '7870',
        website: 'javascript:alert(1)',
        capacity: '2.5',
      }),
    ).toEqual({
      shelter_name: ['Shelter name must be at most 200 characters'],
      shelter_type: ['Please choose one of the shelter types'],
      contact_email: ['Please enter a valid email address'],
      phone: ['Please enter a 10-digit US phone number, e.g. (555) 010-7297'],
      state: ["Use the state's name or its two-letter code, e.g. CA"],
      zip_code: ['ZIP code must be 5 digits'],
      website: ['Please enter a valid website address, e.g. https://example.org'],
      capacity: ['Capacity must be a whole number'],
    })
    expect(errorsOf({ shelter_name: 'x', capacity: '-1' })).toEqual({ capacity: ['Capacity cannot be negative'] })
    expect(errorsOf({ shelter_name: 'x', capacity: 'many' })).toEqual({ capacity: ['Capacity must be a whole number'] })
  })
})

describe('normalizers', () => {
  it.each([
    ['(555) 010-7297', '(555) 010-7297'],
    ['5550107297', '(555) 010-7297'],
    ['1-555-010-7297', '(555) 010-7297'],
    ['010-7297', null],
    ['2-555-010-7297', null],
  ])('phone %j → %j', (input, expected) => expect(normalizeUsPhone(input)).toBe(expected))

  it.each([
    ['https://example.org', 'https://example.org'],
    ['http://example.org/a?b', 'http://example.org/a?b'],
    ['example.org', 'https://example.org'],
    ['ftp://example.org', null],
    ['https://localhost', null],
    ['not a url', null],
  ])('website %j → %j', (input, expected) => expect(normalizeWebsite(input)).toBe(expected))
})
