// The adoption application profile (supabase/migrations/20261126000100_application_profiles.sql):
// its steps, the schema of each step's form (checked in the browser and again in the action;
// each one's output is the columns that step saves, so a draft may leave anything empty), the
// words for every answer, and the labelled rows a profile or a sent snapshot reads as. No
// server-only imports: the shelters' application pages show snapshots with the same rows.
import { z } from 'zod'
import { normalizeUsPhone, usState } from '#app/models/shelter-settings-schema.ts'
import type { Tables } from '#app/types/database.ts'

// Steps ---------------------------------------------------------------------------------------

export const APPLICATION_STEPS = [
  { slug: 'contact', title: 'Contact and address' },
  { slug: 'household', title: 'Household' },
  { slug: 'home', title: 'Home' },
  { slug: 'pets', title: 'Other pets and veterinarian' },
  { slug: 'experience', title: 'Experience and routine' },
] as const
export type StepSlug = (typeof APPLICATION_STEPS)[number]['slug']

export const APPLICATION_PROFILE_PATH = '/account/application'
export const REVIEW_PATH = `${APPLICATION_PROFILE_PATH}/review`

export function stepPath(slug: StepSlug): string {
  return `${APPLICATION_PROFILE_PATH}/${slug}`
}

/** The step's number (1-based) and title. */
export function stepInfo(slug: StepSlug): { number: number; title: string } {
  const index = APPLICATION_STEPS.findIndex((step) => step.slug === slug)
  return { number: index + 1, title: APPLICATION_STEPS[index]!.title }
}

/** Where 'Save and continue' goes (the review after the last step) and where 'Back' goes (the overview before the first). */
export function pathAfterStep(slug: StepSlug, direction: 'continue' | 'back'): string {
  const index = APPLICATION_STEPS.findIndex((step) => step.slug === slug) + (direction === 'continue' ? 1 : -1)
  if (index < 0) return APPLICATION_PROFILE_PATH
  const step = APPLICATION_STEPS[index]
  return step ? stepPath(step.slug) : REVIEW_PATH
}

/**
 * Which step asks for each thing public.application_profile_missing() can name (its phrases,
 * word for word; application-profile.test.ts checks them against the function).
 */
export const MISSING_BY_STEP: Record<StepSlug, readonly string[]> = {
  contact: ['your full name', 'your phone number', 'your street address'],
  household: ['how many adults live with you', 'whether anyone at home has allergies to animals'],
  home: [
    'whether you own or rent your home',
    'whether your landlord allows pets',
    'the type of home you live in',
    'whether you have a yard',
  ],
  pets: ['whether you have other pets', 'your other pets', 'a veterinarian we can ask about your pets'],
  experience: ['how many hours a day the pet would be alone', 'what you are looking for in a pet'],
}

/** The step that asks for a missing item (the review, for a phrase no step knows). */
export function pathForMissing(phrase: string): string {
  const step = APPLICATION_STEPS.find(({ slug }) => MISSING_BY_STEP[slug].includes(phrase))
  return step ? stepPath(step.slug) : REVIEW_PATH
}

/** Whether each step has everything it needs, from what the profile still misses. */
export function stepsComplete(missing: readonly string[]): Record<StepSlug, boolean> {
  return Object.fromEntries(
    APPLICATION_STEPS.map(({ slug }) => [slug, !MISSING_BY_STEP[slug].some((phrase) => missing.includes(phrase))]),
  ) as Record<StepSlug, boolean>
}

/** 'a, b and c'. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

// Answers and their words ---------------------------------------------------------------------

export const ALLERGIES = ['none', 'mild', 'severe'] as const
export const ALLERGY_LABELS: Record<(typeof ALLERGIES)[number], string> = { none: 'No', mild: 'Yes, mild', severe: 'Yes, severe' }

export const HOME_OWNERSHIPS = ['own', 'rent', 'live_with_family'] as const
export const HOME_OWNERSHIP_LABELS: Record<(typeof HOME_OWNERSHIPS)[number], string> = {
  own: 'Own',
  rent: 'Rent',
  live_with_family: 'Live with family',
}

export const LANDLORD_PERMISSIONS = ['yes', 'no', 'pending'] as const
export const LANDLORD_PERMISSION_LABELS: Record<(typeof LANDLORD_PERMISSIONS)[number], string> = {
  yes: 'Yes',
  no: 'No',
  pending: 'I have asked and am waiting for an answer',
}

export const HOME_TYPES = ['house', 'apartment', 'condo', 'townhouse', 'mobile_home', 'farm', 'other'] as const
export const HOME_TYPE_LABELS: Record<(typeof HOME_TYPES)[number], string> = {
  house: 'House',
  apartment: 'Apartment',
  condo: 'Condo',
  townhouse: 'Townhouse',
  mobile_home: 'Mobile home',
  farm: 'Farm',
  other: 'Other',
}

export const FENCES = ['none', 'partial', 'full'] as const
export const FENCE_LABELS: Record<(typeof FENCES)[number], string> = { none: 'No fence', partial: 'Partly fenced', full: 'Fully fenced' }

export const YES_NO = ['yes', 'no'] as const
export const YES_NO_LABELS: Record<(typeof YES_NO)[number], string> = { yes: 'Yes', no: 'No' }

export const MAX_OTHER_PETS = 15
export const MAX_CHILDREN = 15

/** One of the person's other pets, as other_pets holds it. */
export type OtherPet = { kind: string; spayed_neutered: boolean; vaccinated: boolean }

/** A profile's answers, or a snapshot sent with an application (which adds the account's email). */
export type ApplicationAnswers = Partial<Omit<Tables<'application_profiles'>, 'user_id' | 'created_at' | 'updated_at'>> & {
  email?: string | null
}

/** other_pets as a list of pets, whatever the JSON holds. */
export function otherPetsOf(value: unknown): OtherPet[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((pet) =>
    pet && typeof pet === 'object' && typeof pet.kind === 'string' && pet.kind
      ? [{ kind: pet.kind, spayed_neutered: pet.spayed_neutered === true, vaccinated: pet.vaccinated === true }]
      : [],
  )
}

// Forms ---------------------------------------------------------------------------------------

const choice = <Values extends readonly [string, ...string[]]>(values: Values, message: string) =>
  z.enum(values, { errorMap: () => ({ message }) }).optional()

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional()

const phone = z
  .string()
  .transform((value, ctx) => {
    const normalized = normalizeUsPhone(value)
    if (!normalized) ctx.addIssue({ code: 'custom', message: 'Enter a 10-digit US phone number, e.g. (512) 555-0100' })
    return normalized ?? value
  })
  .optional()

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message).optional()

const yesNo = choice(YES_NO, 'Choose yes or no')
const asBoolean = (value: 'yes' | 'no' | undefined) => (value === undefined ? null : value === 'yes')

/** '4, 9' → [4, 9]: each child's age in whole years (0 for a baby), commas or spaces between. */
export function parseChildrenAges(value: string): number[] | string {
  const ages = value.split(/[\s,;]+/).filter(Boolean)
  if (!ages.every((age) => /^\d{1,3}$/.test(age))) return "Enter each child's age in whole years, separated by commas, e.g. 4, 9"
  const numbers = ages.map(Number)
  if (numbers.some((age) => age > 17)) return 'Count anyone 18 or older as an adult'
  if (numbers.length > MAX_CHILDREN) return `At most ${MAX_CHILDREN} children`
  return numbers
}

export const contactSchema = z
  .object({
    full_name: text(100, 'Full name'),
    phone,
    address_line1: text(200, 'Street address'),
    address_line2: text(200, 'Apartment, suite or unit'),
    city: text(100, 'City'),
    state: usState('TX'),
    // ZIP+4 is accepted and kept as its five-digit ZIP code.
    zip_code: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code, e.g. 78701')
      .transform((value) => value.slice(0, 5))
      .optional(),
  })
  .transform((value) => ({
    full_name: value.full_name ?? null,
    phone: value.phone ?? null,
    address_line1: value.address_line1 ?? null,
    address_line2: value.address_line2 ?? null,
    city: value.city ?? null,
    state: value.state ?? null,
    zip_code: value.zip_code ?? null,
  }))

export const householdSchema = z
  .object({
    adults: wholeNumber(1, 20, 'Enter how many adults live with you (you included), from 1 to 20'),
    children_ages: z
      .string()
      .transform((value, ctx) => {
        const ages = parseChildrenAges(value)
        if (typeof ages === 'string') ctx.addIssue({ code: 'custom', message: ages })
        return typeof ages === 'string' ? [] : ages
      })
      .optional(),
    allergies: choice(ALLERGIES, 'Choose one of the answers'),
    allergies_details: text(500, 'About the allergies'),
  })
  .transform((value) => ({
    adults: value.adults ?? null,
    children_ages: value.children_ages ?? [],
    allergies: value.allergies ?? null,
    // Nobody allergic: nothing to tell.
    allergies_details: value.allergies === 'none' ? null : (value.allergies_details ?? null),
  }))

export const homeSchema = z
  .object({
    home_ownership: choice(HOME_OWNERSHIPS, 'Choose one of the answers'),
    landlord_permission: choice(LANDLORD_PERMISSIONS, 'Choose one of the answers'),
    landlord_contact: text(200, "Your landlord's contact"),
    home_type: choice(HOME_TYPES, 'Choose one of the types'),
    has_yard: yesNo,
    fence: choice(FENCES, 'Choose one of the answers'),
  })
  // The landlord's answers count only for a renter, the fence only with a yard: the form shows
  // them to everyone without JavaScript, and a changed answer leaves no stale ones behind.
  .transform((value) => {
    const rents = value.home_ownership === 'rent'
    return {
      home_ownership: value.home_ownership ?? null,
      landlord_permission: rents ? (value.landlord_permission ?? null) : null,
      landlord_contact: rents ? (value.landlord_contact ?? null) : null,
      home_type: value.home_type ?? null,
      has_yard: asBoolean(value.has_yard),
      fence: value.has_yard === 'no' ? null : (value.fence ?? null),
    }
  })

const otherPetRow = z
  .object({
    kind: z.string().trim().max(50, 'At most 50 characters').optional(),
    spayed_neutered: z.boolean().optional(),
    vaccinated: z.boolean().optional(),
  })
  .optional()
  .superRefine((pet, ctx) => {
    if (pet && !pet.kind && (pet.spayed_neutered || pet.vaccinated)) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'Say what kind of animal this is, e.g. Cat' })
    }
  })

export const otherPetsSchema = z
  .object({
    has_other_pets: yesNo,
    other_pets: z.array(otherPetRow).max(MAX_OTHER_PETS, `At most ${MAX_OTHER_PETS} pets`).optional(),
    vet_name: text(200, "Your veterinarian's name"),
    vet_phone: phone,
  })
  .transform((value) => ({
    has_other_pets: asBoolean(value.has_other_pets),
    // Rows left empty are not pets; 'No other pets' keeps none.
    other_pets:
      value.has_other_pets === 'no'
        ? []
        : (value.other_pets ?? []).flatMap((pet) =>
            pet?.kind ? [{ kind: pet.kind, spayed_neutered: pet.spayed_neutered ?? false, vaccinated: pet.vaccinated ?? false }] : [],
          ),
    vet_name: value.vet_name ?? null,
    vet_phone: value.vet_phone ?? null,
  }))

export const experienceSchema = z
  .object({
    experience: text(2000, 'Your experience'),
    hours_alone: wholeNumber(0, 24, 'Enter whole hours from 0 to 24'),
    looking_for: text(2000, 'What you are looking for'),
  })
  .transform((value) => ({
    experience: value.experience ?? null,
    hours_alone: value.hours_alone ?? null,
    looking_for: value.looking_for ?? null,
  }))

const yesNoOf = (value: boolean | null | undefined) => (value === true ? 'yes' : value === false ? 'no' : undefined)

/** A profile's answers as the forms' fields hold them (every step's form takes the fields it has). */
export function profileFormValues(profile: ApplicationAnswers | null) {
  const pets = otherPetsOf(profile?.other_pets)
  return {
    full_name: profile?.full_name ?? undefined,
    phone: profile?.phone ?? undefined,
    address_line1: profile?.address_line1 ?? undefined,
    address_line2: profile?.address_line2 ?? undefined,
    city: profile?.city ?? undefined,
    state: profile?.state ?? undefined,
    zip_code: profile?.zip_code ?? undefined,
    adults: profile?.adults?.toString(),
    children_ages: profile?.children_ages?.join(', ') || undefined,
    allergies: profile?.allergies ?? undefined,
    allergies_details: profile?.allergies_details ?? undefined,
    home_ownership: profile?.home_ownership ?? undefined,
    landlord_permission: profile?.landlord_permission ?? undefined,
    landlord_contact: profile?.landlord_contact ?? undefined,
    home_type: profile?.home_type ?? undefined,
    has_yard: yesNoOf(profile?.has_yard),
    fence: profile?.fence ?? undefined,
    has_other_pets: yesNoOf(profile?.has_other_pets),
    // One empty row to start the list with.
    other_pets: pets.length ? pets : [{ kind: '', spayed_neutered: false, vaccinated: false }],
    vet_name: profile?.vet_name ?? undefined,
    vet_phone: profile?.vet_phone ?? undefined,
    experience: profile?.experience ?? undefined,
    hours_alone: profile?.hours_alone?.toString(),
    looking_for: profile?.looking_for ?? undefined,
  }
}

// The answers as labelled rows --------------------------------------------------------------

export const NOT_ANSWERED = 'Not answered'

export type ApplicationSection = { step: StepSlug; title: string; rows: Array<[label: string, value: string]> }

function labelOf<Value extends string>(labels: Record<Value, string>, value: string | null | undefined): string {
  return value && value in labels ? labels[value as Value] : (value ?? NOT_ANSWERED)
}

function petInWords(pet: OtherPet): string {
  return `${pet.kind} (${pet.spayed_neutered ? 'spayed or neutered' : 'not spayed or neutered'}, ${pet.vaccinated ? 'vaccinated' : 'not vaccinated'})`
}

/**
 * The answers, step by step, as [label, value] rows: the review page shows a profile with them,
 * and a shelter reads the snapshot sent with an application the same way. Questions that do not
 * apply (a landlord for someone who owns, a fence without a yard) have no row.
 */
export function applicationSections(answers: ApplicationAnswers): ApplicationSection[] {
  const or = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? NOT_ANSWERED : String(value)
  const address = [answers.address_line1, answers.address_line2, answers.city, [answers.state, answers.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const children = answers.children_ages ?? []
  const pets = otherPetsOf(answers.other_pets)
  const yesNoAnswer = (value: boolean | null | undefined) => (value === true ? 'Yes' : value === false ? 'No' : NOT_ANSWERED)

  const contact: ApplicationSection['rows'] = [['Full name', or(answers.full_name)]]
  if (answers.email) contact.push(['Email', answers.email])
  contact.push(['Phone', or(answers.phone)], ['Address', or(address)])

  const household: ApplicationSection['rows'] = [
    ['Adults', or(answers.adults)],
    [
      'Children',
      children.length ? `${children.length}, ${children.length === 1 ? 'age' : 'ages'} ${listInWords(children.map(String))}` : 'None',
    ],
    ['Allergies to animals', labelOf(ALLERGY_LABELS, answers.allergies)],
  ]
  if (answers.allergies_details) household.push(['About the allergies', answers.allergies_details])

  const home: ApplicationSection['rows'] = [['Own or rent', labelOf(HOME_OWNERSHIP_LABELS, answers.home_ownership)]]
  if (answers.home_ownership === 'rent') {
    home.push(['Landlord allows pets', labelOf(LANDLORD_PERMISSION_LABELS, answers.landlord_permission)])
    if (answers.landlord_contact) home.push(["Landlord's contact", answers.landlord_contact])
  }
  home.push(['Type of home', labelOf(HOME_TYPE_LABELS, answers.home_type)], ['Yard', yesNoAnswer(answers.has_yard)])
  if (answers.has_yard !== false) home.push(['Fence', labelOf(FENCE_LABELS, answers.fence)])

  const otherPets: ApplicationSection['rows'] = [
    [
      'Other pets',
      answers.has_other_pets === false
        ? 'None'
        : answers.has_other_pets
          ? pets.length
            ? pets.map(petInWords).join('; ')
            : NOT_ANSWERED
          : NOT_ANSWERED,
    ],
    ['Veterinarian', or(answers.vet_name)],
    ["Veterinarian's phone", or(answers.vet_phone)],
  ]

  const experience: ApplicationSection['rows'] = [
    ['Experience with pets', or(answers.experience)],
    [
      'Hours alone per day',
      answers.hours_alone === null || answers.hours_alone === undefined
        ? NOT_ANSWERED
        : `${answers.hours_alone} ${answers.hours_alone === 1 ? 'hour' : 'hours'}`,
    ],
    ['Looking for', or(answers.looking_for)],
  ]

  const rows: Record<StepSlug, ApplicationSection['rows']> = { contact, household, home, pets: otherPets, experience }
  return APPLICATION_STEPS.map(({ slug, title }) => ({ step: slug, title, rows: rows[slug] }))
}
