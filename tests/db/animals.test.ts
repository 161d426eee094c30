// What the database guarantees about listings, whatever the app does: the real migrations in
// a localbase, driven through the REST API and Storage policies with real users' tokens.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asRole, type Database } from '#localbase/src/db.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { approvedProfile, createShelter } from '#tests/db/factories.ts'
import { openTestDatabase } from '#localbase/test/test-database.ts'
import { DEMO_DEFAULTS, demoSeedSql } from '#scripts/lib/demo-data/index.ts'

const projectRoot = path.resolve(import.meta.dirname, '../..')
const demoFile = path.join(projectRoot, 'supabase/seed/demo.sql')

type SignedIn = Awaited<ReturnType<Harness['signedIn']>>
type Shelter = SignedIn & { shelterId: string }

let h: Harness
let approved: Shelter
let other: Shelter
let unapproved: Shelter

const NEW_YORK = { latitude: 40.7128, longitude: -74.006 }

const makeShelter = (name: string, { approve = true, at = NEW_YORK } = {}): Promise<Shelter> =>
  createShelter(h, name, { ...at, ...(approve ? approvedProfile() : { meeting_completed: false, approved_at: null }) })

async function addAnimal(shelter: Shelter, fields: Record<string, unknown> = {}) {
  const { data, error } = await shelter.client
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name: 'Biscuit', type: 'dog', age_group: 'adult', ...fields })
    .select('*')
    .single()
  if (error) throw error
  return data
}

async function visibleTo(client: ReturnType<Harness['anon']>, id: string): Promise<boolean> {
  const { data, error } = await client.from('animals').select('id').eq('id', id)
  if (error) throw error
  return data.length === 1
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  approved = await makeShelter('Approved Paws')
  other = await makeShelter('Other Tails')
  unapproved = await makeShelter('Waiting Whiskers', { approve: false })
})
afterAll(async () => {
  await h?.stop()
})

describe('who sees a listing', () => {
  it('shows available and pending animals of an approved shelter to everyone', async () => {
    for (const status of ['available', 'pending']) {
      const animal = await addAnimal(approved, { status })
      expect(await visibleTo(h.anon(), animal.id), status).toBe(true)
      expect(await visibleTo(other.client, animal.id), status).toBe(true)
    }
  })

  it('hides adopted and archived animals from everyone but their owner', async () => {
    for (const status of ['adopted', 'archived']) {
      const animal = await addAnimal(approved, { status })
      expect(await visibleTo(h.anon(), animal.id), status).toBe(false)
      expect(await visibleTo(other.client, animal.id), status).toBe(false)
      expect(await visibleTo(approved.client, animal.id), status).toBe(true)
    }
  })

  it('hides every animal of an unapproved shelter, until the shelter is approved', async () => {
    const animal = await addAnimal(unapproved, { name: 'Hidden' })
    expect(animal).toMatchObject({ listed: false, owner_id: unapproved.userId })
    expect(await visibleTo(h.anon(), animal.id)).toBe(false)
    expect(await visibleTo(other.client, animal.id)).toBe(false)
    expect(await visibleTo(unapproved.client, animal.id)).toBe(true)
    const search = await h.anon().rpc('search_animals', { q: 'Hidden' })
    expect(search.data.total).toBe(0)

    await h.service().from('shelter_profiles').update({ meeting_completed: true }).eq('id', unapproved.shelterId)
    expect(await visibleTo(h.anon(), animal.id)).toBe(true)
    expect((await h.anon().rpc('search_animals', { q: 'Hidden' })).data.total).toBe(1)

    await h.service().from('shelter_profiles').update({ meeting_completed: false }).eq('id', unapproved.shelterId)
    expect(await visibleTo(h.anon(), animal.id)).toBe(false)
    expect((await h.anon().rpc('search_animals', { q: 'Hidden' })).data.total).toBe(0)
  })

  it('shows a photo exactly when its animal shows', async () => {
    const listed = await addAnimal(approved)
    const hidden = await addAnimal(unapproved)
    for (const animal of [listed, hidden]) {
      const { error } = await h
        .service()
        .from('animal_photos')
        .insert({ animal_id: animal.id, position: 0, external_url: '/images/demo/dog-floppy-golden.svg' })
      expect(error).toBeNull()
    }
    const { data } = await h.anon().from('animal_photos').select('animal_id').in('animal_id', [listed.id, hidden.id])
    expect(data).toEqual([{ animal_id: listed.id }])
  })
})

describe('who writes a listing', () => {
  it('locates a new animal at its shelter and makes the caller its owner', async () => {
    const animal = await addAnimal(approved)
    expect(animal).toMatchObject({ owner_id: approved.userId, listed: true, ...NEW_YORK })
    expect(Date.now() - new Date(animal.published_at).getTime()).toBeLessThan(60_000)
  })

  it('moves the animals along when the shelter moves', async () => {
    const mover = await makeShelter('Moving Mutts')
    const animal = await addAnimal(mover)
    const philadelphia = { latitude: 39.9526, longitude: -75.1652 }
    await mover.client.from('shelter_profiles').update(philadelphia).eq('id', mover.shelterId)
    const { data } = await h.anon().from('animals').select('latitude, longitude').eq('id', animal.id).single()
    expect(data).toEqual(philadelphia)
  })

  it('refuses an animal for another shelter', async () => {
    const { error } = await other.client
      .from('animals')
      .insert({ shelter_id: approved.shelterId, name: 'Cuckoo', type: 'cat', age_group: 'young' })
    expect(error?.code).toBe('42501')
  })

  it('never lets a shelter edit or delete another shelter’s animal', async () => {
    const animal = await addAnimal(approved, { name: 'Mine' })
    const update = await other.client.from('animals').update({ name: 'Stolen', status: 'archived' }).eq('id', animal.id).select('id')
    expect(update.error).toBeNull()
    expect(update.data).toEqual([])
    const remove = await other.client.from('animals').delete().eq('id', animal.id).select('id')
    expect(remove.data).toEqual([])
    const { data } = await h.anon().from('animals').select('name, status').eq('id', animal.id).single()
    expect(data).toEqual({ name: 'Mine', status: 'available' })
  })

  it('lets the owner edit, archive and delete its own', async () => {
    const animal = await addAnimal(approved)
    const update = await approved.client
      .from('animals')
      .update({ name: 'Renamed', status: 'adopted' })
      .eq('id', animal.id)
      .select('name, listed')
    expect(update.data).toEqual([{ name: 'Renamed', listed: false }])
    const remove = await approved.client.from('animals').delete().eq('id', animal.id).select('id')
    expect(remove.data).toEqual([{ id: animal.id }])
  })

  it('keeps owners off the bookkeeping columns', async () => {
    const animal = await addAnimal(approved)
    const changes = [
      { owner_id: other.userId },
      { shelter_id: other.shelterId },
      { listed: true },
      { latitude: 0 },
      { published_at: '2020-01-01T00:00:00Z' },
    ]
    for (const change of changes) {
      const { error } = await approved.client.from('animals').update(change).eq('id', animal.id)
      expect(error?.code, JSON.stringify(change)).toBe('42501')
    }
    const insert = await unapproved.client
      .from('animals')
      .insert({ shelter_id: unapproved.shelterId, name: 'Sneaky', type: 'dog', age_group: 'adult', listed: true })
    expect(insert.error?.code).toBe('42501')
  })

  it('refuses every write from a visitor who is not signed in', async () => {
    const animal = await addAnimal(approved)
    const insert = await h.anon().from('animals').insert({ shelter_id: approved.shelterId, name: 'Anon', type: 'dog', age_group: 'adult' })
    expect(insert.error?.code).toBe('42501')
    const update = await h.anon().from('animals').update({ name: 'Anon' }).eq('id', animal.id)
    expect(update.error?.code).toBe('42501')
    const remove = await h.anon().from('animals').delete().eq('id', animal.id)
    expect(remove.error?.code).toBe('42501')
    const photo = await h
      .anon()
      .from('animal_photos')
      .insert({ animal_id: animal.id, position: 1, external_url: 'https://example.org/a.jpg' })
    expect(photo.error?.code).toBe('42501')
  })

  it('checks the vocabulary and keeps external ids unique per shelter', async () => {
    const bad = await approved.client
      .from('animals')
      .insert({ shelter_id: approved.shelterId, name: 'Nessie', type: 'dinosaur', age_group: 'adult' })
    expect(bad.error?.code).toBe('23514')
    await addAnimal(approved, { external_source: 'petfinder', external_id: '42' })
    const twice = await approved.client.from('animals').insert({
      shelter_id: approved.shelterId,
      name: 'Twin',
      type: 'dog',
      age_group: 'adult',
      external_source: 'petfinder',
      external_id: '42',
    })
    expect(twice.error?.code).toBe('23505')
    await expect(addAnimal(other, { external_source: 'petfinder', external_id: '42' })).resolves.toBeTruthy()
  })
})

describe('photos', () => {
  it('allows six per animal, in places 0 to 5', async () => {
    const animal = await addAnimal(approved)
    const six = [0, 1, 2, 3, 4, 5].map((position) => ({ animal_id: animal.id, position, external_url: `/images/demo/cat-black.svg` }))
    expect((await approved.client.from('animal_photos').insert(six)).error).toBeNull()
    const seventh = await approved.client
      .from('animal_photos')
      .insert({ animal_id: animal.id, position: 6, external_url: '/images/demo/cat-black.svg' })
    expect(seventh.error?.code).toBe('23514')
  })

  it('are put in a new order in one call, by their owner only', async () => {
    const animal = await addAnimal(approved)
    const six = [0, 1, 2, 3, 4, 5].map((position) => ({
      animal_id: animal.id,
      position,
      external_url: `/images/demo/cat-black.svg`,
      alt: `p${position}`,
    }))
    const { data: rows, error } = await approved.client.from('animal_photos').insert(six).select('id, alt')
    expect(error).toBeNull()
    const ids = (alt: string) => rows!.find((row) => row.alt === alt)!.id as string
    const order = () =>
      approved.client
        .from('animal_photos')
        .select('alt')
        .eq('animal_id', animal.id)
        .order('position')
        .then(({ data }) => data!.map((row) => row.alt))

    // The last photo becomes the main one: every photo moves, with no free place to pass through.
    const wanted = ['p5', 'p0', 'p1', 'p2', 'p3', 'p4']
    expect((await approved.client.rpc('reorder_animal_photos', { target_animal: animal.id, photo_ids: wanted.map(ids) })).error).toBeNull()
    expect(await order()).toEqual(wanted)

    // Another shelter's call changes nothing (row-level security), a visitor may not call it,
    // and a list that would put two photos in one place fails whole.
    const reversed = [...wanted].reverse().map(ids)
    expect((await other.client.rpc('reorder_animal_photos', { target_animal: animal.id, photo_ids: reversed })).error).toBeNull()
    expect((await h.anon().rpc('reorder_animal_photos', { target_animal: animal.id, photo_ids: reversed })).error?.code).toBe('42501')
    const partial = await approved.client.rpc('reorder_animal_photos', { target_animal: animal.id, photo_ids: [ids('p4')] })
    expect(partial.error?.code).toBe('23505')
    expect(await order()).toEqual(wanted)
  })

  it('stores uploads only under <shelter>/<animal>/ and never on another shelter’s animal', async () => {
    const animal = await addAnimal(approved)
    const own = `${approved.shelterId}/${animal.id}/front.webp`
    expect((await approved.client.from('animal_photos').insert({ animal_id: animal.id, position: 0, storage_path: own })).error).toBeNull()
    const elsewhere = `${other.shelterId}/${animal.id}/front.webp`
    const misplaced = await approved.client.from('animal_photos').insert({ animal_id: animal.id, position: 1, storage_path: elsewhere })
    expect(misplaced.error?.code).toBe('23514')
    const intruder = await other.client
      .from('animal_photos')
      .insert({ animal_id: animal.id, position: 2, external_url: '/images/demo/cat-black.svg' })
    expect(intruder.error?.code).toBe('42501')
  })

  it("lets a member's own session store only declared WebP of at most 4 MiB in its shelter's folder", async () => {
    const bucket = approved.client.storage.from('animal-photos')
    const folder = `${approved.shelterId}/direct`
    const declared = (type: string, size = 100) => new Blob([Buffer.alloc(size, 1)], { type })
    for (const type of ['image/png', 'image/jpeg', 'text/html', 'image/svg+xml']) {
      expect((await bucket.upload(`${folder}/${type.replace('/', '-')}.webp`, declared(type))).error, type).toMatchObject({
        statusCode: '415',
        code: 'InvalidMimeType',
      })
    }
    expect((await bucket.upload(`${folder}/big.webp`, declared('image/webp', 4 * 1024 * 1024 + 1))).error).toMatchObject({
      statusCode: '413',
      code: 'EntityTooLarge',
    })
    // Storage never reads the bytes (nor does a hosted project): these are stored, and the photo
    // route refuses to serve them (servablePhoto).
    expect((await bucket.upload(`${folder}/junk.webp`, declared('image/webp'))).error).toBeNull()
    await bucket.remove([`${folder}/junk.webp`])
  })

  it('has a public bucket whose folders belong to their shelters, listed by their members alone', async () => {
    const { rows } = await h.lb.db.query(
      `select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'animal-photos'`,
    )
    expect(rows).toEqual([{ public: true, file_size_limit: 4 * 1024 * 1024, allowed_mime_types: ['image/webp'] }])
    const insertObject = (name: string) => (tx: Parameters<Parameters<typeof asRole>[2]>[0]) =>
      tx.query(`insert into storage.objects (bucket_id, name, owner_id) values ('animal-photos', $1, $2)`, [name, approved.userId])
    const claims = { role: 'authenticated', sub: approved.userId }
    await expect(asRole(h.lb.db, claims, insertObject(`${approved.shelterId}/a/1.webp`))).resolves.toBeTruthy()
    await expect(asRole(h.lb.db, claims, insertObject(`${other.shelterId}/a/1.webp`))).rejects.toThrow(/row-level security/)
    const list = (role: Parameters<typeof asRole>[1]) =>
      asRole(h.lb.db, role, (tx) => tx.query(`select name from storage.objects where bucket_id = 'animal-photos'`))
    expect((await list(claims)).rows).toEqual([{ name: `${approved.shelterId}/a/1.webp` }])
    // Nobody else learns user or animal ids from the names.
    expect((await list({ role: 'anon' })).rows).toEqual([])
    expect((await list({ role: 'authenticated', sub: other.userId })).rows).toEqual([])
  })

  it('lists no folder to anyone but its shelter’s members through the Storage API', async () => {
    const { data: anonymous } = await h.anon().storage.from('animal-photos').list(approved.shelterId)
    expect(anonymous ?? []).toEqual([])
    const { data: root } = await other.client.storage.from('animal-photos').list()
    expect((root ?? []).map((entry) => entry.name)).not.toContain(approved.shelterId)
  })

  it('keeps each shelter within its photo quota, and reports what it uses', async () => {
    await h.service().from('app_settings').upsert({ key: 'photo_quota_bytes', value: 1000 })
    try {
      const store = (name: string, size: number) =>
        asRole(h.lb.db, { role: 'authenticated', sub: approved.userId }, (tx) =>
          tx.query(`insert into storage.objects (bucket_id, name, owner_id, metadata) values ('animal-photos', $1, $2, $3::jsonb)`, [
            name,
            approved.userId,
            JSON.stringify({ size, mimetype: 'image/webp' }),
          ]),
        )
      await store(`${approved.shelterId}/quota/1.webp`, 600)
      await expect(store(`${approved.shelterId}/quota/2.webp`, 600)).rejects.toThrow(/photo storage quota exceeded/)
      // Another shelter's folder has its own quota.
      await expect(
        asRole(h.lb.db, { role: 'authenticated', sub: other.userId }, (tx) =>
          tx.query(
            `insert into storage.objects (bucket_id, name, owner_id, metadata) values ('animal-photos', $1, $2, '{"size": 600}'::jsonb)`,
            [`${other.shelterId}/quota/1.webp`, other.userId],
          ),
        ),
      ).resolves.toBeTruthy()
      const { data } = await approved.client.rpc('my_photo_storage')
      expect(data).toEqual([{ used_bytes: 600, quota_bytes: 1000 }])
      expect((await h.anon().rpc('my_photo_storage')).error).not.toBeNull()
    } finally {
      await h
        .service()
        .from('app_settings')
        .update({ value: 500 * 1024 * 1024 })
        .eq('key', 'photo_quota_bytes')
    }
  })

  it('links only absolute https photos without credentials, or our own /images/ files', async () => {
    const animal = await addAnimal(approved, { name: 'Linky' })
    const link = (external_url: string) => approved.client.from('animal_photos').insert({ animal_id: animal.id, position: 0, external_url })
    for (const bad of [
      'http://example.org/a.jpg',
      'https://user:pass@example.org/a.jpg',
      'https://evil.example@good.example/a.jpg',
      '/images/../../dashboard',
      '/images//x.svg',
      'javascript:alert(1)',
      '/dashboard/abc',
    ]) {
      expect((await link(bad)).error?.code, bad).toBe('23514')
    }
    expect((await link('https://photos.example.org:8443/pets/linky.jpg?size=large')).error).toBeNull()
  })
})

describe('live counts', () => {
  it('follow every insert, status change, approval and delete', async () => {
    const counts = async () => {
      const { data } = await h.anon().rpc('animal_type_counts')
      return Object.fromEntries((data as Array<{ type: string; available: number; pending: number }>).map((row) => [row.type, row]))
    }
    const shelter = await makeShelter('Counting Critters')
    const before = (await counts()).horse!
    const horse = await addAnimal(shelter, { type: 'horse' })
    const pending = await addAnimal(shelter, { type: 'horse', status: 'pending' })
    expect((await counts()).horse).toEqual({ type: 'horse', available: before.available + 1, pending: before.pending + 1 })

    await shelter.client.from('animals').update({ status: 'adopted' }).eq('id', horse.id)
    expect((await counts()).horse).toEqual({ type: 'horse', available: before.available, pending: before.pending + 1 })
    await h.service().from('shelter_profiles').update({ meeting_completed: false }).eq('id', shelter.shelterId)
    expect((await counts()).horse).toEqual(before)
    await h.service().from('shelter_profiles').update({ meeting_completed: true }).eq('id', shelter.shelterId)
    await shelter.client.from('animals').delete().eq('id', pending.id)
    expect((await counts()).horse).toEqual(before)

    const perShelter = await h.anon().rpc('shelter_animal_counts', { shelter_ids: [shelter.shelterId, unapproved.shelterId] })
    expect(perShelter.data).toEqual([])
    await addAnimal(shelter, { type: 'horse' })
    const again = await h.anon().rpc('shelter_animal_counts', { shelter_ids: [shelter.shelterId] })
    expect(again.data).toEqual([{ shelter_id: shelter.shelterId, available: 1, pending: 0 }])
  })

  it('keeps the count table itself private', async () => {
    const { error } = await h.anon().from('listed_animal_counts').select('*')
    expect(error?.code).toBe('42501')
  })
})

describe('the demo data a fresh data dir gets', () => {
  let db: Database
  beforeAll(async () => {
    db = await openTestDatabase({ migrationsDir: path.join(projectRoot, 'supabase/migrations'), seedFiles: [demoFile] })
  })
  afterAll(async () => {
    await db?.close()
  })

  it('is the SQL the generator writes (npm run seed -- --write-demo)', async () => {
    expect(await readFile(demoFile, 'utf8')).toBe(demoSeedSql(DEMO_DEFAULTS))
  })

  it('has about 40 approved shelters in 25+ cities and 600 animals of every type, mostly available', async () => {
    const { rows: shelters } = await db.query<{ shelters: number; cities: number }>(
      `select count(*)::int as shelters, count(distinct city || state)::int as cities from public.shelter_profiles where meeting_completed`,
    )
    expect(shelters[0]).toEqual({ shelters: 40, cities: 28 })
    const { rows } = await db.query<{ type: string; animals: number; available: number }>(
      `select type, count(*)::int as animals, count(*) filter (where status = 'available')::int as available from public.animals group by type`,
    )
    expect(rows.map((row) => row.type).sort()).toEqual([
      'barnyard',
      'bird',
      'cat',
      'dog',
      'horse',
      'other',
      'rabbit',
      'reptile',
      'small-animal',
    ])
    const total = rows.reduce((sum, row) => sum + row.animals, 0)
    const available = rows.reduce((sum, row) => sum + row.available, 0)
    expect(total).toBe(600)
    expect(available / total).toBeGreaterThan(0.8)
    const visible = await asRole(db, { role: 'anon' }, (tx) => tx.query<{ n: number }>(`select count(*)::int as n from public.animals`))
    expect(visible.rows[0]?.n).toBeGreaterThan(available)
  })

  it('pictures every animal with a drawing that exists in public/images/demo', async () => {
    const { rows } = await db.query<{ url: string }>(`select distinct external_url as url from public.animal_photos`)
    const files = new Set(await readdir(path.join(projectRoot, 'public/images/demo')))
    expect(rows.length).toBeGreaterThan(60)
    expect(rows.filter((row) => !files.has(row.url.replace('/images/demo/', '')))).toEqual([])
    const { rows: bare } = await db.query(
      `select id from public.animals a where not exists (select 1 from public.animal_photos p where p.animal_id = a.id and p.position = 0)`,
    )
    expect(bare).toEqual([])
  })
})
