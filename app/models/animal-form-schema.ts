// The add/edit animal form's schema, used in the browser (conform's instant validation) and in
// the actions. The values it accepts are the listing vocabulary's (app/utils/vocabulary.ts), which
// match the checks in supabase/migrations/20261121000400_animals.sql.
import { z } from 'zod'
import {
  AGE_GROUPS,
  ANIMAL_STATUSES,
  CARE_ANSWERS,
  ANIMAL_TYPES,
  COATS,
  COATS_BY_TYPE,
  GOOD_WITH_ANSWERS,
  SEXES,
  SIZES,
  careColumnOf,
  isOneOf,
  type AnimalStatus,
} from '#app/utils/vocabulary.ts'

export const MAX_PHOTOS = 6
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** One of `values`: `required` when nothing was chosen, `invalid` for anything else. */
const choice = <T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) =>
  z.enum(values, {
    errorMap: (issue, ctx) => ({
      message:
        ctx.data === undefined
          ? required
          : issue.code === 'invalid_enum_value' || issue.code === 'invalid_type'
            ? invalid
            : ctx.defaultError,
    }),
  })

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional()

/** A YYYY-MM-DD that names a day on the calendar: Date.parse reads 2020-02-30 as March 1st. */
function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

/** Today's date as YYYY-MM-DD (UTC), the latest birth date we accept. */
function today() {
  return new Date().toISOString().slice(0, 10)
}

export const animalSchema = z
  .object({
    name: z
      .string({ required_error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name must be at most 100 characters'),
    type: choice(ANIMAL_TYPES, 'Type is required', 'Choose a type'),
    primary_breed: optionalText(100, 'Breed'),
    secondary_breed: optionalText(100, 'Second breed'),
    mixed_breed: z.boolean().default(false),
    age_group: choice(AGE_GROUPS, 'Age is required', 'Choose an age'),
    birth_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date')
      .refine(isCalendarDate, 'Enter a real date')
      .refine((value) => value >= '1950-01-01', 'The birth date is too far in the past')
      .refine((value) => value <= today(), 'The birth date cannot be in the future')
      .optional(),
    sex: z.enum(SEXES).default('unknown'),
    size: z.enum(SIZES).default('medium'),
    primary_color: optionalText(60, 'Colour'),
    secondary_color: optionalText(60, 'Second colour'),
    tertiary_color: optionalText(60, 'Third colour'),
    coat: choice(COATS, 'Choose a coat', 'Choose a coat').optional(),
    good_with_children: z.enum(GOOD_WITH_ANSWERS).default('unknown'),
    good_with_dogs: z.enum(GOOD_WITH_ANSWERS).default('unknown'),
    good_with_cats: z.enum(GOOD_WITH_ANSWERS).default('unknown'),
    house_trained: z.enum(CARE_ANSWERS).default('unknown'),
    spayed_neutered: z.enum(CARE_ANSWERS).default('unknown'),
    vaccinations_current: z.enum(CARE_ANSWERS).default('unknown'),
    special_needs: z.enum(CARE_ANSWERS).default('unknown'),
    special_needs_notes: optionalText(2000, 'Special needs notes'),
    adoption_fee: z
      .number({ invalid_type_error: 'Enter the fee in dollars, e.g. 150' })
      .min(0, 'The fee cannot be negative')
      .max(999_999.99, 'The fee is too large')
      .refine((fee) => Math.abs(fee * 100 - Math.round(fee * 100)) < 1e-6, 'Use at most two decimals')
      .optional(),
    description: optionalText(10_000, 'Description'),
    status: z.enum(ANIMAL_STATUSES).default('available'),
  })
  .superRefine((animal, ctx) => {
    if (animal.special_needs_notes && animal.special_needs !== 'yes') {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['special_needs'],
        message: 'Answer Yes to special needs, or clear the notes',
      })
    }
    if (animal.coat && !COATS_BY_TYPE[animal.type].includes(animal.coat) && COATS_BY_TYPE[animal.type].length > 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['coat'], message: 'This coat does not apply to this type' })
    }
  })

export type AnimalInput = z.infer<typeof animalSchema>

/**
 * What a volunteer may change on an animal besides its photos: its notes (a foster's update).
 * The database refuses them every other column (animals_before_write), whatever a form sends.
 */
export const ANIMAL_NOTE_FIELDS = ['description', 'special_needs_notes'] as const

/** The edit form as a volunteer sends it: the notes only (the other fields are disabled). */
export const animalNotesSchema = z.object({
  special_needs_notes: optionalText(2000, 'Special needs notes'),
  description: optionalText(10_000, 'Description'),
})

export type AnimalNotesInput = z.infer<typeof animalNotesSchema>

/** The note columns from a valid notes form; special needs notes only for an animal with special needs, as on the full form. */
export function animalNoteColumns(notes: AnimalNotesInput, { special_needs }: { special_needs: boolean | null }) {
  return {
    description: notes.description || null,
    ...(special_needs ? { special_needs_notes: notes.special_needs_notes || null } : {}),
  }
}

/** The columns an owner writes, from a valid form: blanks become nulls. */
export function animalColumns(animal: AnimalInput) {
  return {
    name: animal.name,
    type: animal.type,
    primary_breed: animal.primary_breed || null,
    secondary_breed: animal.secondary_breed || null,
    mixed_breed: animal.mixed_breed,
    age_group: animal.age_group,
    birth_date: animal.birth_date || null,
    sex: animal.sex,
    size: animal.size,
    primary_color: animal.primary_color || null,
    secondary_color: animal.secondary_color || null,
    tertiary_color: animal.tertiary_color || null,
    coat: animal.coat ?? null,
    good_with_children: animal.good_with_children,
    good_with_dogs: animal.good_with_dogs,
    good_with_cats: animal.good_with_cats,
    house_trained: careColumnOf(animal.house_trained),
    spayed_neutered: careColumnOf(animal.spayed_neutered),
    vaccinations_current: careColumnOf(animal.vaccinations_current),
    special_needs: careColumnOf(animal.special_needs),
    special_needs_notes: animal.special_needs === 'yes' ? animal.special_needs_notes || null : null,
    adoption_fee: animal.adoption_fee ?? null,
    description: animal.description || null,
    status: animal.status,
  }
}

/** The list's filters from the URL: unknown values are ignored. */
export function parseListFilters(searchParams: URLSearchParams): { q: string; status: AnimalStatus | null } {
  const q = (searchParams.get('q') ?? '').trim().slice(0, 100)
  const status = searchParams.get('status')
  return { q, status: isOneOf(ANIMAL_STATUSES, status) ? status : null }
}

/** The edit form's photo choices: the stored photos to remove, and the one to show first. */
export const photoChoicesSchema = z.object({
  remove_photo: z.array(z.string().uuid()).default([]),
  main_photo: z.string().uuid().optional(),
})
