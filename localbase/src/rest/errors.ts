// PostgREST's error shape and status codes: `{code, details, hint, message}` with all four
// keys present (null when empty), as postgrest-js turns the body into its PostgrestError.
import { json } from '#localbase/src/http.ts'

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly details: unknown
  readonly hint: string | null
  readonly headers: Record<string, string>

  constructor(
    status: number,
    code: string,
    message: string,
    details: unknown = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = status
    this.code = code
    this.details = details
    this.hint = hint
    this.headers = headers
  }
}

export function errorResponse(error: ApiError): Response {
  const body = { code: error.code, details: error.details ?? null, hint: error.hint ?? null, message: error.message }
  const response = json(body, { status: error.status, headers: error.headers })
  response.headers.set('proxy-status', `PostgREST; error=${error.code}`)
  return response
}

/** A query-string or select syntax error (PGRST100), worded as PostgREST's parser words it. */
export function parseError(what: string, input: string, position: number, expected: string): ApiError {
  const found = position < input.length ? `"${input[position]}"` : 'end of input'
  return new ApiError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${input})" (line 1, column ${position + 1})`,
    `unexpected ${found} expecting ${expected}`,
  )
}

export const restErrors = {
  tableNotFound: (name: string, suggestion: string | null) =>
    new ApiError(
      404,
      'PGRST205',
      `Could not find the table 'public.${name}' in the schema cache`,
      null,
      suggestion ? `Perhaps you meant the table 'public.${suggestion}'` : null,
    ),
  columnNotFound: (column: string, table: string) =>
    new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  undefinedColumn: (column: string, table: string) => new ApiError(400, '42703', `column ${table}.${column} does not exist`),
  invalidJson: () => new ApiError(400, 'PGRST102', 'Empty or invalid json'),
  invalidSchema: (schema: string) =>
    new ApiError(406, 'PGRST106', `Invalid schema: ${schema}`, null, 'Only the following schemas are exposed: public'),
  notSingular: (rows: number) =>
    new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`),
  rangeNotSatisfiable: (offset: number, total: number) =>
    new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'content-range': `*/${total}` },
    ),
  mediaType: (accept: string) => new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`),
  missingWhere: (verb: 'UPDATE' | 'DELETE') => new ApiError(400, '21000', `${verb} requires a WHERE clause`),
  methodNotAllowed: (method: string) => new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  // localbase's own bounds (no PostgREST code covers them), in PostgREST's shape, as client errors.
  embedTooDeep: (depth: number, max: number) =>
    new ApiError(
      400,
      'LB001',
      `The select embeds resources ${depth} levels deep; at most ${max} are allowed`,
      null,
      'Embed fewer levels, or read the deeper resources in a request of their own',
    ),
  answerTooLarge: (bytes: number, max: number) =>
    new ApiError(
      400,
      'LB002',
      `The answer would be ${size(bytes)}; at most ${size(max)} are allowed`,
      null,
      'Ask for fewer rows (limit, a narrower filter) or fewer embedded resources',
    ),
}

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** The tx=rollback preference: the response is ready, but the transaction must not commit. */
export class RollbackWith extends Error {
  readonly response: Response
  constructor(response: Response) {
    super('rollback requested')
    this.response = response
  }
}

type DatabaseErrorLike = { code: string; message: string; detail?: string; hint?: string; severity?: string }

export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  return (
    error instanceof Error &&
    typeof (error as Partial<DatabaseErrorLike>).code === 'string' &&
    typeof (error as Partial<DatabaseErrorLike>).severity === 'string'
  )
}

/** PostgREST's SQLSTATE → HTTP status table (Error.hs pgErrorStatus, v12/v13), in its order. */
export function fromDatabaseError(error: DatabaseErrorLike, role: string): ApiError {
  const code = error.code
  if (code === 'PGRST') return raisedPgrst(error)
  let status = 400
  const headers: Record<string, string> = {}
  if (code === '42501') {
    status = role === 'anon' ? 401 : 403
    if (status === 401) headers['www-authenticate'] = 'Bearer'
  } else if (code.startsWith('08')) status = 503
  else if (code.startsWith('0L') || code.startsWith('0P') || code.startsWith('28')) status = 403
  else if (code === '23503' || code === '23505') status = 409
  else if (code === '25006') status = 405
  else if (code === '21000') status = error.message.endsWith('requires a WHERE clause') ? 400 : 500
  else if (code === '53400') status = 500
  else if (code === '57P01' || code.startsWith('53')) status = 503
  else if (code === '42883' || code === '42P01') status = 404
  else if (code === 'P0001') status = 400
  // A raise with `errcode = 'PT404'` answers that status; PT and anything but digits is a 500.
  else if (code.startsWith('PT')) status = /^PT[1-5]\d\d$/.test(code) ? Number(code.slice(2)) : 500
  else if (code === '42P17') status = 500
  else if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code)) status = 500
  return new ApiError(status, code, error.message, error.detail || null, error.hint || null, headers)
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code","message","details","hint"}', detail =
 * '{"status","headers"}'`: the error and its status as the function words them; either part
 * not that JSON is PostgREST's PGRST121.
 */
function raisedPgrst(error: DatabaseErrorLike): ApiError {
  try {
    const body = JSON.parse(error.message) as Record<string, unknown>
    const reply = JSON.parse(error.detail ?? '') as { status?: unknown; headers?: unknown }
    const status = reply.status
    if (
      typeof body !== 'object' ||
      body === null ||
      typeof status !== 'number' ||
      !Number.isInteger(status) ||
      status < 100 ||
      status > 599
    )
      throw new Error('not PGRST')
    const text = (value: unknown) => (value === undefined || value === null ? null : String(value))
    const headers = Object.fromEntries(
      Object.entries(typeof reply.headers === 'object' && reply.headers !== null ? reply.headers : {}).map(([name, value]) => [
        name.toLowerCase(),
        String(value),
      ]),
    )
    return new ApiError(status, text(body.code) ?? '', text(body.message) ?? '', text(body.details), text(body.hint), headers)
  } catch {
    return new ApiError(
      500,
      'PGRST121',
      "Could not parse JSON in the RAISE SQLSTATE 'PGRST' error",
      null,
      'Make sure the MESSAGE and DETAIL use the correct JSON format',
    )
  }
}

/** The closest known name, for PostgREST-style "Perhaps you meant" hints. */
export function closestName(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Math.abs(a.length - b.length)
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}
