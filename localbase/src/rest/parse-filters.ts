// Horizontal filtering: `col=[not.]op[(modifier)].value`, logic trees `or=(a.eq.1,and(…))`
// and `order=a.desc.nullslast,b`. Only the syntax is checked here; names are checked
// against the schema cache when the SQL is built.
import { ApiError, parseError } from '#localbase/src/rest/errors.ts'
import { Cursor, readField, readName, readQuoted, splitTopLevel, type Field } from '#localbase/src/rest/syntax.ts'

export const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
])
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
const TEXT_SEARCH = new Set(['fts', 'plfts', 'phfts', 'wfts'])
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown'])

export type Filter = {
  kind: 'filter'
  field: Field
  negate: boolean
  op: string
  /** `any` / `all` for `eq(any).{a,b}`. */
  quantifier: 'any' | 'all' | null
  /** The text-search configuration of `fts(english)`. */
  config: string | null
  /** The operand; for `is` the lower-cased keyword, for `like` with `*` already turned into `%`. */
  value: string
  /** The items of `in.(…)`. */
  list: string[] | null
}
export type Logic = { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] }
export type Condition = Filter | Logic

export type OrderTerm = { field: Field; direction: 'asc' | 'desc' | null; nulls: 'first' | 'last' | null }

/** `col=<value>`: the value carries the operator. */
export function parseFilter(field: Field, value: string): Filter {
  return parseOperation(new Cursor(value, 'filter'), field, false)
}

/** `or=(…)`, `and=(…)`, `not.or=(…)`: the value is a parenthesised list of conditions. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Logic {
  return { kind: 'logic', op, negate, children: parseLogicList(value, value) }
}

function parseLogicList(value: string, whole: string): Condition[] {
  if (!value.startsWith('(') || !value.endsWith(')') || value.length < 3) {
    throw parseError('logic tree', whole, Math.max(0, whole.indexOf(value)), '"(" and a non-empty list of conditions')
  }
  return splitTopLevel(value.slice(1, -1)).map((part) => parseLogicItem(part, whole))
}

function parseLogicItem(part: string, whole: string): Condition {
  const nested = /^(not\.)?(and|or)\(/.exec(part)
  if (nested) {
    return {
      kind: 'logic',
      op: nested[2] as 'and' | 'or',
      negate: !!nested[1],
      children: parseLogicList(part.slice(nested[0].length - 1), whole),
    }
  }
  const cursor = new Cursor(part, 'logic tree')
  const field = readField(cursor)
  cursor.expect('.')
  return parseOperation(cursor, field, true)
}

function parseOperation(cursor: Cursor, field: Field, inLogicTree: boolean): Filter {
  const negate = cursor.eat('not.')
  const start = cursor.pos
  while (/[a-z]/.test(cursor.peek())) cursor.pos++
  const op = cursor.input.slice(start, cursor.pos)
  if (!OPERATORS.has(op)) {
    cursor.pos = start
    cursor.fail('operator (eq, gt, …)')
  }
  let quantifier: Filter['quantifier'] = null
  let config: string | null = null
  if (cursor.eat('(')) {
    if (TEXT_SEARCH.has(op)) config = readName(cursor, 'text search configuration')
    else if (QUANTIFIABLE.has(op) && (cursor.startsWith('any)') || cursor.startsWith('all)'))) {
      quantifier = cursor.startsWith('any') ? 'any' : 'all'
      cursor.pos += 3
    } else cursor.fail('"any" or "all"')
    cursor.expect(')')
  }
  cursor.expect('.')
  let value = inLogicTree && cursor.peek() === '"' ? readQuotedToEnd(cursor) : cursor.rest()

  let list: string[] | null = null
  if (op === 'in') list = parseInList(value, cursor)
  else if (op === 'is') {
    value = value.toLowerCase()
    if (!IS_VALUES.has(value)) {
      cursor.pos = cursor.input.length - value.length
      cursor.fail('null, not_null, true, false or unknown')
    }
  } else if (quantifier && !(value.startsWith('{') && value.endsWith('}'))) {
    cursor.pos = cursor.input.length - value.length
    cursor.fail('"{"')
  }
  if (op === 'like' || op === 'ilike') value = value.replaceAll('*', '%')
  return { kind: 'filter', field, negate, op, quantifier, config, value, list }
}

function readQuotedToEnd(cursor: Cursor): string {
  const value = readQuoted(cursor)
  if (!cursor.done) cursor.fail('"," or ")"')
  return value
}

/** `(a,"b,c",d)`: quoted items may hold commas and parentheses. */
function parseInList(value: string, cursor: Cursor): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    cursor.pos = cursor.input.length - value.length
    cursor.fail('"("')
  }
  const inner = value.slice(1, -1)
  if (inner === '') return []
  return splitTopLevel(inner).map((item) => {
    if (!item.startsWith('"')) return item
    const itemCursor = new Cursor(item, 'filter')
    const unquoted = readQuoted(itemCursor)
    if (!itemCursor.done) itemCursor.fail('"," or ")"')
    return unquoted
  })
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((part) => {
    const cursor = new Cursor(part, 'order')
    const field = readField(cursor)
    if (cursor.peek() === '(') {
      throw new ApiError(
        400,
        'PGRST100',
        `"failed to parse order (${value})"`,
        'Ordering by the columns of embedded resources is not supported by localbase',
      )
    }
    let direction: OrderTerm['direction'] = null
    let nulls: OrderTerm['nulls'] = null
    while (cursor.eat('.')) {
      const word = readName(cursor, 'asc, desc, nullsfirst or nullslast')
      if ((word === 'asc' || word === 'desc') && direction === null && nulls === null) direction = word
      else if ((word === 'nullsfirst' || word === 'nullslast') && nulls === null) nulls = word === 'nullsfirst' ? 'first' : 'last'
      else {
        cursor.pos -= word.length
        cursor.fail('asc, desc, nullsfirst or nullslast')
      }
    }
    if (!cursor.done) cursor.fail('"." or ","')
    return { field, direction, nulls }
  })
}
