// Builders of small listing files in the documented layouts, for the format readers' tests
// (written from the formats' published documentation; the real sample files are not in the repository).
import { PETFINDER_COLUMNS, PETFINDER_OLD_COLUMNS } from '#app/sync/formats/petfinder.ts'

/** A value as ASM3 and OPH write it: always in double quotes, quotes inside doubled. */
export const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`

/** A CSV line with every value quoted. */
export const csvLine = (values: readonly string[]) => values.map(quoted).join(',')

type PetfinderColumn = (typeof PETFINDER_COLUMNS)[number]

/** A Petfinder row: the given columns, the rest blank, in the 39- or 23-column order. */
export function petfinderRow(values: Partial<Record<PetfinderColumn, string>>, columns: readonly string[] = PETFINDER_COLUMNS): string {
  return csvLine(columns.map((column) => values[column as PetfinderColumn] ?? ''))
}

export const PETFINDER_HEADER = PETFINDER_COLUMNS.join(',')
export const PETFINDER_OLD_HEADER = PETFINDER_OLD_COLUMNS.join(',')

/** A dog every Petfinder test starts from. */
export const biscuit: Partial<Record<PetfinderColumn, string>> = {
  ID: 'D2024001',
  Internal: 'D2024001',
  AnimalName: 'Biscuit',
  PrimaryBreed: 'Labrador Retriever',
  SecondaryBreed: 'Boxer',
  Sex: 'M',
  Size: 'L',
  Age: 'Young',
  Desc: 'Biscuit loves fetch.&#10;&#10;He is "mostly" house trained.',
  Type: 'Dog',
  Status: 'A',
  Shots: '1',
  Altered: '1',
  NoDogs: '0',
  NoCats: '1',
  Mix: '1',
  birth_date: '2022-11-15',
  adoption_fee: '150.00',
  display_adoption_fee: '1',
}

export const encode = (text: string) => new TextEncoder().encode(text)
