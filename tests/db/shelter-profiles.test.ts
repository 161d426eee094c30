// What the database itself guarantees about shelter profiles, whatever the app does: run
// against a localbase with the real migrations, through the REST API, with real tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

let h: Harness
type SignedIn = Awaited<ReturnType<Harness['signedIn']>>
const shelter = (name: string) => ({ user_type: 'shelter', shelter_name: name })

async function profileOf(userId: string) {
  const { data, error } = await h.service().from('shelter_profiles').select('*').eq('user_id', userId).single()
  if (error) throw error
  return data
}

async function setBypass(enabled: boolean) {
  const { error } = await h.service().from('app_settings').update({ value: enabled }).eq('key', 'vetting_bypass_enabled')
  if (error) throw error
}

beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h?.stop()
})

describe('a shelter and its own profile', () => {
  let owner: SignedIn
  beforeAll(async () => {
    owner = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', shelter('Happy Tails'))
  })

  it('gets a profile from the sign-up trigger, waiting for vetting', async () => {
    const profile = await profileOf(owner.userId)
    expect(profile).toMatchObject({ shelter_name: 'Happy Tails', meeting_completed: false, approved_at: null, contact_email: owner.email })
  })

  it('reads and edits its ordinary fields', async () => {
    const { data: read } = await owner.client.from('shelter_profiles').select('shelter_name').eq('user_id', owner.userId).maybeSingle()
    expect(read).toEqual({ shelter_name: 'Happy Tails' })
    const { data, error } = await owner.client
      .from('shelter_profiles')
      .update({ city: 'Austin', state: 'TX', zip_code: '78701', latitude: 30.27, longitude: -97.74 })
      .eq('user_id', owner.userId)
      .select('city, latitude')
    expect(error).toBeNull()
    expect(data).toEqual([{ city: 'Austin', latitude: 30.27 }])
  })

  it('cannot approve itself with a direct PATCH of meeting_completed', async () => {
    const response = await fetch(`${h.url}/rest/v1/shelter_profiles?user_id=eq.${owner.userId}`, {
      method: 'PATCH',
      headers: {
        apikey: h.lb.keys.anonKey,
        Authorization: `Bearer ${await accessToken(owner)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ meeting_completed: true, approved_at: new Date().toISOString() }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: '42501' })
    expect(await profileOf(owner.userId)).toMatchObject({ meeting_completed: false, approved_at: null })
  })

  it('cannot set approved_at, move the profile to another user, or rename its slug', async () => {
    for (const change of [{ approved_at: new Date().toISOString() }, { user_id: crypto.randomUUID() }, { slug: 'famous-shelter' }]) {
      const { error } = await owner.client.from('shelter_profiles').update(change).eq('user_id', owner.userId)
      expect(error?.code, JSON.stringify(change)).toBe('42501')
    }
  })

  it('cannot make a second profile or delete its own', async () => {
    const insert = await owner.client.from('shelter_profiles').insert({ user_id: owner.userId, shelter_name: 'Twin', slug: 'twin-1' })
    expect(insert.error?.code).toBe('42501')
    const remove = await owner.client.from('shelter_profiles').delete().eq('user_id', owner.userId)
    expect(remove.error?.code).toBe('42501')
  })

  it('cannot switch the vetting bypass on for itself', async () => {
    const { error } = await owner.client.from('app_settings').update({ value: true }).eq('key', 'vetting_bypass_enabled')
    expect(error?.code).toBe('42501')
  })
})

describe('one user and another user’s profile', () => {
  let a: SignedIn
  let b: SignedIn
  beforeAll(async () => {
    a = await h.signedIn(uniqueEmail('a'), 'correct-horse-1', shelter('Shelter A'))
    b = await h.signedIn(uniqueEmail('b'), 'correct-horse-1', shelter('Shelter B'))
  })

  it('never sees a profile that is waiting for vetting', async () => {
    const { data, error } = await b.client.from('shelter_profiles').select('*').eq('user_id', a.userId)
    expect(error).toBeNull()
    expect(data).toEqual([])
    const anonymous = await h.anon().from('shelter_profiles').select('*').eq('user_id', a.userId)
    expect(anonymous.data).toEqual([])
  })

  it('sees only its own profile when it lists them all', async () => {
    const { data } = await b.client.from('shelter_profiles').select('user_id').eq('meeting_completed', false)
    expect(data).toEqual([{ user_id: b.userId }])
  })

  it('never changes it, before or after approval', async () => {
    for (const approved of [false, true]) {
      if (approved) await h.service().from('shelter_profiles').update({ meeting_completed: true }).eq('user_id', a.userId)
      const { data, error } = await b.client
        .from('shelter_profiles')
        .update({ shelter_name: 'Taken over' })
        .eq('user_id', a.userId)
        .select('id')
      expect(error).toBeNull()
      expect(data).toEqual([])
      expect(await profileOf(a.userId)).toMatchObject({ shelter_name: 'Shelter A' })
    }
  })

  it('cannot approve it through the bypass either: the function only ever touches the caller’s own row', async () => {
    const c = await h.signedIn(uniqueEmail('c'), 'correct-horse-1', shelter('Shelter C'))
    await setBypass(true)
    const { data } = await b.client.rpc('bypass_vetting')
    expect(data).toMatchObject({ user_id: b.userId })
    expect(await profileOf(c.userId)).toMatchObject({ meeting_completed: false })
  })
})

describe('the testing bypass of the vetting meeting', () => {
  it('approves the caller when the deployment enables it', async () => {
    await setBypass(true)
    const owner = await h.signedIn(uniqueEmail('bypass'), 'correct-horse-1', shelter('Bypass On'))
    const { data, error } = await owner.client.rpc('bypass_vetting')
    expect(error).toBeNull()
    expect(data).toMatchObject({ user_id: owner.userId, meeting_completed: true })
    const profile = await profileOf(owner.userId)
    expect(profile.meeting_completed).toBe(true)
    expect(Date.now() - new Date(profile.approved_at).getTime()).toBeLessThan(60_000)
  })

  it('refuses when the deployment disables it', async () => {
    await setBypass(false)
    try {
      const owner = await h.signedIn(uniqueEmail('bypass-off'), 'correct-horse-1', shelter('Bypass Off'))
      const { error } = await owner.client.rpc('bypass_vetting')
      expect(error?.code).toBe('42501')
      expect(await profileOf(owner.userId)).toMatchObject({ meeting_completed: false, approved_at: null })
    } finally {
      await setBypass(true)
    }
  })

  it('refuses visitors who are not signed in, and users without a shelter profile', async () => {
    await setBypass(true)
    const anonymous = await h.anon().rpc('bypass_vetting')
    expect(anonymous.error).not.toBeNull()
    const adopter = await h.signedIn(uniqueEmail('adopter'), 'correct-horse-1', { user_type: 'adopter' })
    const { error, status } = await adopter.client.rpc('bypass_vetting')
    // PTxyz is PostgREST's way to answer HTTP xyz from a function: a 4xx, never a 500.
    expect(error?.code).toBe('PT404')
    expect(status).toBe(404)
  })

  it('keeps the first approval time when an approved shelter calls it again', async () => {
    await setBypass(true)
    const owner = await h.signedIn(uniqueEmail('bypass-twice'), 'correct-horse-1', shelter('Bypass Twice'))
    await owner.client.rpc('bypass_vetting')
    const first = (await profileOf(owner.userId)).approved_at
    await new Promise((resolve) => setTimeout(resolve, 20))
    const { error } = await owner.client.rpc('bypass_vetting')
    expect(error).toBeNull()
    expect((await profileOf(owner.userId)).approved_at).toBe(first)
  })
})

describe('the public address of a shelter', () => {
  it('follows the name at any time, keeping every old address for a redirect once approved', async () => {
    await setBypass(true)
    const owner = await h.signedIn(uniqueEmail('slug'), 'correct-horse-1', shelter('New Shelter'))
    const first = (await profileOf(owner.userId)).slug
    expect(first).toMatch(/^new-shelter-[0-9a-f]{6}$/)

    await owner.client.from('shelter_profiles').update({ shelter_name: 'Second Chance Rescue' }).eq('user_id', owner.userId)
    const renamed = (await profileOf(owner.userId)).slug
    expect(renamed).toMatch(/^second-chance-rescue-[0-9a-f]{6}$/)
    // Before approval nobody reads the old addresses.
    expect((await h.anon().from('shelter_slug_history').select('slug').eq('slug', first)).data).toEqual([])

    await owner.client.rpc('bypass_vetting')
    await owner.client.from('shelter_profiles').update({ shelter_name: 'Another Name' }).eq('user_id', owner.userId)
    const current = (await profileOf(owner.userId)).slug
    expect(current).toMatch(/^another-name-[0-9a-f]{6}$/)
    const old = await h
      .anon()
      .from('shelter_slug_history')
      .select('slug, shelter:shelter_profiles(slug)')
      .in('slug', [first, renamed])
      .order('slug')
    expect(old.data).toEqual([first, renamed].sort().map((slug) => ({ slug, shelter: { slug: current } })))

    // A name given back makes its address current again, not a redirect.
    await owner.client.from('shelter_profiles').update({ shelter_name: 'Second Chance Rescue' }).eq('user_id', owner.userId)
    expect((await profileOf(owner.userId)).slug).toBe(renamed)
    expect((await h.anon().from('shelter_slug_history').select('slug').eq('slug', renamed)).data).toEqual([])
  })

  it("keeps the history out of everyone's hands but the database's", async () => {
    const owner = await h.signedIn(uniqueEmail('slug-write'), 'correct-horse-1', shelter('Write Test'))
    const { id } = await profileOf(owner.userId)
    for (const client of [h.anon(), owner.client]) {
      expect((await client.from('shelter_slug_history').insert({ slug: 'famous-shelter-abcdef', shelter_id: id })).error?.code).toBe(
        '42501',
      )
    }
  })
})

async function accessToken(user: SignedIn): Promise<string> {
  const { data } = await user.client.auth.getSession()
  if (!data.session) throw new Error('no session')
  return data.session.access_token
}
