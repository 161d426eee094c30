// The database engine a test runs on. PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
// server, e.g. the throwaway cluster scripts/unit.ts starts) each caller gets a fresh database
// of its own in that cluster, dropped again when it is done.
import pg from 'pg'
import { bootstrap, openDatabase, type BootstrapOptions, type Database } from '#localbase/src/db.ts'

export type TestDatabase = {
  /** The fresh database's URL, or undefined on PGlite. */
  url: string | undefined
  /** Call once the database is bootstrapped: lets the next test file bootstrap its own. */
  ready: () => Promise<void>
  drop: () => Promise<void>
}

/** The PostgreSQL server the tests run on, if any. */
export const testServerUrl = () => process.env.TEST_DATABASE_URL || undefined

let counter = 0
// Any number below 2^63, the same in every test process: bootstraps take turns with it.
const BOOTSTRAP_LOCK = 7_271_014

/**
 * Creates a database for one test file. Roles are cluster-wide, so two base schemas created
 * at once could race to create them: a bootstrap holds an advisory lock until `ready()`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl()
  if (!serverUrl) return { url: undefined, ready: async () => {}, drop: async () => {} }
  counter += 1
  const name = `localbase_test_${process.pid}_${Date.now()}_${counter}`
  const admin = new pg.Client({ connectionString: serverUrl })
  admin.on('error', () => {})
  await admin.connect()
  await admin.query('select pg_advisory_lock($1)', [BOOTSTRAP_LOCK])
  await admin.query(`create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let locked = true
  const unlock = async () => {
    if (!locked) return
    locked = false
    await admin.end()
  }
  return {
    url: url.toString(),
    ready: unlock,
    async drop() {
      await unlock()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await dropper.end()
      }
    },
  }
}

/** A bootstrapped database on the engine under test, for tests that need no localbase. */
export async function openTestDatabase(options: BootstrapOptions): Promise<Database> {
  const target = await createTestDatabase()
  const db = await openDatabase(undefined, { databaseUrl: target.url })
  try {
    await bootstrap(db, options)
  } finally {
    await target.ready()
  }
  if (!target.url) return db
  const close = db.close.bind(db)
  return Object.assign(db, {
    async close() {
      await close()
      await target.drop()
    },
  })
}
