// What the read, write and rpc handlers share about one request.
import type { Localbase } from '#localbase/src/context.ts'
import { asRole, type Claims, type Tx } from '#localbase/src/db.ts'
import { restErrors } from '#localbase/src/rest/errors.ts'
import type { MediaType, Prefer } from '#localbase/src/rest/request-options.ts'
import type { SchemaCache } from '#localbase/src/rest/schema-cache.ts'
import type { StatementResult } from '#localbase/src/rest/response.ts'

export type RestContext = {
  lb: Localbase
  request: Request
  url: URL
  /** The path after /rest/v1, e.g. "/books", as `request.path` is set for SQL. */
  path: string
  method: string
  claims: Claims
  schema: SchemaCache
  prefer: Prefer
  media: MediaType
  /** The request body, read once (GET and HEAD have none). */
  body: string
}

/** Runs `work` in the request's one transaction, as the caller's role with their claims. */
export function runAs<T>(ctx: RestContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const headers: Record<string, string> = {}
  ctx.request.headers.forEach((value, name) => {
    headers[name] = value
  })
  return asRole(ctx.lb.db, ctx.claims, work, { method: ctx.method, path: ctx.path, headers })
}

/**
 * Runs one statement (prepared: the same shapes of request recur) and reads its single result
 * row; an answer over the configured size is refused (LB002) rather than sent.
 */
export async function queryResult(
  ctx: RestContext,
  tx: Tx,
  sql: string,
  params: (string | null)[],
): Promise<StatementResult & Record<string, unknown>> {
  const { rows } = await tx.prepared<StatementResult & Record<string, unknown>>(sql, params)
  const row = rows[0]!
  const body = row.body ?? null
  // UTF-8 takes at most three bytes per UTF-16 unit: measure exactly only near the bound.
  if (body !== null && body.length * 3 > ctx.lb.config.maxAnswerBytes) {
    const bytes = Buffer.byteLength(body)
    if (bytes > ctx.lb.config.maxAnswerBytes) throw restErrors.answerTooLarge(bytes, ctx.lb.config.maxAnswerBytes)
  }
  return { ...row, page: row.page ?? 0, total: row.total ?? null, body }
}

/** The JSON request body: an object or array, else 400 PGRST102. */
export function jsonBody(ctx: RestContext): unknown {
  try {
    if (ctx.body.trim() === '') throw new Error('empty')
    return JSON.parse(ctx.body)
  } catch {
    throw restErrors.invalidJson()
  }
}
