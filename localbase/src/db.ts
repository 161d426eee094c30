import { readFile, readdir, access } from 'node:fs/promises'
import path from 'node:path'
import { PGlite, type Results } from '@electric-sql/pglite'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { connectPostgres, PostgresDatabase } from '#localbase/src/postgres.ts'
import { preparedQuery } from '#localbase/src/prepared.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row's shape is whatever the caller's SQL selects; PGlite's own Results<T = any> makes the same choice
type Row = { [key: string]: any }

/** What runs SQL: a database, or one transaction of it. Results are shaped as PGlite's. */
export type Queryable = {
  query<T = Row>(sql: string, params?: unknown[]): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

/**
 * The database localbase runs on: PGlite (embedded, the default) or a PostgreSQL server
 * through node-postgres (postgres.ts). PGlite itself has this shape.
 */
export type Database = Queryable & {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>
  close(): Promise<void>
}

/** A transaction as asRole gives it, plus statements run prepared (see prepared.ts). */
export type Tx = Queryable & { prepared<T>(sql: string, params: (string | null)[]): Promise<Results<T>> }

/** Claims of the caller, as PostgREST puts them in `request.jwt.claims`. */
export type Claims = { role: string; sub?: string; email?: string; [claim: string]: unknown }

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const

const here = path.dirname(new URL(import.meta.url).pathname)

/**
 * Opens the database: a PostgreSQL server's when `databaseUrl` is given (an existing, empty
 * or localbase-made database), else PGlite on the data dir.
 */
export async function openDatabase(dataDir: string | undefined, options: { databaseUrl?: string } = {}): Promise<Database> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl)
  return openPGlite(dataDir)
}

async function openPGlite(dataDir: string | undefined): Promise<PGlite> {
  // A data dir of undefined keeps the database in memory (tests that need no restart).
  return PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
    extensions: { cube, earthdistance, pg_trgm, pgcrypto, unaccent },
  })
}

export type BootstrapOptions = {
  migrationsDir: string
  /** SQL files run once, right after the migrations of a fresh database. */
  seedFiles?: string[]
  log?: (line: string) => void
}

/**
 * Brings a database up to date: the base schema on a fresh database, then every migration
 * not yet recorded, in file-name order, each in its own transaction, then the seed files
 * when the database was fresh. Returns whether the database was fresh.
 */
export async function bootstrap(db: Database, options: BootstrapOptions): Promise<{ fresh: boolean }> {
  const log = options.log ?? (() => {})
  const { rows } = await db.query<{ exists: boolean }>(`select exists (select 1 from pg_namespace where nspname = 'localbase') as exists`)
  const fresh = !rows[0]?.exists
  const hosted = await hostedShape(db)
  if (fresh) {
    log(hosted ? "creating the base schema, with a hosted project's roles and owners" : 'creating the base schema')
    if (hosted) await db.exec(await readFile(path.join(here, 'hosted-roles.sql'), 'utf8'))
    await db.exec(await readFile(path.join(here, 'base-schema.sql'), 'utf8'))
    if (hosted) await db.exec(await readFile(path.join(here, 'hosted-schema.sql'), 'utf8'))
  }
  await db.exec(LOCALBASE_UPGRADES)

  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((row) => row.version),
  )
  const files = (await listSqlFiles(options.migrationsDir)).sort()
  const pending = files.filter((file) => {
    const [version] = path.basename(file, '.sql').split('_')
    return version && !applied.has(version)
  })
  // On a hosted project's roles the migrations run as `supabase db push` runs them: logged in
  // as postgres (not a superuser), each file in its own transaction after `reset all`.
  const migrator = hosted && pending.length > 0 ? await (db as PostgresDatabase).loginAs('postgres') : db
  try {
    for (const file of pending) {
      const [version, ...nameParts] = path.basename(file, '.sql').split('_')
      log(`applying migration ${path.basename(file)}${hosted ? ' as postgres' : ''}`)
      const sql = await readFile(path.join(options.migrationsDir, file), 'utf8')
      await migrator.transaction(async (tx) => {
        if (hosted) await tx.exec('reset all')
        await tx.exec(sql)
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, nameParts.join('_')])
      })
    }
  } finally {
    if (migrator !== db) await migrator.close()
  }

  if (fresh) {
    for (const seedFile of options.seedFiles ?? []) {
      if (!(await exists(seedFile))) continue
      log(`seeding from ${path.basename(seedFile)}`)
      await db.exec(await readFile(seedFile, 'utf8'))
    }
  }
  return { fresh }
}

/**
 * Whether the database is on a cluster made as a hosted Supabase project's: one whose bootstrap
 * superuser is `supabase_admin`, reached as it (scripts/lib/postgres-cluster.ts makes such a
 * cluster for the tests). There the base schema gets a hosted project's roles, owners and
 * grants, and the migrations run as the `postgres` role (decision 048). PGlite's one user is
 * its bootstrap superuser `postgres`, which cannot be demoted: it keeps running everything.
 */
async function hostedShape(db: Database): Promise<boolean> {
  if (!(db instanceof PostgresDatabase)) return false
  const { rows } = await db.query<{ hosted: boolean }>(
    `select current_user = 'supabase_admin' and (select rolname from pg_catalog.pg_roles where oid = 10) = 'supabase_admin' as hosted`,
  )
  return rows[0]?.hosted === true
}

/**
 * localbase's own tables as they grew after data dirs were made: idempotent, run on every start.
 * An email received twice over SMTP with the same Message-ID (a retried delivery) is kept once;
 * its List-* headers (unsubscribe links) are kept for tests to read.
 */
const LOCALBASE_UPGRADES = `
  alter table localbase.messages add column if not exists message_id text;
  create unique index if not exists messages_message_id_idx on localbase.messages (message_id, lower("to"));
  alter table localbase.messages add column if not exists headers jsonb not null default '{}';
`

/**
 * Runs `work` in one transaction as PostgREST does: the role and the claims are set
 * locally, so row-level security decides what the caller sees and may change.
 * A throw rolls everything back.
 */
export async function asRole<T>(
  db: Database,
  claims: Claims,
  work: (tx: Tx) => Promise<T>,
  request?: { method: string; path: string; headers?: Record<string, string> },
): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx: Tx =
      db instanceof PostgresDatabase
        ? (transaction as Tx)
        : Object.assign(transaction, {
            prepared: <R>(sql: string, params: (string | null)[]) => preparedQuery<R>(db as PGlite, sql, params),
          })
    await tx.prepared(SET_CALLER, [
      claims.role,
      JSON.stringify(claims),
      request?.method ?? '',
      request?.path ?? '',
      JSON.stringify(request?.headers ?? {}),
    ])
    return work(tx)
  })
}

const SET_CALLER = `select set_config('search_path', '"public", "extensions"', true),
  set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true),
  set_config('request.path', $4, true),
  set_config('request.headers', $5, true)`

async function listSqlFiles(dir: string): Promise<string[]> {
  if (!(await exists(dir))) return []
  return (await readdir(dir)).filter((name) => name.endsWith('.sql'))
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}
