// Runs the demo SQL against a database: the embedded one (PGlite on a data dir, while
// localbase is stopped) or any Postgres reachable by URL (a Supabase project's direct
// connection). Large runs switch off the per-row triggers and drop the listing search indexes,
// building them again afterwards: one sorted build is much faster than 100,000 inserts.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { bootstrap, openDatabase } from '#localbase/src/db.ts'
import { demoSeedSql, type DemoOptions } from '#scripts/lib/demo-data/index.ts'

const projectRoot = path.resolve(import.meta.dirname, '../../..')

/** What the seed needs from a database connection: plain SQL text, no parameters. */
export type SqlRunner = { run: (sql: string) => Promise<Array<Record<string, unknown>>>; close: () => Promise<void> }

const BULK_THRESHOLD = 5_000

export async function seedDemo(db: SqlRunner, options: DemoOptions, log: (line: string) => void = () => {}) {
  const started = performance.now()
  if (options.animals < BULK_THRESHOLD) {
    await db.run(demoSeedSql(options))
  } else {
    // One transaction, so a failure leaves the triggers and indexes as they were. The seed
    // writes the columns the row triggers would fill; the count triggers stay on.
    const indexes = await db.run(`
      select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
        from pg_index
       where indrelid = 'public.animals'::regclass and indexrelid::regclass::text like 'animals\\_listed\\_%'`)
    await db.run('begin')
    try {
      await db.run(`alter table public.animals disable trigger animals_before_write;
                    alter table public.animal_photos disable trigger animal_photos_before_write;
                    ${indexes.map((index) => `drop index ${String(index.name)};`).join('\n')}`)
      await db.run(demoSeedSql(options))
      log(`inserted the rows in ${seconds(started)}; building ${indexes.length} search indexes`)
      await db.run(`${indexes.map((index) => `${String(index.definition)};`).join('\n')}
                    alter table public.animals enable trigger animals_before_write;
                    alter table public.animal_photos enable trigger animal_photos_before_write;`)
      await db.run('commit')
    } catch (error) {
      await db.run('rollback')
      throw error
    }
  }
  log(`inserted ${options.shelters} shelters and ${options.animals} animals in ${seconds(started)}`)
  // Outside any transaction: index-only scans need the visibility map VACUUM writes.
  await db.run('vacuum analyze public.shelter_profiles, public.animals, public.animal_photos')
  log(`done in ${seconds(started)}`)
}

/** The embedded database of a data dir, brought up to date with the migrations first. */
export async function openDataDir(dataDir: string, log: (line: string) => void): Promise<SqlRunner> {
  const db = await openDatabase(dataDir)
  const { fresh } = await bootstrap(db, {
    migrationsDir: path.join(projectRoot, 'supabase/migrations'),
    seedFiles: [path.join(projectRoot, 'supabase/seed.sql')],
    log,
  })
  if (fresh) log(`created a new database in ${dataDir}`)
  return {
    run: async (sql) => {
      const results = await db.exec(sql)
      return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>
    },
    close: () => db.close(),
  }
}

/** A Postgres database by URL, through node-postgres. */
export async function openDatabaseUrl(url: string): Promise<SqlRunner> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return {
    run: async (sql) => {
      const result = (await client.query(sql)) as unknown as
        { rows: Array<Record<string, unknown>> } | Array<{ rows: Array<Record<string, unknown>> }>
      return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows
    },
    close: () => client.end(),
  }
}

/** localbase keeps the data dir open: seeding underneath it would corrupt the database. */
export async function assertLocalbaseStopped(dataDir: string) {
  let url: string
  try {
    url = JSON.parse(await readFile(path.join(dataDir, 'localbase.json'), 'utf8')).url
  } catch {
    return
  }
  const answered = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(1_000) }).then(
    (response) => response.ok,
    () => false,
  )
  if (answered) throw new Error(`localbase is running on ${dataDir} (${url}). Stop it (npm start) before seeding that data dir.`)
}

function seconds(since: number) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}
