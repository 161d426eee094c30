// What every listing format becomes before it touches the database: a snapshot of
// one source's adoptable animals in Pawhaven's vocabulary, with the rows that could not be read.
// The format readers (app/sync/formats/) are pure functions from bytes to this; the import
// pipeline (app/sync/pipeline.server.ts) applies it. No server-only imports here.
import type { AgeGroup, AnimalType, Coat, GoodWithAnswer, Sex, Size } from '#app/utils/vocabulary.ts'

/** The formats accepted unchanged. */
export const SNAPSHOT_FORMATS = ['petfinder', 'adoptapet', 'rescuegroups', 'pawhaven-json', 'asm3-json'] as const
export type SnapshotFormat = (typeof SNAPSHOT_FORMATS)[number]
export const SNAPSHOT_FORMAT_LABELS: Record<SnapshotFormat, string> = {
  petfinder: 'Petfinder import CSV',
  adoptapet: 'Adopt-a-Pet pets.csv (with import.cfg)',
  rescuegroups: 'RescueGroups import CSV',
  'pawhaven-json': 'Pawhaven JSON',
  'asm3-json': 'ShelterManager ASM3 JSON',
}

/**
 * The statuses a snapshot may give an animal. Rows the source holds back from the public (on
 * hold, found, deleted) are left out of `animals` — not errors — so the pipeline archives them
 * like any animal missing from the snapshot, and lists them again when they come back.
 */
export type ImportedStatus = 'available' | 'pending' | 'adopted'

/** One animal as a source describes it, mapped to the columns of public.animals. */
export type ImportedAnimal = {
  /** The source's own stable id: the key of the upsert, with the source. */
  externalId: string
  name: string
  type: AnimalType
  primaryBreed: string | null
  secondaryBreed: string | null
  mixedBreed: boolean
  ageGroup: AgeGroup
  /** YYYY-MM-DD; a month known without its day is the 1st. */
  birthDate: string | null
  sex: Sex
  size: Size | null
  primaryColor: string | null
  secondaryColor: string | null
  tertiaryColor: string | null
  coat: Coat | null
  goodWithChildren: GoodWithAnswer
  goodWithDogs: GoodWithAnswer
  goodWithCats: GoodWithAnswer
  /** Care answers: yes, no, or null when the source leaves them blank (not known), as public.animals stores them. */
  houseTrained: boolean | null
  spayedNeutered: boolean | null
  vaccinationsCurrent: boolean | null
  specialNeeds: boolean | null
  specialNeedsNotes: string | null
  /** Dollars. */
  adoptionFee: number | null
  /** Plain text, paragraphs separated by a blank line: entities decoded, markup and tracking pixels gone, mojibake repaired. */
  description: string | null
  status: ImportedStatus
  /**
   * Photos in order, at most 6, placeholders and videos left out: absolute http(s) URLs, or
   * file names the sender uploads beside the file (Petfinder's `<ID>-<n>.<ext>`).
   */
  photos: string[]
  /** External ids of the source's animals adopted with this one (a bonded group), where the format carries them. */
  bondedWith?: string[]
}

/** A row that could not be read, said so a person can fix it at the source. */
export type RowError = {
  /** 1-based line of the file (CSV), or the item's position (JSON); null when unknown. */
  line: number | null
  externalId: string | null
  reason: string
}

export type ParsedSnapshot = {
  format: SnapshotFormat
  animals: ImportedAnimal[]
  errors: RowError[]
  /**
   * True for the market's explicit "remove all": an empty file, a header-only file, an empty
   * JSON list. Never true for a file that failed to parse.
   */
  explicitlyEmpty: boolean
}

/**
 * A file that does not parse as a whole (truncated, binary, an unknown layout): the import
 * changes nothing. The message is for the shelter.
 */
export class UnreadableSnapshot extends Error {}

/** A run still in hand: its file waits, is being read, or is being applied. */
export const OPEN_RUN_STATUSES: readonly string[] = ['queued', 'receiving', 'running']

export function isOpenRun(status: string): boolean {
  return OPEN_RUN_STATUSES.includes(status)
}
