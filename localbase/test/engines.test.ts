// localbase runs on PGlite or on PostgreSQL (src/postgres.ts), and every layer above reads
// the values the engine hands back. These run the same statements on both and expect the
// same JS values, field lists and errors. Runs in the vitest project "postgres" only (it
// needs TEST_DATABASE_URL; scripts/unit.ts provides one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asRole, bootstrap, openDatabase, type Database, type Queryable } from '#localbase/src/db.ts'
import { openTestDatabase } from '#localbase/test/test-database.ts'

const VALUES = `select 1::int2 as int2, 2::int4 as int4, 3::int8 as int8, 9007199254740993::int8 as big_int8,
  26::oid as oid, 1.5::float4 as float4, 2.25::float8 as float8, 1.10::numeric as numeric, true as bool,
  'text'::text as text, 'varchar'::varchar as varchar, 'c'::char(3) as bpchar, 'name'::name as name,
  '2024-05-06'::date as date, '2024-05-06 07:08:09.123'::timestamp as timestamp,
  '2024-05-06 07:08:09.123456+02'::timestamptz as timestamptz, 'infinity'::timestamptz as infinity,
  '07:08:09'::time as time, '1 day 02:00'::interval as interval,
  '{"a": [1, 2.5, null], "b": "x"}'::json as json, '{"b": null, "a": 1}'::jsonb as jsonb,
  '\\xdeadbeef'::bytea as bytea, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as uuid,
  '192.168.0.1/24'::inet as inet, 'public.notes'::regclass as regclass,
  array[1, null, 3]::int4[] as int4s, array[4]::int8[] as int8s, array['a', 'b,c', 'd"e', null]::text[] as texts,
  array[['x', 'y'], ['z', 'w']]::text[] as matrix, '{}'::text[] as empty, array[true, false] as bools,
  array['2024-01-02T03:04:05Z'::timestamptz] as timestamps, array['{"k": 1}'::jsonb] as jsonbs,
  array['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid] as uuids, array[1.5]::numeric[] as numerics,
  'ann'::mood as enum, array['ann', 'bob']::mood[] as enums,
  to_json('2024-05-06 07:08:09+02'::timestamptz) as json_timestamp, now()::date = current_date as today,
  null::int as nothing`

describe('the same values from PGlite and from PostgreSQL', () => {
  let pglite: Database
  let postgres: Database
  const both = async <T>(run: (db: Database) => Promise<T>) => [await run(pglite), await run(postgres)] as const

  beforeAll(async () => {
    pglite = await openDatabase(undefined)
    await bootstrap(pglite, { migrationsDir: '/nonexistent' })
    postgres = await openTestDatabase({ migrationsDir: '/nonexistent' })
    for (const db of [pglite, postgres]) {
      await db.exec(`
        create type public.mood as enum ('ann', 'bob');
        create table public.notes (id int primary key, body text not null, meta jsonb, at timestamptz default '2024-01-01T00:00:00Z');
        grant all on public.notes to anon, authenticated, service_role;`)
    }
  })
  afterAll(async () => {
    await pglite?.close()
    await postgres?.close()
  })

  it('parses every type the same way', async () => {
    const [fromPglite, fromPostgres] = await both((db) => db.query(VALUES))
    expect(fromPostgres.rows).toStrictEqual(fromPglite.rows)
    expect(fromPostgres.fields.map((field) => field.name)).toEqual(fromPglite.fields.map((field) => field.name))
    // The values localbase relies on, spelled out.
    const row = fromPostgres.rows[0]!
    expect(row).toMatchObject({ int8: 3, numeric: '1.10', bool: true, json_timestamp: '2024-05-06T05:08:09+00:00', today: true })
    expect(typeof row.big_int8).toBe('bigint')
    expect(row.timestamptz).toStrictEqual(new Date('2024-05-06T05:08:09.123Z'))
    expect(row.bytea).toStrictEqual(new Uint8Array([0xde, 0xad, 0xbe, 0xef]))
    expect(row.texts).toStrictEqual(['a', 'b,c', 'd"e', null])
  })

  it('serialises parameters the same way', async () => {
    const params = [
      { a: [1, 'two'] },
      new Date('2024-05-06T07:08:09.123Z'),
      ['x', 'y z'],
      true,
      new Uint8Array([1, 2, 255]),
      5,
      'ann',
      null,
    ]
    const sql = `select $1::jsonb as object, $2::timestamptz as date, $3::text[] as list, $4::bool as flag, $5::bytea as bytes,
                        $6::int8 as number, $7::public.mood as mood, $8::text as nothing`
    const [fromPglite, fromPostgres] = await both((db) => db.query(sql, params))
    expect(fromPostgres.rows).toStrictEqual(fromPglite.rows)
  })

  it('answers exec, writes and prepared statements in the same shapes', async () => {
    const run = async (db: Database) => {
      const exec = await db.exec(
        `insert into public.notes (id, body) values (1, 'a'), (2, 'b'); select id, body from public.notes order by id; update public.notes set body = 'c'`,
      )
      const write = await db.query(`insert into public.notes (id, body, meta) values ($1, $2, $3) returning id, meta`, [
        3,
        'd',
        { tags: ['x'] },
      ])
      const prepared = await asRole(db, { role: 'service_role' }, async (tx) => {
        const first = await tx.prepared(`select count(*) as n, json_agg(body order by id) as bodies from public.notes where id >= $1`, [
          '1',
        ])
        const again = await tx.prepared(`select count(*) as n, json_agg(body order by id) as bodies from public.notes where id >= $1`, [
          '2',
        ])
        return [first, again]
      })
      await db.exec('delete from public.notes')
      return { exec, write, prepared }
    }
    const [fromPglite, fromPostgres] = await both(run)
    expect(strip(fromPostgres)).toStrictEqual(strip(fromPglite))
  })

  it('reports errors with the same code, message and details', async () => {
    const failure = async (db: Queryable, sql: string, params: unknown[] = []) => {
      const error = await db.query(sql, params).then(
        () => undefined,
        (caught: unknown) => caught as Record<string, unknown>,
      )
      const { code, message, detail, hint, severity, constraint, table, column } = error ?? {}
      return { code, message, detail, hint, severity, constraint, table, column }
    }
    for (const [sql, params] of [
      [`insert into public.notes (id, body) values (1, 'a'), (1, 'b')`, []],
      [`insert into public.notes (id) values (7)`, []],
      [`select $1::int`, ['not a number']],
      [`select nothing from public.notes`, []],
      [`select 'x'::public.mood`, []],
    ] as const) {
      const [fromPglite, fromPostgres] = await both((db) => failure(db, sql, [...params]))
      expect(fromPostgres, sql).toStrictEqual(fromPglite)
      expect(fromPostgres.code, sql).toMatch(/^[0-9A-Z]{5}$/)
    }
  })

  it('keeps row-level security and the caller’s claims inside asRole', async () => {
    const run = (db: Database) =>
      asRole(db, { role: 'authenticated', sub: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' }, (tx) =>
        tx.query(`select current_user as role, auth.uid() as uid, auth.role() as claim_role, current_setting('search_path') as path`),
      )
    const [fromPglite, fromPostgres] = await both(run)
    expect(fromPostgres.rows).toStrictEqual(fromPglite.rows)
    expect(fromPostgres.rows[0]).toMatchObject({ role: 'authenticated', claim_role: 'authenticated' })
  })
})

/** Results without what only one engine sets (PGlite adds `blob` to some). */
function strip(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item) => (key === 'blob' ? undefined : typeof item === 'bigint' ? `${item}n` : item)))
}
