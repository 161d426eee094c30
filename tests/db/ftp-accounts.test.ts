// The FTP drop's accounts and photos in the database (decision 034): owners and admins add an
// FTP source with its account and reset its password; they read the user name, never the hash;
// staff, other shelters and visitors get nothing; the login check and photo placement are the
// service role's; FTP photos stay through later snapshots whose photo list did not change.
import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { animalRow } from '#app/sync/pipeline.server.ts'
import type { ImportedAnimal } from '#app/sync/types.ts'
import { importedAnimal } from '#tests/db/sync-fixtures.ts'

let h: Harness
let service: SupabaseClient
let owner: SupabaseClient
let shelterId: string
const members = {} as Record<'admin' | 'staff', SupabaseClient>
const hash = (password: string) => bcrypt.hashSync(password, 4)

/** A row as import_snapshot reads it, with this file's plainer answers. */
const pet = (externalId: string, fields: Partial<ImportedAnimal> = {}) =>
  animalRow(
    importedAnimal(externalId, {
      goodWithChildren: 'unknown',
      goodWithCats: 'unknown',
      houseTrained: false,
      spayedNeutered: false,
      adoptionFee: null,
      description: 'Sweet.',
      ...fields,
    }),
  )

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const created = await h.signedIn(uniqueEmail('ftp-owner'), 'correct-horse-1', {
    user_type: 'shelter',
    shelter_name: 'FTP Accounts Rescue',
  })
  owner = created.client
  const { data } = await service.from('shelter_profiles').select('id').eq('user_id', created.userId).single()
  shelterId = data!.id
  for (const role of ['admin', 'staff'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelterId, user_id: person.userId, role })
    members[role] = person.client
  }
})
afterAll(async () => {
  await h?.stop()
})

describe('FTP accounts', () => {
  it('owners and admins add FTP sources with accounts and reset them; nobody reads a hash', async () => {
    const first = await owner.rpc('create_ftp_source', { name: 'ASM3 Petfinder', format: 'petfinder', password_hash: hash('one') })
    expect(first.error).toBeNull()
    const username = first.data[0].username as string
    expect(username).toBe(`pawhaven-${shelterId.replace(/-/g, '').slice(0, 8)}`)
    const second = await members.admin.rpc('create_ftp_source', {
      name: 'ASM3 Adopt-a-Pet',
      format: 'adoptapet',
      password_hash: hash('two'),
    })
    expect(second.data[0].username).toBe(`${username}-2`)
    expect(
      (await members.staff.rpc('create_ftp_source', { name: 'Staff', format: 'petfinder', password_hash: hash('x') })).error?.code,
    ).toBe('42501')
    expect((await owner.rpc('create_ftp_source', { name: 'Plain', format: 'petfinder', password_hash: 'hunter2' })).error?.code).toBe(
      '22023',
    )
    expect(
      (await owner.rpc('create_ftp_source', { name: 'ASM3 Petfinder', format: 'petfinder', password_hash: hash('x') })).error?.code,
    ).toBe('22023')

    const sourceId = first.data[0].source_id as string
    expect((await members.admin.from('ftp_accounts').select('username').eq('source_id', sourceId)).data).toEqual([{ username }])
    expect((await owner.from('ftp_accounts').select('password_hash')).error).not.toBeNull()
    expect((await members.staff.from('ftp_accounts').select('username')).data).toEqual([])
    const stranger = await h.signedIn(uniqueEmail('stranger'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Stranger Rescue' })
    expect((await stranger.client.from('ftp_accounts').select('username')).data).toEqual([])
    expect((await h.anon().from('ftp_accounts').select('username')).error).not.toBeNull()

    for (const client of [members.staff, stranger.client]) {
      expect((await client.rpc('reset_ftp_password', { source_id: sourceId, password_hash: hash('x') })).error?.code).toBe('42501')
    }
    const before = (await service.rpc('ftp_login', { username })).data[0]
    expect(bcrypt.compareSync('one', before.password_hash)).toBe(true)
    expect((await members.admin.rpc('reset_ftp_password', { source_id: sourceId, password_hash: hash('three') })).data).toBe(username)
    const after = (await service.rpc('ftp_login', { username: ` ${username.toUpperCase()} ` })).data[0]
    expect(after).toMatchObject({ source_id: sourceId, shelter_id: shelterId, format: 'petfinder', source_name: 'ASM3 Petfinder' })
    expect(bcrypt.compareSync('three', after.password_hash)).toBe(true)
    for (const client of [owner, members.admin, h.anon()]) expect((await client.rpc('ftp_login', { username })).error?.code).toBe('42501')
    expect((await service.rpc('ftp_login', { username: 'pawhaven-00000000' })).data).toEqual([])

    // A suspended shelter's software cannot log in.
    await service.from('shelter_profiles').update({ suspended_at: new Date().toISOString() }).eq('id', shelterId)
    expect((await service.rpc('ftp_login', { username })).data).toEqual([])
    await service.from('shelter_profiles').update({ suspended_at: null }).eq('id', shelterId)
  })

  it('places FTP photos for the service role only, and they stay through later snapshots', async () => {
    const created = await owner.rpc('create_ftp_source', { name: 'Shelter Pro', format: 'petfinder', password_hash: hash('four') })
    const sourceId = created.data[0].source_id as string
    const first = await service.rpc('import_snapshot', { source_id: sourceId, animals: [pet('P1')], trigger: 'ftp' })
    expect(first.data.trigger).toBe('ftp')
    const { data: animal } = await service.from('animals').select('id').eq('source_id', sourceId).eq('external_id', 'P1').single()
    const copy = (letter: string) => `${shelterId}/${animal!.id}/sync-${letter.repeat(32)}.webp`
    const place = (client: SupabaseClient, externalId: string, n: number, path: string) =>
      client.rpc('store_ftp_photo', { source_id: sourceId, external_id: externalId, place: n, storage_path: path, width: 40, height: 30 })
    const photos = async () =>
      (await service.from('animal_photos').select('position, storage_path, source_url').eq('animal_id', animal!.id).order('position')).data

    expect(await place(service, 'P1', 2, copy('b'))).toMatchObject({ data: '', error: null })
    expect(await place(service, 'P1', 1, copy('a'))).toMatchObject({ data: '', error: null })
    // A new file for a place: the old copy's path comes back for the caller to remove.
    expect(await place(service, 'P1', 1, copy('c'))).toMatchObject({ data: copy('a'), error: null })
    expect(await place(service, 'P1', 1, copy('c'))).toMatchObject({ data: '', error: null })
    expect(await place(service, 'NOPE', 1, copy('d'))).toMatchObject({ data: null, error: null })
    expect(await place(service, 'P1', 7, copy('d'))).toMatchObject({ data: null, error: null })
    expect((await place(service, 'P1', 3, `${shelterId}/${animal!.id}/upload.webp`)).error?.code).toBe('22023')
    for (const client of [owner, members.admin, h.anon()]) expect((await place(client, 'P1', 3, copy('d'))).error?.code).toBe('42501')
    const placed = [
      { position: 0, storage_path: copy('c'), source_url: 'ftp:P1-1' },
      { position: 1, storage_path: copy('b'), source_url: 'ftp:P1-2' },
    ]
    expect(await photos()).toEqual(placed)

    // The next files change the animal, not its (empty) photo list: the FTP photos stay.
    await service.rpc('import_snapshot', {
      source_id: sourceId,
      animals: [pet('P1', { description: 'Still sweet.' }), pet('P2')],
      trigger: 'ftp',
    })
    await service.rpc('import_snapshot', {
      source_id: sourceId,
      animals: [pet('P1', { description: 'Still sweet.' }), pet('P2')],
      trigger: 'ftp',
    })
    expect(await photos()).toEqual(placed)
  })
})
