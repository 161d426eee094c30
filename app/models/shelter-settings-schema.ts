// The shelter settings form, checked in the browser and again in the action. The spec
// gives only the input types; the rules follow the database's own checks
// (supabase/migrations/20261121000100_shelter_profiles.sql) with messages a person can act on.
import { z } from 'zod'
import { SHELTER_TYPES } from '#app/utils/vocabulary.ts'

/** The 50 states, DC, and the territories with US ZIP codes, by their postal codes, in name order. */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AS: 'American Samoa',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  GU: 'Guam',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  MP: 'Northern Mariana Islands',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  VI: 'U.S. Virgin Islands',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const

export const US_STATE_CODES: ReadonlySet<string> = new Set(Object.keys(US_STATES))

const CODES_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]))

/** A state as people type it, its code or its name ('ny', 'New York'), as its two-letter code. */
export const usState = (example: string) =>
  z
    .string()
    .trim()
    .transform((value) => CODES_BY_NAME.get(value.toLowerCase().replace(/\s+/g, ' ')) ?? value.toUpperCase())
    .refine((value) => US_STATE_CODES.has(value), `Use the state's name or its two-letter code, e.g. ${example}`)
    .optional()

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

/** An EIN as the IRS letters write it, 12-3456789 or 123456789; kept as 12-3456789 (the database's form). */
export const einSchema = z
  .string()
  .trim()
  .regex(/^\d{2}-?\d{7}$/, 'Enter the 9-digit EIN as it appears on IRS letters, e.g. 12-3456789')
  .transform((value) => `${value.replace('-', '').slice(0, 2)}-${value.replace('-', '').slice(2)}`)

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
  contact_email: z
    .string()
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address')
    .optional(),
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
  state: usState('CA'),
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
  ein: einSchema.optional(),
  capacity: z
    .number({ invalid_type_error: 'Capacity must be a whole number' })
    .int('Capacity must be a whole number')
    .min(0, 'Capacity cannot be negative')
    .max(100_000, 'Capacity must be at most 100000')
    .optional(),
  // The shelter's promise to adopters, in days (the database allows 1 to 14). Left out of a
  // submission, the saved promise stays as it is.
  response_days: z
    .number({ invalid_type_error: 'Choose a response time between 1 and 14 days' })
    .int('Choose a response time between 1 and 14 days')
    .min(1, 'Choose a response time between 1 and 14 days')
    .max(14, 'Choose a response time between 1 and 14 days')
    .optional(),
})

/** The response times a shelter can promise: 1 to 14 days. */
export const RESPONSE_DAY_CHOICES = Array.from({ length: 14 }, (_, index) => index + 1)

export type ShelterSettings = z.infer<typeof shelterSettingsSchema>
