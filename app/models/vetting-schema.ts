// The vetting meeting request (the holding page's 'Schedule Meeting Now'), checked in the
// browser and again in the action; the database checks it a third time
// (supabase/migrations/20261125004000_staff_and_vetting.sql).
import { z } from 'zod'
import { US_TIME_ZONES, zonedTimeToInstant } from '#app/utils/meeting-times.ts'
import { SHELTER_TYPES } from '#app/utils/vocabulary.ts'
import { einSchema, normalizeUsPhone, normalizeWebsite } from '#app/models/shelter-settings-schema.ts'

const TIME_ZONE_VALUES = US_TIME_ZONES.map((zone) => zone.value)

// Each required field reports its own absence as an ordinary issue (a missing value would
// otherwise stop zod before the checks across fields), so the form shows every problem at
// once. The browser's `required` comes from REQUIRED_FIELDS instead of the schema.
function filled<T>(message: string, read: (value: string, ctx: z.RefinementCtx) => T | null) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? ''
      const result = text ? read(text, ctx) : null
      if (result === null) {
        if (!text) ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return result
    })
}

const required = (message: string, max = 200) =>
  filled(message, (text, ctx) => {
    if (text.length <= max) return text
    ctx.addIssue({ code: 'custom', message: `At most ${max} characters` })
    return null
  })

const oneOf = <Value extends string>(values: readonly Value[], message: string) =>
  filled(message, (text, ctx) => {
    // Casts: `includes` takes only the union's members, and does not narrow `text` to one.
    if ((values as readonly string[]).includes(text)) return text as Value
    ctx.addIssue({ code: 'custom', message })
    return null
  })

const usPhone = (message: string) =>
  filled(message, (text, ctx) => {
    const phone = normalizeUsPhone(text)
    if (!phone) ctx.addIssue({ code: 'custom', message: 'Please enter a 10-digit US phone number, e.g. (555) 010-7297' })
    return phone
  })

const MEETING_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/
const meetingTime = (message: string) =>
  filled(message, (text, ctx) => {
    if (MEETING_TIME.test(text)) return text
    ctx.addIssue({ code: 'custom', message: 'Choose a date and time' })
    return null
  })

export const REQUIRED_FIELDS = [
  'organization_name',
  'organization_type',
  'website',
  'vet_name',
  'vet_clinic',
  'vet_phone',
  'phone',
  'time_zone',
  'preferred_time_1',
  'preferred_time_2',
] as const

export const vettingRequestSchema = z
  .object({
    organization_name: required("Enter your organization's name"),
    organization_type: oneOf(SHELTER_TYPES, 'Please choose your organization type'),
    ein: einSchema.optional(),
    website: filled('Enter your website or social media page', (text, ctx) => {
      const website = normalizeWebsite(text)
      if (!website) ctx.addIssue({ code: 'custom', message: 'Please enter a web address, e.g. https://facebook.com/yourrescue' })
      return website
    }),
    vet_name: required("Enter your veterinarian's name"),
    vet_clinic: required("Enter your veterinarian's clinic"),
    vet_phone: usPhone("Enter your veterinarian's phone number"),
    phone: usPhone('Enter a phone number we can call you on'),
    time_zone: oneOf(TIME_ZONE_VALUES, 'Please choose your time zone'),
    preferred_time_1: meetingTime('Choose a first preferred time'),
    preferred_time_2: meetingTime('Choose a second preferred time'),
    preferred_time_3: z.string().regex(MEETING_TIME, 'Choose a date and time').optional(),
  })
  .superRefine((request, ctx) => {
    if (!request.ein && request.organization_type !== 'foster_network') {
      ctx.addIssue({ code: 'custom', path: ['ein'], message: 'Shelters and rescues need their EIN; only foster networks may leave it out' })
    }
    // Times read in a zone; without a known zone there is nothing to read them in yet.
    if (!request.time_zone || !TIME_ZONE_VALUES.includes(request.time_zone)) return
    const seen = new Set<number>()
    for (const field of ['preferred_time_1', 'preferred_time_2', 'preferred_time_3'] as const) {
      const local = request[field]
      if (!local || !MEETING_TIME.test(local)) continue
      const instant = zonedTimeToInstant(local, request.time_zone)
      if (!instant) ctx.addIssue({ code: 'custom', path: [field], message: 'Choose a date and time that exists' })
      else if (instant.getTime() <= Date.now()) ctx.addIssue({ code: 'custom', path: [field], message: 'Choose a time in the future' })
      else if (seen.has(instant.getTime()))
        ctx.addIssue({ code: 'custom', path: [field], message: 'Choose a different time from the ones above' })
      else seen.add(instant.getTime())
    }
  })

export type VettingRequestInput = z.infer<typeof vettingRequestSchema>

/** The preferred times as instants, for the database. */
export function preferredInstants(request: VettingRequestInput): string[] {
  return [request.preferred_time_1, request.preferred_time_2, request.preferred_time_3]
    .filter((local): local is string => Boolean(local))
    .map((local) => zonedTimeToInstant(local, request.time_zone)!.toISOString())
}
