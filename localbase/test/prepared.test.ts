import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asRole, bootstrap, openDatabase, type Database } from '#localbase/src/db.ts'
import { forgetPreparedStatements } from '#localbase/src/prepared.ts'

// The statements API requests run are prepared once per SQL text (src/prepared.ts); these
// check that what they return is what the same text run afresh returns.
describe('prepared statements', () => {
  let db: Database

  beforeAll(async () => {
    db = await openDatabase(undefined)
    await bootstrap(db, { migrationsDir: '/nonexistent' })
    await db.exec(`
      create table public.notes (id int primary key, owner text not null, body text not null);
      insert into public.notes values (1, 'ann', 'first'), (2, 'bob', 'second'), (3, 'ann', 'third');
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for select to authenticated
        using (owner = current_setting('request.jwt.claims', true)::json ->> 'sub');
      grant select on public.notes to anon, authenticated;
    `)
  })
  afterAll(() => db.close())

  const prepared = async () =>
    (await db.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((row) => row.statement)
  const bodies = (sub: string | null, sql = 'select body from public.notes where id >= $1 order by id') =>
    asRole(db, sub ? { role: 'authenticated', sub } : { role: 'anon' }, async (tx) =>
      (await tx.prepared<{ body: string }>(sql, ['1'])).rows.map((row) => row.body),
    )

  it('prepares a statement once and runs it again from there', async () => {
    const sql = 'select count(*)::int as n from public.notes where owner = $1'
    for (const owner of ['ann', 'bob', 'ann']) {
      const rows = await asRole(db, { role: 'service_role' }, async (tx) => (await tx.prepared<{ n: number }>(sql, [owner])).rows)
      expect(rows).toEqual([{ n: owner === 'ann' ? 2 : 1 }])
    }
    expect((await prepared()).filter((statement) => statement === sql)).toHaveLength(1)
  })

  it('answers each role under its own row-level security, from the same statement', async () => {
    expect(await bodies('ann')).toEqual(['first', 'third'])
    expect(await bodies(null)).toEqual([])
    expect(await bodies('bob')).toEqual(['second'])
    expect(await bodies('ann')).toEqual(['first', 'third'])
  })

  it('reports a statement that does not parse, and keeps working', async () => {
    const broken = 'select nothing from public.notes where id = $1'
    const failure = asRole(db, { role: 'service_role' }, (tx) => tx.prepared(broken, ['1']))
    await expect(failure).rejects.toMatchObject({ code: '42703', severity: 'ERROR' })
    expect(await prepared()).not.toContain(broken)
    expect(await bodies('bob')).toEqual(['second'])
  })

  it('reports a bad parameter, rolls the transaction back, and keeps the statement', async () => {
    const sql = 'select body from public.notes where id = $1'
    const failure = asRole(db, { role: 'service_role' }, async (tx) => {
      await tx.query(`insert into public.notes values (9, 'cy', 'never kept')`)
      return tx.prepared(sql, ['not a number'])
    })
    await expect(failure).rejects.toMatchObject({ code: '22P02' })
    expect((await db.query('select 1 from public.notes where id = 9')).rows).toEqual([])
    expect(await prepared()).toContain(sql)
    const again = await asRole(db, { role: 'service_role' }, async (tx) => (await tx.prepared<{ body: string }>(sql, ['2'])).rows)
    expect(again).toEqual([{ body: 'second' }])
  })

  it('follows a table that changed shape', async () => {
    const sql = 'select * from public.notes where id = $1'
    const row = () => asRole(db, { role: 'service_role' }, async (tx) => (await tx.prepared<Record<string, unknown>>(sql, ['1'])).rows[0])
    expect(await row()).toEqual({ id: 1, owner: 'ann', body: 'first' })
    await db.exec(`alter table public.notes add column mood text default 'calm'`)
    forgetPreparedStatements(db)
    expect(await row()).toEqual({ id: 1, owner: 'ann', body: 'first', mood: 'calm' })
    expect((await prepared()).filter((statement) => statement === sql)).toHaveLength(1)
    // Without a reload, the one request that meets the stale plan fails and drops it.
    await db.exec(`alter table public.notes drop column mood`)
    await expect(row()).rejects.toMatchObject({ code: '0A000' })
    expect(await row()).toEqual({ id: 1, owner: 'ann', body: 'first' })
  })

  it('deallocates the least recently used past 500 statements', async () => {
    await asRole(db, { role: 'service_role' }, async (tx) => {
      for (let n = 0; n < 520; n++) await tx.prepared(`select ${n} as n`, [])
    })
    // The last evictions are sent with the next exchange.
    await bodies('ann')
    const statements = await prepared()
    expect(statements.length).toBeLessThanOrEqual(500)
    expect(statements).toContain('select 519 as n')
    expect(statements).not.toContain('select 0 as n')
  })
})
