// Prepared statements for the statements every API request runs (on PGlite; postgres.ts does
// the same with node-postgres' named statements). Sent as text, a statement is
// parsed, analysed and planned each time, and for the small reads an API mostly serves that
// is most of the work: the animal page's read plans in 1.0 ms and runs in 0.6. Here a
// statement whose text was seen before runs from a named prepared statement instead, with
// its cached plan (Postgres re-plans by itself when the role, the search_path or the schema
// changed), and its Bind/Describe/Execute/Sync reach the database in one exchange rather than
// the six PGlite's query() makes.
//
// localbase's SQL texts quote identifiers and pass every value as a parameter, so how many
// there are is bounded by the shapes of the queries clients send; the least recently used
// are deallocated past MAX_STATEMENTS all the same.
import { parse, PGlite, protocol, type Results } from '@electric-sql/pglite'
import type { Database } from '#localbase/src/db.ts'
import { PostgresDatabase } from '#localbase/src/postgres.ts'
import { forgetFailedStatement, nameStatement, newStatementNames, type StatementNames } from '#localbase/src/statement-names.ts'

const { serialize, messages: backend } = protocol
type DatabaseError = InstanceType<typeof backend.DatabaseError>

const registry = new WeakMap<PGlite, StatementNames>()

function statementsOf(db: PGlite): StatementNames {
  let statements = registry.get(db)
  if (!statements) {
    statements = newStatementNames()
    registry.set(db, statements)
  }
  return statements
}

/**
 * Runs one statement with text parameters, prepared on first use. Call it inside a
 * transaction (asRole's): it takes the query lock for its one exchange, as tx.query does.
 * Parameter types are inferred by Postgres, as for tx.query with string values.
 */
export async function preparedQuery<T>(db: PGlite, sql: string, params: (string | null)[]): Promise<Results<T>> {
  const statements = statementsOf(db)
  const { name, parsing } = nameStatement(statements, sql)

  const closing = statements.closing.splice(0)
  const messages = [
    ...closing.map((old) => serialize.close({ type: 'S', name: old })),
    ...(parsing ? [serialize.parse({ name, text: sql })] : []),
    serialize.bind({ statement: name, values: params }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]
  const replies = await db.runExclusive(() => db.execProtocolStream(concat(messages), { syncToFs: false, throwOnError: false }))

  const error = replies.find((reply): reply is DatabaseError => reply instanceof backend.DatabaseError)
  if (error) {
    const parsed = !parsing || replies.some((reply) => reply.name === 'parseComplete')
    forgetFailedStatement(statements, sql, name, { parsed, code: error.code })
    throw error
  }
  return parse.parseResults(replies, db.parsers)[0] as Results<T>
}

/** Deallocates every prepared statement with the next exchange (after the schema changed). */
export function forgetPreparedStatements(db: Database) {
  if (db instanceof PostgresDatabase) return db.forgetPreparedStatements()
  if (!(db instanceof PGlite)) return
  const statements = statementsOf(db)
  statements.closing.push(...statements.names.values())
  statements.names.clear()
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.length
  }
  return whole
}
