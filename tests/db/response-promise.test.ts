// A shelter's response promise: who sets it, the deadline each application and question gets from
// it, when the shelter's first answer is recorded, and the Messages tab's order by deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter, type TestShelter } from '#tests/db/factories.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

let h: Harness
let service: SupabaseClient
let shelter: TestShelter
const team = {} as Record<'admin' | 'staff' | 'volunteer', SupabaseClient>
let otherOwner: SupabaseClient

const DAY = 24 * 60 * 60 * 1000

async function animal(name: string): Promise<string> {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

async function adopter(name: string) {
  const person = await h.signedIn(uniqueEmail(name.toLowerCase()))
  const { error } = await person.client
    .from('application_profiles')
    .upsert({ ...APPLICATION_PROFILE, full_name: name }, { onConflict: 'user_id' })
  if (error) throw error
  return person
}

async function setPromise(days: number) {
  const { error } = await service.from('shelter_profiles').update({ response_days: days }).eq('id', shelter.shelterId)
  if (error) throw error
}

const daysBetween = (from: string, to: string) => (new Date(to).getTime() - new Date(from).getTime()) / DAY

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  shelter = await createShelter(h, 'Promise Shelter', { meeting_completed: true, latitude: 30.27, longitude: -97.74 })
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelter.shelterId, user_id: person.userId, role })
    team[role] = person.client
  }
  otherOwner = (await createShelter(h, 'Other Shelter', { meeting_completed: true })).client
})
afterAll(async () => {
  await h?.stop()
})

describe('the promise in Settings', () => {
  it('is 5 days by default; owners and admins change it within 1 to 14 days, nobody else', async () => {
    const read = async () =>
      (await service.from('shelter_profiles').select('response_days').eq('id', shelter.shelterId).single()).data!.response_days
    expect(await read()).toBe(5)

    for (const [name, client] of [
      ['staff', team.staff],
      ['volunteer', team.volunteer],
      ['another shelter', otherOwner],
    ] as const) {
      await client.from('shelter_profiles').update({ response_days: 9 }).eq('id', shelter.shelterId)
      expect(await read(), `${name} changes it`).toBe(5)
    }
    const anon = await h.anon().from('shelter_profiles').update({ response_days: 9 }).eq('id', shelter.shelterId)
    expect(anon.error?.code).toBe('42501')

    expect((await team.admin.from('shelter_profiles').update({ response_days: 3 }).eq('id', shelter.shelterId)).error).toBeNull()
    expect(await read()).toBe(3)
    expect((await shelter.client.from('shelter_profiles').update({ response_days: 14 }).eq('id', shelter.shelterId)).error).toBeNull()
    expect(await read()).toBe(14)
    for (const days of [0, 15]) {
      const refused = await shelter.client.from('shelter_profiles').update({ response_days: days }).eq('id', shelter.shelterId)
      expect(refused.error?.code, `${days} days`).toBe('23514')
    }
    expect(await read()).toBe(14)
  })
})

describe('an application’s deadline', () => {
  it('is sent + the promise then; the first shelter action answers it, once; later promises move nothing', async () => {
    await setPromise(2)
    const person = await adopter('Dana')
    const { data: sent, error } = await person.client.rpc('submit_application', { animal_id: await animal('Biscuit') })
    expect(error).toBeNull()
    const read = async (client: SupabaseClient) =>
      (await client.from('applications').select('created_at, answer_due_at, first_answered_at').eq('id', sent.id).maybeSingle()).data

    const fresh = await read(team.staff)
    expect(daysBetween(fresh!.created_at, fresh!.answer_due_at)).toBe(2)
    expect(fresh!.first_answered_at).toBeNull()
    // The applicant reads it as they read their application; other shelters and volunteers do not.
    expect((await read(person.client))!.answer_due_at).toBe(fresh!.answer_due_at)
    expect(await read(otherOwner)).toBeNull()
    expect(await read(team.volunteer)).toBeNull()
    // Nobody writes it through the API, the shelter included.
    const forged = await shelter.client.from('applications').update({ answer_due_at: new Date().toISOString() }).eq('id', sent.id)
    expect(forged.error?.code).toBe('42501')

    await setPromise(10)
    expect((await read(team.staff))!.answer_due_at).toBe(fresh!.answer_due_at)

    expect((await team.staff.rpc('review_application', { application_id: sent.id })).error).toBeNull()
    const answered = (await read(team.staff))!.first_answered_at
    expect(answered).not.toBeNull()
    expect((await team.staff.rpc('approve_application', { application_id: sent.id })).error).toBeNull()
    expect((await read(team.staff))!.first_answered_at).toBe(answered)
  })

  it('is not answered by the applicant withdrawing', async () => {
    await setPromise(5)
    const person = await adopter('Ellis')
    const { data: sent } = await person.client.rpc('submit_application', { animal_id: await animal('Pepper') })
    const due = (await service.from('applications').select('created_at, answer_due_at').eq('id', sent.id).single()).data!
    expect(daysBetween(due.created_at, due.answer_due_at)).toBe(5)
    expect((await person.client.rpc('withdraw_application', { application_id: sent.id })).error).toBeNull()
    const { data } = await service.from('applications').select('first_answered_at').eq('id', sent.id).single()
    expect(data!.first_answered_at).toBeNull()
  })
})

describe('a question’s deadline', () => {
  it('is started + the promise then; the shelter’s first reply answers it, not the adopter’s messages', async () => {
    await setPromise(3)
    const person = await h.signedIn(uniqueEmail('asker'))
    const { data: id, error } = await person.client.rpc('start_conversation', {
      animal: await animal('Mochi'),
      message: 'Is she good with cats?',
    })
    expect(error).toBeNull()
    const read = async (client: SupabaseClient) =>
      (await client.from('conversations').select('created_at, answer_due_at, first_answered_at').eq('id', id).maybeSingle()).data

    const fresh = await read(team.staff)
    expect(daysBetween(fresh!.created_at, fresh!.answer_due_at)).toBe(3)
    expect((await read(person.client))!.answer_due_at).toBe(fresh!.answer_due_at)
    expect(await read(otherOwner)).toBeNull()

    expect((await person.client.rpc('send_message', { conversation_id: id, message: 'And with kids?' })).error).toBeNull()
    expect((await read(team.staff))!.first_answered_at).toBeNull()
    expect((await team.staff.rpc('send_message', { conversation_id: id, message: 'Yes, both.' })).error).toBeNull()
    const answered = (await read(team.staff))!.first_answered_at
    expect(answered).not.toBeNull()
    expect((await team.admin.rpc('send_message', { conversation_id: id, message: 'Come and meet her.' })).error).toBeNull()
    expect((await read(team.staff))!.first_answered_at).toBe(answered)
  })

  it('orders the Messages tab: unanswered questions soonest deadline first, then the answered ones', async () => {
    const ask = async (days: number, name: string) => {
      await setPromise(days)
      const person = await h.signedIn(uniqueEmail('order'))
      const { data, error } = await person.client.rpc('start_conversation', { animal: await animal(name), message: 'Hello?' })
      if (error) throw error
      return data as string
    }
    const late = await ask(9, 'Late')
    const soon = await ask(1, 'Soon')
    const answered = await ask(2, 'Answered')
    await team.staff.rpc('send_message', { conversation_id: answered, message: 'Hi!' })
    const middle = await ask(4, 'Middle')

    const { data, error } = await team.staff.rpc('shelter_conversations', { closed: false })
    expect(error).toBeNull()
    const order = data!.map((row: { id: string }) => row.id).filter((rowId: string) => [late, soon, answered, middle].includes(rowId))
    expect(order).toEqual([soon, middle, late, answered])
    const row = data!.find((r: { id: string }) => r.id === soon)
    expect(daysBetween(row.created_at, row.answer_due_at)).toBe(1)
    expect(row.first_answered_at).toBeNull()
    expect(data!.find((r: { id: string }) => r.id === answered).first_answered_at).not.toBeNull()
  })
})
