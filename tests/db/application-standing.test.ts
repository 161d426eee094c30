// Where an adopter stands (decision 071): an application on hold is an answer and never closed by
// the worker; the team reopens one the site closed for want of an answer, with a new deadline
// and an email; an animal's applications paused or capped refuse new ones however they are sent,
// and the limits are the shelter's team's alone (row-level security per role).
// Time moves by passing `at`, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { approvedProfile, createShelter, type TestShelter } from '#tests/db/factories.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

let h: Harness
let service: SupabaseClient
let shelter: TestShelter
let other: TestShelter
const team = {} as Record<'staff' | 'volunteer', { client: SupabaseClient; userId: string }>

const DAY = 24 * 60 * 60 * 1000

async function animal(name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult', ...fields })
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
type Adopter = Awaited<ReturnType<typeof adopter>>

async function apply(person: Adopter, animalId: string) {
  const { data, error } = await person.client.rpc('submit_application', { animal_id: animalId })
  if (error) throw error
  return data as { id: string; answer_due_at: string }
}

async function keep(at: string | Date): Promise<number> {
  const { data, error } = await service.rpc('keep_response_promises', { at: new Date(at).toISOString() })
  if (error) throw error
  return data as number
}

async function row(id: string) {
  const { data, error } = await service
    .from('applications')
    .select('status, stage, answer_due_at, first_answered_at, reminded_at')
    .eq('id', id)
    .single()
  if (error) throw error
  return data as { status: string; stage: string; answer_due_at: string; first_answered_at: string | null; reminded_at: string | null }
}

type Email = { template: string; to_address: string; data: Record<string, unknown> }
async function emails(template: string, applicationId: string): Promise<Email[]> {
  const { data, error } = await service.from('email_outbox').select('template, to_address, data').eq('template', template)
  if (error) throw error
  return (data as Email[]).filter((e) => e.data.application_id === applicationId)
}

const later = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString()

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  shelter = await createShelter(h, 'Standing Shelter', { ...approvedProfile(), response_days: 3 })
  other = await createShelter(h, 'Other Shelter', approvedProfile())
  for (const role of ['staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelter.shelterId, user_id: person.userId, role })
    team[role] = { client: person.client, userId: person.userId }
  }
})
afterAll(async () => {
  await h?.stop()
})

describe('on hold', () => {
  it('is an answer: still pending, the deadline stopped, never closed by the worker', async () => {
    const person = await adopter('Hana')
    const sent = await apply(person, await animal('Hopper'))
    const { error } = await team.staff.client.rpc('hold_application', { application_id: sent.id, message: 'We meet another family first.' })
    expect(error).toBeNull()
    const held = await row(sent.id)
    expect(held).toMatchObject({ status: 'on_hold', stage: 'pending' })
    expect(held.first_answered_at).not.toBeNull()
    expect(await keep(later(sent.answer_due_at, 30 * DAY))).toBe(0)
    expect((await row(sent.id)).status).toBe('on_hold')
    const [email] = await emails('application_status', sent.id).then((all) => all.filter((e) => e.data.status === 'on_hold'))
    expect(email!.data).toMatchObject({ message: 'We meet another family first.' })
  })

  it('stays the adopter’s open application: no second one, but they may withdraw it; the team may resume, approve or reject it', async () => {
    const person = await adopter('Ivo')
    const pet = await animal('Inky')
    const sent = await apply(person, pet)
    await team.staff.client.rpc('hold_application', { application_id: sent.id })
    const again = await person.client.rpc('submit_application', { animal_id: pet })
    expect(again.error).toMatchObject({ code: '22023', message: 'You have already applied to adopt Inky' })
    expect((await team.staff.client.rpc('review_application', { application_id: sent.id })).error).toBeNull()
    expect((await row(sent.id)).status).toBe('in_review')
    await team.staff.client.rpc('hold_application', { application_id: sent.id })
    expect((await person.client.rpc('withdraw_application', { application_id: sent.id })).error).toBeNull()
    expect((await row(sent.id)).status).toBe('withdrawn')

    const next = await apply(await adopter('Jo'), pet)
    await team.staff.client.rpc('hold_application', { application_id: next.id })
    expect((await team.staff.client.rpc('approve_application', { application_id: next.id })).error).toBeNull()
    expect((await row(next.id)).status).toBe('approved')
  })

  it('is the team’s step alone, and only from new or in review', async () => {
    const person = await adopter('Kai')
    const sent = await apply(person, await animal('Kiwi'))
    expect((await person.client.rpc('hold_application', { application_id: sent.id })).error).toMatchObject({ code: 'PT404' })
    expect((await team.volunteer.client.rpc('hold_application', { application_id: sent.id })).error).toMatchObject({ code: 'PT404' })
    expect((await other.client.rpc('hold_application', { application_id: sent.id })).error).toMatchObject({ code: 'PT404' })
    expect((await h.anon().rpc('hold_application', { application_id: sent.id })).error).not.toBeNull()
    await team.staff.client.rpc('reject_application', { application_id: sent.id })
    expect((await team.staff.client.rpc('hold_application', { application_id: sent.id })).error).toMatchObject({
      code: '22023',
      message: 'This application is rejected now, so it cannot be on hold',
    })
  })

  it('is closed with the others when the animal is adopted', async () => {
    const pet = await animal('Lulu')
    const sent = await apply(await adopter('Lee'), pet)
    await team.staff.client.rpc('hold_application', { application_id: sent.id })
    await service.from('animals').update({ status: 'adopted' }).eq('id', pet)
    expect((await row(sent.id)).status).toBe('closed')
  })
})

describe('reopening an application the site closed', () => {
  it('puts it back in the Pending tab with a new deadline, tells the adopter, and the promise applies again', async () => {
    const person = await adopter('Mia')
    const sent = await apply(person, await animal('Mochi'))
    await keep(later(sent.answer_due_at, 60_000))
    expect((await row(sent.id)).status).toBe('closed')

    const at = later(sent.answer_due_at, 2 * DAY)
    const { data, error } = await team.staff.client.rpc('reopen_application', { application_id: sent.id, at })
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: 'submitted', stage: 'pending', first_answered_at: null, reminded_at: null })
    expect(new Date((data as { answer_due_at: string }).answer_due_at).getTime()).toBe(new Date(at).getTime() + 3 * DAY)
    const [email] = await emails('application_reopened', sent.id)
    expect(email!.data).toMatchObject({ animal_name: 'Mochi', shelter_name: 'Standing Shelter', response_days: 3 })
    const { data: events } = await person.client
      .from('application_events')
      .select('status, actor, message')
      .eq('application_id', sent.id)
      .order('id')
    expect(events!.at(-1)).toEqual({ status: 'submitted', actor: 'shelter', message: 'The shelter reopened this application.' })

    // Left alone again, the worker closes it again at the new deadline, not before.
    expect(await keep(later(at, DAY))).toBe(0)
    await keep(later(at, 3 * DAY + 60_000))
    expect((await row(sent.id)).status).toBe('closed')
  })

  it('refuses an application closed or decided otherwise, one the adopter sent again, and anyone but the team', async () => {
    const person = await adopter('Noa')
    const pet = await animal('Nugget')
    const sent = await apply(person, pet)
    expect((await team.staff.client.rpc('reopen_application', { application_id: sent.id })).error).toMatchObject({
      code: '22023',
      message: 'Only an application closed because nobody answered in time can be reopened',
    })
    await keep(later(sent.answer_due_at, 60_000))
    expect((await person.client.rpc('reopen_application', { application_id: sent.id })).error).toMatchObject({ code: 'PT404' })
    expect((await team.volunteer.client.rpc('reopen_application', { application_id: sent.id })).error).toMatchObject({ code: 'PT404' })
    expect((await other.client.rpc('reopen_application', { application_id: sent.id })).error).toMatchObject({ code: 'PT404' })

    await apply(person, pet)
    expect((await team.staff.client.rpc('reopen_application', { application_id: sent.id })).error).toMatchObject({
      code: '22023',
      message: 'The adopter has applied for Nugget again since: their newer application is in your Pending tab',
    })

    const adopted = await animal('Pip')
    const closedByAdoption = await apply(await adopter('Pat'), adopted)
    await service.from('animals').update({ status: 'adopted' }).eq('id', adopted)
    expect((await team.staff.client.rpc('reopen_application', { application_id: closedByAdoption.id })).error).toMatchObject({
      code: '22023',
      message: 'Only an application closed because nobody answered in time can be reopened',
    })
  })
})

describe('pausing and capping an animal’s applications', () => {
  it('a paused animal refuses applications, with a clear message, until resumed', async () => {
    const pet = await animal('Quincy')
    const { error } = await team.staff.client.from('animal_application_limits').insert({ animal_id: pet, paused: true })
    expect(error).toBeNull()
    expect((await h.anon().rpc('animal_application_intake', { animal_id: pet }).single()).data).toMatchObject({ state: 'paused' })
    const person = await adopter('Quinn')
    const refused = await person.client.rpc('submit_application', { animal_id: pet })
    expect(refused.error).toMatchObject({
      code: '22023',
      message: 'The shelter has paused applications for Quincy. Save a search to hear about similar pets.',
    })
    await team.staff.client.from('animal_application_limits').update({ paused: false }).eq('animal_id', pet)
    expect((await person.client.rpc('submit_application', { animal_id: pet })).error).toBeNull()
  })

  it('a capped animal takes applications until it has that many open, and again when one closes', async () => {
    const pet = await animal('Rosie')
    await team.staff.client.from('animal_application_limits').insert({ animal_id: pet, open_cap: 2 })
    const first = await apply(await adopter('Rae'), pet)
    const second = await apply(await adopter('Ron'), pet)
    await team.staff.client.rpc('hold_application', { application_id: second.id })
    expect((await h.anon().rpc('animal_application_intake', { animal_id: pet }).single()).data).toEqual({
      state: 'full',
      open_cap: 2,
      open_count: 2,
    })
    const late = await adopter('Ray')
    expect((await late.client.rpc('submit_application', { animal_id: pet })).error).toMatchObject({
      code: '22023',
      message: 'The shelter is considering as many applications for Rosie as it can (up to 2). Save a search to hear about similar pets.',
    })
    await team.staff.client.rpc('reject_application', { application_id: first.id })
    expect((await late.client.rpc('submit_application', { animal_id: pet })).error).toBeNull()
  })

  it('are the team’s (owners, admins, staff) to read and set, nobody else’s', async () => {
    const pet = await animal('Sage')
    const person = await adopter('Sol')
    for (const client of [h.anon(), person.client, team.volunteer.client, other.client]) {
      expect((await client.from('animal_application_limits').insert({ animal_id: pet, paused: true })).error).not.toBeNull()
    }
    expect((await shelter.client.from('animal_application_limits').insert({ animal_id: pet, open_cap: 5 })).error).toBeNull()
    for (const client of [person.client, team.volunteer.client, other.client]) {
      expect((await client.from('animal_application_limits').select('animal_id').eq('animal_id', pet)).data).toEqual([])
      await client.from('animal_application_limits').update({ paused: true }).eq('animal_id', pet)
      await client.from('animal_application_limits').delete().eq('animal_id', pet)
    }
    expect((await h.anon().from('animal_application_limits').select('animal_id')).error).not.toBeNull()
    const { data } = await team.staff.client.from('animal_application_limits').select('paused, open_cap').eq('animal_id', pet)
    expect(data).toEqual([{ paused: false, open_cap: 5 }])
    expect((await team.staff.client.from('animal_application_limits').delete().eq('animal_id', pet).select('animal_id')).data).toHaveLength(
      1,
    )
    expect((await service.from('animal_application_limits').insert({ animal_id: pet, open_cap: 0 })).error).not.toBeNull()
  })
})
