// ShelterManager ASM3's service API:
// the JSON array `json_adoptable_animals` answers, or its unauthenticated twin
// `json_adoptable_animals_xp` (personal fields stripped), one UPPERCASE-keyed row per adoptable
// animal. Pure: the worker (worker/tasks/pull-source.ts) fetches the list, an upload, a feed or
// an FTP drop sends the same JSON as a file (the format 'asm3-json', detect.ts), and this reads
// it with the readers' shared mapping. Decision 041.
//
// Keyed on ID, ASM3's own animal id (a number that never changes): BONDEDANIMALID and
// BONDEDANIMAL2ID are IDs too, so a bond names its companion's external id as it is. Codes are
// ASM3's: SEX 0 female, 1 male, 2 unknown; SIZE 0 very large, 1 large, 2 medium, 3 small;
// ISGOODWITH* 0 yes, 1 no, 2 unknown, 3 selective (unknown here, as ASM3's own Petfinder
// export says); ISHOUSETRAINED 0 yes, 1 no, 2 unknown. A care answer ASM3 leaves blank is not
// known (null), not no. FEE is in cents (0: no fee set). A reserved animal
// (HASACTIVERESERVE) or one out on a trial adoption is pending. Rows ASM3 flags as held,
// archived or not for adoption are left out, like the other formats' holds.
import type { GoodWithAnswer } from '#app/utils/vocabulary.ts'
import { UnreadableSnapshot, type ImportedAnimal, type ImportedStatus } from '#app/sync/types.ts'
import { decodeText, isBlankFile, toBytes, type SnapshotBytes } from '#app/sync/formats/decode.ts'
import { isRecord, jsonText, mapColor, mapType, parseBirthDate, todayIso } from '#app/sync/formats/mapping.ts'
import { MAX_PHOTOS } from '#app/sync/formats/photos.ts'
import type { PulledSnapshot } from '#app/sync/formats/pulled.ts'
import {
  buildAnimal,
  requireExternalId,
  snapshotBuilder,
  type LeftOut,
  type ListingFields,
  type ReadSnapshot,
} from '#app/sync/formats/snapshot.ts'

export { ASM3_ACCOUNT, ASM3_HOSTED_SERVICE } from '#app/sync/pull-options.ts'

/** The address of an account's adoptable animals, unauthenticated (the `_xp` method). */
export function asm3AdoptableUrl(serviceUrl: string, account: string): string {
  const url = new URL(serviceUrl)
  url.searchParams.set('method', 'json_adoptable_animals_xp')
  url.searchParams.set('account', account)
  return url.href
}

/** The service's answer as a list of rows; an UnreadableSnapshot when it is not one. */
export function readAsm3Answer(body: unknown): unknown[] {
  if (Array.isArray(body)) return body
  throw new UnreadableSnapshot(
    'ShelterManager answered with something other than a list of animals: check the account number (and, for a self-hosted ASM3, the service address).',
  )
}

export type Asm3ReadOptions = {
  /** YYYY-MM-DD, for age groups from birth dates. */
  today?: string
  /**
   * The service and account the list came from: a row without PHOTOURLS then gets its
   * WEBSITEIMAGECOUNT pictures as `animal_image` URLs. Unknown for an uploaded file.
   */
  service?: { url: string; account: string } | null
}

/** The rows of an ASM3 adoptable-animals list as a snapshot. */
export function readAsm3Animals(rows: unknown[], { today = todayIso(), service = null }: Asm3ReadOptions = {}): PulledSnapshot {
  // (JSON items: the builder says "at item N" for them.)
  const snapshot = snapshotBuilder('asm3-json')
  rows.forEach((item, index) => {
    const row = isRecord(item) ? item : {}
    snapshot.row(index + 1, id(row.ID), () => readRow(row, today, service))
  })
  const { animals, errors } = snapshot.done()
  return { animals: keepBondsWithin(animals), errors, explicitlyEmpty: false }
}

/**
 * The same list as a file (an upload, a feed, an FTP drop): an UnreadableSnapshot for broken JSON
 * or another shape. An empty list is not "remove all" here either: the same bytes mean the same
 * as when pulled, and a large drop waits for a person.
 */
export function readAsm3Json(input: SnapshotBytes, { today }: { today?: string } = {}): ReadSnapshot {
  const bytes = toBytes(input)
  if (isBlankFile(bytes))
    throw new UnreadableSnapshot('This file is empty: ASM3 sends [] when no animal is adoptable. Nothing was changed.')
  const { text, encoding } = decodeText(bytes)
  let root: unknown
  try {
    root = JSON.parse(text)
  } catch (error) {
    throw new UnreadableSnapshot(
      `This is not valid JSON (${error instanceof Error ? error.message : 'parse error'}): it may be cut off. Nothing was changed.`,
    )
  }
  if (!Array.isArray(root))
    throw new UnreadableSnapshot(
      'This JSON is not an ASM3 list of animals: it should be the [ … ] that json_adoptable_animals answers. Nothing was changed.',
    )
  return { format: 'asm3-json', ...readAsm3Animals(root, { today }), encoding }
}

function readRow(row: Record<string, unknown>, today: string, service: Asm3ReadOptions['service']): ImportedAnimal | LeftOut {
  const externalId = requireExternalId(id(row.ID), 'ID')
  if (flag(row.ARCHIVED) || flag(row.ISNOTAVAILABLEFORADOPTION) || flag(row.ISHOLD)) return { leftOut: true, externalId }
  const petfinderSpecies = text(row.PETFINDERSPECIES)
  const speciesName = text(row.SPECIESNAME)
  // The shelter's Petfinder species when it maps, else ASM3's own species name.
  const species = mapType(petfinderSpecies, text(row.PETFINDERBREED)) ? petfinderSpecies : (speciesName ?? petfinderSpecies)
  const type = mapType(species, text(row.PETFINDERBREED) ?? text(row.BREEDNAME1))
  const crossbreed = flag(row.CROSSBREED)
  const birthDate = text(row.DATEOFBIRTH)
  const fields: ListingFields = {
    externalId,
    name: text(row.ANIMALNAME),
    type: species,
    primaryBreed: text(row.PETFINDERBREED) ?? text(row.BREEDNAME1) ?? text(row.BREEDNAME),
    // ASM3 keeps a second breed on every animal; it counts only for a crossbreed.
    secondaryBreed: crossbreed ? (text(row.PETFINDERBREED2) ?? text(row.BREEDNAME2)) : null,
    mixed: crossbreed,
    // AGEGROUP is the shelter's own band names ("Young Adult" is under 2 years by default):
    // the birth date says more, and ASM3 always has one (estimated or not).
    age: parseBirthDate(birthDate, today) ? null : text(row.AGEGROUP),
    birthDate,
    sex: SEXES[code(row.SEX) ?? -1] ?? null,
    size: SIZES[code(row.SIZE) ?? -1] ?? null,
    colors: [type && mapColor(text(row.ADOPTAPETCOLOUR), type) ? text(row.ADOPTAPETCOLOUR) : text(row.BASECOLOURNAME)],
    coat: text(row.COATTYPENAME),
    goodWithChildren: goodWith(row.ISGOODWITHCHILDREN),
    goodWithDogs: goodWith(row.ISGOODWITHDOGS),
    goodWithCats: goodWith(row.ISGOODWITHCATS),
    houseTrained: HOUSE_TRAINED[code(row.ISHOUSETRAINED) ?? -1] ?? null,
    spayedNeutered: flag(row.NEUTERED),
    vaccinationsCurrent: vaccinations(row),
    specialNeeds: flag(row.HASSPECIALNEEDS),
    specialNeedsNotes: null,
    adoptionFee: fee(row.FEE),
    description: text(row.WEBSITEMEDIANOTES),
    status: (flag(row.HASACTIVERESERVE) || flag(row.HASTRIALADOPTION) ? 'pending' : 'available') satisfies ImportedStatus,
    photos: photos(row, externalId, service),
  }
  const animal = buildAnimal(fields, { name: 'Name (ANIMALNAME)', type: 'Species (SPECIESNAME)' }, today)
  const bondedWith = bonds(row, externalId)
  return bondedWith.length ? { ...animal, bondedWith } : animal
}

const SEXES: Record<number, string> = { 0: 'F', 1: 'M' }
const SIZES: Record<number, string> = { 0: 'XL', 1: 'L', 2: 'M', 3: 'S' }
const GOOD_WITH: Record<number, GoodWithAnswer> = { 0: 'yes', 1: 'no' }

function goodWith(value: unknown): GoodWithAnswer {
  return GOOD_WITH[code(value) ?? -1] ?? 'unknown'
}

/** Cents to dollars; 0 (no fee set on the animal) and anything unreadable are no fee. */
function fee(value: unknown): string | null {
  const cents = code(value)
  return cents !== null && cents > 0 ? (cents / 100).toFixed(2) : null
}

/** PHOTOURLS as sent; without it, the service's `animal_image` for each of WEBSITEIMAGECOUNT pictures. */
function photos(row: Record<string, unknown>, externalId: string, service: Asm3ReadOptions['service']): (string | null)[] {
  if (Array.isArray(row.PHOTOURLS)) return row.PHOTOURLS.map(text)
  const count = Math.min(code(row.WEBSITEIMAGECOUNT) ?? 0, MAX_PHOTOS)
  if (!service || count <= 0) return []
  return Array.from({ length: count }, (_, n) => {
    const url = new URL(service.url)
    url.search = new URLSearchParams({
      account: service.account,
      method: 'animal_image',
      animalid: externalId,
      seq: String(n + 1),
    }).toString()
    return url.href
  })
}

/**
 * The IDs of the animal's bonded companions: BONDEDANIMALID and BONDEDANIMAL2ID, 0 or null for
 * none, leaving out a companion ASM3 has archived (adopted, transferred or died) and the animal itself.
 */
function bonds(row: Record<string, unknown>, self: string): string[] {
  const named = [
    [row.BONDEDANIMALID, row.BONDEDANIMAL1ARCHIVED],
    [row.BONDEDANIMAL2ID, row.BONDEDANIMAL2ARCHIVED],
  ]
    .filter(([, archived]) => !flag(archived))
    .map(([companion]) => id(companion))
  return [...new Set(named.filter((companion): companion is string => companion !== null && companion !== '0' && companion !== self))]
}

/**
 * Bonds only between animals of this list: a companion missing from it (held back, or gone) is
 * not bonded now, so no group takes in an animal this very import archives; it is bonded when
 * it is listed again.
 */
function keepBondsWithin(animals: ImportedAnimal[]): ImportedAnimal[] {
  const listed = new Set(animals.map((animal) => animal.externalId))
  return animals.map((animal) => {
    if (!animal.bondedWith) return animal
    const { bondedWith, ...rest } = animal
    const kept = bondedWith.filter((companion) => listed.has(companion))
    return kept.length ? { ...rest, bondedWith: kept } : rest
  })
}

/** An ID: a whole number (ASM3 sends numbers; a string of digits is taken too); null otherwise. */
function id(value: unknown): string | null {
  const number = code(value)
  return number !== null && number >= 0 ? String(number) : typeof value === 'string' && value.trim() ? value.trim() : null
}

/** A whole-number code (0, 1, 2…), from a number or a string of digits; null for anything else. */
function code(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value)
  return null
}

/** ASM3's 0/1 flags: 1 yes, 0 no, anything else (blank) not known. */
function flag(value: unknown): boolean | null {
  const answer = code(value)
  return answer === 1 ? true : answer === 0 ? false : null
}

const HOUSE_TRAINED: Record<number, boolean> = { 0: true, 1: false }

/** Current when some were given and none are outstanding, not when any is outstanding; else (no records) not known. */
function vaccinations(row: Record<string, unknown>): boolean | null {
  const given = code(row.VACCGIVENCOUNT) ?? 0
  const outstanding = code(row.VACCOUTSTANDINGCOUNT) ?? 0
  if (outstanding > 0) return false
  return given > 0 ? true : null
}

/** ASM3 sends blanks for empty fields: those are null too. */
function text(value: unknown): string | null {
  const found = jsonText(value)
  return found?.trim() ? found : null
}
