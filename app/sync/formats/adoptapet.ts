// Adopt-a-Pet's AutoUpload: a headerless (or, by
// the account's setting, headed) positional `pets.csv` whose columns an `import.cfg` names and
// whose values it remaps to Adopt-a-Pet's vocabulary. A zero-byte pets.csv (what ASM3 sends
// when nothing is adoptable) is the market's "remove all". A pets.csv without any cfg cannot be
// read: the pipeline passes the source's last cfg when an upload comes without one.
import { UnreadableSnapshot, type ImportedStatus } from '#app/sync/types.ts'
import { parseAdoptapetConfig, remapper, type ImportConfig, type ImportConfigColumn } from '#app/sync/formats/adoptapet-config.ts'
import { checkWidth, readCsv, rowErrorOf, type CsvRow } from '#app/sync/formats/csv.ts'
import { decodeText, isBlankFile, toBytes, type SnapshotBytes } from '#app/sync/formats/decode.ts'
import { goodWith, parseFlag, parseYesNo, squash, todayIso } from '#app/sync/formats/mapping.ts'
import { buildAnimal, requireExternalId, RowProblem, snapshotBuilder, type LeftOut, type ReadSnapshot } from '#app/sync/formats/snapshot.ts'

export { parseAdoptapetConfig, type ImportConfig, type ImportConfigColumn } from '#app/sync/formats/adoptapet-config.ts'

/** Adopt-a-Pet's statuses ("Available, Adopted or Delete"; Deleted too), and pending for writers that send it. */
const STATUSES: Record<string, ImportedStatus | 'left-out'> = {
  '': 'available',
  available: 'available',
  adoptable: 'available',
  adopted: 'adopted',
  pending: 'pending',
  adoptionpending: 'pending',
  delete: 'left-out',
  deleted: 'left-out',
  hold: 'left-out',
  onhold: 'left-out',
}

export type AdoptapetOptions = { today?: string }

/** Whether row 1 names the columns: at least half of the cfg's columns carry their own name or field there. */
function isHeaderRow(fields: string[], columns: ImportConfigColumn[]): boolean {
  const matches = columns.filter((column) => {
    const value = squash(fields[column.position] ?? '')
    return value !== '' && (value === squash(column.sourceName) || value === squash(column.field))
  }).length
  return matches >= Math.max(1, Math.ceil(columns.length / 2))
}

/** Reads a pets.csv with its import.cfg (parsed, or its text); throws UnreadableSnapshot when the file cannot be read as a whole. */
export function readAdoptapet(
  input: SnapshotBytes,
  config: ImportConfig | string | null | undefined,
  options: AdoptapetOptions = {},
): ReadSnapshot {
  const today = options.today ?? todayIso()
  const snapshot = snapshotBuilder('adoptapet')
  const bytes = toBytes(input)
  if (isBlankFile(bytes)) return snapshot.done({ explicitlyEmpty: true })
  if (!config) {
    throw new UnreadableSnapshot(
      'An Adopt-a-Pet pets.csv has no column names of its own: send its import.cfg with it (once is enough; later uploads reuse it). Nothing was changed.',
    )
  }
  const map = typeof config === 'string' ? parseAdoptapetConfig(config) : config
  const byField = new Map<string, ImportConfigColumn>()
  for (const column of map.columns) {
    const key = squash(column.field)
    if (!byField.has(key)) byField.set(key, column)
  }
  const missing = ['Id', 'Animal', 'Name'].filter((field) => !byField.has(squash(field)))
  if (missing.length) {
    throw new UnreadableSnapshot(
      `The import.cfg maps no ${missing.join(' or ')} column, which every Adopt-a-Pet listing needs. Nothing was changed.`,
    )
  }
  const remaps = new Map([...byField].map(([key, column]) => [key, remapper(column)]))
  const width = Math.max(...map.columns.map((column) => column.position)) + 1

  const { text, encoding } = decodeText(bytes)
  const { rows, errors } = readCsv(text)
  errors.forEach((error) => snapshot.error(rowErrorOf(error, byField.get(squash('Id'))?.position)))
  const header = rows[0] !== undefined && (map.header ?? isHeaderRow(rows[0].fields, map.columns))
  const dataRows = header ? rows.slice(1) : rows
  for (const row of dataRows) {
    const get = (field: string): string => {
      const key = squash(field)
      const column = byField.get(key)
      const value = column ? (row.fields[column.position] ?? '') : ''
      return value ? (remaps.get(key)?.(value) ?? value).trim() : ''
    }
    snapshot.row(row.line, get('Id') || null, () => readRow(row, width, get, today))
  }
  return snapshot.done({ explicitlyEmpty: dataRows.length === 0 && errors.length === 0, encoding })
}

function readRow(row: CsvRow, width: number, get: (field: string) => string, today: string) {
  checkWidth(row, width, 'at least')
  const externalId = requireExternalId(get('Id'), 'Id')
  const status = STATUSES[squash(get('Status'))]
  if (!status) throw new RowProblem(`Status "${get('Status')}" is not one of Available, Adopted or Delete.`)
  if (status === 'left-out') return { leftOut: true, externalId } satisfies LeftOut
  const purebred = parseYesNo(get('Purebred'))
  return buildAnimal(
    {
      externalId,
      name: get('Name'),
      type: get('Animal'),
      primaryBreed: get('Breed'),
      secondaryBreed: get('Breed2'),
      mixed: purebred === null ? null : !purebred,
      age: get('Age'),
      birthDate: get('Birthdate'),
      sex: get('Sex'),
      // Adopt-a-Pet's mixed breeds carry a size: 'Mixed Breed (Large)'.
      size: get('Size') || (get('Breed').match(/^mixed breed \((.+)\)$/i)?.[1] ?? null),
      colors: [get('Color')],
      coat: get('HairLength'),
      goodWithChildren: goodWith(get('GoodWKids')),
      goodWithDogs: goodWith(get('GoodWDogs')),
      goodWithCats: goodWith(get('GoodWCats')),
      houseTrained: parseFlag(get('Housetrained')),
      spayedNeutered: parseFlag(get('SpayedNeutered')),
      vaccinationsCurrent: parseFlag(get('ShotsCurrent')),
      specialNeeds: parseFlag(get('SpecialNeeds')),
      specialNeedsNotes: null,
      adoptionFee: get('AdoptionFee'),
      description: get('Description'),
      status,
      photos: [get('PhotoURL') || get('PhotoURL1'), get('PhotoURL2'), get('PhotoURL3'), get('PhotoURL4')],
    },
    { name: 'Name', type: 'Animal' },
    today,
  )
}
