// Saved searches (supabase/migrations/20261127002000_saved_searches.sql): each person's own.
// The owner reads, saves, renames, re-times, pauses and deletes their rows; nobody else reads
// or changes them — not another adopter, not a shelter, not Pawhaven staff, not a visitor —
// and no client reads the unsubscribe token, the job's bookkeeping or the sent animals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

let h: Harness
let service: SupabaseClient
let owner: { client: SupabaseClient; userId: string }
let others: Record<'adopter' | 'shelter' | 'staff', SupabaseClient>

const SEARCH = {
  name: 'Dogs near Austin, TX',
  query: 'location=Austin%2C+TX&type=dog',
  filters: { lat: 30.27, lon: -97.74, radius_miles: 100, type: 'dog' },
  frequency: 'daily',
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  owner = await h.signedIn()
  const shelter = await h.signedIn(uniqueEmail('shelter'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Happy Tails' })
  const staff = await h.signedIn(uniqueEmail('staff'))
  expect((await service.from('staff_members').insert({ user_id: staff.userId })).error).toBeNull()
  others = { adopter: (await h.signedIn()).client, shelter: shelter.client, staff: staff.client }
})
afterAll(async () => {
  await h?.stop()
})

describe('saved searches', () => {
  it('are read and changed by their owner alone', async () => {
    expect((await owner.client.from('saved_searches').insert(SEARCH)).error).toBeNull()
    const saved = await owner.client.from('saved_searches').select('id, user_id, name, frequency, paused').single()
    const id = saved.data!.id as string
    expect(saved.data).toMatchObject({ user_id: owner.userId, name: SEARCH.name, frequency: 'daily', paused: false })

    for (const [role, client] of Object.entries(others)) {
      expect((await client.from('saved_searches').select('id')).data, role).toEqual([])
      await client.from('saved_searches').update({ name: 'Mine now', paused: true }).eq('id', id)
      await client.from('saved_searches').delete().eq('id', id)
      // Nobody saves a search in someone else's name.
      expect((await client.from('saved_searches').insert({ ...SEARCH, user_id: owner.userId })).error?.code, role).toBe('42501')
    }
    expect((await h.anon().from('saved_searches').select('id')).error?.code).toBe('42501')
    expect((await h.anon().from('saved_searches').insert(SEARCH)).error?.code).toBe('42501')
    expect((await h.anon().from('saved_searches').delete().eq('id', id)).error?.code).toBe('42501')
    expect((await service.from('saved_searches').select('name, paused').eq('id', id)).data).toEqual([{ name: SEARCH.name, paused: false }])

    expect(
      (await owner.client.from('saved_searches').update({ name: 'Austin dogs', frequency: 'weekly', paused: true }).eq('id', id)).error,
    ).toBeNull()
    expect((await owner.client.from('saved_searches').select('name, frequency, paused').eq('id', id)).data).toEqual([
      { name: 'Austin dogs', frequency: 'weekly', paused: true },
    ])
    expect((await owner.client.from('saved_searches').delete().eq('id', id)).error).toBeNull()
    expect((await service.from('saved_searches').select('id').eq('id', id)).data).toEqual([])
  })

  it('keep the token and the job’s bookkeeping from every client, the owner too', async () => {
    await owner.client.from('saved_searches').insert({ ...SEARCH, name: 'Token test' })
    const { data } = await owner.client.from('saved_searches').select('id').eq('name', 'Token test').single()
    const id = data!.id as string
    expect((await owner.client.from('saved_searches').select('unsubscribe_token').eq('id', id)).error?.code).toBe('42501')
    expect((await owner.client.from('saved_searches').select('checked_until').eq('id', id)).error?.code).toBe('42501')
    for (const change of [
      { checked_until: '2000-01-01T00:00:00Z' },
      { next_check_at: '2000-01-01T00:00:00Z' },
      { unsubscribe_token: 'a'.repeat(64) },
      { user_id: '00000000-0000-0000-0000-000000000000' },
      { query: 'type=cat' },
    ]) {
      expect((await owner.client.from('saved_searches').update(change).eq('id', id)).error?.code).toBe('42501')
    }
    expect((await owner.client.from('saved_searches').insert({ ...SEARCH, checked_until: '2000-01-01T00:00:00Z' })).error?.code).toBe(
      '42501',
    )
    for (const client of [owner.client, ...Object.values(others), h.anon()]) {
      expect((await client.from('saved_search_seen').select('animal_id')).error?.code).toBe('42501')
      expect((await client.rpc('run_saved_search_alerts', { batch_size: 10 })).error?.code).toBe('42501')
      expect((await client.rpc('saved_search_new_matches', { search_ids: [id], until: new Date().toISOString() })).error?.code).toBe(
        '42501',
      )
    }
  })

  it('are at most 25 per account, checked by the database', async () => {
    const person = await h.signedIn()
    const rows = Array.from({ length: 25 }, (_, n) => ({ ...SEARCH, name: `Search ${n + 1}` }))
    for (const row of rows) expect((await person.client.from('saved_searches').insert(row)).error).toBeNull()
    const over = await person.client.from('saved_searches').insert({ ...SEARCH, name: 'One too many' })
    expect(over.error?.code).toBe('PT409')
    expect(over.error?.message).toBe('You can keep up to 25 saved searches')
    // Others are not affected by one person's limit.
    expect((await (await h.signedIn()).client.from('saved_searches').insert(SEARCH)).error).toBeNull()
  })

  it('refuse a name that is empty or too long, or filters that are not an object', async () => {
    for (const bad of [{ name: '' }, { name: 'x'.repeat(81) }, { name: 'Tab\there' }, { filters: [1, 2] }, { frequency: 'hourly' }]) {
      expect((await owner.client.from('saved_searches').insert({ ...SEARCH, ...bad })).error?.code).toBe('23514')
    }
  })

  it('unsubscribe from their link signed out, by the token alone, and go with the account', async () => {
    const person = await h.signedIn()
    await person.client.from('saved_searches').insert(SEARCH)
    const { data } = await person.client.from('saved_searches').select('id').single()
    const { data: row } = await service.from('saved_searches').select('unsubscribe_token').eq('id', data!.id).single()
    const token = row!.unsubscribe_token as string
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    expect((await h.anon().rpc('saved_search_for_unsubscribe', { token })).data).toEqual([{ name: SEARCH.name, paused: false }])
    expect((await h.anon().rpc('saved_search_for_unsubscribe', { token: 'f'.repeat(64) })).data).toEqual([])
    expect((await h.anon().rpc('unsubscribe_saved_search', { token: "' or true --" })).data).toBeNull()
    expect((await h.anon().rpc('unsubscribe_saved_search', { token })).data).toBe(SEARCH.name)
    expect((await person.client.from('saved_searches').select('paused')).data).toEqual([{ paused: true }])

    await service.auth.admin.deleteUser(person.userId)
    expect((await service.from('saved_searches').select('id').eq('user_id', person.userId)).data).toEqual([])
  })
})
