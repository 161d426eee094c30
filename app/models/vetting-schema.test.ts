import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { preferredInstants, vettingRequestSchema } from '#app/models/vetting-schema.ts'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

const inDays = (days: number, hour: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`

describe('vettingRequestSchema', () => {
  it('tells every problem at once, the checks across fields included', () => {
    const submission = parseWithZod(
      form({ organization_type: 'rescue_organization', preferred_time_1: inDays(2, 9), preferred_time_2: inDays(2, 9) }),
      {
        schema: vettingRequestSchema,
      },
    )
    expect(submission.status).toBe('error')
    const errors = submission.reply().error!
    expect(errors).toMatchObject({
      organization_name: ["Enter your organization's name"],
      ein: ['Shelters and rescues need their EIN; only foster networks may leave it out'],
      website: ['Enter your website or social media page'],
      vet_name: ["Enter your veterinarian's name"],
      vet_phone: ["Enter your veterinarian's phone number"],
      phone: ['Enter a phone number we can call you on'],
      time_zone: ['Please choose your time zone'],
    })
    // No zone yet: the times wait for one before they are compared.
    expect(errors.preferred_time_2).toBeUndefined()
  })

  it('normalizes what a shelter types, and reads its times in its zone', () => {
    const submission = parseWithZod(
      form({
        organization_name: '  Happy Tails Fosters ',
        organization_type: 'foster_network',
        website: 'facebook.com/happytails',
        vet_name: 'Dr. Ana Ruiz',
        vet_clinic: 'Maple Street',
        vet_phone: '512.555.0199',
        phone: '+1 512 555 0100',
        time_zone: 'America/Chicago',
        preferred_time_1: '2099-01-05T10:00',
        preferred_time_2: '2099-01-06T14:30',
      }),
      { schema: vettingRequestSchema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value.ein).toBeUndefined()
    expect(submission.value).toMatchObject({
      organization_name: 'Happy Tails Fosters',
      website: 'https://facebook.com/happytails',
      vet_phone: '(512) 555-0199',
      phone: '(512) 555-0100',
    })
    expect(preferredInstants(submission.value)).toEqual(['2099-01-05T16:00:00.000Z', '2099-01-06T20:30:00.000Z'])
  })

  it('refuses times in the past and the same time twice', () => {
    const submission = parseWithZod(
      form({
        organization_type: 'foster_network',
        time_zone: 'America/New_York',
        preferred_time_1: '2020-01-01T10:00',
        preferred_time_2: inDays(3, 10),
        preferred_time_3: inDays(3, 10),
      }),
      { schema: vettingRequestSchema },
    )
    const errors = submission.reply().error!
    expect(errors.preferred_time_1).toEqual(['Choose a time in the future'])
    expect(errors.preferred_time_3).toEqual(['Choose a different time from the ones above'])
    expect(errors.ein).toBeUndefined()
  })

  it('writes an EIN the way the IRS does', () => {
    const result = vettingRequestSchema.safeParse({ organization_type: 'animal_shelter', ein: '123456789' })
    expect(result.success).toBe(false)
    expect(result.error!.flatten().fieldErrors.ein).toBeUndefined()
  })
})
