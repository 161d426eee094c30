// The REST layer's picture of the exposed schema: relations, their columns, keys and
// foreign keys, and the functions callable through /rpc. It is read from the catalog
// once and kept, so a request costs no catalog query; it is reloaded on a miss (a
// table, column, function or relationship the cache does not know, at most once a
// second) and on `NOTIFY pgrst, 'reload schema'`, as PostgREST does.
import type { Database } from '#localbase/src/db.ts'
import { forgetPreparedStatements } from '#localbase/src/prepared.ts'
import { CATALOG_SQL, type CatalogSnapshot } from '#localbase/src/rest/catalog-sql.ts'

export const EXPOSED_SCHEMA = 'public'

export type Column = {
  name: string
  /** format_type() of the column, e.g. "text[]", "timestamp with time zone". */
  type: string
  notNull: boolean
  /** The default expression as the catalog prints it (trusted catalog text), or null. */
  defaultExpr: string | null
  /** 's' for generated columns. */
  generated: string
}

export type Relation = {
  name: string
  kind: 'table' | 'view'
  columns: Map<string, Column>
  columnList: Column[]
  primaryKey: string[]
  /** Column sets that are unique (primary key and unique indexes). */
  uniques: string[][]
}

export type ForeignKey = {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export type FunctionParam = { name: string; type: string; hasDefault: boolean }

export type FunctionDef = {
  name: string
  params: FunctionParam[]
  returnsSet: boolean
  returnsVoid: boolean
  /** Result columns for composite results (table rowtype, composite type, OUT/TABLE params). */
  returnColumns: Column[] | null
  /** The exposed table whose rowtype the function returns, which makes its results embeddable. */
  returnTable: string | null
  volatility: 'i' | 's' | 'v'
}

export type SchemaCache = {
  relations: Map<string, Relation>
  foreignKeys: ForeignKey[]
  functions: Map<string, FunctionDef[]>
  /** Cast targets allowed in `select=col::type`: name → quoted, qualified type. */
  castTypes: Map<string, string>
}

type CacheState = { cache: SchemaCache | null; loading: Promise<SchemaCache> | null; loadedAt: number; listening: boolean }
const states = new WeakMap<Database, CacheState>()
const MISS_RELOAD_INTERVAL_MS = 1000

function stateOf(db: Database): CacheState {
  let state = states.get(db)
  if (!state) {
    state = { cache: null, loading: null, loadedAt: 0, listening: false }
    states.set(db, state)
  }
  return state
}

/** The cached schema, loading it on first use. */
export async function getSchemaCache(db: Database): Promise<SchemaCache> {
  const state = stateOf(db)
  if (state.cache) return state.cache
  return reload(db, state)
}

/**
 * Reloads after a miss, unless the cache is younger than a second: a stream of requests
 * for names that do not exist must not turn into a stream of catalog reads.
 * Returns the new cache, or null when no reload happened.
 */
export async function reloadAfterMiss(db: Database): Promise<SchemaCache | null> {
  const state = stateOf(db)
  if (state.loading) return state.loading
  if (Date.now() - state.loadedAt < MISS_RELOAD_INTERVAL_MS) return null
  return reload(db, state)
}

/**
 * After a database error that may come from a stale cache (undefined table, column or
 * function): forget the cache, unless it is younger than a second, so a function that keeps
 * failing that way does not cause a catalog read per call.
 */
export function invalidateAfterError(db: Database) {
  const state = stateOf(db)
  if (!state.loading && Date.now() - state.loadedAt >= MISS_RELOAD_INTERVAL_MS) invalidateSchemaCache(db)
}

/** Forgets the cached schema, and the statements prepared for it; the next request reads the catalog again. */
export function invalidateSchemaCache(db: Database) {
  const state = stateOf(db)
  state.cache = null
  state.loadedAt = 0
  forgetPreparedStatements(db)
}

async function reload(db: Database, state: CacheState): Promise<SchemaCache> {
  if (state.loading) return state.loading
  state.loading = (async () => {
    try {
      if (!state.listening) {
        state.listening = true
        await db.listen('pgrst', (payload) => {
          if (payload === 'reload schema' || payload === '') invalidateSchemaCache(db)
        })
      }
      const { rows } = await db.query<{ snapshot: string }>(CATALOG_SQL, [EXPOSED_SCHEMA])
      const cache = buildCache(JSON.parse(rows[0]!.snapshot) as CatalogSnapshot)
      state.cache = cache
      state.loadedAt = Date.now()
      return cache
    } finally {
      state.loading = null
    }
  })()
  return state.loading
}

function buildCache(snapshot: CatalogSnapshot): SchemaCache {
  const relations = new Map<string, Relation>()
  for (const rel of snapshot.relations) {
    const columnList: Column[] = rel.columns.map((col) => ({
      name: col.name,
      type: col.type,
      notNull: col.not_null,
      defaultExpr: col.default_expr,
      generated: col.generated,
    }))
    const uniques = (rel.uniques ?? []).filter((cols) => cols.length > 0)
    relations.set(rel.name, {
      name: rel.name,
      kind: rel.kind === 'r' || rel.kind === 'p' ? 'table' : 'view',
      columns: new Map(columnList.map((col) => [col.name, col])),
      columnList,
      primaryKey: rel.primary_key ?? [],
      uniques,
    })
  }

  const foreignKeys: ForeignKey[] = snapshot.foreign_keys.map((fk) => ({
    name: fk.name,
    table: fk.table,
    columns: fk.columns,
    refTable: fk.ref_table,
    refColumns: fk.ref_columns,
  }))

  const functions = new Map<string, FunctionDef[]>()
  for (const fn of snapshot.functions) {
    const def = toFunctionDef(fn, relations)
    if (!def) continue
    const list = functions.get(def.name) ?? []
    list.push(def)
    functions.set(def.name, list)
  }

  const castTypes = new Map<string, string>()
  // pg_catalog last, so a built-in type name wins over a same-named type elsewhere.
  for (const type of [...snapshot.types].sort((a, b) => (a.schema === 'pg_catalog' ? 1 : 0) - (b.schema === 'pg_catalog' ? 1 : 0))) {
    castTypes.set(type.name, `${quoteIdent(type.schema)}.${quoteIdent(type.name)}`)
  }
  for (const [alias, target] of Object.entries(TYPE_ALIASES)) {
    const resolved = castTypes.get(target)
    if (resolved) castTypes.set(alias, resolved)
  }
  return { relations, foreignKeys, functions, castTypes }
}

// SQL spellings of built-in types that differ from their pg_type names.
const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  double: 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  char: 'bpchar',
  character: 'bpchar',
}

function toFunctionDef(fn: CatalogSnapshot['functions'][number], relations: Map<string, Relation>): FunctionDef | null {
  const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i')
  const params: FunctionParam[] = []
  const outColumns: Column[] = []
  modes.forEach((mode, index) => {
    const name = fn.arg_names?.[index] ?? ''
    const type = fn.arg_types[index] ?? 'unknown'
    if (mode === 'i' || mode === 'b' || mode === 'v') params.push({ name, type, hasDefault: false })
    if (mode === 'o' || mode === 'b' || mode === 't') outColumns.push(column(name, type))
  })
  // Defaults belong to the last pronargdefaults input parameters.
  for (let i = params.length - fn.n_defaults; i < params.length; i++) if (params[i]) params[i]!.hasDefault = true

  let returnColumns: Column[] | null = null
  let returnTable: string | null = null
  if (outColumns.length > 0 && (fn.return_type === 'record' || outColumns.length > 1 || modes.includes('t'))) {
    returnColumns = outColumns
  } else if (fn.return_columns) {
    returnColumns = fn.return_columns.map((col) => column(col.name, col.type))
    if (fn.return_relation && relations.has(fn.return_relation)) returnTable = fn.return_relation
  } else if (fn.return_type === 'record') {
    // A bare `returns record` has no column list we could select from.
    return null
  }
  return {
    name: fn.name,
    params,
    returnsSet: fn.returns_set,
    returnsVoid: fn.return_type === 'void',
    returnColumns,
    returnTable,
    volatility: fn.volatility,
  }
}

function column(name: string, type: string): Column {
  return { name, type, notNull: false, defaultExpr: null, generated: '' }
}

export function quoteIdent(name: string): string {
  return '"' + name.replaceAll('"', '""') + '"'
}

export function qualified(name: string): string {
  return `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(name)}`
}
