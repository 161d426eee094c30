// REST conformance, row-level security: each request runs as the JWT's role with its claims,
// so policies decide. Anon, two different users and the service role against `notes`
// (owner policies using auth.uid()), `inbox` (insert-only) and `secrets` (no grant).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Harness } from '#localbase/test/harness.ts'
import { raw, STARTUP_TIMEOUT_MS, startRestHarness, userClient } from '#localbase/test/fixtures/rest/helpers.ts'

let h: Harness
let anon: SupabaseClient
let alice: { client: SupabaseClient; userId: string; token: string }
let bob: { client: SupabaseClient; userId: string; token: string }

beforeAll(async () => {
  h = await startRestHarness()
  anon = h.anon()
  alice = await userClient(h)
  bob = await userClient(h)
  const { error } = await h
    .service()
    .from('notes')
    .insert([
      { owner_id: alice.userId, body: 'alice private', is_public: false },
      { owner_id: alice.userId, body: 'alice public', is_public: true },
      { owner_id: bob.userId, body: 'bob private', is_public: false },
    ])
  if (error) throw new Error(error.message)
}, STARTUP_TIMEOUT_MS)
afterAll(async () => {
  await h?.stop()
})

const bodies = (rows: { body: string }[] | null) => (rows ?? []).map((row) => row.body).sort()

describe('reading under RLS', () => {
  it('shows anon only public rows', async () => {
    const { data, error } = await anon.from('notes').select('body')
    expect(error).toBeNull()
    expect(bodies(data)).toEqual(['alice public'])
  })

  it("shows a user their own rows and public ones, never another user's private rows", async () => {
    expect(bodies((await alice.client.from('notes').select('body')).data)).toEqual(['alice private', 'alice public'])
    expect(bodies((await bob.client.from('notes').select('body')).data)).toEqual(['alice public', 'bob private'])
  })

  it('counts only visible rows', async () => {
    const { count } = await bob.client.from('notes').select('*', { count: 'exact', head: true })
    expect(count).toBe(2)
  })

  it('shows the service role everything', async () => {
    expect(bodies((await h.service().from('notes').select('body')).data)).toHaveLength(3)
  })
})

describe('writing under RLS', () => {
  it('refuses an anon insert with 401 42501', async () => {
    const { error, status } = await anon.from('notes').insert({ body: 'from anon', owner_id: alice.userId })
    expect(status).toBe(401)
    expect(error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "notes"' })
  })

  it('lets a user insert their own row (owner from auth.uid() by default)', async () => {
    const { data, error, status } = await alice.client.from('notes').insert({ body: 'alice new' }).select('owner_id, body').single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual({ owner_id: alice.userId, body: 'alice new' })
  })

  it("refuses a user's insert for someone else with 403 42501", async () => {
    const { error, status } = await bob.client.from('notes').insert({ body: 'forged', owner_id: alice.userId })
    expect(status).toBe(403)
    expect(error?.code).toBe('42501')
  })

  it("updates and deletes nothing of another user's rows", async () => {
    const update = await bob.client.from('notes').update({ body: 'hijacked' }).eq('body', 'alice private').select()
    expect(update.error).toBeNull()
    expect(update.data).toEqual([])
    const remove = await bob.client.from('notes').delete().eq('body', 'alice public')
    expect(remove.status).toBe(204)
    expect(bodies((await h.service().from('notes').select('body').like('body', 'alice*')).data)).toEqual([
      'alice new',
      'alice private',
      'alice public',
    ])
  })

  it('refuses to move a row to another owner (WITH CHECK), 403', async () => {
    const { error, status } = await alice.client.from('notes').update({ owner_id: bob.userId }).eq('body', 'alice private')
    expect(status).toBe(403)
    expect(error?.code).toBe('42501')
  })

  it('lets the owner update and delete', async () => {
    const { data } = await alice.client.from('notes').update({ body: 'alice edited' }).eq('body', 'alice new').select('body')
    expect(data).toEqual([{ body: 'alice edited' }])
    const { data: removed } = await alice.client.from('notes').delete().eq('body', 'alice edited').select('body')
    expect(removed).toEqual([{ body: 'alice edited' }])
  })

  it('inserts without representation where no SELECT policy exists, but not with it', async () => {
    const minimal = await anon.from('inbox').insert({ message: 'anonymous tip' })
    expect(minimal.status).toBe(201)
    expect(minimal.error).toBeNull()
    const represented = await anon.from('inbox').insert({ message: 'and show it' }).select()
    expect(represented.status).toBe(401)
    expect(represented.error?.code).toBe('42501')
    const { data } = await h.service().from('inbox').select('message').in('message', ['anonymous tip', 'and show it'])
    expect(data).toEqual([{ message: 'anonymous tip' }])
  })

  it('maps a missing grant to 401 for anon and 403 for a user', async () => {
    const asAnon = await anon.from('secrets').select()
    expect(asAnon.status).toBe(401)
    expect(asAnon.error).toMatchObject({ code: '42501', message: 'permission denied for table secrets' })
    const asUser = await alice.client.from('secrets').select()
    expect(asUser.status).toBe(403)
    expect((await h.service().from('secrets').select()).status).toBe(200)
  })

  it('accepts the access token of a user signed in through /auth/v1', async () => {
    const { client, userId } = await h.signedIn()
    const { data, error } = await client.from('notes').insert({ body: 'signed in for real' }).select('owner_id').single()
    expect(error).toBeNull()
    expect(data).toEqual({ owner_id: userId })
    expect(bodies((await client.from('notes').select('body')).data)).toEqual(['alice public', 'signed in for real'])
  })

  it('sets request.jwt.claims for the whole transaction', async () => {
    const response = await raw(h, '/rpc/whoami', { token: bob.token })
    expect(response.body).toBe(bob.userId)
    const none = await raw(h, '/rpc/whoami', { token: null, headers: { apikey: '' } })
    expect(none.body).toBe('anon')
  })
})
