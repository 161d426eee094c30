// The bench's busy shelter on a small demo: its owner and adopter sign in with the known
// passwords, and what they read through row-level security is what the pages will show.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { demoSeedSql } from '#scripts/lib/demo-data/index.ts'
import type { SqlRunner } from '#scripts/lib/demo-data/load.ts'
import { BENCH_ACCOUNTS, BENCH_FAVORITES, hasBusyShelter, seedBusyShelter } from '#bench/busy-shelter.ts'
import { demoAnimalId } from '#bench/targets.ts'

const SIZE = { conversations: 120, applications: 150, animals: 40, analyticsDays: 90 }
let h: Harness
let db: SqlRunner

async function signIn(account: keyof typeof BENCH_ACCOUNTS): Promise<SupabaseClient> {
  const client = h.anon()
  const { error } = await client.auth.signInWithPassword(BENCH_ACCOUNTS[account])
  if (error) throw error
  return client
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  db = {
    run: async (sql) => ((await h.lb.db.exec(sql)).at(-1)?.rows ?? []) as Array<Record<string, unknown>>,
    close: async () => {},
  }
  await db.run(demoSeedSql({ shelters: 3, animals: 30, allAvailable: true }))
  expect(await hasBusyShelter(db)).toBe(false)
  await seedBusyShelter(db, SIZE)
  // A second run replaces the first.
  await seedBusyShelter(db, SIZE)
})
afterAll(async () => {
  await h?.stop()
})

describe('the busy shelter', () => {
  it('is there, once', async () => {
    expect(await hasBusyShelter(db)).toBe(true)
    const [row] = await db.run(`select count(*)::int as people from auth.users where raw_app_meta_data ->> 'bench' = 'true'`)
    expect(row!.people).toBe(SIZE.applications + 2)
  })

  it('has an owner who signs in and reads every conversation, a page at a time', async () => {
    const owner = await signIn('shelterOwner')
    const open = await owner.rpc('shelter_conversations', { closed: false, page_size: 50 })
    const closed = await owner.rpc('shelter_conversations', { closed: true, page_size: 50 })
    expect(open.error).toBeNull()
    expect(Number(open.data![0].total) + Number(closed.data![0].total)).toBe(SIZE.conversations)
    expect(Number(closed.data![0].total)).toBe(SIZE.conversations / 5)
    expect(open.data).toHaveLength(50)
    // Waiting for an answer first, soonest deadline first; then the rest newest first. With the
    // adopter's name or their email's first part.
    type Row = { answer_due_at: string; first_answered_at: string | null; last_message_at: string }
    const rows = open.data! as Row[]
    const waiting = rows.filter((row) => row.first_answered_at === null)
    const answered = rows.filter((row) => row.first_answered_at !== null)
    expect(rows).toEqual([...waiting, ...answered])
    const epoch = (time: string) => Date.parse(time)
    expect(waiting.map((row) => epoch(row.answer_due_at))).toEqual(waiting.map((row) => epoch(row.answer_due_at)).sort((a, b) => a - b))
    expect(answered.map((row) => epoch(row.last_message_at))).toEqual(
      answered.map((row) => epoch(row.last_message_at)).sort((a, b) => b - a),
    )
    expect(open.data!.every((row: { adopter_name: string }) => row.adopter_name.length > 0)).toBe(true)
    const unread = await owner.rpc('shelter_unread_conversations')
    expect(unread.data).toBeGreaterThan(0)
    expect(unread.data).toBeLessThan(SIZE.conversations)
    const { data: messages } = await owner.from('messages').select('sender').eq('conversation_id', open.data![0].id)
    expect(messages!.length).toBeGreaterThanOrEqual(1)
  })

  it('has applications at every stage, read by the owner', async () => {
    const owner = await signIn('shelterOwner')
    const counts = await owner.rpc('my_shelter_application_counts')
    expect(counts.data).toEqual({ pending: 90, approved: 30, rejected: 30, unopened: 60 })
    const { data: shelterId } = await owner.rpc('my_shelter_id', { min_role: 'staff' })
    const { count } = await owner
      .from('applications')
      .select('id', { count: 'exact', head: true })
      .eq('shelter_id', shelterId)
      .eq('stage', 'pending')
    expect(count).toBe(90)
    const held = await owner.from('applications').select('id', { count: 'exact', head: true }).eq('status', 'on_hold')
    expect(held.count).toBe(15)
    const { data: events } = await owner.from('application_events').select('status')
    expect(events!.length).toBe(SIZE.applications + 90)
  })

  it('names each adopter as adopter_name() does, on every page (migration 20261126001000)', async () => {
    // One account deleted: its thread stays, as 'Deleted account'.
    await db.run(`delete from auth.users where email = 'bench-person-0004@example.org'`)
    const owner = await signIn('shelterOwner')
    const expected = new Map(
      (await db.run(`select id, public.adopter_name(adopter_id) as name from public.conversations`)).map((row) => [row.id, row.name]),
    )
    expect([...expected.values()]).toContain('Deleted account')
    expect([...expected.values()].some((name) => String(name).startsWith('bench-person-'))).toBe(true)
    const seen = new Map<string, string>()
    for (const closed of [false, true]) {
      for (let offset = 0; offset < SIZE.conversations; offset += 40) {
        const { data, error } = await owner.rpc('shelter_conversations', { closed, page_size: 40, page_offset: offset })
        expect(error).toBeNull()
        for (const row of data as Array<{ id: string; adopter_name: string }>) seen.set(row.id, row.adopter_name)
      }
    }
    expect(seen).toEqual(expected)
  })

  it('has its animals topped up, each with daily analytics since it was listed', async () => {
    const owner = await signIn('shelterOwner')
    const { data, error } = await owner.rpc('shelter_analytics', {
      period_days: 30,
      sort_by: 'views',
      descending: true,
      page_size: 100,
      page_offset: 0,
    })
    expect(error).toBeNull()
    expect(data.listed_count).toBe(SIZE.animals)
    expect(data.animals).toHaveLength(SIZE.animals)
    expect(data.daily).toHaveLength(30)
    expect(data.current.views).toBeGreaterThan(0)
    expect(data.previous.views).toBeGreaterThan(0)
    // The triggers counted the seeded applications on the days they were sent, not today.
    const [spread] = await db.run(`select count(distinct day)::int as days from public.animal_daily_stats where applications > 0`)
    expect(spread!.days).toBeGreaterThan(1)
    // Views go back as far as asked, and no further.
    const [oldest] = await db.run(`select public.analytics_day() - min(day) as age from public.animal_daily_stats where views > 0`)
    expect(oldest!.age).toBe(SIZE.analyticsDays - 1)
    expect((await owner.rpc('my_shelter_profile_views', { period_days: 30 })).data).toBeGreaterThan(0)
  })

  it('has an adopter who saved demo animal 1 among others', async () => {
    const adopter = await signIn('adopter')
    const { data } = await adopter.from('favorites').select('animal_id')
    expect(data!.map((row) => row.animal_id).sort()).toEqual(BENCH_FAVORITES.map(demoAnimalId).sort())
    // Nothing of the shelter's.
    expect((await adopter.from('conversations').select('id')).data).toEqual([])
  })
})
