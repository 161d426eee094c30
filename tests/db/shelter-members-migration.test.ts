// The shelter-teams migration on a database that already has shelters: applied to the schema
// as it was just before it, with shelters, animals and photos stored the old way, it must give
// every shelter its creator as its one owner, keep their animals and photos theirs, and list
// the old photo folders (<creator user id>/) that still need moving, each with its job.
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asRole, bootstrap, openDatabase, type Database } from '#localbase/src/db.ts'
import { createTestDatabase, type TestDatabase } from '#localbase/test/test-database.ts'

const migrationsDir = path.resolve(import.meta.dirname, '../../supabase/migrations')
const TEAMS_MIGRATION = '20261125003000'

let target: TestDatabase
let db: Database
let earlier: string

const users = {
  withPhotos: '11111111-1111-4111-8111-111111111111',
  withFilesOnly: '22222222-2222-4222-8222-222222222222',
  withNothing: '33333333-3333-4333-8333-333333333333',
  adopter: '44444444-4444-4444-8444-444444444444',
}
const animalId = '55555555-5555-4555-8555-555555555555'

beforeAll(async () => {
  // The schema as it was before shelter teams: every migration older than the teams one.
  earlier = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-migrations-'))
  for (const file of await readdir(migrationsDir)) {
    if (file.endsWith('.sql') && file < TEAMS_MIGRATION) await copyFile(path.join(migrationsDir, file), path.join(earlier, file))
  }
  target = await createTestDatabase()
  db = await openDatabase(undefined, { databaseUrl: target.url })
  try {
    await bootstrap(db, { migrationsDir: earlier })
    // Sign-ups as the old trigger saw them (it makes the shelter profiles).
    for (const [key, id] of Object.entries(users)) {
      const userType = key === 'adopter' ? 'adopter' : 'shelter'
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_user_meta_data)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', $3::jsonb)`,
        [id, `${key}@example.org`, JSON.stringify({ user_type: userType, shelter_name: `Shelter ${key}` })],
      )
    }
    // One shelter has an animal with a stored photo, the old way: <user id>/<animal id>/<file>.
    await db.query(
      `insert into public.animals (id, shelter_id, name, type, age_group)
       select $1, id, 'Biscuit', 'dog', 'adult' from public.shelter_profiles where user_id = $2`,
      [animalId, users.withPhotos],
    )
    await db.query(`insert into public.animal_photos (animal_id, position, storage_path) values ($1, 0, $2)`, [
      animalId,
      `${users.withPhotos}/${animalId}/front.webp`,
    ])
    await db.query(
      `insert into storage.objects (bucket_id, name, owner_id, metadata) values
         ('animal-photos', $1, $2, '{"size": 100}'), ('animal-photos', $3, $4, '{"size": 50}')`,
      [
        `${users.withPhotos}/${animalId}/front.webp`,
        users.withPhotos,
        `${users.withFilesOnly}/${animalId}/left-over.webp`,
        users.withFilesOnly,
      ],
    )
    // Now the teams migration and everything after it.
    await bootstrap(db, { migrationsDir })
  } finally {
    await target.ready()
  }
})
afterAll(async () => {
  await db?.close()
  await target?.drop()
  await rm(earlier, { recursive: true, force: true })
})

describe('the shelter teams migration', () => {
  it('gives every existing shelter exactly one member: its creator, as owner', async () => {
    const { rows } = await db.query<{ user_id: string; members: number; owners: number; creator_is_owner: boolean }>(`
      select p.user_id, count(m.user_id)::int as members, count(*) filter (where m.role = 'owner')::int as owners,
             coalesce(bool_and(m.user_id = p.user_id), false) as creator_is_owner
        from public.shelter_profiles p
        left join public.shelter_members m on m.shelter_id = p.id
       group by p.id, p.user_id
       order by p.user_id`)
    expect(rows).toEqual(
      [users.withPhotos, users.withFilesOnly, users.withNothing]
        .sort()
        .map((user_id) => ({ user_id, members: 1, owners: 1, creator_is_owner: true })),
    )
    const { rows: adopters } = await db.query(`select 1 from public.shelter_members where user_id = $1`, [users.adopter])
    expect(adopters).toEqual([])
  })

  it('lists each creator folder that holds photos as its shelter’s legacy folder', async () => {
    const { rows } = await db.query<{ folder: string; creator: string }>(`
      select l.folder, p.user_id::text as creator
        from public.legacy_photo_folders l join public.shelter_profiles p on p.id = l.shelter_id
       order by l.folder`)
    expect(rows).toEqual([users.withPhotos, users.withFilesOnly].sort().map((user) => ({ folder: user, creator: user })))
  })

  it('enqueues one move_photo_folder job per legacy folder (20261125003100)', async () => {
    const { rows } = await db.query<{ payload: unknown; dedupe_key: string }>(
      `select j.payload, j.dedupe_key from public.jobs j where j.kind = 'move_photo_folder' order by j.dedupe_key`,
    )
    const { rows: shelters } = await db.query<{ id: string; user_id: string }>(`select id, user_id from public.shelter_profiles`)
    const shelterOf = (user: string) => shelters.find((row) => row.user_id === user)!.id
    expect(rows).toEqual(
      [users.withPhotos, users.withFilesOnly].sort().map((folder) => ({
        payload: { shelter_id: shelterOf(folder), from_folder: folder },
        dedupe_key: `move_photo_folder:${folder}`,
      })),
    )
  })

  it('leaves the animals and photos where they were, still the shelter’s', async () => {
    const owner = { role: 'authenticated', sub: users.withPhotos }
    const animals = await asRole(db, owner, (tx) => tx.query(`select id, owner_id from public.animals`))
    expect(animals.rows).toEqual([{ id: animalId, owner_id: users.withPhotos }])
    const photos = await asRole(db, owner, (tx) => tx.query(`select storage_path from public.animal_photos`))
    expect(photos.rows).toEqual([{ storage_path: `${users.withPhotos}/${animalId}/front.webp` }])
    const files = await asRole(db, owner, (tx) => tx.query(`select name from storage.objects where bucket_id = 'animal-photos'`))
    expect(files.rows).toEqual([{ name: `${users.withPhotos}/${animalId}/front.webp` }])
    const use = await asRole(db, owner, (tx) => tx.query(`select used_bytes::int as used from public.my_photo_storage()`))
    expect(use.rows).toEqual([{ used: 100 }])
    // The photo can still be reordered or described while it waits to be moved.
    const update = await asRole(db, owner, (tx) => tx.query(`update public.animal_photos set alt = 'Front' returning alt`))
    expect(update.rows).toEqual([{ alt: 'Front' }])
  })

  it('lets a new shelter sign up with its owner as before', async () => {
    await db.query(
      `insert into auth.users (id, email, raw_user_meta_data) values ('66666666-6666-4666-8666-666666666666', 'new@example.org', '{"user_type": "shelter"}')`,
    )
    const { rows } = await db.query(
      `select m.role from public.shelter_members m join public.shelter_profiles p on p.id = m.shelter_id
        where p.user_id = '66666666-6666-4666-8666-666666666666'`,
    )
    expect(rows).toEqual([{ role: 'owner' }])
  })
})
