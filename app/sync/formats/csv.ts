// CSV rows with their line numbers, through csv-parse (docs/decisions/029-sync-formats.md).
// Every writer's dialect in one reading: all fields quoted or only some, `", "` separators
// (RescueGroups), CRLF or LF, no newline at the end, short rows. A row whose quoting is broken
// becomes a RowError and reading goes on at the next line, so the rows around it are kept; a file that ends inside a quoted value
// or in the middle of a row (a cut-off upload) is refused as a whole, so it can never archive half a shelter.
import { CsvError, parse } from 'csv-parse/sync'
import { UnreadableSnapshot, type RowError } from '#app/sync/types.ts'
import { RowProblem } from '#app/sync/formats/snapshot.ts'

/** One record: the 1-based line it starts on, and its fields, trimmed. */
export type CsvRow = { line: number; fields: string[] }

/** A row whose quoting is broken, with its values split as well as they can be: the reader finds its id among them. */
export type BrokenRow = RowError & { fields: string[] }

export type CsvRead = { rows: CsvRow[]; errors: BrokenRow[] }

/** A raw line's values, split at commas outside quotes and unquoted: a best guess for a row csv-parse could not read. */
function looseFields(raw: string): string[] {
  const fields: string[] = []
  let value = ''
  let quoted = false
  for (let at = 0; at < raw.length; at++) {
    const char = raw[at]
    if (char === '"' && quoted && raw[at + 1] === '"') {
      value += '"'
      at++
    } else if (char === '"') quoted = !quoted
    else if (char === ',' && !quoted) {
      fields.push(value.trim())
      value = ''
    } else value += char
  }
  fields.push(value.trim())
  return fields
}

/** An id as a row error names it: none when blank or longer than an id can be. */
const idOrNull = (value: string | undefined) => (value && value.length <= 200 ? value : null)

/**
 * A broken row's error for the run. The id is the value at the reader's id column (`idAt`) when
 * the reader knows it (an id the run names keeps its animal from being archived), else the
 * first value.
 */
export function rowErrorOf({ fields, ...error }: BrokenRow, idAt?: number): RowError {
  return idAt === undefined ? error : { ...error, externalId: idOrNull(fields[idAt]) }
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'A quoted value is followed by more text before the next comma: check the quotes in this row (a quote inside a value is written twice, "").'
    case 'INVALID_OPENING_QUOTE':
      return 'A quote opens in the middle of a value: check the quotes in this row (a quote inside a value is written twice, "").'
    default:
      return `This row could not be read as CSV (${error.message.split(':')[0]}).`
  }
}

/**
 * A value trimmed; a value still in quotes is one csv-parse read leniently (relax_quotes) because
 * a quote inside it was not doubled, e.g. "Rex "the dog" Smith": its outer quotes go.
 */
function tidyField(field: string): string {
  const value = field.trim()
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).trim() : value
}

/**
 * A value made only of quotes and commas: ASM3's RescueGroups rows without photos end in one
 * (its empty photo values merged into `","","","`), so such a value is whole, not cut.
 */
export function isMergedBlanks(value: string): boolean {
  return /^[",\s]+$/.test(value)
}

/**
 * Throws UnreadableSnapshot when the text stops in the middle of its last row: no line break
 * after it and fewer values than the first row (the header, or the first listing). Writers that
 * leave out the final line break (ASM3) still end on a whole row, so only a transfer cut at a
 * separator leaves this shape; a cut inside a quoted value is caught by csv-parse itself.
 */
function refuseCutOffRow(text: string, rows: CsvRow[], lastRecordBlank: boolean) {
  const first = rows[0]
  const last = rows.at(-1)
  if (!first || !last || last === first || lastRecordBlank || text.endsWith('\n')) return
  if (last.fields.length >= first.fields.length || isMergedBlanks(last.fields.at(-1) ?? '')) return
  throw new UnreadableSnapshot(
    `The file ends in the middle of a row: line ${last.line} has ${last.fields.length} values where the first row has ${first.fields.length}, and nothing after it. It looks cut off in transfer. Nothing was changed; send the whole file again.`,
  )
}

/** More broken rows than this and the file is not taken for CSV at all. */
const MAX_BROKEN_ROWS = 500

/**
 * The records of a CSV text. Blank lines are skipped; a row whose quoting is broken becomes an
 * error and reading goes on at the next line; a quote still open at the end of the file, or a
 * last row cut short, throws UnreadableSnapshot.
 */
export function readCsv(input: string): CsvRead {
  // One line ending (old Macs' lone CR too), so line numbers are counted one way.
  const text = input.replace(/\r\n?/g, '\n')
  const rows: CsvRow[] = []
  const errors: BrokenRow[] = []
  // csv-parse's own trimming doubles its time; it is only needed where spaces may stand between a
  // separator and a quote (RescueGroups' `", "`; a quoted `, "` in a description turns it on
  // too, which costs only time). Elsewhere values are trimmed here.
  const spacedQuotes = /,[ \t]+"|"[ \t]+,/.test(text)
  let lineStarts: number[] | null = null
  // csv-parse numbers the line a record ends on; a record starts on the line after the last one.
  let nextLine = 1
  let offset = 0
  let linesBefore = 0
  let lastRecordBlank = false
  for (;;) {
    try {
      parse(offset === 0 ? text : text.slice(offset), {
        bom: true,
        trim: spacedQuotes,
        relax_quotes: true,
        relax_column_count: true,
        on_record: (record: string[], context) => {
          const line = nextLine
          nextLine = linesBefore + context.lines + 1
          const fields = spacedQuotes ? record : record.map(tidyField)
          lastRecordBlank = fields.every((field) => field === '')
          if (!lastRecordBlank) rows.push({ line, fields })
          return null
        },
      })
      refuseCutOffRow(text, rows, lastRecordBlank)
      return { rows, errors }
    } catch (error) {
      if (!(error instanceof CsvError)) throw error
      const line = nextLine
      if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
        throw new UnreadableSnapshot(
          `The file ends inside a quoted value that opens on line ${line}: it looks cut off, or a quote is missing. Nothing was changed; send the whole file again.`,
        )
      }
      // Csv-parse stops at the first broken record: note it, and read on from the line after it.
      lineStarts ??= [0, ...[...text.matchAll(/\n/g)].map((match) => match.index + 1)]
      const errorLine = Math.max(line, linesBefore + (typeof error.lines === 'number' ? error.lines : 1))
      const start = lineStarts[line - 1] ?? text.length
      const fields = looseFields(text.slice(start, text.indexOf('\n', start) >>> 0))
      errors.push({ line, externalId: idOrNull(fields[0]), reason: describeCsvError(error), fields })
      if (errors.length > MAX_BROKEN_ROWS) {
        throw new UnreadableSnapshot(
          `More than ${MAX_BROKEN_ROWS} rows could not be read as CSV: is this the right file, exported as CSV? Nothing was changed.`,
        )
      }
      offset = lineStarts[errorLine] ?? text.length
      linesBefore = errorLine
      nextLine = errorLine + 1
      if (offset >= text.length) return { rows, errors }
    }
  }
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
 * A RowProblem unless the row has the file's number of values: `exactly` (a value too many, even
 * a blank one, means the values have moved), or `at least` (an import.cfg maps the columns it
 * names; more are ignored).
 */
export function checkWidth(row: CsvRow, width: number, rule: 'exactly' | 'at least') {
  const count = row.fields.length
  if (count === width || (count > width && rule === 'at least')) return
  throw new RowProblem(
    `This row has ${count} values where the file has ${width} columns: a comma or quote is probably out of place (a value with a comma or a quote must be in double quotes, a quote inside it doubled).`,
  )
}
