// /rpc/<fn>: POST with named arguments as a JSON object, GET/HEAD with them in the query
// string. The overload is chosen by argument names, as PostgREST does. Results:
// void → 204; scalar → bare JSON; composite → object; SETOF → array that select,
// filters, order, limit and count apply to as for a table.
import { ApiError, closestName, RollbackWith } from '#localbase/src/rest/errors.ts'
import { nodeOf, parseQuery, ROOT, type QueryParams } from '#localbase/src/rest/query-params.ts'
import { effectiveRange, parseRangeHeader, preferenceApplied, type Range } from '#localbase/src/rest/request-options.ts'
import { readResponse } from '#localbase/src/rest/response.ts'
import { jsonBody, queryResult, runAs, type RestContext } from '#localbase/src/rest/rest-context.ts'
import { qualified, quoteIdent, type Column, type FunctionDef, type FunctionParam } from '#localbase/src/rest/schema-cache.ts'
import { planSelect, readStatement, type Source } from '#localbase/src/rest/select-plan.ts'
import { Aliases, orderSql, Params, whereSql, type Scope } from '#localbase/src/rest/sql.ts'

const JSON_TYPES = new Set(['json', 'jsonb'])

export async function callFunction(ctx: RestContext, name: string): Promise<Response> {
  const read = ctx.method === 'GET' || ctx.method === 'HEAD'
  if (!read && ctx.method !== 'POST') {
    throw new ApiError(405, 'PGRST101', `Cannot use the ${ctx.method} method on RPC`)
  }
  const overloads = ctx.schema.functions.get(name) ?? []
  const argNames = new Set(overloads.flatMap((fn) => fn.params.map((param) => param.name)))
  const query = parseQuery(ctx.url.searchParams, read ? (key) => argNames.has(key) : undefined)
  const posted = read ? undefined : postedBody(ctx)
  const named = read || isObject(posted)
  const args: Record<string, unknown> = read ? Object.fromEntries(query.args) : isObject(posted) ? posted : {}
  const { fn, whole } = chooseFunction(ctx, name, overloads, args, named)

  const params = new Params()
  const call = whole
    ? `${qualified(fn.name)}(${params.add(JSON.stringify(posted))}::${fn.params[0]!.type})`
    : callSql(fn, args, read, params)
  // supabase-js sends `rpc(…, { head: true })` with object arguments as POST + return=minimal.
  const bodiless = ctx.method === 'HEAD' || (ctx.method === 'POST' && ctx.prefer.return === 'minimal')
  const headers = new Headers()
  const applied = preferenceApplied(ctx.prefer, ['return', 'count', 'tx', 'singleObject'])
  if (applied) headers.set('preference-applied', applied)

  let sql: string
  let range: Range = { offset: 0, limit: null }
  if (fn.returnsVoid) {
    // The call stays in the outer select list: in a subquery whose value nobody reads, Postgres
    // drops a stable or immutable function without running it (and its permission check).
    sql = `SELECT 1 AS "page", NULL::text AS "body", ${call} AS "_void"`
  } else if (!fn.returnColumns && !fn.returnsSet) {
    sql = `SELECT 1 AS "page", to_json(${call})::text AS "body"`
  } else {
    if (fn.returnsSet) {
      const root = nodeOf(query, ROOT)
      range = effectiveRange(read ? parseRangeHeader(ctx.request) : null, root.offset, root.limit, ctx.lb.config.maxRows)
    }
    sql = relationalStatement(ctx, fn, call, query, params, range, bodiless)
  }

  return runAs(ctx, async (tx) => {
    // GET must not write, as PostgREST runs it in a read-only transaction (25006 → 405).
    if (read && fn.volatility === 'v') await tx.query(`select set_config('transaction_read_only', 'on', true)`)
    const result = await queryResult(ctx, tx, sql, params.values)
    let response: Response
    if (fn.returnsVoid) response = new Response(null, { status: 204, headers })
    else if (fn.returnsSet) response = readResponse(ctx.media, result, range.offset, headers)
    else {
      headers.set('content-type', 'application/json; charset=utf-8')
      response = new Response(bodiless ? null : (result.body ?? 'null'), { status: 200, headers })
    }
    if (ctx.prefer.tx === 'rollback') throw new RollbackWith(response)
    return response
  })
}

/**
 * Composite and set results are selected from like a table:
 *   WITH pgrst_call AS (SELECT _f.* FROM fn(…) AS _f) <read statement over pgrst_call>
 * A CTE used twice (page and count) is computed once; used once, Postgres may inline it
 * (and an inlinable SQL function with it).
 */
function relationalStatement(
  ctx: RestContext,
  fn: FunctionDef,
  call: string,
  query: QueryParams,
  params: Params,
  range: Range,
  bodiless: boolean,
): string {
  const aliases = new Aliases()
  const alias = aliases.take()
  const columns: Column[] = fn.returnColumns ?? [{ name: fn.name, type: 'unknown', notNull: false, defaultExpr: null, generated: '' }]
  const source: Source = {
    relation: fn.returnTable,
    label: fn.name,
    columns: new Map(columns.map((col) => [col.name, col])),
    columnList: columns,
  }
  const plan = planSelect(
    { schema: ctx.schema, params, aliases, query, maxRows: ctx.lb.config.maxRows, maxDepth: ctx.lb.config.maxEmbedDepth },
    source,
    alias,
    query.select,
    [ROOT],
  )
  const root = nodeOf(query, ROOT)
  const scope: Scope = { alias, label: fn.name, columns: source.columns, embeds: plan.embeds, usedEmbeds: new Set() }
  const statement = readStatement({
    from: `"pgrst_call" AS ${alias}`,
    plan,
    where: whereSql(scope, root.filters, params),
    usedEmbeds: scope.usedEmbeds!,
    order: root.order ? orderSql(scope, root.order, params) : '',
    range,
    count: fn.returnsSet && ctx.prefer.count !== null,
    shape: bodiless ? 'none' : !fn.returnsSet || ctx.media.kind === 'object' ? 'object' : 'array',
    stripNulls: ctx.media.stripNulls,
    params,
    rowsAlias: aliases.take(),
    // A SETOF scalar is one column named after the function; its values form the array.
    scalarColumn: fn.returnColumns ? null : fn.name,
  })
  const columnAlias = fn.returnColumns ? '' : `(${quoteIdent(fn.name)})`
  return `WITH "pgrst_call" AS (SELECT "_f".* FROM ${call} AS "_f"${columnAlias}) ${statement}`
}

/** The POST body: `{}` when empty, 400 PGRST102 when not JSON. */
function postedBody(ctx: RestContext): unknown {
  return ctx.body.trim() === '' ? {} : jsonBody(ctx)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The overload whose named parameters cover the given argument names (all required ones
 * given, none unknown); else one taking a single unnamed json/jsonb parameter, which
 * receives the whole body.
 */
function chooseFunction(ctx: RestContext, name: string, overloads: FunctionDef[], args: Record<string, unknown>, named: boolean) {
  const keys = Object.keys(args)
  const single = (fn: FunctionDef) =>
    fn.params.length === 1 && JSON_TYPES.has(fn.params[0]!.type) && (fn.params[0]!.name === '' || ctx.prefer.singleObject)
  if (ctx.method === 'POST') {
    const whole = overloads.filter(single)
    if ((ctx.prefer.singleObject || !named) && whole.length === 1) return { fn: whole[0]!, whole: true }
    if (!named) throw functionNotFound(ctx, name, [], overloads)
  }
  const matches = overloads.filter(
    (fn) =>
      keys.every((key) => fn.params.some((param) => param.name === key)) &&
      fn.params.every((param) => param.hasDefault || keys.includes(param.name)),
  )
  if (matches.length === 1) return { fn: matches[0]!, whole: false }
  if (matches.length > 1) {
    const list = matches.map((fn) => `public.${name}(${fn.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`).join(', ')
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  const whole = ctx.method === 'POST' ? overloads.filter(single) : []
  if (whole.length === 1) return { fn: whole[0]!, whole: true }
  throw functionNotFound(ctx, name, keys, overloads)
}

function functionNotFound(ctx: RestContext, name: string, keys: string[], overloads: FunctionDef[]): ApiError {
  const sorted = [...keys].sort()
  const signature = sorted.length ? `public.${name}(${sorted.join(', ')})` : `public.${name} without parameters`
  const searched = sorted.length ? `public.${name} with parameters ${sorted.join(', ')}` : `public.${name} without parameters`
  let hint: string | null = null
  if (overloads[0])
    hint = `Perhaps you meant to call the function public.${name}(${overloads[0].params.map((param) => param.name).join(', ')})`
  else {
    const suggestion = closestName(name, ctx.schema.functions.keys())
    if (suggestion) hint = `Perhaps you meant to call the function public.${suggestion}`
  }
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${signature} in the schema cache`,
    `Searched for the function ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint,
  )
}

/**
 * The call, with named arguments cast to the declared parameter types (catalog text, from
 * format_type). GET arguments are text. POST arguments are JSON: scalars travel as text,
 * json/jsonb arguments as JSON text, and arrays or objects for other types through
 * json_to_record, which builds Postgres arrays and composites from JSON.
 */
function callSql(fn: FunctionDef, args: Record<string, unknown>, read: boolean, params: Params): string {
  const list = fn.params
    .filter((param) => param.name in args)
    .map(
      (param) =>
        `${quoteIdent(param.name)} := ${read ? `${params.add(String(args[param.name]))}::${param.type}` : argumentSql(param, args[param.name], params)}`,
    )
  return `${qualified(fn.name)}(${list.join(', ')})`
}

function argumentSql(param: FunctionParam, value: unknown, params: Params): string {
  if (value === null || value === undefined) return `${params.add(null)}::${param.type}`
  if (JSON_TYPES.has(param.type)) return `${params.add(JSON.stringify(value))}::${param.type}`
  if (typeof value !== 'object') return `${params.add(String(value))}::${param.type}`
  return `(SELECT "v" FROM json_to_record(${params.add(JSON.stringify({ v: value }))}::json) AS "_arg"("v" ${param.type}))`
}
