// The market's words mapped to Pawhaven's vocabulary (app/utils/vocabulary.ts), for every
// format: types, breeds, ages, sexes, sizes, coats, colours, yes/no answers, fees and dates.
// Values we cannot place become null (or 'unknown'), never an error, except the type, which
// every listing needs.
import {
  COATS_BY_TYPE,
  COLORS_BY_TYPE,
  type AgeGroup,
  type AnimalType,
  type Coat,
  type GoodWithAnswer,
  type Sex,
  type Size,
} from '#app/utils/vocabulary.ts'
import { cleanLine } from '#app/sync/formats/text.ts'

/** Lower case, letters and digits only: 'Small & Furry', ' Scales, Fins & Other' and 'small-animal' compare by their words. */
export function squash(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '')
}

// Types ---------------------------------------------------------------------------------------

const REPTILE_WORDS =
  /\b(snake|python|boa|lizard|gecko|iguana|dragon|chameleon|skink|monitor|tortoise|turtle|terrapin|reptile|uromastyx|tegu)\b/i

/**
 * Every type word the formats send: Petfinder's (with Pig and its leading-space " Scales, Fins
 * & Other"), Adopt-a-Pet's, RescueGroups' species, ASM3's, and ours.
 */
const TYPE_WORDS: Record<string, AnimalType | 'scales'> = {
  dog: 'dog',
  puppy: 'dog',
  cat: 'cat',
  kitten: 'cat',
  rabbit: 'rabbit',
  bunny: 'rabbit',
  bird: 'bird',
  duck: 'bird',
  goose: 'bird',
  dove: 'bird',
  pigeon: 'bird',
  parrot: 'bird',
  cockatiel: 'bird',
  parakeet: 'bird',
  owl: 'bird',
  smallfurry: 'small-animal',
  smallandfurry: 'small-animal',
  smallanimal: 'small-animal',
  smallmammal: 'small-animal',
  ferret: 'small-animal',
  chinchilla: 'small-animal',
  degu: 'small-animal',
  gerbil: 'small-animal',
  guineapig: 'small-animal',
  hamster: 'small-animal',
  hedgehog: 'small-animal',
  mouse: 'small-animal',
  rat: 'small-animal',
  sugarglider: 'small-animal',
  prairiedog: 'small-animal',
  skunk: 'small-animal',
  reptile: 'reptile',
  snake: 'reptile',
  lizard: 'reptile',
  tortoise: 'reptile',
  turtle: 'reptile',
  terrapin: 'reptile',
  gecko: 'reptile',
  iguana: 'reptile',
  horse: 'horse',
  pony: 'horse',
  donkey: 'horse',
  mule: 'horse',
  miniaturehorse: 'horse',
  barnyard: 'barnyard',
  farmanimal: 'barnyard',
  pig: 'barnyard',
  potbellied: 'barnyard',
  largemammal: 'barnyard',
  goat: 'barnyard',
  sheep: 'barnyard',
  cow: 'barnyard',
  llama: 'barnyard',
  alpaca: 'barnyard',
  chicken: 'barnyard',
  turkey: 'barnyard',
  scalesfinsother: 'scales',
  scalesfinsandother: 'scales',
  exotic: 'other',
  other: 'other',
  fish: 'other',
  frog: 'other',
  tarantula: 'other',
  amphibian: 'other',
}

/**
 * Our type for a source's type word, or null when it is not one we know. Petfinder's "Scales,
 * Fins & Other" is a reptile when the breed names one, else other.
 */
export function mapType(value: string | null | undefined, breedHint?: string | null): AnimalType | null {
  if (!value) return null
  const type = TYPE_WORDS[squash(value)]
  if (type === 'scales') return breedHint && REPTILE_WORDS.test(breedHint) ? 'reptile' : 'other'
  return type ?? null
}

// Breeds --------------------------------------------------------------------------------------

/** Adopt-a-Pet's nickname-first breeds, whose comma is not an inversion. */
const NICKNAMED: Record<string, string> = {
  scottiescottishterrier: 'Scottish Terrier',
  westiewesthighlandwhiteterrier: 'West Highland White Terrier',
  yorkieyorkshireterrier: 'Yorkshire Terrier',
  sheltieshetlandsheepdog: 'Shetland Sheepdog',
}

/** Breed names with a slash of their own: never split into two breeds. */
const SLASHED = new Set(
  [
    'Blue Lacy/Texas Lacy',
    'Hemingway/Polydactyl',
    'Polydactyl/Hemingway',
    'Donkey/Mule/Burro',
    'Donkey/Mule/Burro/Hinny',
    'Paint/Pinto',
    'Australian Cattle Dog/Blue Heeler',
    'Xoloitzcuintle/Mexican Hairless',
    'Other/Unknown',
    'Budgie/Budgerigar',
    'Donkey/Mule',
    'Extra-Toes Cat/Hemingway Polydactyl',
    'Cockatoo/Cockatiel',
  ].map(squash),
)

/** "Mix", "Mixed Breed (Medium)", "Crossbreed": no breed, but a mixed one. */
const MIX_WORDS = /^(mix|mixed|mixedbreed|mixbreed|cross|crossbreed|crossbred|mutt)$/
/** "Unknown", "Other/Unknown": no breed at all. */
const UNKNOWN_WORDS = /^(unknown|other|otherunknown|unknownother|na|none)$/

function isMixWord(breed: string): boolean {
  return MIX_WORDS.test(squash(breed.replace(/\([^)]*\)/g, '')))
}

function isUnknownWord(breed: string): boolean {
  return UNKNOWN_WORDS.test(squash(breed))
}

/** "Terrier, Pit Bull" → "Pit Bull Terrier" (PetPoint, Shelterluv, Adopt-a-Pet's "Lop, Holland"). */
export function uninvertBreed(breed: string): string {
  const nicknamed = NICKNAMED[squash(breed)]
  if (nicknamed) return nicknamed
  // Only a comma outside brackets inverts: "Spitz (Unknown Type, Medium)" stays.
  const match = breed.match(/^([^,()]+),\s*([^,()]+?)(\s*\([^)]*\))?$/)
  if (!match?.[1] || !match[2]) return breed
  const head = match[1].trim()
  const tail = match[2].trim()
  if (head.includes(' ') || tail.split(/\s+/).length > 3) return breed
  return `${tail} ${head}${match[3] ?? ''}`
}

export type Breeds = { primaryBreed: string | null; secondaryBreed: string | null; mixedBreed: boolean }

/**
 * Both breeds and the mixed flag: inversions undone, "Mix"-like secondaries made the flag, a
 * "Labrador Retriever Mix" primary made the breed and the flag, "A/B" in the primary alone
 * split in two, a secondary equal to the primary dropped. `mixed` is what the source said
 * (true, false, or null for nothing said); a second breed or a mix word also make it true.
 */
export function mapBreeds(primary: string | null | undefined, secondary: string | null | undefined, mixed: boolean | null): Breeds {
  let first = cleanLine(primary, 200)
  let second = cleanLine(secondary, 200)
  let isMixed = mixed ?? false
  if (first && !second && !SLASHED.has(squash(first)) && first.includes('/')) {
    const [a, ...rest] = first.split('/')
    first = a?.trim() || null
    second = rest.join('/').trim() || null
    isMixed = true
  }
  const tidy = (breed: string | null): string | null => {
    if (!breed || isUnknownWord(breed)) return null
    if (isMixWord(breed)) {
      isMixed = true
      return null
    }
    const mixSuffix = breed.match(/^(.+?)\s+(mix|mixed|cross)$/i)
    if (mixSuffix?.[1]) {
      isMixed = true
      breed = mixSuffix[1]
    }
    return uninvertBreed(breed)
  }
  const primaryIsMixWord = first !== null && isMixWord(first)
  first = primaryIsMixWord ? 'Mixed Breed' : tidy(first)
  if (primaryIsMixWord) isMixed = true
  second = tidy(second)
  if (second && first && squash(second) === squash(first)) second = null
  if (!first && second) {
    first = second
    second = null
  }
  if (second) isMixed = true
  return {
    primaryBreed: first ? cleanLine(first, 100) : null,
    secondaryBreed: second ? cleanLine(second, 100) : null,
    mixedBreed: isMixed,
  }
}

// Ages ----------------------------------------------------------------------------------------

const AGE_WORDS: Record<string, AgeGroup> = {
  baby: 'young',
  puppy: 'young',
  kitten: 'young',
  young: 'young',
  juvenile: 'young',
  infant: 'young',
  youth: 'young',
  adult: 'adult',
  youngadult: 'adult',
  senior: 'senior',
  geriatric: 'senior',
  elderly: 'senior',
}

/** An age word (Baby, Puppy, Kitten, Young → young; Adult; Senior), any case; null when none. */
export function mapAgeWord(value: string | null | undefined): AgeGroup | null {
  return AGE_WORDS[squash(value ?? '')] ?? null
}

/** Our bands: young under 3 years, adult 3 to 7, senior 8 and over (vocabulary.ts). */
export function ageGroupFromMonths(months: number): AgeGroup {
  return months < 36 ? 'young' : months < 96 ? 'adult' : 'senior'
}

/** The age group a birth date gives on `today` (YYYY-MM-DD both). */
export function ageGroupFromBirthDate(birthDate: string, today: string): AgeGroup {
  const [by = 0, bm = 0] = birthDate.split('-').map(Number)
  const [ty = 0, tm = 0] = today.split('-').map(Number)
  return ageGroupFromMonths((ty - by) * 12 + (tm - bm))
}

/** A birth month from an age in months (Shelterluv, PetPoint): the 1st of the month `months` before `today`. */
export function birthDateFromMonths(months: number, today: string): string | null {
  if (!Number.isFinite(months) || months < 0) return null
  const [year = 0, month = 1] = today.split('-').map(Number)
  const total = year * 12 + (month - 1) - Math.round(months)
  const date = `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-01`
  return date >= MIN_BIRTH_DATE ? date : null
}

/**
 * The animal's age group: the source's own word when it gives one, else from the birth date,
 * else adult (the formats that allow a blank age give no better guess).
 */
export function resolveAgeGroup(word: string | null | undefined, birthDate: string | null, today: string): AgeGroup {
  return mapAgeWord(word) ?? (birthDate ? ageGroupFromBirthDate(birthDate, today) : 'adult')
}

// Dates ---------------------------------------------------------------------------------------

/** public.animals.birth_date's lower bound; ShelterBuddy's 1/1/1900 "no date" falls below it. */
export const MIN_BIRTH_DATE = '1950-01-01'

function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

/**
 * A birth date from YYYY-MM-DD (an ISO timestamp's date part too) or MM/DD/YYYY, kept only
 * when it is a real day between 1950 and `today`; anything else is null.
 */
export function parseBirthDate(value: string | null | undefined, today: string): string | null {
  if (!value) return null
  const text = value.trim()
  let date: string | null = null
  const iso = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/)
  const us = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/)
  if (iso) date = `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`
  else if (us) date = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`
  if (!date || !isCalendarDate(date)) return null
  return date >= MIN_BIRTH_DATE && date <= today ? date : null
}

/** Today as YYYY-MM-DD (UTC). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}

// Sexes, sizes, coats, colours ----------------------------------------------------------------

export function mapSex(value: string | null | undefined): Sex {
  const key = squash(value ?? '')
  if (key === 'm' || key === 'male' || key === 'neuteredmale' || key === 'boy') return 'male'
  if (key === 'f' || key === 'female' || key === 'spayedfemale' || key === 'girl') return 'female'
  return 'unknown'
}

/** S/M/L/XL, Small…X-Large, "Large (60-99)" (Shelterluv's ranges); null when none. */
export function mapSize(value: string | null | undefined): Size | null {
  const key = squash((value ?? '').replace(/\([^)]*\)/g, ''))
  if (!key) return null
  if (['s', 'sm', 'small', 'tiny', 'toy'].includes(key)) return 'small'
  if (['m', 'med', 'medium'].includes(key)) return 'medium'
  if (['l', 'lg', 'large'].includes(key)) return 'large'
  if (['xl', 'xlarge', 'extralarge', 'verylarge', 'giant', 'xxl'].includes(key)) return 'xlarge'
  return null
}

/** A coat the market lists for the type (Short, Medium, Long, Wire, Curly, Hairless); null otherwise. */
export function mapCoat(value: string | null | undefined, type: AnimalType): Coat | null {
  const key = squash(value ?? '')
  const coat = (
    key === 'wirehaired' || key === 'wiry'
      ? 'wire'
      : key === 'med'
        ? 'medium'
        : key === 'shorthair'
          ? 'short'
          : key === 'longhair'
            ? 'long'
            : key
  ) as Coat
  return COATS_BY_TYPE[type].includes(coat) ? coat : null
}

/** A colour's key: its words, '&' read as 'and'. */
const colorKey = (value: string) => squash(value.replace(/&/g, ' and '))

/** Each type's colours by key, and by each part of a name like 'Brown / Chocolate' that only one name has. */
const COLOR_LOOKUP = new Map<AnimalType, Map<string, string>>()
function colorLookup(type: AnimalType): Map<string, string> {
  let lookup = COLOR_LOOKUP.get(type)
  if (lookup) return lookup
  lookup = new Map()
  const parts = new Map<string, string[]>()
  for (const color of COLORS_BY_TYPE[type]) {
    lookup.set(colorKey(color), color)
    if (color.includes('(')) continue
    for (const part of color.split(/\s*\/\s*/)) parts.set(colorKey(part), [...(parts.get(colorKey(part)) ?? []), color])
  }
  for (const [part, colors] of parts) if (colors.length === 1 && !lookup.has(part)) lookup.set(part, colors[0]!)
  COLOR_LOOKUP.set(type, lookup)
  return lookup
}

/** One of the market's colour names for the type ('tan' → 'Yellow / Tan / Blond / Fawn' for a dog); null otherwise. */
export function mapColor(value: string | null | undefined, type: AnimalType): string | null {
  if (!value) return null
  return colorLookup(type).get(colorKey(value)) ?? null
}

/** Up to three colours: mapped, unknown ones dropped, repeats dropped, in order. */
export function mapColors(values: (string | null | undefined)[], type: AnimalType): [string | null, string | null, string | null] {
  const colors: string[] = []
  for (const value of values) {
    const color = mapColor(value, type)
    if (color && !colors.includes(color)) colors.push(color)
  }
  return [colors[0] ?? null, colors[1] ?? null, colors[2] ?? null]
}

// Yes, no, fees -------------------------------------------------------------------------------

const TRUE_WORDS = new Set(['1', 'y', 'yes', 't', 'true', 'x', 'on', 'checked'])
const FALSE_WORDS = new Set(['0', 'n', 'no', 'f', 'false', 'off', 'unchecked'])

/** Yes/no in every spelling the formats use (1/0, Y/N, Yes/No, t/f, true/false); null for blank or anything else. */
export function parseYesNo(value: string | null | undefined): boolean | null {
  const key = (value ?? '').trim().toLowerCase()
  if (TRUE_WORDS.has(key)) return true
  if (FALSE_WORDS.has(key)) return false
  return null
}

/** A care answer (house-trained, altered, shots, special needs): yes, no, or null when blank or unreadable (not known). */
export function parseFlag(value: string | null | undefined): boolean | null {
  return parseYesNo(value)
}

/** A good-with answer from yes/no/blank; `inverted` for Petfinder's NoDogs/NoCats/NoKids (1 = not good with). */
export function goodWith(value: string | null | undefined, inverted = false): GoodWithAnswer {
  const answer = parseYesNo(value)
  if (answer === null) return 'unknown'
  return answer !== inverted ? 'yes' : 'no'
}

/** Dollars from "150", "150.00", "$1,200", "Free"; null when blank, negative, too large or not a number. */
export function parseFee(value: string | null | undefined): number | null {
  const text = (value ?? '').trim().toLowerCase()
  if (!text) return null
  if (/^(free|waived|none)$/.test(text)) return 0
  const number = Number(text.replace(/^usd\s*/, '').replace(/[$,\s]/g, ''))
  if (!Number.isFinite(number) || number < 0 || number > 999_999.99) return null
  return Math.round(number * 100) / 100
}

// JSON values as the API readers find them ------------------------------------------------------

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A string as sent, or a finite number as its digits; anything else is null. */
export function jsonText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}
