// The SQL of one mutation request (see write.ts for the shape). With return=minimal the
// statement returns no column of the row (RETURNING 1), so, as on PostgREST, an insert
// needs no SELECT policy unless a representation is asked for.
import { restErrors } from '#localbase/src/rest/errors.ts'
import { nodeOf, ROOT, type QueryParams } from '#localbase/src/rest/query-params.ts'
import type { RestContext } from '#localbase/src/rest/rest-context.ts'
import { qualified, quoteIdent, type Relation } from '#localbase/src/rest/schema-cache.ts'
import { limitSql, planSelect, readStatement, relationSource } from '#localbase/src/rest/select-plan.ts'
import { Aliases, orderSql, Params, whereSql, type Scope } from '#localbase/src/rest/sql.ts'

type Verb = 'insert' | 'update' | 'delete'

export type Payload = {
  /** The rows as one JSON array text, bound as a single parameter. */
  json: string
  /** The target columns: `columns=`, else the payload's keys. */
  columns: string[]
}

/** PATCH and DELETE need a filter, as on Supabase where pg-safeupdate guards the API role. */
function assertFiltered(query: QueryParams, verb: 'UPDATE' | 'DELETE') {
  const root = nodeOf(query, ROOT)
  if (root.filters.length === 0 && root.limit === null) throw restErrors.missingWhere(verb)
}

export function buildMutation(ctx: RestContext, relation: Relation, verb: Verb, query: QueryParams, payload: Payload | null) {
  const params = new Params()
  const aliases = new Aliases()
  const alias = aliases.take()
  const table = qualified(relation.name)
  const { prefer } = ctx
  const upsertMerge = verb === 'insert' && prefer.resolution === 'merge-duplicates'

  const returning: string[] = []
  if (prefer.return === 'representation') returning.push(`${alias}.*`)
  else if (prefer.return === 'headers-only' && relation.primaryKey.length) {
    returning.push(...relation.primaryKey.map((name) => `${alias}.${quoteIdent(name)}`))
  } else returning.push('1 AS "pgrst_one"')
  // A row an upsert inserted has no xmax yet; one it updated carries this transaction's.
  if (upsertMerge) returning.push(`(${alias}.xmax = 0) AS "pgrst_inserted"`)

  let mutation: string
  if (verb === 'insert') mutation = insertSql(ctx, relation, query, payload!, alias, params)
  else {
    assertFiltered(query, verb === 'update' ? 'UPDATE' : 'DELETE')
    const where = rootWhere(relation, query, alias, aliases, params)
    if (verb === 'delete') mutation = `DELETE FROM ${table} AS ${alias} WHERE ${where}`
    else if (payload!.columns.length === 0) {
      // Nothing to set: PostgREST answers with no rows rather than invalid SQL. The filters
      // stay in the text so that their parameters remain typed.
      mutation = `SELECT ${alias}.* FROM ${table} AS ${alias} WHERE false AND ${where}`
      returning.length = 0
    } else {
      const sets = payload!.columns.map((name) => `${quoteIdent(name)} = "_body".${quoteIdent(name)}`)
      mutation = `UPDATE ${table} AS ${alias} SET ${sets.join(', ')} FROM json_populate_record(NULL::${table}, (${params.add(payload!.json)}::json)->0) AS "_body" WHERE ${where}`
    }
  }
  if (returning.length) mutation += ` RETURNING ${returning.join(', ')}`

  const outputs = ['(SELECT count(*) FROM "pgrst_source")::int AS "total"']
  if (upsertMerge) outputs.push('(SELECT count(*) FROM "pgrst_source" WHERE "pgrst_inserted")::int AS "inserted"')
  if (prefer.return === 'headers-only' && relation.primaryKey.length) {
    const keys = relation.primaryKey.map(quoteIdent).join(', ')
    outputs.push(`(SELECT row_to_json("_key")::text FROM (SELECT ${keys} FROM "pgrst_source" LIMIT 1) AS "_key") AS "location"`)
  }
  let sql: string
  if (prefer.return === 'representation') {
    const rowAlias = aliases.take()
    const plan = planSelect(
      { schema: ctx.schema, params, aliases, query, maxRows: ctx.lb.config.maxRows, maxDepth: ctx.lb.config.maxEmbedDepth },
      relationSource(relation),
      rowAlias,
      query.select,
      [ROOT],
    )
    const representation = readStatement({
      from: `"pgrst_source" AS ${rowAlias}`,
      plan,
      where: [],
      usedEmbeds: new Set(),
      order: '',
      range: { offset: 0, limit: null },
      count: false,
      shape: ctx.media.kind === 'object' ? 'object' : 'array',
      stripNulls: ctx.media.stripNulls,
      params,
      rowsAlias: aliases.take(),
    })
    sql = `WITH "pgrst_source" AS (${mutation}) SELECT ${outputs.join(', ')}, "_agg"."page", "_agg"."body" FROM (${representation}) AS "_agg"`
  } else {
    sql = `WITH "pgrst_source" AS (${mutation}) SELECT ${outputs.join(', ')}`
  }
  return { sql, params: params.values }
}

function insertSql(ctx: RestContext, relation: Relation, query: QueryParams, payload: Payload, alias: string, params: Params): string {
  const table = qualified(relation.name)
  const body = params.add(payload.json)
  const columns = payload.columns
  const list = columns.map(quoteIdent).join(', ')
  let sql: string
  if (columns.length === 0) {
    sql = `INSERT INTO ${table} AS ${alias} SELECT FROM json_array_elements(${body}::json)`
  } else if (ctx.prefer.missing === 'default') {
    // A key missing from a row takes the column default; the default expressions come
    // from the catalog (pg_get_expr), never from the request.
    const values = columns.map((name) => {
      const fallback = relation.columns.get(name)!.defaultExpr ?? 'NULL'
      return `CASE WHEN "_j"."j" ? ${params.add(name)} THEN "_r".${quoteIdent(name)} ELSE ${fallback} END`
    })
    sql =
      `INSERT INTO ${table} AS ${alias} (${list}) SELECT ${values.join(', ')} ` +
      `FROM jsonb_array_elements(${body}::jsonb) WITH ORDINALITY AS "_j"("j", "i") ` +
      `CROSS JOIN LATERAL jsonb_populate_record(NULL::${table}, "_j"."j") AS "_r" ORDER BY "_j"."i"`
  } else {
    const values = columns.map((name) => `"_body".${quoteIdent(name)}`)
    sql = `INSERT INTO ${table} AS ${alias} (${list}) SELECT ${values.join(', ')} FROM json_populate_recordset(NULL::${table}, ${body}::json) AS "_body"`
  }

  const resolution = ctx.prefer.resolution
  if (resolution) {
    const target = query.onConflict ?? relation.primaryKey
    for (const name of target) if (!relation.columns.has(name)) throw restErrors.columnNotFound(name, relation.name)
    const conflict = target.length ? ` ON CONFLICT (${target.map(quoteIdent).join(', ')})` : ' ON CONFLICT'
    if (resolution === 'ignore-duplicates' || columns.length === 0) sql += `${conflict} DO NOTHING`
    else if (target.length) {
      sql += `${conflict} DO UPDATE SET ${columns.map((name) => `${quoteIdent(name)} = EXCLUDED.${quoteIdent(name)}`).join(', ')}`
    }
  }
  return sql
}

/** The root filters; with limit/offset, PostgREST's "limited" form over the matching ctids. */
function rootWhere(relation: Relation, query: QueryParams, alias: string, aliases: Aliases, params: Params): string {
  const root = nodeOf(query, ROOT)
  const scope: Scope = { alias, label: relation.name, columns: relation.columns }
  if (root.limit === null && root.offset === null) return whereSql(scope, root.filters, params).join(' AND ')
  const inner = aliases.take()
  const innerScope: Scope = { ...scope, alias: inner }
  const innerWhere = whereSql(innerScope, root.filters, params)
  const order = root.order ? ` ORDER BY ${orderSql(innerScope, root.order, params)}` : ''
  return (
    `${alias}.ctid = ANY(ARRAY(SELECT ${inner}.ctid FROM ${qualified(relation.name)} AS ${inner}` +
    `${innerWhere.length ? ` WHERE ${innerWhere.join(' AND ')}` : ''}${order}${limitSql({ offset: root.offset ?? 0, limit: root.limit }, params)}))`
  )
}
