// The shelter settings form, checked in the browser and again in the action. The spec
// gives only the input types; the rules follow the database's own checks
// (supabase/migrations/20261121000100_shelter_profiles.sql) with messages a person can act on.
import { z } from 'zod'
import { SHELTER_TYPES } from '~/utils/vocabulary'

// The 50 states, DC, and the territories with US ZIP codes.
export const US_STATE_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR ' +
    'PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR VI GU AS MP'
  ).split(' '),
)

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`)

/** Ten digits (a leading 1 or +1 allowed), kept as (555) 010-7297. */
export function normalizeUsPhone(value: string): string | null {
  let digits = value.replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1)
  if (digits.length !== 10) return null
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** An http(s) address with a real host name; a bare "example.org" gets https:// in front. */
export function normalizeWebsite(value: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null
    return withScheme
  } catch {
    return null
  }
}

export const shelterSettingsSchema = z.object({
  shelter_name: z
    .string({ required_error: 'Shelter name is required' })
    .trim()
    .min(1, 'Shelter name is required')
    .max(200, 'Shelter name must be at most 200 characters'),
  shelter_type: z
    .enum(SHELTER_TYPES, {
      errorMap: () => ({ message: 'Please choose one of the shelter types' }),
    })
    .optional(),
  description: text(5000, 'Description').optional(),
  contact_email: z.string().trim().max(254, 'Email must be at most 254 characters').regex(EMAIL_PATTERN, 'Please enter a valid email address').optional(),
  phone: z
    .string()
    .transform((value, ctx) => {
      const phone = normalizeUsPhone(value)
      if (!phone) ctx.addIssue({ code: 'custom', message: 'Please enter a 10-digit US phone number, e.g. (555) 010-7297' })
      return phone ?? value
    })
    .optional(),
  address: text(200, 'Address').optional(),
  city: text(100, 'City').optional(),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => US_STATE_CODES.has(value), 'Use the two-letter state code, e.g. CA')
    .optional(),
  zip_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'ZIP code must be 5 digits')
    .optional(),
  website: z
    .string()
    .trim()
    .max(500, 'Website must be at most 500 characters')
    .transform((value, ctx) => {
      const website = normalizeWebsite(value)
      if (!website) ctx.addIssue({ code: 'custom', message: 'Please enter a valid website address, e.g. https://example.org' })
      return website ?? value
    })
    .optional(),
  capacity: z
    .number({ invalid_type_error: 'Capacity must be a whole number' })
    .int('Capacity must be a whole number')
    .min(0, 'Capacity cannot be negative')
    .max(100_000, 'Capacity must be at most 100000')
    .optional(),
})

export type ShelterSettings = z.infer<typeof shelterSettingsSchema>
