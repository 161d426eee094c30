// Which format an uploaded file is in, from its name and first bytes: for the Sync tab's
// "detect" choice and for files arriving by FTP. Null when it cannot tell (the shelter then
// chooses); never throws.
import { type SnapshotFormat } from '#app/sync/types.ts'
import { readCsv } from '#app/sync/formats/csv.ts'
import { decodeText, isBlankFile, toBytes, type SnapshotBytes } from '#app/sync/formats/decode.ts'
import { mapType, squash } from '#app/sync/formats/mapping.ts'
import { PETFINDER_COLUMNS, PETFINDER_OLD_COLUMNS } from '#app/sync/formats/petfinder.ts'

/** Whether a file is an Adopt-a-Pet (or legacy Petfinder) import.cfg rather than a listing file. */
export function isImportConfigName(fileName: string): boolean {
  return /(^|[\\/])[^\\/]*\.cfg$/i.test(fileName)
}

/** The first line of the text as CSV fields, or null. */
function firstRow(text: string): string[] | null {
  const end = text.search(/\r?\n/)
  try {
    return readCsv(end === -1 ? text : text.slice(0, end)).rows[0]?.fields ?? null
  } catch {
    return null
  }
}

export function detectFormat(fileName: string, input: SnapshotBytes): SnapshotFormat | null {
  const name = (fileName.split(/[\\/]/).pop() ?? '').toLowerCase()
  if (isImportConfigName(name) || name === 'pets.csv') return 'adoptapet'
  const bytes = toBytes(input)
  if (isBlankFile(bytes)) return name.endsWith('.json') ? 'pawhaven-json' : null
  let text: string
  try {
    // The start is enough; a character cut in two at the end only costs the sniff a letter.
    text = decodeText(bytes.subarray(0, 64 * 1024)).text
  } catch {
    return null
  }
  const start = text.trimStart()
  // ASM3's service rows have UPPERCASE keys of their own; ours are snake_case.
  if (start.startsWith('[') && /"ANIMALNAME"\s*:/.test(start) && /"SHELTERCODE"\s*:/.test(start)) return 'asm3-json'
  if (start.startsWith('{') || start.startsWith('[')) return 'pawhaven-json'
  const row = firstRow(start)
  if (!row) return name.endsWith('.json') ? 'pawhaven-json' : null
  const names = new Set(row.map(squash))
  if (names.has('externalid') || (names.has('animalid') && (names.has('orgid') || names.has('rescueid')))) return 'rescuegroups'
  if (names.has('id') && names.has('animalname')) return 'petfinder'
  // Headerless: Petfinder's 39 or 23 columns with a type in the 10th; Adopt-a-Pet's type in the 2nd.
  if ((row.length === PETFINDER_COLUMNS.length || row.length === PETFINDER_OLD_COLUMNS.length) && mapType(row[9])) return 'petfinder'
  if (row.length >= 3 && mapType(row[1])) return 'adoptapet'
  return name.endsWith('.json') ? 'pawhaven-json' : null
}
