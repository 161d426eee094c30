// POST (insert, upsert), PATCH and DELETE. Each is one statement:
//   WITH pgrst_source AS (<INSERT | UPDATE | DELETE … RETURNING …>)
//   SELECT <affected rows>, <representation as JSON built by Postgres>
// The payload travels as one JSON parameter, spread into rows by json_populate_recordset,
// so Postgres converts every value to its column's type.
import { ApiError, restErrors, RollbackWith } from '#localbase/src/rest/errors.ts'
import { buildMutation, type Payload } from '#localbase/src/rest/mutation-sql.ts'
import { parseQuery, type QueryParams } from '#localbase/src/rest/query-params.ts'
import { preferenceApplied } from '#localbase/src/rest/request-options.ts'
import { assertSingular, bodyResponse, contentRange } from '#localbase/src/rest/response.ts'
import { jsonBody, queryResult, runAs, type RestContext } from '#localbase/src/rest/rest-context.ts'
import type { Relation } from '#localbase/src/rest/schema-cache.ts'

type Verb = 'insert' | 'update' | 'delete'

export async function writeRelation(ctx: RestContext, relation: Relation, verb: Verb): Promise<Response> {
  const query = parseQuery(ctx.url.searchParams)
  const payload = verb === 'delete' ? null : payloadOf(ctx, verb, query, relation)
  const statement = buildMutation(ctx, relation, verb, query, payload)
  const { prefer, media } = ctx

  return runAs(ctx, async (tx) => {
    const result = await queryResult(ctx, tx, statement.sql, statement.params)
    const affected = result.total ?? 0
    if (prefer.handling === 'strict' && prefer.maxAffected !== null && affected > prefer.maxAffected) {
      throw new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`)
    }
    const representation = prefer.return === 'representation'
    assertSingular(media, representation ? result.page : affected)

    const headers = new Headers()
    const counted = prefer.count !== null ? affected : null
    headers.set('content-range', verb === 'update' ? contentRange(0, affected - 1, counted) : contentRange(1, 0, counted))
    const applied = preferenceApplied(prefer, ['return', 'count', 'resolution', 'missing', 'tx', 'handling', 'maxAffected'])
    if (applied) headers.set('preference-applied', applied)
    if (prefer.return === 'headers-only' && typeof result.location === 'string') {
      headers.set('location', locationOf(relation, result.location))
    }

    let status = verb === 'insert' ? 201 : representation ? 200 : 204
    // An upsert that only updated existing rows answers 200, as PostgREST does.
    if (verb === 'insert' && prefer.resolution === 'merge-duplicates' && affected > 0 && result.inserted === 0) status = 200
    const response = representation ? bodyResponse(media, result.body ?? '[]', status, headers) : new Response(null, { status, headers })
    if (prefer.tx === 'rollback') throw new RollbackWith(response)
    return response
  })
}

function payloadOf(ctx: RestContext, verb: Verb, query: QueryParams, relation: Relation): Payload {
  const body = jsonBody(ctx)
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) throw restErrors.invalidJson()
  if (verb === 'update' && (Array.isArray(body) || rows.length !== 1)) throw restErrors.invalidJson()

  let columns = query.columns
  if (!columns) {
    const first = Object.keys(rows[0] ?? {})
    // Without `columns=`, every object must have the same keys (PostgREST's rule).
    const same = (row: object) => {
      const keys = Object.keys(row)
      return keys.length === first.length && keys.every((key) => first.includes(key))
    }
    if (!rows.every(same)) throw new ApiError(400, 'PGRST102', 'All object keys must match')
    columns = first
  }
  for (const column of columns) {
    if (!relation.columns.has(column)) throw restErrors.columnNotFound(column, relation.name)
  }
  return { json: JSON.stringify(rows), columns: [...new Set(columns)] }
}

function locationOf(relation: Relation, json: string): string {
  const keys = JSON.parse(json) as Record<string, unknown>
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(keys)) search.append(name, `eq.${value === null ? 'null' : String(value)}`)
  return `/${relation.name}?${search.toString()}`
}
