// Status, Content-Range and body of successful responses, as PostgREST's Response.hs
// writes them (wire doc 3.2).
import { restErrors } from '#localbase/src/rest/errors.ts'
import type { MediaType } from '#localbase/src/rest/request-options.ts'

/** PostgREST's contentRangeH: `lower-upper/total`, `*` for an empty range or unknown total. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total ?? '*'}`
}

/** What every statement returns: rows in the page, the total when counted, and the body. */
export type StatementResult = { page: number; total: number | null; body: string | null }

const CONTENT_TYPES = {
  array: 'application/json; charset=utf-8',
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
}

/** Throws 406 PGRST116 unless exactly one row came back for `Accept: …object+json`. */
export function assertSingular(media: MediaType, rows: number) {
  if (media.kind === 'object' && rows !== 1) throw restErrors.notSingular(rows)
}

export function bodyResponse(media: MediaType, body: string, status: number, headers: Headers): Response {
  headers.set('content-type', CONTENT_TYPES[media.kind])
  return new Response(media.kind === 'csv' ? toCsv(body) : body, { status, headers })
}

/** The response to GET/HEAD on a relation or a set-returning function. */
export function readResponse(media: MediaType, result: StatementResult, offset: number, headers = new Headers()): Response {
  const { page, total } = result
  assertSingular(media, page)
  const upper = offset + page - 1
  let status = 200
  if (total !== null) {
    if (offset > total) throw restErrors.rangeNotSatisfiable(offset, total)
    if (page < total) status = 206
  }
  headers.set('content-range', contentRange(offset, upper, total))
  if (result.body === null) {
    headers.set('content-type', CONTENT_TYPES[media.kind])
    return new Response(null, { status, headers })
  }
  return bodyResponse(media, result.body, status, headers)
}

/** CSV as PostgREST writes it: a header row of keys, then one line per object. */
function toCsv(body: string): string {
  const parsed: unknown = JSON.parse(body)
  const rows = (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[]
  const keys = rows.length ? Object.keys(rows[0]!) : []
  const cell = (value: unknown) => {
    if (value === null || value === undefined) return ''
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
  }
  return [keys.map(cell).join(','), ...rows.map((row) => keys.map((key) => cell(row[key])).join(','))].join('\n')
}
