// Sorts a request's query string into PostgREST's parts: `select`, filters and logic
// trees, `order`, `limit` / `offset` (each at the root or under an embed path such as
// `books.order`), `columns`, `on_conflict`, and, for GET /rpc, function arguments.
import { parseError } from '#localbase/src/rest/errors.ts'
import { parseFilter, parseLogic, parseOrder, type Condition, type OrderTerm } from '#localbase/src/rest/parse-filters.ts'
import { parseSelect, type SelectItem } from '#localbase/src/rest/parse-select.ts'
import { Cursor, parseNameList, readField, readName } from '#localbase/src/rest/syntax.ts'

export type NodeParams = { filters: Condition[]; order: OrderTerm[] | null; limit: number | null; offset: number | null }

export type QueryParams = {
  select: SelectItem[]
  /** Per embed path ('' for the root, 'books', 'books.reviews'). */
  nodes: Map<string, NodeParams>
  columns: string[] | null
  onConflict: string[] | null
  /** Query parameters taken as function arguments (GET /rpc). */
  args: Map<string, string>
}

export const ROOT = ''

export function nodeOf(query: QueryParams, path: string): NodeParams {
  let node = query.nodes.get(path)
  if (!node) {
    node = { filters: [], order: null, limit: null, offset: null }
    query.nodes.set(path, node)
  }
  return node
}

/** The params addressed to any of `paths` (an embed's alias and its name), merged. */
export function nodesAt(query: QueryParams, paths: string[]): NodeParams {
  const merged: NodeParams = { filters: [], order: null, limit: null, offset: null }
  for (const path of paths) {
    const node = query.nodes.get(path)
    if (!node) continue
    merged.filters.push(...node.filters)
    merged.order ??= node.order
    merged.limit ??= node.limit
    merged.offset ??= node.offset
  }
  return merged
}

/**
 * @param isArgument for GET /rpc: which bare keys are the function's arguments.
 */
export function parseQuery(search: URLSearchParams, isArgument?: (key: string) => boolean): QueryParams {
  const query: QueryParams = { select: [{ kind: 'star' }], nodes: new Map(), columns: null, onConflict: null, args: new Map() }
  nodeOf(query, ROOT)
  for (const [key, value] of search) {
    if (key === 'select') query.select = parseSelect(value)
    else if (key === 'columns') query.columns = parseNameList(value, 'columns parameter')
    else if (key === 'on_conflict') query.onConflict = parseNameList(value, 'on_conflict parameter')
    else if (isArgument?.(key)) query.args.set(key, value)
    else addParam(query, key, value)
  }
  return query
}

function addParam(query: QueryParams, key: string, value: string) {
  const cursor = new Cursor(key, 'query parameter')
  // An embed path is a run of names followed by dots; what remains is a column with an
  // optional JSON path, or one of the reserved words.
  const path: string[] = []
  for (;;) {
    const start = cursor.pos
    const name = readName(cursor)
    if (cursor.startsWith('.') && !isReservedTail(key.slice(start))) {
      cursor.pos++
      path.push(name)
      continue
    }
    cursor.pos = start
    break
  }
  const node = nodeOf(query, path.join('.'))
  const tail = key.slice(cursor.pos)
  switch (tail) {
    case 'order':
      node.order = parseOrder(value)
      return
    case 'limit':
      node.limit = parseCount(value, 'limit parameter')
      return
    case 'offset':
      node.offset = parseCount(value, 'offset parameter')
      return
    case 'or':
    case 'and':
      node.filters.push(parseLogic(tail, false, value))
      return
    case 'not.or':
    case 'not.and':
      node.filters.push(parseLogic(tail === 'not.or' ? 'or' : 'and', true, value))
      return
  }
  const field = readField(cursor)
  if (!cursor.done) cursor.fail('"->", "->>" or end of input')
  node.filters.push(parseFilter(field, value))
}

function isReservedTail(tail: string) {
  return tail === 'not.or' || tail === 'not.and'
}

function parseCount(value: string, what: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(what, value, 0, 'a non-negative integer')
  return Number(value)
}
