// The push API's keys and single-animal writes, in the database: owners and admins make, list
// and revoke their shelter's keys (never seeing a hash); only the service role resolves a key;
// the single-animal functions act on the key's API source alone, with a snapshot's rules, and
// never touch an animal entered by hand or another source's.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'
import { animalRow } from '#app/sync/pipeline.server.ts'
import type { ImportedAnimal } from '#app/sync/types.ts'
import { importedAnimal } from '#tests/db/sync-fixtures.ts'

let h: Harness
let service: SupabaseClient
let shelterId: string
let owner: SupabaseClient
const members = {} as Record<'admin' | 'staff' | 'volunteer', SupabaseClient>

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex')

/** A cat, as this file's tests expect one. */
const pet = (externalId: string, fields: Partial<ImportedAnimal> = {}) =>
  importedAnimal(externalId, {
    type: 'cat',
    primaryBreed: 'Domestic Short Hair',
    ageGroup: 'young',
    sex: 'male',
    size: 'small',
    goodWithChildren: 'unknown',
    goodWithCats: 'yes',
    vaccinationsCurrent: true,
    adoptionFee: 75,
    description: 'Purrs.',
    ...fields,
  })

async function newShelter(name: string) {
  const { client, shelterId } = await createShelter(h, name, { meeting_completed: true, latitude: 30.27, longitude: -97.74 })
  return { client, shelterId }
}

async function createKey(client: SupabaseClient, name: string, scope = 'read_write') {
  const { data, error } = await client.rpc('create_api_key', { name, scope })
  if (error) throw error
  return data as { id: string; key: string; prefix: string }
}

async function lookup(key: string) {
  const { data, error } = await service.rpc('api_key_lookup', { key_hash: sha256(key) })
  if (error) throw error
  return data as { key_id: string; shelter_id: string; scope: string; source_id: string }[]
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const shelter = await newShelter('Key Shelter')
  owner = shelter.client
  shelterId = shelter.shelterId
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelterId, user_id: person.userId, role })
    members[role] = person.client
  }
})
afterAll(async () => {
  await h?.stop()
})

describe('API keys', () => {
  it('owners and admins make, list and revoke them; the key is returned once and kept as its hash', async () => {
    const made = await createKey(owner, 'Shelter software')
    expect(made.key).toMatch(/^phk_[0-9a-f]{48}$/)
    expect(made.prefix).toBe(made.key.slice(0, 12))
    const byAdmin = await createKey(members.admin, 'Read only', 'read')

    const { data: listed } = await members.admin.from('api_keys').select('id, name, scope, prefix, revoked_at').order('created_at')
    expect(listed).toEqual([
      { id: made.id, name: 'Shelter software', scope: 'read_write', prefix: made.prefix, revoked_at: null },
      { id: byAdmin.id, name: 'Read only', scope: 'read', prefix: byAdmin.prefix, revoked_at: null },
    ])
    // Nobody reads the hash, and the table holds no key in plain text.
    expect((await owner.from('api_keys').select('key_hash')).error?.code).toBe('42501')
    const { data: stored } = await service.from('api_keys').select('*').eq('id', made.id).single()
    expect(stored.key_hash).toBe(sha256(made.key))
    expect(JSON.stringify(stored)).not.toContain(made.key)

    // The shelter's one API source comes with its first key.
    const { data: sources } = await owner.from('sync_sources').select('name, kind').eq('kind', 'api')
    expect(sources).toEqual([{ name: 'Pawhaven API', kind: 'api' }])

    const outsider = await newShelter('Other Shelter')
    for (const client of [members.staff, members.volunteer, h.anon()]) {
      expect((await client.rpc('create_api_key', { name: 'Nope', scope: 'read' })).error?.code).toBe('42501')
    }
    // Another shelter's owner makes keys for their own shelter only, and cannot revoke this one's.
    for (const client of [members.staff, members.volunteer, outsider.client, h.anon()]) {
      expect((await client.rpc('revoke_api_key', { key_id: made.id })).error?.code).toMatch(/^(42501|PT404)$/)
    }
    for (const client of [members.staff, members.volunteer, outsider.client]) {
      expect((await client.from('api_keys').select('id')).data).toEqual([])
    }
    expect(
      (await owner.from('api_keys').insert({ shelter_id: shelterId, name: 'x', scope: 'read', key_hash: 'a'.repeat(64), prefix: 'phk_x' }))
        .error?.code,
    ).toBe('42501')
    expect((await owner.rpc('create_api_key', { name: 'Bad scope', scope: 'admin' })).error?.code).toBe('22023')
    expect((await owner.rpc('create_api_key', { name: ' ', scope: 'read' })).error?.code).toBe('22023')

    // Revoked: it no longer resolves.
    expect(await lookup(byAdmin.key)).toHaveLength(1)
    expect((await owner.rpc('revoke_api_key', { key_id: byAdmin.id })).error).toBeNull()
    expect(await lookup(byAdmin.key)).toEqual([])
    expect((await owner.from('api_keys').select('revoked_at').eq('id', byAdmin.id).single()).data!.revoked_at).not.toBeNull()
  })

  it('only the service role resolves a key: to its shelter, scope and API source', async () => {
    const made = await createKey(owner, 'Lookup')
    const [resolved] = await lookup(made.key)
    const { data: source } = await service.from('sync_sources').select('id').eq('shelter_id', shelterId).eq('kind', 'api').single()
    expect(resolved).toEqual({ key_id: made.id, shelter_id: shelterId, scope: 'read_write', source_id: source!.id })
    expect(await lookup('phk_wrong')).toEqual([])
    for (const client of [owner, members.admin, h.anon()]) {
      expect((await client.rpc('api_key_lookup', { key_hash: sha256(made.key) })).error?.code).toBe('42501')
    }
    expect((await service.from('api_keys').select('last_used_at').eq('id', made.id).single()).data!.last_used_at).not.toBeNull()
    // The idempotency table is the API server's alone.
    expect((await owner.from('api_idempotency_keys').select('idempotency_key')).error?.code).toBe('42501')
  })
})

describe('single-animal writes', () => {
  it('upsert, archive and status act on the API source alone, with the snapshot rules', async () => {
    await createKey(owner, 'Writes')
    const { data: api } = await service.from('sync_sources').select('id').eq('shelter_id', shelterId).eq('kind', 'api').single()
    const sourceId = api!.id as string
    const put = async (animal: ImportedAnimal) => {
      const { data, error } = await service.rpc('api_put_animal', { source_id: sourceId, animal: animalRow(animal) })
      if (error) throw error
      return data as { animal_id: string; outcome: string }
    }

    // A hand-entered animal and another source's, with the same external id: never touched.
    const { data: byHand } = await service
      .from('animals')
      .insert({
        shelter_id: shelterId,
        name: 'By hand',
        type: 'dog',
        age_group: 'adult',
        sex: 'male',
        size: 'large',
        external_source: 'shelter-ref',
        external_id: 'C1',
      })
      .select('id')
      .single()
    const { data: upload } = await owner.rpc('create_sync_source', { kind: 'upload', name: 'Upload', format: 'petfinder' })
    expect(
      (await owner.rpc('import_snapshot', { source_id: upload.id, animals: [animalRow(pet('C1')), animalRow(pet('C2'))] })).error,
    ).toBeNull()

    const added = await put(pet('C1', { photos: ['https://photos.example/c1.jpg'] }))
    expect(added.outcome).toBe('added')
    expect(await put(pet('C1', { photos: ['https://photos.example/c1.jpg'] }))).toEqual({
      animal_id: added.animal_id,
      outcome: 'unchanged',
    })
    expect(await put(pet('C1', { name: 'Renamed', photos: ['https://photos.example/c1.jpg'] }))).toEqual({
      animal_id: added.animal_id,
      outcome: 'updated',
    })
    const { data: photos } = await service.from('animal_photos').select('external_url').eq('animal_id', added.animal_id)
    expect(photos).toEqual([{ external_url: 'https://photos.example/c1.jpg' }])
    // A second animal does not archive the first: a PUT is not a snapshot.
    await put(pet('C3'))
    const states = async () =>
      Object.fromEntries(
        ((await service.from('animals').select('external_id, status, source_id, name').eq('shelter_id', shelterId)).data ?? [])
          .filter((row) => row.external_id?.startsWith('C'))
          .map((row) => [
            `${row.source_id === sourceId ? 'api' : row.source_id ? 'upload' : 'hand'}:${row.external_id}`,
            `${row.status} ${row.name}`,
          ]),
      )
    expect(await states()).toEqual({
      'hand:C1': 'available By hand',
      'upload:C1': 'available Pet C1',
      'upload:C2': 'available Pet C2',
      'api:C1': 'available Renamed',
      'api:C3': 'available Pet C3',
    })

    // Status and archive reach the API source's animal by external id, and nothing else.
    expect((await service.rpc('api_set_animal_status', { source_id: sourceId, external_id: 'C1', status: 'pending' })).data).toBe(
      added.animal_id,
    )
    expect((await service.rpc('api_set_animal_status', { source_id: sourceId, external_id: 'C2', status: 'pending' })).data).toBeNull()
    expect((await service.rpc('api_set_animal_status', { source_id: sourceId, external_id: 'C1', status: 'archived' })).error?.code).toBe(
      '22023',
    )
    expect((await service.rpc('api_archive_animal', { source_id: sourceId, external_id: 'C3' })).error).toBeNull()
    expect((await service.rpc('api_archive_animal', { source_id: sourceId, external_id: 'C2' })).data).toBeNull()
    expect(await states()).toEqual({
      'hand:C1': 'available By hand',
      'upload:C1': 'available Pet C1',
      'upload:C2': 'available Pet C2',
      'api:C1': 'pending Renamed',
      'api:C3': 'archived Pet C3',
    })
    // An archived animal put again is listed again.
    expect((await put(pet('C3'))).outcome).toBe('updated')
    expect(
      (await service.from('animals').select('status, listed').eq('source_id', sourceId).eq('external_id', 'C3').single()).data,
    ).toEqual({ status: 'available', listed: true })
    expect(byHand).toBeTruthy()

    // Only for an 'api' source, and only the service role.
    expect((await service.rpc('api_put_animal', { source_id: upload.id, animal: animalRow(pet('C9')) })).error?.code).toBe('PT404')
    expect((await service.rpc('api_archive_animal', { source_id: upload.id, external_id: 'C1' })).error?.code).toBe('PT404')
    for (const client of [owner, members.admin, h.anon()]) {
      expect((await client.rpc('api_put_animal', { source_id: sourceId, animal: animalRow(pet('C9')) })).error?.code).toBe('42501')
      expect((await client.rpc('api_archive_animal', { source_id: sourceId, external_id: 'C1' })).error?.code).toBe('42501')
      expect((await client.rpc('api_set_animal_status', { source_id: sourceId, external_id: 'C1', status: 'adopted' })).error?.code).toBe(
        '42501',
      )
    }
  })
})
