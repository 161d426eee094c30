// Petfinder's import CSV: the 39 columns mandated in
// August 2019 and the 23 of the older layout, with a header row (ASM3, Shelter Exchange) or
// without (OPH). Photos are URLs in photo1..6 or, when those are blank, files uploaded beside the
// CSV as `<ID>-<n>.<ext>` (petfinderPhotoFileIndex tells the pipeline which animal one is for).
// An empty file, or a header alone, is the market's "remove all".
import { UnreadableSnapshot, type ImportedStatus } from '#app/sync/types.ts'
import { remapper, type ImportConfig } from '#app/sync/formats/adoptapet-config.ts'
import { checkWidth, readCsv, rowErrorOf, type CsvRow } from '#app/sync/formats/csv.ts'
import { decodeText, isBlankFile, toBytes, type SnapshotBytes } from '#app/sync/formats/decode.ts'
import { goodWith, parseFlag, parseYesNo, todayIso } from '#app/sync/formats/mapping.ts'
import { buildAnimal, requireExternalId, RowProblem, snapshotBuilder, type LeftOut, type ReadSnapshot } from '#app/sync/formats/snapshot.ts'

export { petfinderPhotoFileIndex } from '#app/sync/formats/photos.ts'

/** The August-2019 order (Petfinder's template and ASM3's header are identical). */
export const PETFINDER_COLUMNS = [
  'ID',
  'Internal',
  'AnimalName',
  'PrimaryBreed',
  'SecondaryBreed',
  'Sex',
  'Size',
  'Age',
  'Desc',
  'Type',
  'Status',
  'Shots',
  'Altered',
  'NoDogs',
  'NoCats',
  'NoKids',
  'Housetrained',
  'Declawed',
  'specialNeeds',
  'Mix',
  'photo1',
  'photo2',
  'photo3',
  'photo4',
  'photo5',
  'photo6',
  'arrival_date',
  'birth_date',
  'primaryColor',
  'secondaryColor',
  'tertiaryColor',
  'coat_length',
  'adoption_fee',
  'display_adoption_fee',
  'adoption_fee_waived',
  'special_needs_notes',
  'no_other',
  'no_other_note',
  'tags',
] as const

/** The layout before August 2019 (Shelter Exchange still sends it): ID … Mix, photo1..photo3. */
export const PETFINDER_OLD_COLUMNS = [...PETFINDER_COLUMNS.slice(0, 20), 'photo1', 'photo2', 'photo3'] as const

const KNOWN = new Set<string>(PETFINDER_COLUMNS.map((name) => name.toLowerCase()))
/** A few names older maps use for the same columns. */
const ALIASES: Record<string, string> = {
  name: 'animalname',
  description: 'desc',
  breed: 'primarybreed',
  breed2: 'secondarybreed',
  species: 'type',
}

const STATUSES: Record<string, ImportedStatus | 'left-out'> = {
  a: 'available',
  '': 'available',
  p: 'pending',
  x: 'adopted',
  h: 'left-out',
  f: 'left-out',
}

export type PetfinderOptions = {
  /** Today (YYYY-MM-DD), for birth dates; defaults to the clock. */
  today?: string
  /** A legacy `<SHELTERID>import.cfg` column map, when the shelter's software sends one. */
  config?: ImportConfig | null
}

/** Whether a row is a header: it names ID and AnimalName, or at least four known columns. */
function isHeaderRow(fields: string[]): boolean {
  const names = fields.map((field) => field.toLowerCase())
  return (names.includes('id') && names.includes('animalname')) || names.filter((name) => KNOWN.has(name)).length >= 4
}

type Layout = {
  columns: Map<string, number>
  width: number
  /** A cfg maps the columns it names; a row may have more. */
  atLeast: boolean
  dataRows: CsvRow[]
  remaps: Map<string, (value: string) => string>
}

function columnsOf(names: readonly string[]): Map<string, number> {
  const columns = new Map<string, number>()
  names.forEach((name, position) => {
    const key = ALIASES[name.trim().toLowerCase()] ?? name.trim().toLowerCase()
    if (key && !columns.has(key)) columns.set(key, position)
  })
  return columns
}

function layoutOf(rows: CsvRow[], config: ImportConfig | null | undefined): Layout {
  const first = rows[0]!
  if (config) {
    const columns = new Map<string, number>()
    const remaps = new Map<string, (value: string) => string>()
    for (const column of config.columns) {
      const key = ALIASES[column.field.toLowerCase()] ?? column.field.toLowerCase()
      if (!columns.has(key)) {
        columns.set(key, column.position)
        remaps.set(key, remapper(column))
      }
    }
    const header = config.header ?? isHeaderRow(first.fields)
    const width = Math.max(...config.columns.map((column) => column.position)) + 1
    return { columns, width, atLeast: true, dataRows: header ? rows.slice(1) : rows, remaps }
  }
  if (isHeaderRow(first.fields)) {
    const columns = columnsOf(first.fields)
    const missing = ['ID', 'AnimalName', 'Type'].filter((name) => !columns.has(name.toLowerCase()))
    if (missing.length) {
      throw new UnreadableSnapshot(
        `The header row has no ${missing.join(' or ')} column, which a Petfinder file needs. Nothing was changed.`,
      )
    }
    return { columns, width: first.fields.length, atLeast: false, dataRows: rows.slice(1), remaps: new Map() }
  }
  const width = first.fields.length
  if (width !== PETFINDER_COLUMNS.length && width !== PETFINDER_OLD_COLUMNS.length) {
    throw new UnreadableSnapshot(
      `The first row has ${width} values and no header: a Petfinder file without a header row has 39 columns (23 before August 2019). Add the header row, or check the export settings. Nothing was changed.`,
    )
  }
  return {
    columns: columnsOf(width === PETFINDER_COLUMNS.length ? PETFINDER_COLUMNS : PETFINDER_OLD_COLUMNS),
    width,
    atLeast: false,
    dataRows: rows,
    remaps: new Map(),
  }
}

/** Reads a Petfinder import CSV; throws UnreadableSnapshot when the file cannot be read as a whole. */
export function readPetfinder(input: SnapshotBytes, options: PetfinderOptions = {}): ReadSnapshot {
  const today = options.today ?? todayIso()
  const snapshot = snapshotBuilder('petfinder')
  const bytes = toBytes(input)
  if (isBlankFile(bytes)) return snapshot.done({ explicitlyEmpty: true })
  const { text, encoding } = decodeText(bytes)
  const { rows, errors } = readCsv(text)
  if (rows.length === 0) {
    errors.forEach((error) => snapshot.error(rowErrorOf(error)))
    return snapshot.done({ explicitlyEmpty: errors.length === 0, encoding })
  }
  const layout = layoutOf(rows, options.config)
  errors.forEach((error) => snapshot.error(rowErrorOf(error, layout.columns.get('id'))))
  for (const row of layout.dataRows) {
    const get = (name: string): string => {
      const position = layout.columns.get(name.toLowerCase())
      const value = position === undefined ? '' : (row.fields[position] ?? '')
      return layout.remaps.get(name.toLowerCase())?.(value) ?? value
    }
    snapshot.row(row.line, get('ID') || null, () => {
      checkWidth(row, layout.width, layout.atLeast ? 'at least' : 'exactly')
      return readRow(get, today)
    })
  }
  return snapshot.done({ explicitlyEmpty: layout.dataRows.length === 0 && errors.length === 0, encoding })
}

function readRow(get: (name: string) => string, today: string) {
  const externalId = requireExternalId(get('ID'), 'ID')
  const statusCode = get('Status').toLowerCase()
  const status = STATUSES[statusCode]
  if (!status)
    throw new RowProblem(`Status "${get('Status')}" is not one of A (adoptable), P (pending), X (adopted), H (hold) or F (found).`)
  if (status === 'left-out') return { leftOut: true, externalId } satisfies LeftOut
  // ASM3 blanks the fee for 0, and display_adoption_fee=0 asks for no fee to be shown.
  const showFee = parseYesNo(get('display_adoption_fee')) !== false
  return buildAnimal(
    {
      externalId,
      name: get('AnimalName'),
      type: get('Type'),
      primaryBreed: get('PrimaryBreed'),
      secondaryBreed: get('SecondaryBreed'),
      mixed: parseYesNo(get('Mix')),
      age: get('Age'),
      birthDate: get('birth_date'),
      sex: get('Sex'),
      size: get('Size'),
      colors: [get('primaryColor'), get('secondaryColor'), get('tertiaryColor')],
      coat: get('coat_length'),
      goodWithChildren: goodWith(get('NoKids'), true),
      goodWithDogs: goodWith(get('NoDogs'), true),
      goodWithCats: goodWith(get('NoCats'), true),
      houseTrained: parseFlag(get('Housetrained')),
      spayedNeutered: parseFlag(get('Altered')),
      vaccinationsCurrent: parseFlag(get('Shots')),
      specialNeeds: parseFlag(get('specialNeeds')),
      specialNeedsNotes: get('special_needs_notes'),
      adoptionFee: showFee ? get('adoption_fee') : null,
      description: get('Desc'),
      status,
      photos: ['photo1', 'photo2', 'photo3', 'photo4', 'photo5', 'photo6'].map(get),
    },
    { name: 'AnimalName', type: 'Type' },
    today,
  )
}
