// On real PostgreSQL the database is shaped as a hosted Supabase project's (decision 048): the
// cluster's superuser is supabase_admin, `postgres` is not a superuser, auth and storage belong
// to Supabase's own roles, and every migration was applied logged in as postgres. This holds
// that shape, so the rest of the RLS suite cannot silently go back to running as a superuser.
// On PGlite (one superuser, nothing to demote) there is nothing to check.
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap, openDatabase, type Database, type Queryable } from '#localbase/src/db.ts'
import { PostgresDatabase } from '#localbase/src/postgres.ts'
import { createTestDatabase, openTestDatabase, testServerUrl } from '#localbase/test/test-database.ts'

const migrationsDir = path.resolve(import.meta.dirname, '../../supabase/migrations')

let db: Database
let asPostgres: PostgresDatabase

describe.skipIf(!testServerUrl())('a hosted project’s database', () => {
  beforeAll(async () => {
    db = await openTestDatabase({ migrationsDir })
    if (!(db instanceof PostgresDatabase)) throw new Error('expected the PostgreSQL engine')
    asPostgres = await db.loginAs('postgres')
  })
  afterAll(async () => {
    await asPostgres?.close()
    await db?.close()
  })

  it('has supabase_admin as its only superuser, and postgres as a hosted project has it', async () => {
    const { rows: bootstrap } = await db.query<{ rolname: string }>(`select rolname from pg_roles where oid = 10`)
    expect(bootstrap[0]?.rolname, 'TEST_DATABASE_URL must be a cluster made by scripts/lib/postgres-cluster.ts').toBe('supabase_admin')
    const { rows } = await db.query(
      `select rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls
         from pg_roles where rolname in ('postgres', 'supabase_auth_admin', 'supabase_storage_admin', 'anon', 'authenticated', 'service_role')
        order by rolname`,
    )
    expect(rows).toEqual([
      {
        rolname: 'anon',
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: false,
        rolcreatedb: false,
        rolcanlogin: false,
        rolreplication: false,
        rolbypassrls: false,
      },
      {
        rolname: 'authenticated',
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: false,
        rolcreatedb: false,
        rolcanlogin: false,
        rolreplication: false,
        rolbypassrls: false,
      },
      {
        rolname: 'postgres',
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: true,
        rolcreatedb: true,
        rolcanlogin: true,
        rolreplication: true,
        rolbypassrls: true,
      },
      {
        rolname: 'service_role',
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: false,
        rolcreatedb: false,
        rolcanlogin: false,
        rolreplication: false,
        rolbypassrls: true,
      },
      {
        rolname: 'supabase_auth_admin',
        rolsuper: false,
        rolinherit: false,
        rolcreaterole: true,
        rolcreatedb: false,
        rolcanlogin: true,
        rolreplication: false,
        rolbypassrls: false,
      },
      {
        rolname: 'supabase_storage_admin',
        rolsuper: false,
        rolinherit: false,
        rolcreaterole: true,
        rolcreatedb: false,
        rolcanlogin: true,
        rolreplication: false,
        rolbypassrls: false,
      },
    ])
    const { rows: memberOf } = await db.query<{ role: string }>(
      `select m.roleid::regrole::text as role from pg_auth_members m where m.member = 'postgres'::regrole order by 1`,
    )
    expect(memberOf.map((row) => row.role)).toEqual(
      expect.arrayContaining(['anon', 'authenticated', 'service_role', 'authenticator', 'pg_read_all_data']),
    )
  })

  it('gives auth and storage to Supabase’s roles, public and extensions to postgres', async () => {
    const { rows: schemas } = await db.query(
      `select nspname as schema, nspowner::regrole::text as owner from pg_namespace
        where nspname in ('auth', 'storage', 'public', 'extensions', 'supabase_migrations') order by 1`,
    )
    expect(schemas).toEqual([
      { schema: 'auth', owner: 'supabase_admin' },
      { schema: 'extensions', owner: 'postgres' },
      { schema: 'public', owner: 'postgres' },
      { schema: 'storage', owner: 'supabase_admin' },
      { schema: 'supabase_migrations', owner: 'postgres' },
    ])
    const { rows: tables } = await db.query(
      `select c.relnamespace::regnamespace::text as schema, c.relowner::regrole::text as owner, count(*)::int as tables
         from pg_class c where c.relkind = 'r' and c.relnamespace in ('auth'::regnamespace, 'storage'::regnamespace)
        group by 1, 2 order by 1`,
    )
    expect(tables).toEqual([
      { schema: 'auth', owner: 'supabase_auth_admin', tables: expect.any(Number) },
      { schema: 'storage', owner: 'supabase_storage_admin', tables: 2 },
    ])
    const { rows: extensions } = await db.query(
      `select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname <> 'plpgsql' order by 1`,
    )
    expect(extensions).toEqual([
      { name: 'cube', schema: 'extensions' },
      { name: 'earthdistance', schema: 'extensions' },
      { name: 'pg_trgm', schema: 'extensions' },
      { name: 'pgcrypto', schema: 'extensions' },
      { name: 'uuid-ossp', schema: 'extensions' },
    ])
  })

  it('applied every migration as postgres: everything they made in public is postgres’s', async () => {
    const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql'))
    const { rows: applied } = await db.query<{ count: number }>(`select count(*)::int as count from supabase_migrations.schema_migrations`)
    expect(applied[0]?.count).toBe(files.length)
    const { rows: owners } = await db.query<{ owner: string; kind: string }>(
      `select distinct c.relowner::regrole::text as owner, 'relation' as kind from pg_class c where c.relnamespace = 'public'::regnamespace
       union select distinct p.proowner::regrole::text, 'function' from pg_proc p where p.pronamespace = 'public'::regnamespace
       union select distinct t.typowner::regrole::text, 'type' from pg_type t where t.typnamespace = 'public'::regnamespace
       order by 2`,
    )
    expect(owners).toEqual([
      { owner: 'postgres', kind: 'function' },
      { owner: 'postgres', kind: 'relation' },
      { owner: 'postgres', kind: 'type' },
    ])
  })

  it('lets postgres do on storage.objects what supautils lets it do, and nothing that needs the owner', async () => {
    const { rows: whoami } = await asPostgres.query(`select current_user as role, current_setting('is_superuser') as superuser`)
    expect(whoami).toEqual([{ role: 'postgres', superuser: 'off' }])
    // Allowed on a hosted project: policies (policy_grants), triggers (TRIGGER privilege) and
    // dropping triggers (drop_trigger_grants).
    await expect(
      inRolledBack(asPostgres, async (tx) => {
        await tx.exec(`create policy probe on storage.objects for select to authenticated using (false)`)
        await tx.exec(`alter policy probe on storage.objects using (true)`)
        await tx.exec(`drop policy probe on storage.objects`)
        await tx.exec(`create trigger probe before insert on storage.objects for each row execute function public.enforce_photo_quota()`)
        await tx.exec(`drop trigger probe on storage.objects`)
      }),
    ).resolves.toBe('rolled back')
    // Refused there: anything that needs the owner of Supabase's tables, or a superuser.
    for (const statement of [
      `alter table storage.objects add column probe int`,
      `alter table storage.objects disable row level security`,
      `create index probe on storage.objects (name)`,
      `drop table storage.objects cascade`,
      `alter table auth.users add column probe int`,
      `comment on table auth.users is 'probe'`,
      `create table storage.probe (id int)`,
      `create function auth.probe() returns int language sql as 'select 1'`,
      `create event trigger probe on ddl_command_end execute function localbase.refuse_owner_ddl_in_hosted_schemas()`,
      `alter role postgres superuser`,
    ]) {
      await expect(
        inRolledBack(asPostgres, (tx) => tx.exec(statement)),
        statement,
      ).rejects.toMatchObject({ code: '42501' })
    }
  })

  it('refuses a migration that needs more than a project allows, as db push would: that file only, the ones before it kept', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-hosted-migrations-'))
    const target = await createTestDatabase()
    let probe: Database | undefined
    try {
      const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql'))
      for (const file of files) await copyFile(path.join(migrationsDir, file), path.join(dir, file))
      await writeFile(
        path.join(dir, '29991231000000_needs_the_owner.sql'),
        'create table public.probe (id int);\nalter table storage.objects add column probe int;\n',
      )
      probe = await openDatabase(undefined, { databaseUrl: target.url })
      await expect(bootstrap(probe, { migrationsDir: dir })).rejects.toMatchObject({
        code: '42501',
        message: 'must be owner of storage.objects',
      })
      const { rows } = await probe.query<{ count: number; probe: string | null }>(
        `select (select count(*)::int from supabase_migrations.schema_migrations) as count, to_regclass('public.probe')::text as probe`,
      )
      expect(rows).toEqual([{ count: files.length, probe: null }])
    } finally {
      await probe?.close()
      await target.ready()
      await target.drop()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('keeps the photo quota’s trigger and the members’ policies on storage.objects', async () => {
    const { rows: triggers } = await db.query(
      `select tgname as name from pg_trigger where tgrelid = 'storage.objects'::regclass and not tgisinternal order by 1`,
    )
    expect(triggers).toEqual([{ name: 'animal_photos_quota' }])
    const { rows: policies } = await db.query<{ count: number }>(
      `select count(*)::int as count from pg_policies where schemaname = 'storage' and tablename = 'objects'`,
    )
    expect(policies[0]?.count).toBe(4)
  })
})

/** Runs `work` in a transaction that is then rolled back whatever happens. */
async function inRolledBack(database: Database, work: (tx: Queryable) => Promise<unknown>): Promise<string> {
  const rollback = new Error('rolled back')
  try {
    await database.transaction(async (tx) => {
      await work(tx)
      throw rollback
    })
  } catch (error) {
    if (error === rollback) return 'rolled back'
    throw error
  }
  throw new Error('unreachable')
}
