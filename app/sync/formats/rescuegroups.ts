// RescueGroups.org's import CSV, in both layouts a
// header row names: the documented one (externalID, name, status, type, priBreed, …,
// okwith*, photo1..4) and the older one ASM3 sends (orgID, animalID, …, pic1..4). Values are
// Yes/No/blank; separators may be `", "`; short rows are read with the missing values blank,
// including ASM3's no-photo rows that collapse to 29 fields (their last field is `","","","`).
// A header alone is the market's "remove all".
import { UnreadableSnapshot, type ImportedStatus } from '#app/sync/types.ts'
import { isMergedBlanks, readCsv, rowErrorOf, type CsvRow } from '#app/sync/formats/csv.ts'
import { decodeText, isBlankFile, toBytes, type SnapshotBytes } from '#app/sync/formats/decode.ts'
import { goodWith, parseFlag, parseYesNo, squash, todayIso } from '#app/sync/formats/mapping.ts'
import { buildAnimal, requireExternalId, RowProblem, snapshotBuilder, type LeftOut, type ReadSnapshot } from '#app/sync/formats/snapshot.ts'

type Layout = 'documented' | 'asm3'

/** Each field we read, by layout: the column names that carry it (the first present wins). */
const FIELDS: Record<Layout, Record<string, string[]>> = {
  documented: {
    id: ['externalID'],
    name: ['name'],
    status: ['status'],
    type: ['type', 'species'],
    primaryBreed: ['priBreed', 'primaryBreed'],
    secondaryBreed: ['secBreed', 'secondaryBreed'],
    breed: ['breed'],
    mixed: ['mix', 'mixed'],
    sex: ['sex'],
    age: ['age'],
    birthDate: ['birthdate'],
    okDogs: ['okwithdogs'],
    okCats: ['okwithcats'],
    okKids: ['okwithkids'],
    housetrained: ['housebroken', 'housetrained'],
    specialNeeds: ['specialNeeds'],
    specialNeedsNotes: ['specialNeedsDescription', 'specialNeedsNotes'],
    altered: ['altered'],
    size: ['size'],
    shots: ['uptodate'],
    color: ['color'],
    coat: ['coatLength'],
    description: ['dsc', 'description'],
    found: ['found'],
    fee: ['fee', 'adoptionFee'],
    photo1: ['photo1'],
    photo2: ['photo2'],
    photo3: ['photo3'],
    photo4: ['photo4'],
  },
  asm3: {
    id: ['animalID'],
    fallbackId: ['rescueID'],
    name: ['name'],
    status: ['status'],
    type: ['species'],
    primaryBreed: ['primaryBreed'],
    secondaryBreed: ['secondaryBreed'],
    breed: ['breed'],
    mixed: ['mixed'],
    sex: ['sex'],
    age: ['age'],
    okDogs: ['dogs'],
    okCats: ['cats'],
    okKids: ['kids'],
    housetrained: ['housetrained'],
    specialNeeds: ['specialNeeds'],
    altered: ['altered'],
    size: ['size'],
    shots: ['uptodate'],
    color: ['color'],
    coat: ['coatLength'],
    description: ['description'],
    summary: ['summary'],
    photo1: ['pic1'],
    photo2: ['pic2'],
    photo3: ['pic3'],
    photo4: ['pic4'],
  },
}

/** RescueGroups' statuses: the adoptable ones, pending, adopted; the rest are not public adoptions and are left out. */
const STATUSES: Record<string, ImportedStatus | 'left-out'> = {
  '': 'available',
  available: 'available',
  availableforadoption: 'available',
  adoptable: 'available',
  pending: 'pending',
  adoptionpending: 'pending',
  adopted: 'adopted',
  hold: 'left-out',
  onhold: 'left-out',
  deleted: 'left-out',
  availabletofoster: 'left-out',
  availableforsponsorship: 'left-out',
  sponsorship: 'left-out',
  found: 'left-out',
  lost: 'left-out',
  sanctuary: 'left-out',
  deceased: 'left-out',
  transferred: 'left-out',
  notavailable: 'left-out',
}

export type RescueGroupsOptions = { today?: string }

function layoutOf(header: string[]): Layout {
  const names = new Set(header.map(squash))
  if (names.has('externalid')) return 'documented'
  if (names.has('animalid') && (names.has('orgid') || names.has('rescueid'))) return 'asm3'
  throw new UnreadableSnapshot(
    'The first row is not a RescueGroups header: it needs the column names, starting with externalID (or, from ASM3, orgID, animalID). Nothing was changed.',
  )
}

/** ASM3's merged photo field (`","","","`) and any value made only of quotes and commas is blank. */
function unquirk(value: string): string {
  return isMergedBlanks(value) ? '' : value
}

/** Reads a RescueGroups import CSV; throws UnreadableSnapshot when the file cannot be read as a whole. */
export function readRescueGroups(input: SnapshotBytes, options: RescueGroupsOptions = {}): ReadSnapshot {
  const today = options.today ?? todayIso()
  const snapshot = snapshotBuilder('rescuegroups')
  const bytes = toBytes(input)
  if (isBlankFile(bytes)) return snapshot.done({ explicitlyEmpty: true })
  const { text, encoding } = decodeText(bytes)
  const { rows, errors } = readCsv(text)
  const [headerRow, ...dataRows] = rows
  if (!headerRow) {
    errors.forEach((error) => snapshot.error(rowErrorOf(error)))
    return snapshot.done({ explicitlyEmpty: errors.length === 0, encoding })
  }
  const layout = layoutOf(headerRow.fields)
  const index = new Map(headerRow.fields.map((name, position) => [squash(name), position] as const).reverse())
  const positions = new Map(
    Object.entries(FIELDS[layout]).map(([field, names]) => [
      field,
      names.map((name) => index.get(squash(name))).find((position) => position !== undefined),
    ]),
  )
  errors.forEach((error) => snapshot.error(rowErrorOf(error, positions.get('id') ?? positions.get('fallbackId'))))
  for (const row of dataRows) {
    const get = (field: string): string => {
      const position = positions.get(field)
      return position === undefined ? '' : unquirk(row.fields[position] ?? '')
    }
    snapshot.row(row.line, get('id') || get('fallbackId') || null, () => readRow(row, headerRow.fields.length, layout, get, today))
  }
  return snapshot.done({ explicitlyEmpty: dataRows.length === 0 && errors.length === 0, encoding })
}

function readRow(row: CsvRow, width: number, layout: Layout, get: (field: string) => string, today: string) {
  // Short rows are read (the documented example has one); longer ones have a comma out of place.
  if (row.fields.length > width) {
    throw new RowProblem(
      `This row has ${row.fields.length} values where the header names ${width}: a comma or quote is probably out of place.`,
    )
  }
  const idColumn = layout === 'documented' ? 'externalID' : 'animalID'
  const externalId = requireExternalId(get('id') || get('fallbackId'), idColumn)
  const status = STATUSES[squash(get('status'))]
  if (!status)
    throw new RowProblem(`status "${get('status')}" is not one we list (Available, Pending, Adopted; Hold and Deleted are left out).`)
  if (status === 'left-out' || parseYesNo(get('found')) === true) return { leftOut: true, externalId } satisfies LeftOut
  const primary = get('primaryBreed')
  return buildAnimal(
    {
      externalId,
      name: get('name'),
      type: get('type'),
      // The combined "A / B" breed only when the separate ones are blank.
      primaryBreed: primary || get('breed'),
      secondaryBreed: primary ? get('secondaryBreed') : null,
      mixed: parseYesNo(get('mixed')),
      age: get('age'),
      birthDate: get('birthDate'),
      sex: get('sex'),
      size: get('size'),
      colors: [get('color')],
      coat: get('coat'),
      goodWithChildren: goodWith(get('okKids')),
      goodWithDogs: goodWith(get('okDogs')),
      goodWithCats: goodWith(get('okCats')),
      houseTrained: parseFlag(get('housetrained')),
      spayedNeutered: parseFlag(get('altered')),
      vaccinationsCurrent: parseFlag(get('shots')),
      specialNeeds: parseFlag(get('specialNeeds')),
      specialNeedsNotes: get('specialNeedsNotes'),
      adoptionFee: get('fee'),
      description: get('description') || get('summary'),
      status,
      photos: [get('photo1'), get('photo2'), get('photo3'), get('photo4')],
    },
    { name: 'name', type: layout === 'documented' ? 'type' : 'species' },
    today,
  )
}
