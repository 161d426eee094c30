// Adoption applications: who reads them (the applicant, and the owners, admins and staff of the
// shelter they went to — nobody else, not volunteers, not Pawhaven staff), who moves them, what
// each move tells whom, and what is left of them when the applicant deletes their account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'
import { dashboardHash } from '#app/utils/misc.ts'
import { renderTemplate } from '#worker/emails/templates.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

type Name = 'anon' | 'applicant' | 'otherAdopter' | 'owner' | 'admin' | 'staff' | 'volunteer' | 'ownerB' | 'pawhaven'
const CALLERS: Name[] = ['anon', 'applicant', 'otherAdopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven']

let h: Harness
let service: SupabaseClient
const client = {} as Record<Name, SupabaseClient>
const email = {} as Record<Name, string>
let shelterA: string
let ownerId: string

async function animal(name = 'Biscuit'): Promise<string> {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelterA, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

async function adopter(name: string, profile: Record<string, unknown> | null = APPLICATION_PROFILE) {
  const person = await h.signedIn(uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')))
  if (profile) {
    const { error } = await person.client.from('application_profiles').upsert({ ...profile, full_name: name }, { onConflict: 'user_id' })
    if (error) throw error
  }
  return person
}

/** The emails queued to an address, as template:status pairs (status when the email has one). */
async function outbox(address: string): Promise<string[]> {
  const { data } = await service.from('email_outbox').select('template, data').eq('to_address', address).order('created_at')
  return (data ?? []).map((row) => [row.template, row.data.status].filter(Boolean).join(':'))
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const signUp = (name: string) => createShelter(h, name, { meeting_completed: true, latitude: 30.27, longitude: -97.74 })
  const a = await signUp('Shelter A')
  shelterA = a.shelterId
  client.owner = a.client
  email.owner = a.email
  ownerId = a.userId
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelterA, user_id: person.userId, role })
    client[role] = person.client
    email[role] = person.email
  }
  client.ownerB = (await signUp('Shelter B')).client
  const pawhaven = await h.signedIn()
  await service.from('staff_members').insert({ user_id: pawhaven.userId })
  client.pawhaven = pawhaven.client
  const applicant = await adopter('Applicant')
  client.applicant = applicant.client
  email.applicant = applicant.email
  client.otherAdopter = (await adopter('Other')).client
  client.anon = h.anon()
})
afterAll(async () => {
  await h?.stop()
})

describe('who reads and writes applications', () => {
  it('the applicant and the shelter’s owners, admins and staff read them; nobody writes them directly', async () => {
    const animalId = await animal()
    const { data: sent, error } = await client.applicant.rpc('submit_application', { animal_id: animalId, note: 'We have a big yard' })
    expect(error).toBeNull()
    const readers: Name[] = ['applicant', 'owner', 'admin', 'staff']
    for (const table of ['applications', 'application_events']) {
      const key = table === 'applications' ? 'id' : 'application_id'
      for (const name of CALLERS) {
        const { data, error: readError } = await client[name].from(table).select(key).eq(key, sent.id)
        const got = readError ? readError.code : data!.length ? 'rows' : 'none'
        expect(got, `${name} reads ${table}`).toBe(name === 'anon' ? '42501' : readers.includes(name) ? 'rows' : 'none')
        for (const [op, run] of [
          ['insert', () => client[name].from(table).insert({})],
          ['update', () => client[name].from(table).update({ created_at: new Date().toISOString() }).eq(key, sent.id)],
          ['delete', () => client[name].from(table).delete().eq(key, sent.id)],
        ] as const) {
          expect((await run()).error?.code, `${name} ${op} ${table}`).toBe('42501')
        }
      }
    }
  })

  it('only the shelter’s owners, admins and staff move an application; only its applicant withdraws it', async () => {
    const animalId = await animal('Pepper')
    const { data: sent } = await client.applicant.rpc('submit_application', { animal_id: animalId })
    for (const name of ['otherAdopter', 'volunteer', 'ownerB', 'pawhaven', 'applicant'] as const) {
      for (const fn of ['review_application', 'approve_application', 'reject_application', 'mark_application_adopted']) {
        expect((await client[name].rpc(fn, { application_id: sent.id })).error?.code, `${name} ${fn}`).toBe('PT404')
      }
    }
    for (const name of ['otherAdopter', 'owner', 'volunteer', 'pawhaven'] as const) {
      expect((await client[name].rpc('withdraw_application', { application_id: sent.id })).error?.code, `${name} withdraws`).toBe('PT404')
    }
    for (const [fn, args] of [
      ['submit_application', { animal_id: animalId }],
      ['withdraw_application', { application_id: sent.id }],
      ['review_application', { application_id: sent.id }],
    ] as const) {
      expect((await client.anon.rpc(fn, args)).error?.code, `anon ${fn}`).toBe('42501')
    }
    expect((await client.staff.rpc('review_application', { application_id: sent.id })).data.status).toBe('in_review')
    const { data } = await service.from('applications').select('status').eq('id', sent.id).single()
    expect(data!.status).toBe('in_review')
  })

  it('the helpers behind them are not callable from the API', async () => {
    for (const [fn, args] of [
      ['move_application', { application_id: shelterA, to_status: 'approved', allowed_from: ['submitted'], actor: 'shelter' }],
      ['email_shelter_team', { shelter: shelterA, min_role: 'volunteer', template: 'x' }],
      ['require_application_team', { application_id: shelterA }],
    ] as const) {
      for (const name of CALLERS) expect((await client[name].rpc(fn, args)).error?.code, `${name} ${fn}`).toBe('42501')
    }
  })
})

describe('sending an application', () => {
  it('needs a complete profile, one open application per animal, and a listed animal', async () => {
    const animalId = await animal('Mochi')
    const incomplete = await adopter('Half', { full_name: 'Half', has_other_pets: true })
    const refused = await incomplete.client.rpc('submit_application', { animal_id: animalId })
    expect(refused.error?.code).toBe('22023')
    expect(refused.error?.message).toMatch(
      /^Your application profile still needs your phone number, your street address, .*your other pets, a veterinarian/,
    )

    const person = await adopter('Twice')
    expect((await person.client.rpc('submit_application', { animal_id: animalId })).error).toBeNull()
    const again = await person.client.rpc('submit_application', { animal_id: animalId })
    expect(again.error?.message).toBe('You have already applied to adopt Mochi')

    const archived = await animal('Gone')
    await service.from('animals').update({ status: 'archived' }).eq('id', archived)
    expect((await person.client.rpc('submit_application', { animal_id: archived })).error?.message).toBe(
      'This pet is no longer listed, so it cannot be applied for',
    )
  })

  it('carries the profile as it was, and later edits do not change it', async () => {
    const animalId = await animal('Juniper')
    const person = await adopter('Snapshot')
    const { data: sent } = await person.client.rpc('submit_application', { animal_id: animalId, note: '  Hello  ' })
    await person.client.from('application_profiles').update({ phone: '512-555-0199' }).eq('user_id', person.userId)
    const { data } = await client.owner
      .from('applications')
      .select('snapshot, note, applicant_name, animal_name, stage')
      .eq('id', sent.id)
      .single()
    expect(data).toMatchObject({ note: 'Hello', applicant_name: 'Snapshot', animal_name: 'Juniper', stage: 'pending' })
    expect(data!.snapshot).toMatchObject({ phone: APPLICATION_PROFILE.phone, email: person.email, city: 'Austin' })
  })

  it('allows 10 applications a day', async () => {
    const person = await adopter('Busy')
    for (let i = 0; i < 10; i++) {
      const { error } = await person.client.rpc('submit_application', { animal_id: await animal(`Pet ${i}`) })
      expect(error).toBeNull()
    }
    const eleventh = await person.client.rpc('submit_application', { animal_id: await animal('Pet 11') })
    expect(eleventh.error?.message).toBe('You have sent 10 applications today. Please wait a day before sending more.')
  })
})

describe('an application’s life', () => {
  it('moves through review and approval to adopted, closing the others for that animal, with an email at each step', async () => {
    const animalId = await animal('Rosie')
    const winner = await adopter('Winner')
    const other = await adopter('Runner')
    const { data: won } = await winner.client.rpc('submit_application', { animal_id: animalId })
    const { data: lost } = await other.client.rpc('submit_application', { animal_id: animalId })
    expect(await outbox(email.owner)).toEqual(expect.arrayContaining(['application_received']))
    expect(await outbox(email.staff)).toEqual(expect.arrayContaining(['application_received']))
    expect(await outbox(email.volunteer)).not.toContain('application_received')

    await client.staff.rpc('review_application', { application_id: won.id })
    await client.admin.rpc('approve_application', { application_id: won.id, message: 'Come meet her Saturday' })
    const early = await client.owner.rpc('mark_application_adopted', { application_id: lost.id })
    expect(early.error?.message).toBe('This application is submitted now, so it cannot be adopted')
    expect((await client.owner.rpc('mark_application_adopted', { application_id: won.id })).error).toBeNull()

    const { data: pet } = await service.from('animals').select('status').eq('id', animalId).single()
    expect(pet!.status).toBe('adopted')
    const { data: closed } = await other.client.from('applications').select('status, stage, decision_message').eq('id', lost.id).single()
    expect(closed).toEqual({ status: 'closed', stage: 'rejected', decision_message: 'Rosie has found a home with another family.' })

    const { data: timeline } = await winner.client
      .from('application_events')
      .select('status, actor, message')
      .eq('application_id', won.id)
      .order('id')
    expect(timeline).toEqual([
      { status: 'submitted', actor: 'adopter', message: null },
      { status: 'in_review', actor: 'shelter', message: null },
      { status: 'approved', actor: 'shelter', message: 'Come meet her Saturday' },
      { status: 'adopted', actor: 'shelter', message: null },
    ])
    expect(await outbox(winner.email)).toEqual([
      'application_status:submitted',
      'application_status:in_review',
      'application_status:approved',
      'application_status:adopted',
    ])
    expect(await outbox(other.email)).toEqual(['application_status:submitted', 'application_status:closed'])
  })

  it('closes open applications when the shelter marks the animal adopted, archives or deletes it', async () => {
    for (const change of ['adopted', 'archived', 'deleted'] as const) {
      const animalId = await animal(`Sky ${change}`)
      const person = await adopter(`Hopeful ${change}`)
      const { data: sent } = await person.client.rpc('submit_application', { animal_id: animalId })
      if (change === 'deleted') await service.from('animals').delete().eq('id', animalId)
      else await client.owner.from('animals').update({ status: change }).eq('id', animalId)
      const { data } = await person.client.from('applications').select('status, decision_message, animal_name').eq('id', sent.id).single()
      expect(data).toEqual({
        status: 'closed',
        animal_name: `Sky ${change}`,
        decision_message:
          change === 'adopted' ? `Sky ${change} has found a home with another family.` : `Sky ${change} is no longer listed for adoption.`,
      })
    }
  })

  it('can be rejected with a message, or withdrawn by the applicant, who may then apply again', async () => {
    const animalId = await animal('Clover')
    const person = await adopter('Changes')
    const { data: first } = await person.client.rpc('submit_application', { animal_id: animalId })
    expect((await person.client.rpc('withdraw_application', { application_id: first.id })).data.status).toBe('withdrawn')
    expect(await outbox(email.owner)).toEqual(expect.arrayContaining(['application_withdrawn']))
    const twice = await person.client.rpc('withdraw_application', { application_id: first.id })
    expect(twice.error?.message).toBe('This application is withdrawn now, so it cannot be withdrawn')

    const { data: second } = await person.client.rpc('submit_application', { animal_id: animalId })
    await client.admin.rpc('reject_application', { application_id: second.id, message: 'She needs a home without cats' })
    const { data } = await person.client.from('applications').select('status, stage, decision_message').eq('id', second.id).single()
    expect(data).toEqual({ status: 'rejected', stage: 'rejected', decision_message: 'She needs a home without cats' })
  })

  it('does not email an applicant who turned application emails off', async () => {
    const person = await adopter('Quiet')
    await person.client.from('adopter_profiles').upsert({ email_applications: false }, { onConflict: 'user_id' })
    await person.client.rpc('submit_application', { animal_id: await animal('Hush') })
    expect(await outbox(person.email)).toEqual([])
  })

  it('counts for the dashboard for every member, volunteers too', async () => {
    const { data } = await client.volunteer.rpc('my_shelter_application_counts').single()
    const { count } = await service
      .from('applications')
      .select('id', { count: 'exact', head: true })
      .eq('shelter_id', shelterA)
      .eq('stage', 'pending')
    expect(data).toMatchObject({ pending: count })
    expect(count).toBeGreaterThan(0)
  })

  it('counts the sidebar’s new applications for those who read them, and none for volunteers', async () => {
    const { count } = await service
      .from('applications')
      .select('id', { count: 'exact', head: true })
      .eq('shelter_id', shelterA)
      .eq('status', 'submitted')
    expect(count).toBeGreaterThan(0)
    expect((await client.staff.rpc('my_dashboard_badges').single()).data).toMatchObject({ new_applications: count })
    expect((await client.volunteer.rpc('my_dashboard_badges').single()).data).toEqual({ unread_messages: 0, new_applications: 0 })
    expect((await client.anon.rpc('my_dashboard_badges')).error?.code).toBe('42501')
  })
})

describe('deleting the applicant’s account', () => {
  it('removes their details and withdraws what was open; the shelter keeps that it existed', async () => {
    const person = await adopter('Leaving')
    const { data: sent } = await person.client.rpc('submit_application', { animal_id: await animal('Maple'), note: 'My phone is private' })
    expect((await service.auth.admin.deleteUser(person.userId)).error).toBeNull()
    const { data } = await client.owner
      .from('applications')
      .select('applicant_id, applicant_name, snapshot, note, status')
      .eq('id', sent.id)
      .single()
    expect(data).toEqual({ applicant_id: null, applicant_name: 'Deleted account', snapshot: {}, note: null, status: 'withdrawn' })
    expect((await service.from('application_profiles').select('user_id').eq('user_id', person.userId)).data).toEqual([])
  })
})

describe('the emails', () => {
  it('each queued email fits its template, links to the application, and carries no profile details', async () => {
    const { data } = await service.from('email_outbox').select('template, data').like('template', 'application_%')
    expect(new Set(data!.map((row) => row.template))).toEqual(
      new Set(['application_status', 'application_received', 'application_withdrawn']),
    )
    for (const row of data!) {
      const email = renderTemplate(row.template, row.data, 'https://pawhaven.example')
      expect(email.text).toMatch(/https:\/\/pawhaven\.example\/(account|dashboard\/[A-Za-z0-9]{8})\/applications\/[0-9a-f-]{36}/)
      expect(email.text).not.toContain(APPLICATION_PROFILE.phone)
    }
    // Each member's link leads to their own dashboard (the same hash as the app's).
    const { data: owners } = await service
      .from('email_outbox')
      .select('data')
      .eq('template', 'application_received')
      .eq('to_address', email.owner)
      .limit(1)
    expect(owners![0]!.data.dashboard_hash).toBe(dashboardHash(ownerId))
  })
})
