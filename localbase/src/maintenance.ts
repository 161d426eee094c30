// What autovacuum does on a PostgreSQL server, for the embedded database: PGlite runs no
// background workers, so without this a table that churns (jobs, the email outbox, sync runs'
// rows, sessions) keeps every dead row forever, and the planner keeps the statistics of the
// day the table was small. Every minute, each table past autovacuum's default thresholds is
// vacuumed (dead rows over 50 + 20 % of its live rows, or rows inserted since its last vacuum
// over 1,000 + 20 %) or analyzed (changes over 50 + 10 %). A table of a megabyte or more whose
// visibility map covers under half its pages (rewritten by a migration, which leaves it empty)
// is vacuumed too: search's index-only scans need it, and no dead row would ever call for it.
// A PostgreSQL server (LOCALBASE_DATABASE_URL) has its own autovacuum: nothing runs there.
import { PGlite } from '@electric-sql/pglite'
import type { Database } from '#localbase/src/db.ts'

export const MAINTENANCE_INTERVAL_MS = 60_000

export type MaintenanceAction = { table: string; action: 'vacuum analyze' | 'analyze'; deadRows: number; changedRows: number; ms: number }

type TableStats = { schema_name: string; table_name: string; live: number; dead: number; changed: number; vacuum: boolean }

/**
 * One pass: the tables past the thresholds, each vacuumed or analyzed, in order of dead rows.
 * The statistics are flushed first: PGlite's backend never idles long enough to flush them itself.
 */
export async function maintainOnce(db: PGlite): Promise<MaintenanceAction[]> {
  await db.query('select pg_stat_force_next_flush()')
  const { rows } = await db.query<TableStats>(`
    select schema_name, table_name, live, dead, changed, vacuum
      from (select s.schemaname as schema_name, s.relname as table_name, s.n_live_tup::float8 as live,
                   s.n_dead_tup::float8 as dead, s.n_mod_since_analyze::float8 as changed,
                   s.n_dead_tup > 50 + 0.2 * s.n_live_tup
                     or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup
                     or (c.relpages >= 128 and c.relallvisible < c.relpages / 2) as vacuum
              from pg_stat_user_tables s
              join pg_class c on c.oid = s.relid) t
     where vacuum or changed > 50 + 0.1 * live
     order by dead desc, changed desc`)
  const actions: MaintenanceAction[] = []
  for (const stats of rows) {
    const vacuum = stats.vacuum
    const table = `${quoteIdentifier(stats.schema_name)}.${quoteIdentifier(stats.table_name)}`
    const started = performance.now()
    // Names from the catalog, quoted: VACUUM and ANALYZE take no parameters.
    await db.exec(`${vacuum ? 'vacuum analyze' : 'analyze'} ${table}`)
    actions.push({
      table: `${stats.schema_name}.${stats.table_name}`,
      action: vacuum ? 'vacuum analyze' : 'analyze',
      deadRows: stats.dead,
      changedRows: stats.changed,
      ms: Math.round(performance.now() - started),
    })
  }
  return actions
}

/** Runs maintainOnce every interval on PGlite (never two at once); stop() waits for a pass under way. */
export function startMaintenance(
  db: Database,
  log: (line: string) => void,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): { stop: () => Promise<void> } {
  if (!(db instanceof PGlite)) return { stop: async () => {} }
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    running ??= maintainOnce(db)
      .then((actions) => {
        for (const done of actions) {
          log(`${done.action} ${done.table} (${done.deadRows} dead rows, ${done.changedRows} changed) in ${done.ms} ms`)
        }
      })
      .catch((error: unknown) => log(`maintenance failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = undefined))
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
