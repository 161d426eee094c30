// The promise kept (public.keep_response_promises): the reminder the day before, once per item,
// to owners and admins only; the automatic closing of an application the shelter never acted on,
// once even when two workers run at the same moment, with the adopter's email naming similar
// pets nearby; a reply in time prevents it; a question with no reply is marked unanswered.
// Time moves by passing `at`, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { approvedProfile, createShelter, type TestShelter } from '#tests/db/factories.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

let h: Harness
let service: SupabaseClient
let shelter: TestShelter
/** Shelters elsewhere: an animal's place is its shelter's. */
const elsewhere = { dallas: '', newYork: '' }
const team = {} as Record<'admin' | 'staff', { client: SupabaseClient; email: string }>

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

async function apply(person: Awaited<ReturnType<typeof adopter>>, animalId: string) {
  const { data, error } = await person.client.rpc('submit_application', { animal_id: animalId })
  if (error) throw error
  return data as { id: string; answer_due_at: string }
}

/** One pass of the job as of `at`. */
async function keep(at: string | Date): Promise<number> {
  const { data, error } = await service.rpc('keep_response_promises', { at: new Date(at).toISOString() })
  if (error) throw error
  return data as number
}

type Email = { template: string; to_address: string; data: Record<string, unknown> }
async function emails(template: string, itemId?: string): Promise<Email[]> {
  const { data, error } = await service.from('email_outbox').select('template, to_address, data').eq('template', template)
  if (error) throw error
  return (data as Email[]).filter((e) => !itemId || e.data.item_id === itemId || e.data.application_id === itemId)
}

const later = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString()

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  shelter = await createShelter(h, 'Kept Shelter', {
    meeting_completed: true,
    approved_at: new Date().toISOString(),
    latitude: 30.27,
    longitude: -97.74,
    zip_code: '78701',
  })
  for (const [key, latitude, longitude] of [
    ['dallas', 32.78, -96.8],
    ['newYork', 40.71, -74.0],
  ] as const) {
    elsewhere[key] = (await createShelter(h, `Shelter ${key}`, { ...approvedProfile(), latitude, longitude })).shelterId
  }
  for (const role of ['admin', 'staff'] as const) {
    const email = uniqueEmail(role)
    const person = await h.signedIn(email)
    await service.from('shelter_members').insert({ shelter_id: shelter.shelterId, user_id: person.userId, role })
    team[role] = { client: person.client, email }
  }
})
afterAll(async () => {
  await h?.stop()
})

describe('the reminder', () => {
  it('goes to owners and admins once, the day before the deadline, and not for an answered item', async () => {
    const person = await adopter('Riley')
    const sent = await apply(person, await animal('Remy'))
    const answered = await apply(await adopter('Sam'), await animal('Sunny'))
    expect((await team.staff.client.rpc('review_application', { application_id: answered.id })).error).toBeNull()

    // Two days before: nothing yet.
    await keep(later(sent.answer_due_at, -2 * DAY))
    expect(await emails('answer_reminder', sent.id)).toEqual([])

    // Within the last day: one email each to the owner and the admin, never to staff.
    await keep(later(sent.answer_due_at, -DAY + 60_000))
    const first = await emails('answer_reminder', sent.id)
    expect(first.map((e) => e.to_address).sort()).toEqual([shelter.email, team.admin.email].map((a) => a.toLowerCase()).sort())
    expect(first[0]!.data).toMatchObject({ kind: 'application', animal_name: 'Remy', shelter_name: 'Kept Shelter' })

    // Later passes the same day send nothing more.
    await keep(later(sent.answer_due_at, -60_000))
    expect(await emails('answer_reminder', sent.id)).toHaveLength(2)
    expect(await emails('answer_reminder', answered.id)).toEqual([])
  })

  it('goes once for a question too', async () => {
    const asker = await h.signedIn(uniqueEmail('asker'))
    const { data: id, error } = await asker.client.rpc('start_conversation', { animal: await animal('Quill'), message: 'Is he calm?' })
    expect(error).toBeNull()
    const due = (await service.from('conversations').select('answer_due_at').eq('id', id).single()).data!.answer_due_at as string
    await keep(later(due, -3_600_000))
    await keep(later(due, -1_800_000))
    const sentEmails = await emails('answer_reminder', id as string)
    expect(sentEmails).toHaveLength(2)
    expect(sentEmails[0]!.data).toMatchObject({ kind: 'question', animal_name: 'Quill' })
  })
})

describe('the deadline', () => {
  it('closes an application nobody answered once, with two workers at the same moment, and emails similar pets', async () => {
    const person = await adopter('Casey')
    const applied = await animal('Clover', { type: 'dog' })
    const similar = await animal('Dottie', { type: 'dog', status: 'available' })
    const cat = await animal('Whiskers', { type: 'cat' })
    const far = await animal('Faraway', { type: 'dog', shelter_id: elsewhere.newYork })
    const sent = await apply(person, applied)

    // Just before the deadline it stays open.
    await keep(later(sent.answer_due_at, -1000))
    expect((await service.from('applications').select('status').eq('id', sent.id).single()).data!.status).toBe('submitted')

    const at = later(sent.answer_due_at, 1000)
    await Promise.all([keep(at), keep(at)])
    const { data: closed } = await service.from('applications').select('status, decision_message').eq('id', sent.id).single()
    expect(closed!.status).toBe('closed')
    expect(closed!.decision_message).toContain('did not answer within the 5 days')
    const { data: events } = await service.from('application_events').select('status, actor').eq('application_id', sent.id).order('id')
    expect(events).toEqual([
      { status: 'submitted', actor: 'adopter' },
      { status: 'closed', actor: 'site' },
    ])

    const told = await emails('application_unanswered', sent.id)
    expect(told).toHaveLength(1)
    expect(told[0]!.to_address).toBe(person.email.toLowerCase())
    const names = (told[0]!.data.similar as { id: string; name: string }[]).map((a) => a.id)
    expect(names).toContain(similar)
    expect(names).not.toContain(applied)
    expect(names).not.toContain(cat)
    expect(names).not.toContain(far)
    expect(told[0]!.data).toMatchObject({ animal_name: 'Clover', similar_type: 'dog', search_query: 'location=78701&distance=50' })

    // A third pass changes nothing; the adopter may apply again for the same pet.
    await keep(later(at, DAY))
    expect(await emails('application_unanswered', sent.id)).toHaveLength(1)
    const again = await person.client.rpc('submit_application', { animal_id: applied })
    expect(again.error).toBeNull()
  })

  it('uses the adopter’s last saved search’s place and distance', async () => {
    const person = await adopter('Morgan')
    const sent = await apply(person, await animal('Mabel'))
    const inDallas = await animal('Dallas Dog', { shelter_id: elsewhere.dallas })
    const { error } = await service.from('saved_searches').insert({
      user_id: person.userId,
      name: 'Dallas',
      query: 'location=Dallas&distance=25',
      filters: { lat: 32.78, lon: -96.8, radius_miles: 25 },
    })
    expect(error).toBeNull()
    await keep(later(sent.answer_due_at, 1000))
    const [told] = await emails('application_unanswered', sent.id)
    expect((told!.data.similar as { id: string }[]).map((a) => a.id)).toEqual([inDallas])
    expect(told!.data.search_query).toBe('location=Dallas&distance=25')
  })

  it('leaves an application the shelter answered in time open', async () => {
    const sent = await apply(await adopter('Jordan'), await animal('Juniper'))
    expect((await team.staff.client.rpc('review_application', { application_id: sent.id })).error).toBeNull()
    await keep(later(sent.answer_due_at, DAY))
    expect((await service.from('applications').select('status').eq('id', sent.id).single()).data!.status).toBe('in_review')
    expect(await emails('application_unanswered', sent.id)).toEqual([])
  })

  it('marks a question with no reply unanswered, once, and not one the shelter answered', async () => {
    const asker = await h.signedIn(uniqueEmail('silent'))
    const { data: quiet } = await asker.client.rpc('start_conversation', { animal: await animal('Hush'), message: 'Still there?' })
    const { data: replied } = await asker.client.rpc('start_conversation', { animal: await animal('Echo'), message: 'Hello?' })
    await team.staff.client.rpc('send_message', { conversation_id: replied, message: 'Yes!' })
    const due = (await service.from('conversations').select('answer_due_at').eq('id', quiet).single()).data!.answer_due_at as string

    const at = later(due, 1000)
    await Promise.all([keep(at), keep(at)])
    await keep(later(at, DAY))
    const read = async (id: string) =>
      (await asker.client.from('conversations').select('unanswered_at').eq('id', id).single()).data!.unanswered_at as string | null
    expect(new Date((await read(quiet as string))!).toISOString()).toBe(at)
    expect(await read(replied as string)).toBeNull()
  })
})
