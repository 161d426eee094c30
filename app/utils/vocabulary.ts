// The listing vocabulary: the words the site shows for each value and the order it is offered in.
// The values of the animals' and teams' vocabularies are the database's (its vocabulary domains,
// generated into app/types/database.ts by `npm run db:types`); the others are declared here and
// held to the database's check constraints. The forms' schemas, the search URL, the listing
// pages, the dashboard and the demo data all read it; vocabulary.test.ts compares it with a
// freshly migrated database, so the two cannot drift. Values follow the market's (Petfinder's, RescueGroups') vocabulary so
// imports map cleanly; coats and colours per type are Petfinder's
// (Petfinder's 2019 type list). It imports only the generated types, by a relative path with its
// extension: the seed scripts load this file in plain Node.
//
// Labels are sentence case ('Extra large', 'Small animal', 'Adoption pending'), except where the
// spec words a label itself: the category names ('Small Animals') and the shelter types
// ('Rescue Organization': the spec capitalises every word).

import { Constants, type Enums } from '#app/types/database.ts'

export type Option<Value extends string = string> = { value: Value; label: string }

/** A select's options: every value with its label, in the list's order. */
export function optionsOf<Value extends string>(values: readonly Value[], labels: Record<Value, string>): Option<Value>[] {
  return values.map((value) => ({ value, label: labels[value] }))
}

/** Whether `value` is one of `values` (a URL parameter, a form field, an imported row). */
export function isOneOf<Value extends string>(values: readonly Value[], value: unknown): value is Value {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
}

// Animal types --------------------------------------------------------------------------------

export const ANIMAL_TYPES = Constants.public.Enums.animal_type
export type AnimalType = Enums<'animal_type'>

export function isAnimalType(value: unknown): value is AnimalType {
  return isOneOf(ANIMAL_TYPES, value)
}

/** One animal of the type: selects that choose one, an animal's facts. */
export const ANIMAL_TYPE_LABELS: Record<AnimalType, string> = {
  dog: 'Dog',
  cat: 'Cat',
  rabbit: 'Rabbit',
  bird: 'Bird',
  'small-animal': 'Small animal',
  reptile: 'Reptile',
  horse: 'Horse',
  barnyard: 'Barnyard',
  other: 'Other',
}

/** The type as a group: the search filter and the categories (the spec's 'Small Animals'). */
export const ANIMAL_TYPE_PLURAL_LABELS: Record<AnimalType, string> = {
  dog: 'Dogs',
  cat: 'Cats',
  rabbit: 'Rabbits',
  bird: 'Birds',
  'small-animal': 'Small Animals',
  reptile: 'Reptiles',
  horse: 'Horses',
  barnyard: 'Barnyard',
  other: 'Other',
}

/** One animal of the type as a noun, where the label alone reads as an adjective ('Mixed barnyard animal'). */
export function animalNoun(type: AnimalType): string {
  const label = ANIMAL_TYPE_LABELS[type]
  return type === 'barnyard' || type === 'other' ? `${label} animal` : label
}

/**
 * The types a select offers when its page names some first (the spec's own lists): those, in
 * the page's order, then the rest in ANIMAL_TYPES order; Other, the catch-all, stays last.
 */
export function animalTypesOffered(named: readonly AnimalType[]): AnimalType[] {
  const first = named.filter((type) => type !== 'other')
  return [...first, ...ANIMAL_TYPES.filter((type) => type !== 'other' && !first.includes(type)), 'other']
}

// Age groups, sexes, sizes --------------------------------------------------------------------

export const AGE_GROUPS = Constants.public.Enums.animal_age_group
export type AgeGroup = Enums<'animal_age_group'>
export const AGE_GROUP_LABELS: Record<AgeGroup, string> = { young: 'Young', adult: 'Adult', senior: 'Senior' }
/** The spec's search filter gives each age its years (young 0-2 years, adult 3-7 years, senior 8+ years); so does every age select. */
export const AGE_GROUP_LABELS_WITH_YEARS: Record<AgeGroup, string> = {
  young: 'Young (0-2 years)',
  adult: 'Adult (3-7 years)',
  senior: 'Senior (8+ years)',
}

export const SEXES = Constants.public.Enums.animal_sex
export type Sex = Enums<'animal_sex'>
export const SEX_LABELS: Record<Sex, string> = { male: 'Male', female: 'Female', unknown: 'Unknown' }

export const SIZES = Constants.public.Enums.animal_size
export type Size = Enums<'animal_size'>
export const SIZE_LABELS: Record<Size, string> = { small: 'Small', medium: 'Medium', large: 'Large', xlarge: 'Extra large' }

// Coats and colours, per type -----------------------------------------------------------------

export const COATS = Constants.public.Enums.animal_coat
export type Coat = Enums<'animal_coat'>
export const COAT_LABELS: Record<Coat, string> = {
  hairless: 'Hairless',
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
  wire: 'Wire',
  curly: 'Curly',
}

/** The coats the market lists per type (every coat for types it has no list for). */
export const COATS_BY_TYPE: Record<AnimalType, readonly Coat[]> = {
  dog: COATS,
  cat: ['hairless', 'short', 'medium', 'long'],
  rabbit: ['short', 'long'],
  'small-animal': ['hairless', 'short', 'long'],
  barnyard: ['short', 'long'],
  horse: COATS,
  bird: [],
  reptile: [],
  other: COATS,
}

/** The colour names the market uses per type, offered as suggestions (any text up to 60 characters is kept). */
export const COLORS_BY_TYPE: Record<AnimalType, readonly string[]> = {
  dog: [
    'Apricot / Beige',
    'Bicolor',
    'Black',
    'Brindle',
    'Brown / Chocolate',
    'Golden',
    'Gray / Blue / Silver',
    'Harlequin',
    'Merle (Blue)',
    'Merle (Red)',
    'Red / Chestnut / Orange',
    'Sable',
    'Tricolor (Brown, Black, & White)',
    'White / Cream',
    'Yellow / Tan / Blond / Fawn',
  ],
  cat: [
    'Black',
    'Black & White / Tuxedo',
    'Blue Cream',
    'Blue Point',
    'Brown / Chocolate',
    'Buff & White',
    'Buff / Tan / Fawn',
    'Calico',
    'Chocolate Point',
    'Cream / Ivory',
    'Cream Point',
    'Dilute Calico',
    'Dilute Tortoiseshell',
    'Flame Point',
    'Gray & White',
    'Gray / Blue / Silver',
    'Lilac Point',
    'Orange & White',
    'Orange / Red',
    'Seal Point',
    'Smoke',
    'Tabby (Brown / Chocolate)',
    'Tabby (Buff / Tan / Fawn)',
    'Tabby (Gray / Blue / Silver)',
    'Tabby (Leopard / Spotted)',
    'Tabby (Orange / Red)',
    'Tabby (Tiger Striped)',
    'Torbie',
    'Tortoiseshell',
    'White',
  ],
  rabbit: [
    'Agouti',
    'Black',
    'Blue / Gray',
    'Brown / Chocolate',
    'Cream',
    'Lilac',
    'Orange / Red',
    'Sable',
    'Silver Marten',
    'Tan',
    'Tortoiseshell',
    'White',
  ],
  'small-animal': [
    'Agouti',
    'Albino',
    'Black',
    'Black Sable',
    'Blue / Gray',
    'Brown / Chocolate',
    'Calico',
    'Champagne',
    'Cinnamon',
    'Cream',
    'Orange / Red',
    'Sable',
    'Tan',
    'Tortoiseshell',
    'White',
    'White (Dark-Eyed)',
  ],
  horse: [
    'Appaloosa',
    'Bay',
    'Bay Roan',
    'Black',
    'Blue Roan',
    'Brown',
    'Buckskin',
    'Champagne',
    'Chestnut / Sorrel',
    'Cremello',
    'Dapple Gray',
    'Dun',
    'Gray',
    'Grullo',
    'Liver',
    'Paint',
    'Palomino',
    'Perlino',
    'Piebald',
    'Pinto',
    'Red Roan',
    'Silver Bay',
    'Silver Buckskin',
    'Silver Dapple',
    'White',
  ],
  bird: [
    'Black',
    'Blue',
    'Brown',
    'Buff',
    'Gray',
    'Green',
    'Olive',
    'Orange',
    'Pink',
    'Purple / Violet',
    'Red',
    'Rust / Rufous',
    'Tan',
    'White',
    'Yellow',
  ],
  reptile: ['Black', 'Blue', 'Brown', 'Gray', 'Green', 'Iridescent', 'Orange', 'Purple', 'Red', 'Tan', 'White', 'Yellow'],
  barnyard: ['Agouti', 'Black', 'Black & White', 'Brindle', 'Brown', 'Gray', 'Pink', 'Red', 'Roan', 'Spotted', 'Tan', 'White'],
  other: ['Black', 'Brown', 'Gray', 'Orange', 'Tan', 'White', 'Yellow'],
}

/** Every colour the market names for any type, once, alphabetically: the colour filter without a type. */
export function allColors(): string[] {
  return [...new Set(Object.values(COLORS_BY_TYPE).flat())].sort((a, b) => a.localeCompare(b, 'en'))
}

// Search filters beyond the attributes ---------------------------------------------------------

/** The search page's yes-only filters: each shows only animals that are (or were listed recently). */
export const SEARCH_FLAGS = ['house_trained', 'special_needs', 'new_this_week'] as const
export type SearchFlag = (typeof SEARCH_FLAGS)[number]
export const SEARCH_FLAG_LABELS: Record<SearchFlag, string> = {
  house_trained: 'House-trained',
  special_needs: 'Special needs',
  new_this_week: 'New this week',
}

// Good with -----------------------------------------------------------------------------------

/** Whom an animal may be good with: a column `good_with_<value>` each, and the search filter's boxes. */
export const GOOD_WITH = ['children', 'dogs', 'cats'] as const
export type GoodWith = (typeof GOOD_WITH)[number]
export type GoodWithColumn = `good_with_${GoodWith}`
export const GOOD_WITH_LABELS: Record<GoodWith, string> = { children: 'Children', dogs: 'Dogs', cats: 'Cats' }

/** What each good-with column holds, in the order the form offers it (not known yet first: the default). */
export const GOOD_WITH_ANSWERS = Constants.public.Enums.good_with_answer
export type GoodWithAnswer = Enums<'good_with_answer'>
export const GOOD_WITH_ANSWER_LABELS: Record<GoodWithAnswer, string> = { unknown: 'Unknown', yes: 'Yes', no: 'No' }

/**
 * The care questions the animal form asks Yes / No / Not sure: the good-with columns hold the
 * answer as it is, the others true, false or null (not known, which is never shown as no).
 */
export const CARE_ANSWERS = ['yes', 'no', 'unknown'] as const
export type CareAnswer = (typeof CARE_ANSWERS)[number]
export const CARE_ANSWER_LABELS: Record<CareAnswer, string> = { yes: 'Yes', no: 'No', unknown: 'Not sure' }

/** A care column's answer as the form holds it. */
export function careAnswerOf(value: boolean | null): CareAnswer {
  return value === null ? 'unknown' : value ? 'yes' : 'no'
}

/** A care column's value from the form's answer: Not sure is null. */
export function careColumnOf(answer: CareAnswer): boolean | null {
  return answer === 'unknown' ? null : answer === 'yes'
}

// Listing statuses ----------------------------------------------------------------------------

export const ANIMAL_STATUSES = Constants.public.Enums.animal_status
export type AnimalStatus = Enums<'animal_status'>
export const STATUS_LABELS: Record<AnimalStatus, string> = {
  available: 'Available',
  pending: 'Adoption pending',
  adopted: 'Adopted',
  archived: 'Archived',
}

// Shelter types -------------------------------------------------------------------------------

export const SHELTER_TYPES = Constants.public.Enums.shelter_type
export type ShelterType = Enums<'shelter_type'>
/** As the spec shows them: the underscore replaced by a space, every word capitalised. */
export const SHELTER_TYPE_LABELS: Record<ShelterType, string> = {
  animal_shelter: 'Animal Shelter',
  rescue_organization: 'Rescue Organization',
  foster_network: 'Foster Network',
}

// Team roles ----------------------------------------------------------------------------------

/** A shelter member's role, from the most to the least it may do (docs/teams.md). */
export const MEMBER_ROLES = Constants.public.Enums.member_role
export type MemberRole = Enums<'member_role'>
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  staff: 'Staff',
  volunteer: 'Volunteer',
}

/** Whether `role` is `minRole` or above it: each role may do all that the ones after it may (public.is_shelter_member). */
export function hasMemberRole(role: MemberRole, minRole: MemberRole): boolean {
  return MEMBER_ROLES.indexOf(role) <= MEMBER_ROLES.indexOf(minRole)
}

// Vetting ---------------------------------------------------------------------------------------

/** Where a shelter's meeting request stands (public.vetting_requests.status). */
export const VETTING_STATUSES = ['requested', 'scheduled', 'held', 'information_requested', 'approved', 'rejected'] as const
export type VettingStatusValue = (typeof VETTING_STATUSES)[number]
