// The stale rule through the worker's task with a settable clock: a hand-entered listing
// unconfirmed for 30 days gets its team an email; at 45 days (the settings row) it leaves search, once; a synced one and one
// confirmed since stay; a member's save brings it back. Time moves by the clock, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { approvedProfile, createShelter, type TestShelter } from '#tests/db/factories.ts'
import { keepListingsFreshTask } from '#worker/tasks/keep-listings-fresh.ts'

const DAY = 24 * 60 * 60 * 1000
const CONFIRMED = new Date('2026-10-01T12:00:00Z')

let h: Harness
let service: SupabaseClient<Database>
let shelter: TestShelter
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  shelter = await createShelter(h, 'Stale Rescue', { ...approvedProfile(), latitude: 30.27, longitude: -97.74, zip_code: '78701' })
})
afterAll(async () => {
  await h?.stop()
})

async function pet(name: string, fields: Partial<Database['public']['Tables']['animals']['Update']> = {}) {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  const { error: backdateError } = await service
    .from('animals')
    .update({ confirmed_at: CONFIRMED.toISOString(), ...fields })
    .eq('id', data.id)
  if (backdateError) throw backdateError
  return data.id
}

async function state(id: string) {
  const { data } = await service.from('animals').select('stale_at, listed, searchable').eq('id', id).single()
  return data!
}

describe('the keep_listings_fresh job', () => {
  it('takes a hand-entered listing out of search at 45 days unconfirmed, once, and a save brings it back', async () => {
    const handEntered = await pet('Dusty')
    const adopted = await pet('Gone', { status: 'adopted' })
    const { data: created } = await shelter.client.rpc('create_sync_source', { kind: 'upload', name: 'File', format: 'petfinder' })
    const synced = await pet('Synced', { source_id: (created as { id: string }).id })

    let now = new Date(CONFIRMED.getTime() + 44 * DAY)
    const task = keepListingsFreshTask({ clock: () => now })
    const logged: string[] = []
    const run = () => task({}, { supabase: service as never, log: (line: string) => logged.push(line), job: {} as never })

    // At 44 days the team was asked (the prompt is due at 30), the listing still in search.
    await run()
    expect(await state(handEntered)).toMatchObject({ stale_at: null, listed: true, searchable: true })
    const { data: asked } = await service.from('email_outbox').select('template, data').eq('template', 'listing_check')
    expect(asked).toHaveLength(1)
    expect(asked![0]!.data).toMatchObject({ left_search: false, animals: [{ id: handEntered, name: 'Dusty' }] })

    now = new Date(CONFIRMED.getTime() + 45 * DAY + 60_000)
    await run()
    const stale = await state(handEntered)
    expect(stale).toMatchObject({ listed: false, searchable: false })
    expect(new Date(stale.stale_at!).getTime()).toBe(now.getTime())
    expect(await state(synced)).toMatchObject({ stale_at: null, listed: true })
    expect(await state(adopted)).toMatchObject({ stale_at: null })
    expect(logged).toEqual([
      'asked about or took out of search 1 unconfirmed listing',
      'asked about or took out of search 1 unconfirmed listing',
    ])

    // A second pass finds nothing more to do; the stale listing's page is still readable.
    now = new Date(now.getTime() + DAY)
    await run()
    expect(logged).toHaveLength(2)
    expect((await h.anon().from('animals').select('name').eq('id', handEntered)).data).toEqual([{ name: 'Dusty' }])

    const { error } = await shelter.client.from('animals').update({ description: 'Still waiting for a home.' }).eq('id', handEntered)
    expect(error).toBeNull()
    expect(await state(handEntered)).toMatchObject({ stale_at: null, listed: true, searchable: true })
  })

  it('reads its threshold from the settings row', async () => {
    const id = await pet('Settled')
    await h.lb.db.query(`update public.app_settings set value = '10' where key = 'listing_stale_after_days'`)
    try {
      await keepListingsFreshTask({ clock: () => new Date(CONFIRMED.getTime() + 11 * DAY) })(
        {},
        {
          supabase: service as never,
          log: () => {},
          job: {} as never,
        },
      )
      expect((await state(id)).listed).toBe(false)
    } finally {
      await h.lb.db.query(`update public.app_settings set value = '45' where key = 'listing_stale_after_days'`)
    }
  })
})
