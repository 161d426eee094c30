// Turns a parsed `select=` into SQL: the select list of one level, plus one LATERAL
// subquery per embedded resource. Postgres builds the JSON (row_to_json / json_agg), so
// every type serializes exactly as PostgREST's output does.
//   to-one:  LEFT JOIN LATERAL (SELECT row_to_json(r) AS body FROM (<child>) r) e ON TRUE
//   to-many: LEFT JOIN LATERAL (SELECT json_agg(r) AS body FROM (<child>) r) e ON TRUE
// `!inner` turns the join INNER; a to-many inner embed also gets HAVING count(*) > 0, so
// a parent without children yields no lateral row and drops out.
import { ApiError, restErrors } from '#localbase/src/rest/errors.ts'
import type { SelectItem } from '#localbase/src/rest/parse-select.ts'
import { nodesAt, type QueryParams } from '#localbase/src/rest/query-params.ts'
import { findRelationship, isToOne } from '#localbase/src/rest/relationships.ts'
import { qualified, quoteIdent, type Column, type Relation, type SchemaCache } from '#localbase/src/rest/schema-cache.ts'
import { type Aliases, fieldSql, orderSql, type Params, whereSql, type Scope } from '#localbase/src/rest/sql.ts'
import { fieldOutputName } from '#localbase/src/rest/syntax.ts'
import type { Range } from '#localbase/src/rest/request-options.ts'

/** Something rows are selected from: a relation, or the result of a function call. */
export type Source = {
  /** The exposed relation whose foreign keys embeds may follow; null when there is none. */
  relation: string | null
  label: string
  columns: Map<string, Column>
  columnList: Column[]
}

export function relationSource(relation: Relation): Source {
  return { relation: relation.name, label: relation.name, columns: relation.columns, columnList: relation.columnList }
}

export type Join = { sql: string; inner: boolean; key: string }
export type SelectPlan = {
  selectList: string[]
  /** The output key of each select-list entry, in order. */
  outputs: string[]
  joins: Join[]
  embeds: Map<string, string>
}
/**
 * `maxRows` caps every to-many embed as well as the root (PostgREST's db-max-rows caps the root
 * only); `maxDepth` refuses a select nested deeper; `depth` is the level being planned (root 0).
 */
export type PlanContext = {
  schema: SchemaCache
  params: Params
  aliases: Aliases
  query: QueryParams
  maxRows: number
  maxDepth: number
  depth?: number
}

/**
 * @param paths where this level's embedded params live in the query string: an embed is
 * addressed by its alias or its name (`author.name=eq.x` or `authors.name=eq.x`).
 */
export function planSelect(ctx: PlanContext, source: Source, alias: string, items: SelectItem[], paths: string[]): SelectPlan {
  const plan: SelectPlan = { selectList: [], outputs: [], joins: [], embeds: new Map() }
  const scope: Scope = { alias, label: source.label, columns: source.columns }
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of source.columnList) addOutput(plan, `${alias}.${quoteIdent(column.name)}`, column.name)
    } else if (item.kind === 'field') {
      let expr = fieldSql(scope, item.field, ctx.params)
      if (item.cast) expr = `CAST(${expr} AS ${castType(ctx.schema, item.cast)})`
      addOutput(plan, expr, item.alias ?? fieldOutputName(item.field))
    } else {
      planEmbed(ctx, source, alias, item, paths, plan)
    }
  }
  return plan
}

function planEmbed(
  ctx: PlanContext,
  source: Source,
  alias: string,
  item: Extract<SelectItem, { kind: 'embed' }>,
  paths: string[],
  plan: SelectPlan,
) {
  const rel = findRelationship(ctx.schema, source.relation, item.name, item.hint)
  const key = item.alias ?? item.name
  const names = key === item.name ? [key] : [key, item.name]
  const childPaths = paths.flatMap((path) => names.map((name) => (path ? `${path}.${name}` : name)))
  const depth = (ctx.depth ?? 0) + 1
  if (depth > ctx.maxDepth) throw restErrors.embedTooDeep(depth, ctx.maxDepth)
  const childAlias = ctx.aliases.take()
  const child = planSelect({ ...ctx, depth }, relationSource(rel.target), childAlias, item.items, childPaths)
  const node = nodesAt(ctx.query, childPaths)
  const scope: Scope = { alias: childAlias, label: rel.target.name, columns: rel.target.columns, embeds: child.embeds }
  const conditions = [
    ...rel.pairs.map(([parentColumn, childColumn]) => `${childAlias}.${quoteIdent(childColumn)} = ${alias}.${quoteIdent(parentColumn)}`),
    ...whereSql(scope, node.filters, ctx.params),
  ]
  const from = `FROM ${qualified(rel.target.name)} AS ${childAlias}${joinsSql(child.joins)} WHERE ${conditions.join(' AND ')}`
  const list = child.selectList.join(', ')
  const lateral = ctx.aliases.take()
  const row = ctx.aliases.take()
  const toOne = isToOne(rel)
  const join = (sub: string) =>
    plan.joins.push({ sql: `${item.inner ? 'INNER' : 'LEFT'} JOIN LATERAL (${sub}) AS ${lateral} ON TRUE`, inner: item.inner, key })

  if (item.spread) {
    if (!toOne) {
      throw new ApiError(
        400,
        'PGRST119',
        'A spread operation on a to-many relationship is not supported',
        `'${source.label}' and '${rel.target.name}' do not form a many-to-one or one-to-one relationship`,
      )
    }
    join(`SELECT ${list} ${from}`)
    for (const name of child.outputs) addOutput(plan, `${lateral}.${quoteIdent(name)}`, name)
    return
  }
  if (toOne) {
    join(`SELECT row_to_json(${row}.*) AS "body" FROM (SELECT ${list} ${from}) AS ${row}`)
  } else {
    const order = node.order ? ` ORDER BY ${orderSql(scope, node.order, ctx.params)}` : ''
    const having = item.inner ? ' HAVING count(*) > 0' : ''
    const limit = limitSql({ offset: node.offset ?? 0, limit: Math.min(node.limit ?? Infinity, ctx.maxRows) }, ctx.params)
    join(`SELECT json_agg(${row}.*) AS "body" FROM (SELECT ${list} ${from}${order}${limit}) AS ${row}${having}`)
  }
  for (const name of names) if (!source.columns.has(name)) plan.embeds.set(name, lateral)
  // `rel()` with no columns embeds for filtering only (`!inner`) and adds no key.
  if (item.items.length) {
    addOutput(plan, toOne ? `${lateral}."body"` : `coalesce(${lateral}."body", '[]'::json)`, key)
  }
}

function addOutput(plan: SelectPlan, expr: string, name: string) {
  plan.selectList.push(`${expr} AS ${quoteIdent(name)}`)
  plan.outputs.push(name)
}

function castType(schema: SchemaCache, cast: string): string {
  const name = cast.toLowerCase()
  const resolved = name.endsWith('[]') ? schema.castTypes.get('_' + name.slice(0, -2)) : schema.castTypes.get(name)
  if (!resolved) throw new ApiError(400, '42704', `type "${cast}" does not exist`)
  return resolved
}

export function joinsSql(joins: Join[]): string {
  return joins.map((join) => ' ' + join.sql).join('')
}

export function limitSql(range: Range, params: Params): string {
  let sql = ''
  if (range.limit !== null) sql += ` LIMIT ${params.add(String(range.limit))}`
  if (range.offset > 0) sql += ` OFFSET ${params.add(String(range.offset))}`
  return sql
}

export type BodyShape = 'array' | 'object' | 'none'

/** The JSON body expression over the rows of `rows` (or one column of them, for SETOF scalar). */
export function bodySql(rows: string, shape: BodyShape, stripNulls: boolean, scalarColumn: string | null = null): string {
  if (shape === 'none') return 'NULL::text'
  // `alias.*` is the whole row even if a selected column happens to share the alias's name.
  const value = scalarColumn === null ? `${rows}.*` : `${rows}.${quoteIdent(scalarColumn)}`
  let json = shape === 'object' ? `(json_agg(${value})->0)` : `coalesce(json_agg(${value}), '[]'::json)`
  if (stripNulls) json = `json_strip_nulls(${json})`
  return `${json}::text`
}

/**
 * One statement for a read: the page as JSON, its row count, and (when counting) the total
 * over the same FROM and WHERE, joining only the embeds that filter parents.
 */
export function readStatement(options: {
  from: string
  plan: SelectPlan
  where: string[]
  usedEmbeds: Set<string>
  order: string
  range: Range
  count: boolean
  shape: BodyShape
  stripNulls: boolean
  params: Params
  rowsAlias: string
  scalarColumn?: string | null
}): string {
  const { plan, where, params } = options
  const whereClause = where.length ? ` WHERE ${where.join(' AND ')}` : ''
  const page = `SELECT ${plan.selectList.join(', ')} FROM ${options.from}${joinsSql(plan.joins)}${whereClause}${options.order ? ` ORDER BY ${options.order}` : ''}${limitSql(options.range, params)}`
  const countJoins = plan.joins.filter((join) => join.inner || options.usedEmbeds.has(join.key))
  const total = options.count ? `(SELECT count(*) FROM ${options.from}${joinsSql(countJoins)}${whereClause})::int AS "total", ` : ''
  return `SELECT ${total}count(*)::int AS "page", ${bodySql(options.rowsAlias, options.shape, options.stripNulls, options.scalarColumn)} AS "body" FROM (${page}) AS ${options.rowsAlias}`
}
