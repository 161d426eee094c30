// Analytics: daily tallies per animal and per shelter page. Read by every member of
// the shelter (volunteers too) and nobody else; written only by record_page_activity() (the
// service role, for the app's beacon) and by the triggers on favorites, conversations and
// applications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'

type Name = 'anon' | 'adopter' | 'owner' | 'admin' | 'staff' | 'volunteer' | 'ownerB' | 'pawhaven'
const MEMBERS: Name[] = ['owner', 'admin', 'staff', 'volunteer']
const OUTSIDERS: Name[] = ['anon', 'adopter', 'ownerB', 'pawhaven']

let h: Harness
let service: SupabaseClient
const client = {} as Record<Name, SupabaseClient>
let shelterA: string
let shelterB: string

async function animal(shelterId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelterId, name: 'Biscuit', type: 'dog', age_group: 'adult', ...fields })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

async function todaysRow(animalId: string) {
  const { data } = await service
    .from('animal_daily_stats')
    .select('views, favorites, shares, questions, applications')
    .eq('animal_id', animalId)
  return data?.[0] ?? null
}

async function record(args: Record<string, unknown>, as: SupabaseClient = service) {
  return as.rpc('record_page_activity', args)
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const signUp = (name: string) => createShelter(h, name, { meeting_completed: true, latitude: 30.27, longitude: -97.74 })
  const a = await signUp('Shelter A')
  shelterA = a.shelterId
  client.owner = a.client
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelterA, user_id: person.userId, role })
    client[role] = person.client
  }
  const b = await signUp('Shelter B')
  shelterB = b.shelterId
  client.ownerB = b.client
  const pawhaven = await h.signedIn()
  await service.from('staff_members').insert({ user_id: pawhaven.userId })
  client.pawhaven = pawhaven.client
  client.adopter = (await h.signedIn(uniqueEmail('adopter'), 'correct-horse-1', { user_type: 'adopter' })).client
  client.anon = h.anon()
})
afterAll(async () => {
  await h?.stop()
})

describe('recording', () => {
  it('adds the beacon’s views and shares through the service role only, skipping unknown ids and capping counts', async () => {
    const biscuit = await animal(shelterA)
    expect(
      (
        await record({
          animal_ids: [biscuit, '00000000-0000-0000-0000-000000000000'],
          animal_views: [3, 5],
          animal_shares: [1, 0],
          shelter_ids: [shelterA],
          shelter_views: [2],
        })
      ).error,
    ).toBeNull()
    expect((await record({ animal_ids: [biscuit, biscuit], animal_views: [1, -7], animal_shares: [0, 0] })).error).toBeNull()
    expect(await todaysRow(biscuit)).toEqual({ views: 4, favorites: 0, shares: 1, questions: 0, applications: 0 })
    const { data: page } = await service.from('shelter_daily_stats').select('profile_views').eq('shelter_id', shelterA)
    expect(page).toEqual([{ profile_views: 2 }])
    for (const name of [...MEMBERS, ...OUTSIDERS]) {
      const { error } = await record({ animal_ids: [biscuit], animal_views: [100], animal_shares: [0] }, client[name])
      expect(error?.code, name).toBe('42501')
    }
    expect((await todaysRow(biscuit))?.views).toBe(4)
  })

  it('counts favorites, questions and applications as they happen', async () => {
    const biscuit = await animal(shelterA)
    const person = await h.signedIn(uniqueEmail('fan'), 'correct-horse-1', { user_type: 'adopter' })
    expect((await person.client.from('favorites').insert({ animal_id: biscuit })).error).toBeNull()
    expect((await person.client.rpc('start_conversation', { animal: biscuit, message: 'Is Biscuit good with cats?' })).error).toBeNull()
    // A second message in the open thread is not a second question.
    expect((await person.client.rpc('start_conversation', { animal: biscuit, message: 'And with kids?' })).error).toBeNull()
    await person.client.from('favorites').delete().eq('animal_id', biscuit)
    expect(await todaysRow(biscuit)).toEqual({ views: 0, favorites: 1, shares: 0, questions: 1, applications: 0 })
    const { error } = await service.from('applications').insert({
      shelter_id: shelterA,
      animal_id: biscuit,
      animal_name: 'Biscuit',
      applicant_id: null,
      applicant_name: 'Ana',
      snapshot: {},
    })
    expect(error).toBeNull()
    expect((await todaysRow(biscuit))?.applications).toBe(1)
  })

  it('keeps each animal’s totals and its shelter’s days as a rebuild from the daily rows makes them', async () => {
    const fresh = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Shelter D' })
    const { data: profile } = await service.from('shelter_profiles').select('id').eq('user_id', fresh.userId).single()
    const shelterD = profile!.id as string
    await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', shelterD)
    const pip = await animal(shelterD, { name: 'Pip' })
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
    // Today first, then 40 days ago (the period before), then 10 days ago: each from a different person.
    for (const days of [0, 40, 10]) {
      const person = await h.signedIn()
      const { error } = await service.from('favorites').insert({ user_id: person.userId, animal_id: pip, created_at: ago(days) })
      expect(error).toBeNull()
    }
    await record({ animal_ids: [pip], animal_views: [5], animal_shares: [1] })
    const read = async () => (await fresh.client.rpc('shelter_analytics', {})).data
    const before = await read()
    expect(before.current).toEqual({ views: 5, favorites: 2, shares: 1, questions: 0, applications: 0 })
    expect(before.previous.favorites).toBe(1)
    expect(before.animals).toEqual([expect.objectContaining({ name: 'Pip', views: 5, favorites: 3, shares: 1 })])
    // Recomputing from scratch changes nothing: the additions kept the tallies as a rebuild makes them.
    const rows = async () => ({
      days: (await service.from('animal_daily_stats').select('*').eq('animal_id', pip).order('day')).data,
      totals: (await service.from('animal_activity_totals').select('*').eq('animal_id', pip)).data,
      shelter: (await service.from('shelter_daily_stats').select('*').eq('shelter_id', shelterD).order('day')).data,
    })
    const kept = await rows()
    expect(kept.days).toHaveLength(3)
    expect(kept.totals).toEqual([
      { animal_id: pip, shelter_id: shelterD, views: 5, favorites: 3, shares: 1, questions: 0, applications: 0 },
    ])
    await service.rpc('rebuild_activity_totals', { shelter: shelterD })
    expect(await rows()).toEqual(kept)
    expect(await read()).toEqual(before)
  })

  it('cannot be written or changed directly by anyone signed in', async () => {
    const biscuit = await animal(shelterA)
    await record({ animal_ids: [biscuit], animal_views: [1], animal_shares: [0] })
    for (const name of [...MEMBERS, ...OUTSIDERS]) {
      const as = client[name]
      expect(
        (await as.from('animal_daily_stats').insert({ animal_id: biscuit, shelter_id: shelterA, day: '2026-01-01', views: 9 })).error?.code,
        name,
      ).toBe('42501')
      expect((await as.from('animal_daily_stats').update({ views: 999 }).eq('animal_id', biscuit)).error?.code, name).toBe('42501')
      expect(
        (await as.from('shelter_daily_stats').insert({ shelter_id: shelterA, day: '2026-01-01', profile_views: 9 })).error?.code,
        name,
      ).toBe('42501')
      expect((await as.from('animal_activity_totals').update({ views: 999 }).eq('animal_id', biscuit)).error?.code, name).toBe('42501')
      await as.from('animal_daily_stats').delete().eq('animal_id', biscuit)
    }
    expect((await todaysRow(biscuit))?.views).toBe(1)
  })
})

describe('reading', () => {
  it('is for the shelter’s own members, every role', async () => {
    const biscuit = await animal(shelterA)
    const other = await animal(shelterB)
    await record({
      animal_ids: [biscuit, other],
      animal_views: [2, 3],
      animal_shares: [0, 0],
      shelter_ids: [shelterA, shelterB],
      shelter_views: [4, 5],
    })
    for (const name of MEMBERS) {
      const { data, error } = await client[name].from('animal_daily_stats').select('animal_id, views').in('animal_id', [biscuit, other])
      expect(error, name).toBeNull()
      expect(data, name).toEqual([{ animal_id: biscuit, views: 2 }])
      const pages = await client[name].from('shelter_daily_stats').select('shelter_id')
      expect(
        pages.data?.map((row) => row.shelter_id),
        name,
      ).toEqual([shelterA])
      const totals = await client[name].from('animal_activity_totals').select('animal_id').in('animal_id', [biscuit, other])
      expect(totals.data, name).toEqual([{ animal_id: biscuit }])
    }
    for (const name of ['adopter', 'pawhaven'] as const) {
      expect((await client[name].from('animal_daily_stats').select('animal_id')).data, name).toEqual([])
      expect((await client[name].from('shelter_daily_stats').select('shelter_id')).data, name).toEqual([])
      expect((await client[name].from('animal_activity_totals').select('animal_id')).data, name).toEqual([])
    }
    expect((await client.anon.from('animal_activity_totals').select('animal_id')).error?.code).toBe('42501')
    expect((await client.ownerB.from('animal_daily_stats').select('animal_id')).data?.map((row) => row.animal_id)).toEqual([other])
    expect((await client.anon.from('animal_daily_stats').select('animal_id')).error?.code).toBe('42501')
    expect((await client.anon.from('shelter_daily_stats').select('shelter_id')).error?.code).toBe('42501')
  })

  it('sums the tab’s figures for the caller’s shelter, and nothing for anyone else', async () => {
    const fresh = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Shelter C' })
    const { data: profile } = await service.from('shelter_profiles').select('id').eq('user_id', fresh.userId).single()
    const shelterC = profile!.id as string
    await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', shelterC)
    const [ada, bo, gone] = [
      await animal(shelterC, { name: 'Ada' }),
      await animal(shelterC, { name: 'Bo' }),
      await animal(shelterC, { name: 'Gone', status: 'adopted' }),
    ]
    const { data: today } = await service.rpc('analytics_day')
    const day = (offset: number) => {
      const at = new Date(`${today}T00:00:00Z`)
      at.setUTCDate(at.getUTCDate() - offset)
      return at.toISOString().slice(0, 10)
    }
    // Ada: 10 views today and 5 a week ago; Bo: 4 views 40 days ago (the period before); Gone: 6 today.
    // A bulk insert sends every column of the first row to each: give every row all of them.
    const zero = { views: 0, favorites: 0, shares: 0, questions: 0, applications: 0 }
    const inserted = await service.from('animal_daily_stats').insert([
      { ...zero, animal_id: ada, shelter_id: shelterC, day: day(0), views: 10, favorites: 2, shares: 1, questions: 1, applications: 1 },
      { ...zero, animal_id: ada, shelter_id: shelterC, day: day(7), views: 5 },
      { ...zero, animal_id: bo, shelter_id: shelterC, day: day(40), views: 4, favorites: 1 },
      { ...zero, animal_id: bo, shelter_id: shelterC, day: day(90), views: 1000 },
      { ...zero, animal_id: gone, shelter_id: shelterC, day: day(0), views: 6 },
    ])
    expect(inserted.error).toBeNull()
    await service.from('shelter_daily_stats').insert([
      { shelter_id: shelterC, day: day(1), profile_views: 7 },
      { shelter_id: shelterC, day: day(30), profile_views: 100 },
    ])
    // History written straight into the table (as the seeds do) needs its totals rebuilt; only the service role may.
    expect((await fresh.client.rpc('rebuild_activity_totals', { shelter: shelterC })).error?.code).toBe('42501')
    expect((await service.rpc('rebuild_activity_totals', { shelter: shelterC })).error).toBeNull()
    const { data, error } = await fresh.client.rpc('shelter_analytics', {
      period_days: 30,
      sort_by: 'views',
      descending: true,
      page_size: 25,
      page_offset: 0,
    })
    expect(error).toBeNull()
    expect(data.current).toEqual({ views: 21, favorites: 2, shares: 1, questions: 1, applications: 1 })
    expect(data.previous).toEqual({ views: 4, favorites: 1, shares: 0, questions: 0, applications: 0 })
    expect(data.daily).toHaveLength(30)
    expect(data.daily[29]).toEqual({ day: day(0), views: 16, actions: 5 })
    expect(data.daily[0]).toEqual({ day: day(29), views: 0, actions: 0 })
    expect(data.listed_count).toBe(2)
    // The table: each listed animal's totals since it was listed (Gone is adopted, so not listed).
    expect(data.animals.map((row: { name: string; views: number }) => [row.name, row.views])).toEqual([
      ['Bo', 1004],
      ['Ada', 15],
    ])
    const ascending = await fresh.client.rpc('shelter_analytics', { sort_by: 'views', descending: false, page_size: 1, page_offset: 0 })
    expect(ascending.data.animals.map((row: { name: string }) => row.name)).toEqual(['Ada'])
    const byFavorites = await fresh.client.rpc('shelter_analytics', { sort_by: 'favorites', page_size: 1, page_offset: 1 })
    expect(byFavorites.data.animals.map((row: { name: string }) => row.name)).toEqual(['Bo'])
    expect((await fresh.client.rpc('my_shelter_profile_views', { period_days: 30 })).data).toBe(7)

    // Another shelter's owner, an adopter: zeros and no animals; signed out: refused.
    for (const name of ['ownerB', 'adopter'] as const) {
      const other = await client[name].rpc('shelter_analytics', {})
      expect(other.data.current.views, name).not.toBe(21)
      expect(
        other.data.animals.some((row: { id: string }) => row.id === ada),
        name,
      ).toBe(false)
    }
    expect((await client.adopter.rpc('shelter_analytics', {})).data.current).toEqual({
      views: 0,
      favorites: 0,
      shares: 0,
      questions: 0,
      applications: 0,
    })
    expect((await client.adopter.rpc('my_shelter_profile_views', {})).data).toBe(0)
    expect((await client.anon.rpc('shelter_analytics', {})).error?.code).toBe('42501')
    expect((await client.anon.rpc('my_shelter_profile_views', {})).error?.code).toBe('42501')
  })
})
