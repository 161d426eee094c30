// One animal in Pawhaven's own JSON: the push API's body (`PUT /api/v1/animals/{id}`),
// each item of a snapshot file (`{ "animals": [ … ] }`), and the OpenAPI document's schema, all
// from this one zod schema. Keys are public.animals' columns (snake_case); values are our
// vocabulary (app/utils/vocabulary.ts) and stay within the table's checks
// (supabase/migrations/20261121000400_animals.sql), so a valid animal never fails a constraint.
// zod 3 API (zod 3.25), no server-only imports.
import { z } from 'zod'
import { AGE_GROUPS, ANIMAL_TYPES, COATS, GOOD_WITH_ANSWERS, SEXES, SIZES } from '#app/utils/vocabulary.ts'

/** The statuses a source may give (archived is what a removal does; DELETE or leaving the animal out of a snapshot). */
export const PUSH_STATUSES = ['available', 'pending', 'adopted'] as const

/** A YYYY-MM-DD that names a day on the calendar (Date.parse reads 2020-02-30 as March 1st). */
function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).nullish()

const goodWith = (whom: string) =>
  z
    .enum(GOOD_WITH_ANSWERS)
    .default('unknown')
    .describe(`Whether the animal gets on with ${whom}: yes, no, or unknown (not known yet; the default).`)

const flag = (meaning: string) => z.boolean().default(false).describe(`${meaning} Defaults to false.`)

// A care answer not known is not "no": null (or leaving it out) says so, and the listing leaves it unsaid.
const careAnswer = (meaning: string) =>
  z.boolean().nullable().default(null).describe(`${meaning} true, false, or null when not known (the default; adopters are not told no).`)

export const pushAnimalSchema = z
  .object({
    external_id: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(200, 'At most 200 characters')
      .describe("The animal's id in your own software, stable over its life: the key Pawhaven updates it by. Up to 200 characters."),
    name: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters').describe('The name adopters see. 1 to 100 characters.'),
    type: z.enum(ANIMAL_TYPES).describe(`The kind of animal: ${ANIMAL_TYPES.join(', ')}.`),
    primary_breed: optionalText(100).describe(
      'The main breed, as your software names it (e.g. "Labrador Retriever"). Up to 100 characters.',
    ),
    secondary_breed: optionalText(100).describe('The second breed of a cross, if known. Up to 100 characters.'),
    mixed_breed: flag('Whether the animal is a mix (of the breeds given, or of unknown breeds).'),
    age_group: z.enum(AGE_GROUPS).describe('young (under 3 years; babies too), adult (3 to 7 years) or senior (8 years and over).'),
    birth_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
      .refine(isCalendarDate, 'Not a day on the calendar')
      .refine((value) => value >= '1950-01-01', 'Before 1950')
      .refine((value) => value <= new Date().toISOString().slice(0, 10), 'In the future')
      .nullish()
      .describe('The birth date as YYYY-MM-DD, exact or estimated (a known month alone: its 1st). Not in the future.'),
    sex: z.enum(SEXES).default('unknown').describe('male, female or unknown (the default).'),
    size: z.enum(SIZES).nullish().describe('The adult size: small, medium, large or xlarge.'),
    primary_color: optionalText(60).describe(
      'The main colour, one of the market\'s (Petfinder\'s) colour names for the type, e.g. "Brown / Chocolate" for a dog; other values are ignored.',
    ),
    secondary_color: optionalText(60).describe('A second colour, as primary_color.'),
    tertiary_color: optionalText(60).describe('A third colour, as primary_color.'),
    coat: z
      .enum(COATS)
      .nullish()
      .describe(`The coat length: ${COATS.join(', ')}. Ignored for types that have none listed (birds, reptiles).`),
    good_with_children: goodWith('children'),
    good_with_dogs: goodWith('dogs'),
    good_with_cats: goodWith('cats'),
    house_trained: careAnswer('Whether the animal is house-trained.'),
    spayed_neutered: careAnswer('Whether the animal is spayed or neutered.'),
    vaccinations_current: careAnswer('Whether vaccinations are up to date.'),
    special_needs: careAnswer('Whether the animal has special needs (medical or behavioural).'),
    special_needs_notes: optionalText(2000).describe('What the special needs are. Up to 2,000 characters; implies special_needs.'),
    adoption_fee: z
      .number()
      .min(0, 'Cannot be negative')
      .max(999_999.99, 'Too large')
      .nullish()
      .describe('The adoption fee in US dollars, e.g. 150 or 87.5; 0 for no fee; null when not shown.'),
    description: optionalText(10_000).describe(
      'The story adopters read, as plain text (no HTML): a blank line ("\\n\\n") between paragraphs. Up to 10,000 characters.',
    ),
    status: z
      .enum(PUSH_STATUSES)
      .default('available')
      .describe(
        'available (the default), pending (an adoption is under way) or adopted. To take an animal down, delete it or leave it out of the next snapshot.',
      ),
    photos: z
      .array(
        z
          .string()
          .trim()
          .url('Not a URL')
          .max(2000, 'At most 2,000 characters')
          .regex(/^https?:\/\//i, 'An http(s) URL'),
      )
      .max(6, 'At most 6 photos')
      .default([])
      .describe(
        'Up to 6 photo URLs (JPEG, PNG or WebP), the cover first. Pawhaven fetches each once, and again only when its URL changes.',
      ),
    bonded_with: z
      .array(z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'))
      .max(5, 'At most 5 companions')
      .optional()
      .describe(
        'The external_ids of animals that must be adopted with this one (a bonded pair or group), from this same source. Pawhaven links them when both are there, so name the bond on each animal or send them in one snapshot; a bond is never removed by leaving it out (the shelter removes it in the dashboard).',
      ),
  })
  .describe("One adoptable animal, in Pawhaven's vocabulary.")

/** An animal as sent (before defaults). */
export type PushAnimalInput = z.input<typeof pushAnimalSchema>
/** An animal once validated (defaults applied). */
export type PushAnimal = z.output<typeof pushAnimalSchema>

/**
 * A snapshot file or feed in our JSON: every adoptable animal of the source; an empty list
 * removes them all. (Files are read item by item, so one bad animal does not stop the rest.)
 */
export const animalsFileSchema = z
  .object({
    animals: z.array(pushAnimalSchema).describe('Every animal of the source, as in the Animal schema. Animals left out are taken down.'),
  })
  .describe("A full snapshot of one source in Pawhaven's JSON.")
