// What every reader shares once a row's fields are found: the checks every listing needs (an
// id, a name, a type), the rule for repeated ids (the first row wins, later ones are errors),
// and the snapshot it all becomes.
import type { GoodWithAnswer } from '#app/utils/vocabulary.ts'
import type { ImportedAnimal, ImportedStatus, ParsedSnapshot, RowError, SnapshotFormat } from '#app/sync/types.ts'
import type { TextEncoding } from '#app/sync/formats/decode.ts'
import {
  mapBreeds,
  mapCoat,
  mapColors,
  mapSex,
  mapSize,
  mapType,
  parseBirthDate,
  parseFee,
  resolveAgeGroup,
} from '#app/sync/formats/mapping.ts'
import { photoList } from '#app/sync/formats/photos.ts'
import { cleanDescription, cleanLine, truncate } from '#app/sync/formats/text.ts'

/** A row that cannot be read: thrown by a format's row reader, it becomes a RowError. */
export class RowProblem extends Error {}

/** A row the source holds back from the public (on hold, found, deleted): left out, not an error. */
export type LeftOut = { leftOut: true; externalId: string }

/** public.animals.external_id's limit. An id is a key: it is never cut, a longer one is an error. */
export const MAX_EXTERNAL_ID = 200
/** public.animals.name's limit: longer names (a promotion in the name) are cut. */
export const MAX_NAME = 100

/** A snapshot as the readers return it: the contract, and the encoding the file was read in. */
export type ReadSnapshot = ParsedSnapshot & { encoding: TextEncoding | null }

/** The source's id, trimmed; a RowProblem when blank or too long. */
export function requireExternalId(value: string | null | undefined, column: string): string {
  const id = (value ?? '').trim()
  if (!id) throw new RowProblem(`${column} is blank: every animal needs the id it has in your software.`)
  if (id.length > MAX_EXTERNAL_ID) throw new RowProblem(`${column} is longer than ${MAX_EXTERNAL_ID} characters.`)
  return id
}

/** The name (already cleaned), cut to 100 characters; a RowProblem when blank. */
export function requireName(name: string | null, column: string): string {
  if (!name) throw new RowProblem(`${column} is blank: every animal needs a name.`)
  return truncate(name, MAX_NAME)
}

export type SnapshotBuilder = {
  /** Reads one row: an animal, a left-out row, or a RowProblem (any other error propagates). */
  row(line: number | null, guessedId: string | null, read: () => ImportedAnimal | LeftOut): void
  /** A row that failed before it could be read (broken CSV quoting). */
  error(error: RowError): void
  done(options?: { explicitlyEmpty?: boolean; encoding?: TextEncoding | null }): ReadSnapshot
}

export function snapshotBuilder(format: SnapshotFormat): SnapshotBuilder {
  const animals: ImportedAnimal[] = []
  const errors: RowError[] = []
  const firstLine = new Map<string, number | null>()
  return {
    row(line, guessedId, read) {
      let result: ImportedAnimal | LeftOut
      try {
        result = read()
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error
        errors.push({ line, externalId: guessedId || null, reason: error.message })
        return
      }
      const seenOn = firstLine.get(result.externalId)
      if (seenOn !== undefined) {
        const where =
          seenOn === null ? 'earlier' : `${format === 'pawhaven-json' || format === 'asm3-json' ? 'at item' : 'on line'} ${seenOn}`
        errors.push({
          line,
          externalId: result.externalId,
          reason: `The id ${result.externalId} is used again: the animal ${where} was kept, this one was left out.`,
        })
        return
      }
      firstLine.set(result.externalId, line)
      if (!('leftOut' in result)) animals.push(result)
    },
    error(error) {
      errors.push(error)
    },
    done({ explicitlyEmpty = false, encoding = null } = {}) {
      errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
      return { format, animals, errors, explicitlyEmpty, encoding }
    },
  }
}

/** A row's fields as a CSV format gives them, before mapping: strings as sent, answers already read. */
export type ListingFields = {
  externalId: string
  name: string | null
  type: string | null
  primaryBreed: string | null
  secondaryBreed: string | null
  /** What the source says of mixing (true, false, or null when it says nothing). */
  mixed: boolean | null
  age: string | null
  birthDate: string | null
  sex: string | null
  size: string | null
  colors: (string | null)[]
  coat: string | null
  goodWithChildren: GoodWithAnswer
  goodWithDogs: GoodWithAnswer
  goodWithCats: GoodWithAnswer
  /** Care answers: null when the source says nothing (not known, which is not no). */
  houseTrained: boolean | null
  spayedNeutered: boolean | null
  vaccinationsCurrent: boolean | null
  specialNeeds: boolean | null
  specialNeedsNotes: string | null
  adoptionFee: string | null
  description: string | null
  status: ImportedStatus
  photos: (string | null)[]
}

/** The column names a format's messages use for the fields every listing needs. */
export type RequiredColumns = { name: string; type: string }

/** An animal in our vocabulary from a row's fields; a RowProblem when the name or type is missing or unknown. */
export function buildAnimal(fields: ListingFields, columns: RequiredColumns, today: string): ImportedAnimal {
  const name = requireName(cleanLine(fields.name, 1000), columns.name)
  const rawType = cleanLine(fields.type, 100)
  if (!rawType) throw new RowProblem(`${columns.type} is blank: every animal needs a type (Dog, Cat, Rabbit…).`)
  const type = mapType(rawType, fields.primaryBreed)
  if (!type)
    throw new RowProblem(
      `${columns.type} "${rawType}" is not a type we know (Dog, Cat, Rabbit, Small & Furry, Bird, Horse, Barnyard, Pig, Reptile, "Scales, Fins & Other").`,
    )
  const birthDate = parseBirthDate(fields.birthDate, today)
  const [primaryColor, secondaryColor, tertiaryColor] = mapColors(fields.colors, type)
  const specialNeedsNotes = cleanDescription(fields.specialNeedsNotes, 2000)
  return {
    externalId: fields.externalId,
    name,
    type,
    ...mapBreeds(fields.primaryBreed, fields.secondaryBreed, fields.mixed),
    ageGroup: resolveAgeGroup(fields.age, birthDate, today),
    birthDate,
    sex: mapSex(fields.sex),
    size: mapSize(fields.size),
    primaryColor,
    secondaryColor,
    tertiaryColor,
    coat: mapCoat(fields.coat, type),
    goodWithChildren: fields.goodWithChildren,
    goodWithDogs: fields.goodWithDogs,
    goodWithCats: fields.goodWithCats,
    houseTrained: fields.houseTrained,
    spayedNeutered: fields.spayedNeutered,
    vaccinationsCurrent: fields.vaccinationsCurrent,
    // Notes mean special needs, as on the animal form (which refuses notes without the box).
    specialNeeds: specialNeedsNotes !== null ? true : fields.specialNeeds,
    specialNeedsNotes,
    adoptionFee: parseFee(fields.adoptionFee),
    description: cleanDescription(fields.description),
    status: fields.status,
    photos: photoList(fields.photos),
  }
}
