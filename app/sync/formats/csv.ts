// CSV rows with their line numbers, through csv-parse (docs/decisions/029-sync-formats.md).
// Every writer's dialect in one reading: all fields quoted or only some, `", "` separators
// (RescueGroups), CRLF or LF, no newline at the end, short rows. A row whose quoting is broken
// becomes a RowError and the rows around it are kept; a file that ends inside a quoted value
// (a cut-off upload) is refused as a whole, so it can never archive half a shelter.
import { parse, type CsvError } from 'csv-parse/sync'
import { UnreadableSnapshot, type RowError } from '../types.ts'
import { RowProblem } from './snapshot.ts'

/** One record: the 1-based line it starts on, and its fields, trimmed. */
export type CsvRow = { line: number; fields: string[] }

export type CsvRead = { rows: CsvRow[]; errors: RowError[] }

/** The first field of a raw line, unquoted: the id a broken row's error names when it can. */
function firstField(raw: string | undefined): string | null {
  const match = raw?.match(/^\s*(?:"((?:[^"]|"")*)"|([^,"\r\n]*))/)
  const value = (match?.[1]?.replace(/""/g, '"') ?? match?.[2] ?? '').trim()
  return value && value.length <= 200 ? value : null
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'A quoted value is followed by more text before the next comma: check the quotes in this row (a quote inside a value is written twice, "").'
    case 'INVALID_OPENING_QUOTE':
      return 'A quote opens in the middle of a value: check the quotes in this row (a quote inside a value is written twice, "").'
    default:
      return `This row could not be read as CSV (${error.message.split(':')[0]}).`
  }
}

/**
 * The records of a CSV text. Blank lines are skipped; rows whose quoting is broken are
 * returned as errors; a quote still open at the end of the file throws UnreadableSnapshot.
 */
export function readCsv(text: string): CsvRead {
  const rows: CsvRow[] = []
  const errors: RowError[] = []
  // csv-parse numbers the line a record ends on; a record starts on the line after the last one.
  let nextLine = 1
  let unclosedAt: number | null = null
  parse(text, {
    bom: true,
    trim: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_records_with_error: true,
    raw: true,
    // With `raw` (kept for the ids of broken rows), each record comes as { record, raw }.
    on_record: (entry: unknown, context) => {
      const record = (entry as { record: string[] }).record
      const line = nextLine
      nextLine = context.lines + 1
      if (record.some((field) => field !== '')) rows.push({ line, fields: record })
      return null
    },
    on_skip: (error, raw) => {
      const line = nextLine
      nextLine = (typeof error?.lines === 'number' ? error.lines : nextLine) + 1
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED') {
        unclosedAt = line
        return undefined
      }
      errors.push({ line, externalId: firstField(raw), reason: error ? describeCsvError(error) : 'This row could not be read as CSV.' })
      return undefined
    },
  })
  if (unclosedAt !== null) {
    throw new UnreadableSnapshot(
      `The file ends inside a quoted value that opens on line ${unclosedAt}: it looks cut off, or a quote is missing. Nothing was changed; send the whole file again.`,
    )
  }
  return { rows, errors }
}

/** A field's position by its (case-insensitive, trimmed) header name. */
export function headerIndex(header: readonly string[]): Map<string, number> {
  const index = new Map<string, number>()
  header.forEach((name, position) => {
    const key = name.trim().toLowerCase()
    if (key && !index.has(key)) index.set(key, position)
  })
  return index
}

/**
 * A RowProblem unless the row has the file's number of values: `exactly` (trailing blank values,
 * from a trailing comma, are harmless) or `at least` (an import.cfg maps the columns it names).
 */
export function checkWidth(row: CsvRow, width: number, rule: 'exactly' | 'at least') {
  const count = row.fields.length
  if (count === width || (count > width && (rule === 'at least' || row.fields.slice(width).every((field) => field === '')))) return
  throw new RowProblem(
    `This row has ${count} values where the file has ${width} columns: a comma or quote is probably out of place (a value with a comma must be in double quotes).`,
  )
}
