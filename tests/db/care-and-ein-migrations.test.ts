// The unknown-care-answers and shelter-EIN migrations on a database that already has animals
// and a meeting request: applied to the schema as it was just before them, they must turn only
// the provably blank answers (a Shelterluv pull's constant false) into null, keep every other
// stored answer, and carry a request's EIN into its shelter's profile.
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap, openDatabase, type Database } from '#localbase/src/db.ts'
import { createTestDatabase, type TestDatabase } from '#localbase/test/test-database.ts'

const migrationsDir = path.resolve(import.meta.dirname, '../../supabase/migrations')
const CARE_MIGRATION = '20261130100000'

let target: TestDatabase
let db: Database
let earlier: string

const owner = '66666666-6666-4666-8666-666666666666'
const sources = { shelterluv: '77777777-7777-4777-8777-777777777771', upload: '77777777-7777-4777-8777-777777777772' }

beforeAll(async () => {
  earlier = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-migrations-'))
  for (const file of await readdir(migrationsDir)) {
    if (file.endsWith('.sql') && file < CARE_MIGRATION) await copyFile(path.join(migrationsDir, file), path.join(earlier, file))
  }
  target = await createTestDatabase()
  db = await openDatabase(undefined, { databaseUrl: target.url })
  try {
    await bootstrap(db, { migrationsDir: earlier })
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_user_meta_data)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'care@example.org', '',
               '{"user_type": "shelter", "shelter_name": "Care Shelter"}')`,
      [owner],
    )
    await db.query(`update public.shelter_profiles set meeting_completed = true, latitude = 30.27, longitude = -97.74 where user_id = $1`, [
      owner,
    ])
    await db.query(
      `insert into public.sync_sources (id, shelter_id, kind, format, name, pull_interval_minutes)
       select $2::uuid, id, 'shelterluv', null, 'Shelterluv', 60 from public.shelter_profiles where user_id = $1
       union all
       select $3::uuid, id, 'upload', 'petfinder', 'Uploads', null from public.shelter_profiles where user_id = $1`,
      [owner, sources.shelterluv, sources.upload],
    )
    // As the old readers wrote them: Shelterluv's constant false, a file's false (blank or no alike),
    // a hand-entered animal's unticked boxes.
    await db.query(
      `insert into public.animals (shelter_id, name, type, age_group, source_id, external_source, external_id,
                                   house_trained, spayed_neutered, vaccinations_current, special_needs)
       select p.id, a.name, 'dog', 'adult', a.source_id, a.external_source, a.external_id, a.house_trained, a.spayed_neutered,
              a.vaccinations_current, a.special_needs
         from public.shelter_profiles p,
              (values ('From Shelterluv', $2::uuid, 'sync:' || $2, '1', false, true, false, false),
                      ('From a file', $3::uuid, 'sync:' || $3, '2', false, false, false, false),
                      ('By hand', null, null, null, false, true, false, true))
                as a (name, source_id, external_source, external_id, house_trained, spayed_neutered, vaccinations_current, special_needs)
        where p.user_id = $1`,
      [owner, sources.shelterluv, sources.upload],
    )
    await db.query(
      `insert into public.vetting_requests (shelter_id, organization_type, ein, website, vet_name, vet_clinic, vet_phone, phone,
                                            preferred_times, time_zone)
       select id, 'rescue_organization', '12-3456789', 'https://care.example.org', 'Dr. Ruiz', 'Maple Clinic', '(555) 010-2000',
              '(555) 010-1000', array[now() + interval '2 days', now() + interval '3 days'], 'America/Chicago'
         from public.shelter_profiles where user_id = $1`,
      [owner],
    )
    await db.query('analyze public.animals')
    await bootstrap(db, { migrationsDir })
  } finally {
    await target.ready()
  }
}, 600_000)
afterAll(async () => {
  await db?.close()
  await target?.drop()
  await rm(earlier, { recursive: true, force: true })
})

describe('the care answers and EIN migrations', () => {
  it('makes only a Shelterluv pull’s never-read answers unknown, and keeps every other stored answer', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select name, house_trained, spayed_neutered, vaccinations_current, special_needs from public.animals order by name`,
    )
    expect(rows).toEqual([
      { name: 'By hand', house_trained: false, spayed_neutered: true, vaccinations_current: false, special_needs: true },
      { name: 'From Shelterluv', house_trained: null, spayed_neutered: true, vaccinations_current: null, special_needs: null },
      { name: 'From a file', house_trained: false, spayed_neutered: false, vaccinations_current: false, special_needs: false },
    ])
  })

  it('keeps the search tallies equal to the animals, an unknown answer counted with the no’s', async () => {
    const { rows } = await db.query<{ off: number }>(`
      select count(*)::int as off from (
        select coalesce(grid_cell, -1), type, coalesce(house_trained, false), coalesce(special_needs, false), coalesce(coat, ''), count(*)
          from public.animals where searchable group by 1, 2, 3, 4, 5
        except
        select grid_cell, type, house_trained, special_needs, coat, listed from public.listed_animal_trait_facets where listed <> 0) d`)
    expect(rows[0]!.off).toBe(0)
  })

  it('carries the meeting request’s EIN into the shelter’s profile', async () => {
    const { rows } = await db.query<{ ein: string | null }>(`select ein from public.shelter_profiles where user_id = $1`, [owner])
    expect(rows).toEqual([{ ein: '12-3456789' }])
  })
})
