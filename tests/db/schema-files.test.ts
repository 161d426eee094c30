// supabase/schemas/ is the schema's current definition (docs/decisions/054-schema-files.md):
// a fresh database made from those files must have the catalog a fresh database made from
// supabase/migrations/ has. Runs on PGlite and, in the "postgres" project, on PostgreSQL 15
// as a hosted project's `postgres` (both databases are made by the same runner).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#localbase/src/db.ts'
import { openTestDatabase } from '#localbase/test/test-database.ts'
import { describeSchema, differences, reparsedConstraints } from '#scripts/lib/db-schemas/describe.ts'
import { MIGRATIONS_DIR, schemaFilesAsMigrations } from '#scripts/lib/db-schemas/index.ts'

let migrated: Database
let fromFiles: Database
let removeFiles: (() => Promise<void>) | undefined

beforeAll(async () => {
  migrated = await openTestDatabase({ migrationsDir: MIGRATIONS_DIR })
  const files = await schemaFilesAsMigrations()
  removeFiles = files.remove
  // Says which schema file failed to load, not only PostgreSQL's error.
  let loading = ''
  fromFiles = await openTestDatabase({ migrationsDir: files.dir, log: (line) => (loading = line) }).catch((error: unknown) => {
    throw new Error(
      `supabase/schemas/ does not load (${loading.replace(/^applying migration \d+_/, '').replace(/ as postgres$/, '')}): ${String(error)}`,
      {
        cause: error,
      },
    )
  })
})
afterAll(async () => {
  await migrated?.close()
  await fromFiles?.close()
  await removeFiles?.()
})

describe('supabase/schemas/', () => {
  it('makes the database the migrations make', async () => {
    let expected = await describeSchema(migrated)
    let actual = await describeSchema(fromFiles)
    const differing = [...expected.keys()].filter(
      (key) => key.startsWith('constraint ') && actual.has(key) && expected.get(key) !== actual.get(key),
    )
    expected = await reparsedConstraints(migrated, expected, differing)
    actual = await reparsedConstraints(fromFiles, actual, differing)
    const found = differences(expected, actual)
    if (found.length > 0) {
      expect.fail(
        `supabase/schemas/ and supabase/migrations/ disagree on ${found.length} object(s); after adding a migration, ` +
          `run \`npm run db:schemas\` and commit the result:\n${found.join('\n')}`,
      )
    }
  })
})

describe('the functions the API exposes', () => {
  // PostgREST picks among same-named functions by argument types, localbase by argument names:
  // an overload could work here and fail on a hosted project. One function per name.
  const KNOWN_OVERLOADS: Record<string, string> = {}

  it('have one function per name', async () => {
    const { rows } = await migrated.query<{ name: string; signatures: string[] }>(`
      select p.proname as name, array_agg(p.oid::regprocedure::text order by 1) as signatures
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any (array['public', 'graphql_public'])
         and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute')
              or has_function_privilege('service_role', p.oid, 'execute'))
       group by p.proname having count(*) > 1 order by 1`)
    const overloaded = rows.filter((row) => !(row.name in KNOWN_OVERLOADS))
    expect(overloaded, 'two API functions share a name: drop the stale one in a migration').toEqual([])
  })
})
