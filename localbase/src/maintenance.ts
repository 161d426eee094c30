// What autovacuum does on a PostgreSQL server, for the embedded database: PGlite runs no
// background workers, so without this a table that churns (jobs, the email outbox, sync runs'
// rows, sessions) keeps every dead row forever, and the planner keeps the statistics of the
// day the table was small. Every minute, each table past autovacuum's default thresholds is
// vacuumed (dead rows over 50 + 20 % of its live rows) or analyzed (changes over 50 + 10 %).
// A PostgreSQL server (LOCALBASE_DATABASE_URL) has its own autovacuum: nothing runs there.
import { PGlite } from '@electric-sql/pglite'
import type { Database } from '#localbase/src/db.ts'

export const MAINTENANCE_INTERVAL_MS = 60_000

export type MaintenanceAction = { table: string; action: 'vacuum analyze' | 'analyze'; deadRows: number; changedRows: number; ms: number }

type TableStats = { schema_name: string; table_name: string; live: number; dead: number; changed: number }

/**
 * One pass: the tables past the thresholds, each vacuumed or analyzed, in order of dead rows.
 * The statistics are flushed first: PGlite's backend never idles long enough to flush them itself.
 */
export async function maintainOnce(db: PGlite): Promise<MaintenanceAction[]> {
  await db.query('select pg_stat_force_next_flush()')
  const { rows } = await db.query<TableStats>(`
    select schemaname as schema_name, relname as table_name,
           n_live_tup::float8 as live, n_dead_tup::float8 as dead, n_mod_since_analyze::float8 as changed
      from pg_stat_user_tables
     where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
     order by n_dead_tup desc, n_mod_since_analyze desc`)
  const actions: MaintenanceAction[] = []
  for (const stats of rows) {
    const vacuum = stats.dead > 50 + 0.2 * stats.live
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
