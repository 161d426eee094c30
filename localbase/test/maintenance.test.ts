import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maintainOnce, startMaintenance } from '#localbase/src/maintenance.ts'

// PGlite has no autovacuum (src/maintenance.ts): a churning table keeps its dead rows and its
// first statistics until localbase vacuums and analyzes it as autovacuum would.
describe('maintenance', () => {
  let db: PGlite

  beforeAll(async () => {
    db = await PGlite.create()
    await db.exec(`
      create table public.churn (id int primary key, body text);
      create table public.steady (id int primary key, body text);
      insert into public.churn select n, 'row ' || n from generate_series(1, 2000) n;
      insert into public.steady select n, 'row ' || n from generate_series(1, 2000) n;
    `)
    // Both analyzed and vacuumed once, the inserts counted first: only what happens next counts.
    await db.query('select pg_stat_force_next_flush()')
    await db.exec('vacuum analyze public.churn')
    await db.exec('vacuum analyze public.steady')
  })
  afterAll(() => db.close())

  const stats = async (table: string) => {
    await db.query('select pg_stat_force_next_flush()')
    const { rows } = await db.query<{ dead: number; changed: number }>(
      `select n_dead_tup::int as dead, n_mod_since_analyze::int as changed from pg_stat_user_tables where relname = $1`,
      [table],
    )
    return rows[0]!
  }

  it('vacuums a table past the dead-row threshold, analyzes one past the change threshold, and leaves the rest', async () => {
    await db.exec(`
      delete from public.churn where id % 2 = 0;                              -- 1,000 dead of 2,000: past 50 + 20 %
      update public.steady set body = body || '.' where id <= 10;            -- 10 changed: under both thresholds
    `)
    expect((await stats('churn')).dead).toBe(1000)

    const actions = await maintainOnce(db)
    expect(actions.map(({ table, action, deadRows }) => ({ table, action, deadRows }))).toEqual([
      { table: 'public.churn', action: 'vacuum analyze', deadRows: 1000 },
    ])
    expect(await stats('churn')).toMatchObject({ dead: 0, changed: 0 })
    expect(await stats('steady')).toMatchObject({ dead: 10, changed: 10 })

    // Many changed rows but few dead (inserts): analyzed, not vacuumed.
    await db.exec(`insert into public.steady select n, 'row ' || n from generate_series(2001, 2600) n`)
    const next = await maintainOnce(db)
    expect(next.map(({ table, action }) => ({ table, action }))).toEqual([{ table: 'public.steady', action: 'analyze' }])
    expect((await stats('steady')).changed).toBe(0)

    expect(await maintainOnce(db)).toEqual([])
  })

  it('vacuums a table a migration rewrote: its visibility map is empty, though no row is dead', async () => {
    await db.exec(`
      create table public.rewritten (id int primary key, body text);
      insert into public.rewritten select n, repeat('x', 200) || n from generate_series(1, 20000) n;
    `)
    await db.query('select pg_stat_force_next_flush()')
    await db.exec('vacuum analyze public.rewritten')
    // A column's new type rewrites the table (as a domain with a check does).
    await db.exec('alter table public.rewritten alter column body type varchar(400); analyze public.rewritten')
    const visibility = async () =>
      (
        await db.query<{ pages: number; visible: number }>(
          `select relpages as pages, relallvisible as visible from pg_class where oid = 'public.rewritten'::regclass`,
        )
      ).rows[0]!
    expect((await visibility()).visible).toBe(0)
    expect((await stats('rewritten')).dead).toBe(0)

    const actions = await maintainOnce(db)
    expect(actions.map(({ table, action }) => ({ table, action }))).toContainEqual({ table: 'public.rewritten', action: 'vacuum analyze' })
    const after = await visibility()
    expect(after.visible).toBeGreaterThan(after.pages / 2)
    expect((await maintainOnce(db)).map(({ table }) => table)).not.toContain('public.rewritten')
  })

  it('runs on a timer and stops cleanly, but never on a PostgreSQL server (it has autovacuum)', async () => {
    await db.exec(`delete from public.churn where id % 3 = 0`)
    const lines: string[] = []
    const maintenance = startMaintenance(db, (line) => lines.push(line), 20)
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThan(0)
    await maintenance.stop()
    expect(lines[0]).toMatch(/^vacuum analyze public\.churn \(\d+ dead rows, \d+ changed\) in \d+ ms$/)

    const notPGlite = { query: () => Promise.reject(new Error('must not be called')) }
    const none = startMaintenance(notPGlite as never, (line) => lines.push(line), 5)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await none.stop()
    expect(lines).toHaveLength(1)
  })
})
