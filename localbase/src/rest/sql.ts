// SQL fragments from parsed requests. The two rules that keep this safe: every name is
// looked up in the schema cache and double-quoted, and every value from the request
// becomes a bound parameter ($n). Nothing from the request is spliced into SQL text.
import { ApiError, restErrors } from '#localbase/src/rest/errors.ts'
import type { Condition, Filter, OrderTerm } from '#localbase/src/rest/parse-filters.ts'
import { type Column, quoteIdent } from '#localbase/src/rest/schema-cache.ts'
import type { Field } from '#localbase/src/rest/syntax.ts'

export class Params {
  readonly values: (string | null)[] = []
  /** Binds a value and returns its placeholder. */
  add(value: string | null): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** What a condition or field can refer to: one relation under one alias. */
export type Scope = {
  /** The quoted alias the relation's columns are reached through, e.g. "_lb0". */
  alias: string
  /** The relation's name in error messages. */
  label: string
  columns: Map<string, Column>
  /** Embeds at this level (output key → lateral alias), for `embed=is.null` filters. */
  embeds?: Map<string, string>
  /** Filled with the embed keys conditions refer to (they must be joined when counting). */
  usedEmbeds?: Set<string>
}

export function columnSql(scope: Scope, name: string): string {
  if (!scope.columns.has(name)) throw restErrors.undefinedColumn(name, scope.label)
  return `${scope.alias}.${quoteIdent(name)}`
}

export function fieldSql(scope: Scope, field: Field, params: Params): string {
  let sql = columnSql(scope, field.name)
  for (const step of field.json) {
    // An integer key indexes a JSON array, any other key names an object member.
    const key = /^-?\d+$/.test(step.key) ? `${params.add(step.key)}::int` : `${params.add(step.key)}::text`
    sql = `(${sql}${step.arrow}${key})`
  }
  return sql
}

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'IS DISTINCT FROM',
}
const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}
const IS: Record<string, string> = {
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
}

export function conditionSql(scope: Scope, condition: Condition, params: Params): string {
  let sql: string
  if (condition.kind === 'logic') {
    const parts = condition.children.map((child) => conditionSql(scope, child, params))
    sql = `(${parts.join(condition.op === 'and' ? ' AND ' : ' OR ')})`
  } else sql = filterSql(scope, condition, params)
  return condition.negate ? `NOT ${sql}` : sql
}

function filterSql(scope: Scope, filter: Filter, params: Params): string {
  const embedAlias = filter.field.json.length === 0 ? scope.embeds?.get(filter.field.name) : undefined
  if (embedAlias && !scope.columns.has(filter.field.name)) {
    // `author=is.null` / `author=not.is.null`: whether the embedded resource exists.
    if (filter.op !== 'is' || (filter.value !== 'null' && filter.value !== 'not_null')) {
      throw new ApiError(
        400,
        'PGRST100',
        `"failed to parse filter (${filter.op}.${filter.value})"`,
        'Only is.null and not.is.null filters are allowed on embedded resources',
      )
    }
    scope.usedEmbeds?.add(filter.field.name)
    return `(${embedAlias}."body" ${IS[filter.value]})`
  }
  const lhs = fieldSql(scope, filter.field, params)
  if (filter.op === 'is') return `(${lhs} ${IS[filter.value]})`
  if (filter.op === 'in') return `(${lhs} = ANY(${params.add(arrayLiteral(filter.list ?? []))}))`
  const tsquery = TSQUERY[filter.op]
  if (tsquery) {
    const query = params.add(filter.value)
    const args = filter.config === null ? query : `${params.add(filter.config)}::regconfig, ${query}`
    return `(${lhs} @@ ${tsquery}(${args}))`
  }
  const operator = COMPARISONS[filter.op]!
  if (filter.quantifier) return `(${lhs} ${operator} ${filter.quantifier.toUpperCase()}(${params.add(filter.value)}))`
  return `(${lhs} ${operator} ${params.add(filter.value)})`
}

/** A Postgres array literal with every element quoted, for `in.(…)` lists. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
}

export function whereSql(scope: Scope, conditions: Condition[], params: Params): string[] {
  return conditions.map((condition) => conditionSql(scope, condition, params))
}

export function orderSql(scope: Scope, terms: OrderTerm[], params: Params): string {
  return terms
    .map((term) => {
      let sql = fieldSql(scope, term.field, params)
      if (term.direction) sql += term.direction === 'asc' ? ' ASC' : ' DESC'
      if (term.nulls) sql += term.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST'
      return sql
    })
    .join(', ')
}

/** Sequential aliases (_lb0, _lb1, …) for the relations and subqueries of one statement. */
export class Aliases {
  private next = 0
  take(): string {
    return `"_lb${this.next++}"`
  }
}
