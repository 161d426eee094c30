// How quickly a shelter answers (public.refresh_shelter_responsiveness): over the last 90 days,
// the median time to the first answer and the share answered within each item's deadline, kept
// on the shelter's public profile. Items still within their deadline, withdrawn or closed by the
// adopter before it, and older than 90 days are not judged. Staff list the shelters under half.
// Time moves by passing `at`, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { approvedProfile, createShelter, type TestShelter } from '#tests/db/factories.ts'

let h: Harness
let service: SupabaseClient
let shelter: TestShelter
let slow: TestShelter

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const AT = new Date('2026-11-20T12:00:00Z')
const ago = (ms: number) => new Date(AT.getTime() - ms).toISOString()

type Item = { created: number; answered?: number; status?: string; closed?: number }

/** An application `created` ms before AT (its deadline from the shelter's promise), answered `answered` ms before AT. */
async function application(shelterId: string, item: Item) {
  const { data, error } = await service
    .from('applications')
    .insert({
      shelter_id: shelterId,
      animal_name: 'Scout',
      applicant_name: 'Ada',
      snapshot: {},
      status: item.status ?? 'submitted',
      created_at: ago(item.created),
    })
    .select('id')
    .single()
  if (error) throw error
  if (item.answered !== undefined) await answer('applications', data.id, item.answered)
}

async function conversation(shelterId: string, item: Item) {
  const { data, error } = await service
    .from('conversations')
    .insert({
      shelter_id: shelterId,
      animal_name: 'Scout',
      created_at: ago(item.created),
      ...(item.closed !== undefined ? { status: 'closed', closed_at: ago(item.closed) } : {}),
    })
    .select('id')
    .single()
  if (error) throw error
  if (item.answered !== undefined) await answer('conversations', data.id, item.answered)
}

async function answer(table: 'applications' | 'conversations', id: string, answeredAgo: number) {
  const { error } = await service
    .from(table)
    .update({ first_answered_at: ago(answeredAgo) })
    .eq('id', id)
  if (error) throw error
}

async function refresh(at = AT): Promise<number> {
  const { data, error } = await service.rpc('refresh_shelter_responsiveness', { at: at.toISOString() })
  if (error) throw error
  return data as number
}

async function figures(slug: string) {
  const { data, error } = await h
    .anon()
    .from('shelter_profiles')
    .select('response_judged, response_median_hours, response_on_time_percent, response_stats_at')
    .eq('slug', slug)
    .single()
  if (error) throw error
  return data
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  shelter = await createShelter(h, 'Prompt Paws', { ...approvedProfile(), response_days: 5 })
  slow = await createShelter(h, 'Quiet Kennels', { ...approvedProfile(), response_days: 2 })
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

describe('a shelter’s response figures', () => {
  it('count answered items and those past their deadline, from the last 90 days only', async () => {
    const id = shelter.shelterId
    await application(id, { created: 10 * DAY, answered: 9 * DAY }) // a day: in time
    await application(id, { created: 10 * DAY, answered: 2 * DAY }) // 8 days: late
    await application(id, { created: 10 * DAY }) // never answered, due 5 days ago: late
    await application(id, { created: 1 * DAY }) // due in 4 days: not judged yet
    await application(id, { created: 100 * DAY, answered: 99 * DAY }) // older than 90 days
    await application(id, { created: 10 * DAY, status: 'withdrawn' }) // withdrawn unanswered: not judged
    await conversation(id, { created: 3 * DAY, answered: 3 * DAY - 2 * HOUR }) // 2 hours: in time
    await conversation(id, { created: 20 * DAY, closed: 19 * DAY }) // closed by the adopter before its deadline

    await refresh()
    expect(await figures(shelter.slug)).toMatchObject({ response_judged: 4, response_on_time_percent: 50 })

    // A fifth judged item: a question answered in a day, a month ago.
    await conversation(id, { created: 30 * DAY, answered: 29 * DAY })
    await refresh()
    const now = await figures(shelter.slug)
    // Answered after 24, 192, 2 and 24 hours: the median is 24.
    expect(now).toMatchObject({ response_judged: 5, response_median_hours: 24, response_on_time_percent: 60 })
    expect(new Date(now.response_stats_at!).toISOString()).toBe(AT.toISOString())
  })

  it('move with time: a pending item is judged once its deadline passes', async () => {
    // Five days on, the application of a day ago is past its deadline, unanswered.
    await refresh(new Date(AT.getTime() + 5 * DAY))
    expect(await figures(shelter.slug)).toMatchObject({ response_judged: 6, response_on_time_percent: 50 })
    await refresh()
  })

  it('are nothing for a shelter with no items', async () => {
    expect(await figures(slow.slug)).toMatchObject({ response_judged: 0, response_median_hours: null, response_on_time_percent: null })
  })

  it('are refreshed by the worker’s service only', async () => {
    for (const client of [h.anon(), shelter.client]) {
      const { error } = await client.rpc('refresh_shelter_responsiveness', {})
      expect(error?.code).toBe('42501')
    }
  })
})

describe('staff’s list of slow shelters', () => {
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) await application(slow.shelterId, { created: (10 + i) * DAY, ...(i === 0 ? { answered: 9 * DAY } : {}) })
    await refresh()
  })

  it('names the shelters answering under half in time, with five items or more', async () => {
    const staff = await h.signedIn(uniqueEmail('staff'))
    await service.from('staff_members').insert({ user_id: staff.userId })
    const { data, error } = await staff.client.rpc('staff_slow_shelters')
    expect(error).toBeNull()
    expect(data).toEqual([expect.objectContaining({ shelter_id: slow.shelterId, response_judged: 5, response_on_time_percent: 20 })])
  })

  it('is refused to anyone else', async () => {
    const { error } = await shelter.client.rpc('staff_slow_shelters')
    expect(error).not.toBeNull()
  })
})
