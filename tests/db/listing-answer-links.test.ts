// The stale-listing prompt's links in the database: listing_answer_links is nobody's to read or
// write but the functions'; keep_listings_fresh emails the team (staff and up) once per listing
// at 30 days; answer_listing_check uses a link once, refuses a replayed, expired or unknown one,
// and an answer confirms the listing. Time moves by `at` and backdated rows, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import type { Database } from '#app/types/database.ts'
import { approvedProfile, createShelter, type TestShelter } from '#tests/db/factories.ts'

const DAY = 24 * 60 * 60 * 1000
const CONFIRMED = new Date('2026-09-01T12:00:00Z')

let h: Harness
let service: SupabaseClient<Database>
let shelter: TestShelter
const team = {} as Record<'staff' | 'volunteer', { client: SupabaseClient; email: string }>

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  await h.lb.db.query('delete from public.job_schedules')
  shelter = await createShelter(h, 'Answer Rescue', { ...approvedProfile(), latitude: 30.27, longitude: -97.74, zip_code: '78701' })
  for (const role of ['staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelter.shelterId, user_id: person.userId, role })
    team[role] = { client: person.client, email: person.email }
  }
})
afterAll(async () => {
  await h?.stop()
})

async function pet(name: string, confirmedAt = CONFIRMED) {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'cat', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  await service.from('animals').update({ confirmed_at: confirmedAt.toISOString() }).eq('id', data.id)
  return data.id
}

async function links(animalId: string) {
  const { data } = await service.from('listing_answer_links').select('nonce, expires_at, used_at, answer').eq('animal_id', animalId)
  return data!
}

describe('the stale-listing prompt', () => {
  it('emails owners and staff once at 30 days, with one link row per animal valid 14 days', async () => {
    const [miso, nori] = [await pet('Miso'), await pet('Nori')]
    const at = new Date(CONFIRMED.getTime() + 31 * DAY)
    const first = await service.rpc('keep_listings_fresh', { at: at.toISOString() })
    expect(first.data).toBe(2)
    const again = await service.rpc('keep_listings_fresh', { at: new Date(at.getTime() + DAY).toISOString() })
    expect(again.data).toBe(0)
    const { data: emails } = await service.from('email_outbox').select('to_address, data').eq('template', 'listing_check')
    expect(emails!.map((email) => email.to_address).sort()).toEqual([shelter.email, team.staff.email].sort())
    expect(emails![0]!.data).toMatchObject({
      left_search: false,
      animals: [
        { id: miso, name: 'Miso' },
        { id: nori, name: 'Nori' },
      ],
    })
    const [link] = await links(miso)
    expect(new Date(link!.expires_at).getTime()).toBe(at.getTime() + 14 * DAY)
  })

  it('keeps the links from everyone but its functions', async () => {
    for (const client of [h.anon(), shelter.client, team.staff.client, team.volunteer.client, (await h.signedIn()).client]) {
      expect((await client.from('listing_answer_links').select('nonce')).error?.code).toBe('42501')
      expect(
        (await client.from('listing_answer_links').insert({ animal_id: crypto.randomUUID(), expires_at: new Date().toISOString() })).error
          ?.code,
      ).toBe('42501')
      expect((await client.rpc('keep_listings_fresh', {})).error?.code).toBe('42501')
    }
  })
})

describe('a one-click answer', () => {
  it('answers once: the status set and the listing confirmed; a replay, an expired or unknown link refused', async () => {
    // Links expire by the database's clock: these listings were confirmed in the real past.
    const id = await pet('Pepper', new Date(Date.now() - 46 * DAY))
    await service.rpc('keep_listings_fresh', {})
    const { data: left } = await service.from('animals').select('listed, stale_at').eq('id', id).single()
    expect(left).toMatchObject({ listed: false })
    const [link] = await links(id)

    const anon = h.anon() as SupabaseClient<Database>
    expect((await anon.rpc('answer_listing_check', { nonce: link!.nonce, answer: 'on_hold' })).data).toEqual({
      outcome: 'answered',
      animal_id: id,
      animal_name: 'Pepper',
    })
    const { data: answered } = await service.from('animals').select('status, confirmed_via, stale_at, listed').eq('id', id).single()
    expect(answered).toEqual({ status: 'pending', confirmed_via: 'email', stale_at: null, listed: true })
    expect((await anon.rpc('answer_listing_check', { nonce: link!.nonce, answer: 'adopted' })).data).toEqual({ outcome: 'used' })
    expect((await service.from('animals').select('status').eq('id', id).single()).data?.status).toBe('pending')

    const other = await pet('Saffron', new Date(Date.now() - 31 * DAY))
    await service.rpc('keep_listings_fresh', {})
    const [late] = await links(other)
    await h.lb.db.query(`update public.listing_answer_links set expires_at = now() - interval '1 second' where nonce = $1`, [late!.nonce])
    expect((await anon.rpc('answer_listing_check', { nonce: late!.nonce, answer: 'available' })).data).toEqual({ outcome: 'expired' })
    expect((await anon.rpc('answer_listing_check', { nonce: crypto.randomUUID(), answer: 'available' })).data).toEqual({
      outcome: 'unknown',
    })
    expect((await anon.rpc('answer_listing_check', { nonce: late!.nonce, answer: 'archived' })).data).toEqual({ outcome: 'unknown' })
  })
})
