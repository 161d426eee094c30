// The names of a connection's prepared statements (see prepared.ts for why they exist), kept
// the same way for both engines: one name per SQL text, the least recently used deallocated
// past MAX_STATEMENTS. localbase's SQL texts quote identifiers and pass every value as a
// parameter, so how many there are is bounded by the shapes of the queries clients send.

const MAX_STATEMENTS = 500
/** 'cached plan must not change result type': a table the statement reads changed shape. */
export const STALE_PLAN = '0A000'

export type StatementNames = {
  /** SQL text → statement name, least recently used first. */
  names: Map<string, string>
  /** Names to deallocate before (or with) the next statement. */
  closing: string[]
  counter: number
}

export function newStatementNames(): StatementNames {
  return { names: new Map(), closing: [], counter: 0 }
}

/** The statement's name, and whether it must be parsed first (a text not seen before). */
export function nameStatement(statements: StatementNames, sql: string): { name: string; parsing: boolean } {
  let name = statements.names.get(sql)
  const parsing = name === undefined
  if (name === undefined) {
    statements.counter += 1
    name = `lb_${statements.counter}`
  } else {
    // Most recently used last.
    statements.names.delete(sql)
  }
  statements.names.set(sql, name)
  while (statements.names.size > MAX_STATEMENTS) {
    const [oldest, oldName] = statements.names.entries().next().value!
    statements.names.delete(oldest)
    statements.closing.push(oldName)
  }
  return { name, parsing }
}

/** After a failed statement: one that did not parse does not exist; one with a stale plan goes. */
export function forgetFailedStatement(
  statements: StatementNames,
  sql: string,
  name: string,
  { parsed, code }: { parsed: boolean; code?: string },
) {
  if (!parsed) {
    statements.names.delete(sql)
  } else if (code === STALE_PLAN) {
    statements.names.delete(sql)
    statements.closing.push(name)
  }
}
