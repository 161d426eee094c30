// localbase's second database engine: a real PostgreSQL server through node-postgres, behind
// the same small interface as PGlite (db.ts), so every API layer runs unchanged on either.
// Production runs on Supabase's PostgreSQL; this engine lets the same tests prove the
// migrations and their policies there too.
//
// What has to match PGlite, and how:
// - Values: results are parsed with PGlite's own parsers (int8 as a number while it is safe,
//   timestamps as Dates, json, bytea as Uint8Array, numeric as text), arrays of every type
//   the server knows at connect time included, as PGlite does when it starts.
// - Sessions: PGlite is one session. Here `query`, `exec` and `listen` share one connection,
//   so session state (setseed, notifications) behaves the same; each transaction takes a
//   connection of its own from a pool, as requests to a real server do.
// - The clock: sessions run in UTC, as PGlite and Supabase do, so JSON timestamps carry +00:00.
import { type Results, types as pgliteTypes } from '@electric-sql/pglite'
import pg from 'pg'
import type { Database, Tx } from '#localbase/src/db.ts'
import { forgetFailedStatement, nameStatement, newStatementNames, type StatementNames } from '#localbase/src/statement-names.ts'

type Parser = (value: string) => unknown
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row's shape is whatever the caller's SQL selects; PGlite's own Results<T = any> makes the same choice
type Row = { [key: string]: any }

const POOL_SIZE = 8
/** Commands whose tag carries the rows they changed, as PGlite counts `affectedRows`. */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'])

/** Connects to a database by URL; the database must exist (bootstrap fills it). */
export async function connectPostgres(url: string): Promise<PostgresDatabase> {
  const db = new PostgresDatabase(url)
  await db.ready()
  return db
}

export class PostgresDatabase implements Database {
  readonly #parsers = new Map<number, Parser>()
  readonly #types = { getTypeParser: (oid: number) => this.#parsers.get(oid) ?? identity } as unknown as pg.CustomTypesConfig
  readonly #session: pg.Client
  readonly #pool: pg.Pool
  readonly #statements = new WeakMap<pg.ClientBase, Statements>()
  /** Bumped when the schema changed: each connection drops its statements on its next use. */
  #generation = 0
  readonly #inTurn = inTurns()
  readonly #url: string

  constructor(url: string) {
    this.#url = url
    for (const [oid, parse] of Object.entries(pgliteTypes.parsers)) if (/^\d+$/.test(oid)) this.#parsers.set(Number(oid), parse)
    this.#session = new pg.Client({ connectionString: url, types: this.#types, options: SESSION_OPTIONS })
    this.#pool = new pg.Pool({ connectionString: url, types: this.#types, options: SESSION_OPTIONS, max: POOL_SIZE })
    // A connection the server drops (a test database dropped with force) must not crash the process.
    this.#session.on('error', () => {})
    this.#pool.on('error', () => {})
  }

  async ready() {
    await this.#session.connect()
    // As PGlite's _initArrayTypes: every array type the server knows, parsed element by element.
    const { rows } = await this.#session.query<{ oid: number; typarray: number }>(`
      select b.oid, b.typarray
        from pg_catalog.pg_type a
        left join pg_catalog.pg_type b on b.oid = a.typelem
       where a.typcategory = 'A'
       group by b.oid, b.typarray
       order by b.oid`)
    for (const { oid, typarray } of rows) {
      const element = this.#parsers.get(oid)
      this.#parsers.set(typarray, (value) => pgliteTypes.arrayParser(value, element as pgliteTypes.Parser, typarray))
    }
  }

  query<T = Row>(sql: string, params?: unknown[]): Promise<Results<T>> {
    return this.#inTurn(() => runQuery<T>(this.#session, sql, params))
  }

  exec(sql: string): Promise<Results[]> {
    return this.#inTurn(() => runExec(this.#session, sql))
  }

  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect()
    let broken = false
    try {
      await client.query('begin')
      const inTurn = inTurns()
      const tx: Tx = {
        query: (sql, params) => inTurn(() => runQuery(client, sql, params)),
        exec: (sql) => inTurn(() => runExec(client, sql)),
        prepared: (sql, params) => inTurn(() => this.#prepared(client, sql, params)),
      }
      const result = await work(tx)
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true
      })
      throw error
    } finally {
      client.release(broken)
    }
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const onNotification = (message: pg.Notification) => {
      if (message.channel === channel) callback(message.payload ?? '')
    }
    this.#session.on('notification', onNotification)
    await this.#inTurn(() => this.#session.query(`listen ${quoteIdent(channel)}`))
    return async () => {
      this.#session.off('notification', onNotification)
      await this.#inTurn(() => this.#session.query(`unlisten ${quoteIdent(channel)}`))
    }
  }

  /**
   * The same database reached by logging in as another role (the server must let it in, as a
   * throwaway cluster's trust authentication does): migrations run as `postgres` this way.
   */
  async loginAs(user: string): Promise<PostgresDatabase> {
    const url = new URL(this.#url)
    url.username = user
    url.password = ''
    return connectPostgres(url.toString())
  }

  /** Deallocates every prepared statement, each connection at its next use (after the schema changed). */
  forgetPreparedStatements() {
    this.#generation += 1
  }

  async close() {
    await Promise.allSettled([this.#session.end(), this.#pool.end()])
  }

  /**
   * Runs one statement as a named prepared statement of this connection, parsed on its first
   * use there, as prepared.ts does for PGlite (same cap, same handling of a stale plan).
   */
  async #prepared<T>(client: pg.PoolClient, sql: string, params: (string | null)[]): Promise<Results<T>> {
    let statements = this.#statements.get(client)
    if (!statements) {
      statements = { ...newStatementNames(), generation: this.#generation }
      this.#statements.set(client, statements)
    }
    if (statements.generation !== this.#generation) {
      statements.closing.push(...statements.names.values())
      statements.names.clear()
      statements.generation = this.#generation
    }
    const { name } = nameStatement(statements, sql)
    for (const old of statements.closing.splice(0)) {
      await client.query(`deallocate ${quoteIdent(old)}`)
      delete parsedStatements(client)[old]
    }

    try {
      return toResults<T>(await client.query({ name, text: sql, values: params }))
    } catch (error) {
      // A statement that failed to parse does not exist; after a stale plan the transaction is
      // aborted, so it is deallocated with this connection's next statement.
      forgetFailedStatement(statements, sql, name, {
        parsed: parsedStatements(client)[name] !== undefined,
        code: (error as { code?: string }).code,
      })
      throw error
    }
  }
}

type Statements = StatementNames & { generation: number }

const SESSION_OPTIONS = '-c TimeZone=UTC'

/**
 * Runs work on one connection one statement at a time, in call order, as PGlite does with
 * its one session (node-postgres would queue them too, but deprecates that).
 */
function inTurns() {
  let last: Promise<unknown> = Promise.resolve()
  return <T>(work: () => Promise<T>): Promise<T> => {
    const turn = last.then(work, work)
    last = turn.catch(() => {})
    return turn
  }
}

function identity(value: string) {
  return value
}

async function runQuery<T>(client: pg.ClientBase, sql: string, params?: unknown[]): Promise<Results<T>> {
  return toResults<T>(await client.query(sql, params))
}

async function runExec(client: pg.ClientBase, sql: string): Promise<Results[]> {
  // A text of several statements answers with one result each, as PGlite's exec.
  const answer = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[]
  const results = Array.isArray(answer) ? answer : [answer]
  let affectedRows = 0
  return results.map((result) => {
    affectedRows += WRITES.has(result.command) ? (result.rowCount ?? 0) : 0
    return { ...toResults(result), affectedRows }
  })
}

function toResults<T>(result: pg.QueryResult): Results<T> {
  return {
    rows: result.rows as T[],
    fields: (result.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    // PGlite also names the command, and its row count when the command tag has one.
    command: result.command,
    affectedRows: WRITES.has(result.command) ? (result.rowCount ?? 0) : 0,
    ...(result.rowCount === null ? {} : { rowCount: result.rowCount }),
  } as Results<T>
}

/** node-postgres' record of the statements parsed on a connection: kept in step when one is deallocated. */
function parsedStatements(client: pg.ClientBase): Record<string, string> {
  return (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements
}

function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`
}
