// The vetting of shelters: a shelter asks for its meeting; Pawhaven staff schedule it, record
// it, approve, ask for information or reject, only through the staff_* functions, each one
// audited and emailing the shelter through the outbox. Nobody else reaches any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Enums } from '#app/types/database.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'

let h: Harness
let service: SupabaseClient<Database>
let staff: { client: SupabaseClient<Database>; userId: string; email: string }
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  const signedIn = await h.signedIn(undefined, undefined, { user_type: 'adopter' })
  staff = { ...signedIn, client: signedIn.client as SupabaseClient<Database> }
  expect((await service.from('staff_members').insert({ user_id: staff.userId })).error).toBeNull()
})
afterAll(async () => {
  await h?.stop()
})

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

async function newShelter() {
  const shelter = await createShelter(h, 'Happy Tails')
  return { ...shelter, client: shelter.client as SupabaseClient<Database> }
}

const REQUEST: { organization_type: Enums<'shelter_type'> } & Record<
  'ein' | 'website' | 'vet_name' | 'vet_clinic' | 'vet_phone' | 'phone' | 'time_zone',
  string
> = {
  organization_type: 'rescue_organization',
  ein: '12-3456789',
  website: 'https://happytails.example.org',
  vet_name: 'Dr. Ana Ruiz',
  vet_clinic: 'Maple Street Animal Clinic',
  vet_phone: '(555) 010-2000',
  phone: '(555) 010-1000',
  time_zone: 'America/Chicago',
}

async function requestMeeting(client: SupabaseClient<Database>, overrides: Partial<typeof REQUEST & { preferred_times: string[] }> = {}) {
  return client.rpc('request_vetting_meeting', { ...REQUEST, preferred_times: [inDays(2), inDays(3)], ...overrides })
}

async function outboxFor(to: string) {
  const { data } = await service.from('email_outbox').select('template, data').eq('to_address', to.toLowerCase()).order('created_at')
  return data!
}

describe('the meeting request names the organization', () => {
  it('fills the profile with the name and the answers it shares, so staff approve the real name', async () => {
    // Sign-up asks no name: the profile starts as 'New Shelter'.
    const signedUp = await h.signedIn(undefined, undefined, { user_type: 'shelter' })
    const client = signedUp.client as SupabaseClient<Database>
    const { data: before } = await client.from('shelter_profiles').select('id, shelter_name').eq('user_id', signedUp.userId).single()
    expect(before!.shelter_name).toBe('New Shelter')

    const { error } = await requestMeeting(client, { organization_name: '  Steel City Paws  ' } as Partial<typeof REQUEST>)
    expect(error).toBeNull()
    const { data: profile } = await client
      .from('shelter_profiles')
      .select('shelter_name, shelter_type, website, phone')
      .eq('id', before!.id)
      .single()
    expect(profile).toEqual({
      shelter_name: 'Steel City Paws',
      shelter_type: 'rescue_organization',
      website: 'https://happytails.example.org',
      phone: '(555) 010-1000',
    })
    const staffMail = (await outboxFor(staff.email)).filter((email) => (email.data as { shelter_id: string }).shelter_id === before!.id)
    expect(staffMail.map((email) => (email.data as { shelter_name: string }).shelter_name)).toEqual(['Steel City Paws'])
    expect((await staff.client.rpc('staff_vetting_queue')).data!.find((row) => row.shelter_id === before!.id)?.shelter_name).toBe(
      'Steel City Paws',
    )

    await staff.client.rpc('staff_schedule_meeting', { shelter: before!.id, meeting_at: inDays(2), meeting_details: 'x' }).throwOnError()
    await staff.client.rpc('staff_record_meeting', { shelter: before!.id, notes: '' }).throwOnError()
    await staff.client.rpc('staff_approve_shelter', { shelter: before!.id, notes: '' }).throwOnError()
    const approval = (await outboxFor(signedUp.email)).find((email) => email.template === 'vetting_approved')
    expect(approval!.data).toMatchObject({ shelter_name: 'Steel City Paws' })
  })

  it('keeps the name when none is given, and refuses one too long', async () => {
    const shelter = await newShelter()
    expect((await requestMeeting(shelter.client)).error).toBeNull()
    expect(
      (await shelter.client.from('shelter_profiles').select('shelter_name').eq('id', shelter.shelterId).single()).data!.shelter_name,
    ).toBe('Happy Tails')
    const tooLong = await requestMeeting(shelter.client, { organization_name: 'x'.repeat(201) } as Partial<typeof REQUEST>)
    expect(tooLong.error).toMatchObject({ code: '22023' })
  })

  it('carries the EIN into the profile, where the shelter can change it and anyone reads it once listed', async () => {
    const shelter = await newShelter()
    expect((await requestMeeting(shelter.client)).error).toBeNull()
    const einOf = async () => (await shelter.client.from('shelter_profiles').select('ein').eq('id', shelter.shelterId).single()).data!.ein
    expect(await einOf()).toBe('12-3456789')

    // Settings: the owner corrects it; the database keeps the IRS's form only.
    expect((await shelter.client.from('shelter_profiles').update({ ein: '98-7654321' }).eq('id', shelter.shelterId)).error).toBeNull()
    expect(await einOf()).toBe('98-7654321')
    expect((await shelter.client.from('shelter_profiles').update({ ein: '987654321' }).eq('id', shelter.shelterId)).error?.code).toBe(
      '23514',
    )

    // A request without one (a foster network's) keeps what Settings holds; a new one replaces it.
    expect((await requestMeeting(shelter.client, { organization_type: 'foster_network', ein: '' })).error).toBeNull()
    expect(await einOf()).toBe('98-7654321')
    expect((await requestMeeting(shelter.client, { ein: '11-2223333' })).error).toBeNull()
    expect(await einOf()).toBe('11-2223333')

    // Not listed yet: nobody else reads the profile; approved, the public page can show the EIN.
    const publicEin = async () => (await h.anon().from('shelter_profiles').select('ein').eq('id', shelter.shelterId).maybeSingle()).data
    expect(await publicEin()).toBeNull()
    await service.from('shelter_profiles').update({ meeting_completed: true }).eq('id', shelter.shelterId).throwOnError()
    expect(await publicEin()).toEqual({ ein: '11-2223333' })
  })
})

describe('a shelter asks for its meeting', () => {
  it('records the request, emails a receipt to the shelter and a note to staff, and can correct it while it waits', async () => {
    const shelter = await newShelter()
    const { data: request, error } = await requestMeeting(shelter.client)
    expect(error).toBeNull()
    expect(request).toMatchObject({ shelter_id: shelter.shelterId, status: 'requested', ein: '12-3456789' })
    expect((await outboxFor(shelter.email)).map((email) => email.template)).toEqual(['vetting_meeting_requested'])
    const staffMail = (await outboxFor(staff.email)).filter(
      (email) => (email.data as { shelter_id: string }).shelter_id === shelter.shelterId,
    )
    expect(staffMail.map((email) => email.template)).toEqual(['vetting_request_received'])

    // A correction keeps its place in the queue and sends nothing new.
    expect((await requestMeeting(shelter.client, { phone: '(555) 010-1001' })).data).toMatchObject({
      phone: '(555) 010-1001',
      requested_at: request!.requested_at,
    })
    expect(await outboxFor(shelter.email)).toHaveLength(1)
    expect((await shelter.client.from('vetting_requests').select('status')).data).toEqual([{ status: 'requested' }])
  })

  it('refuses requests that miss what vetting needs', async () => {
    const shelter = await newShelter()
    expect((await requestMeeting(shelter.client, { ein: '' })).error?.code).toBe('23514')
    expect((await requestMeeting(shelter.client, { ein: '123456789' })).error?.code).toBe('23514')
    expect((await requestMeeting(shelter.client, { website: 'happytails.org' })).error?.code).toBe('23514')
    expect((await requestMeeting(shelter.client, { preferred_times: [inDays(2)] })).error?.code).toBe('23514')
    expect((await requestMeeting(shelter.client, { preferred_times: [inDays(2), inDays(-1)] })).error).toMatchObject({
      code: '22023',
      message: 'Choose preferred times in the future',
    })
    expect((await requestMeeting(shelter.client, { time_zone: 'Mars/Olympus' })).error).toMatchObject({
      code: '22023',
      message: 'Choose a time zone',
    })
    // A foster network may have no EIN.
    expect((await requestMeeting(shelter.client, { organization_type: 'foster_network', ein: '' })).data?.ein).toBeNull()
  })

  it('keeps each request to its shelter, and lets nobody write one directly', async () => {
    const [a, b] = [await newShelter(), await newShelter()]
    await requestMeeting(a.client)
    expect((await b.client.from('vetting_requests').select('shelter_id')).data).toEqual([])
    expect((await h.anon().from('vetting_requests').select('shelter_id')).error?.code).toBe('42501')
    expect((await a.client.from('vetting_requests').update({ status: 'approved' }).eq('shelter_id', a.shelterId)).error?.code).toBe('42501')
    expect(
      (await b.client.from('vetting_requests').insert({ ...REQUEST, shelter_id: b.shelterId, preferred_times: [inDays(2), inDays(3)] }))
        .error?.code,
    ).toBe('42501')
    const adopter = (await h.signedIn()).client as SupabaseClient<Database>
    expect((await requestMeeting(adopter)).error?.code).toBe('PT404')
    expect((await requestMeeting(h.anon() as SupabaseClient<Database>)).error?.code).toBe('42501')
  })
})

describe('staff vet it', () => {
  it('goes from request to approval, each step audited and the shelter emailed', async () => {
    const shelter = await newShelter()
    await requestMeeting(shelter.client)
    const queue = (await staff.client.rpc('staff_vetting_queue')).data!
    expect(queue.find((row) => row.shelter_id === shelter.shelterId)).toMatchObject({
      shelter_name: 'Happy Tails',
      status: 'requested',
      time_zone: 'America/Chicago',
    })

    // Approval needs the meeting held first.
    expect((await staff.client.rpc('staff_approve_shelter', { shelter: shelter.shelterId, notes: '' })).error?.code).toBe('PT409')
    const meetingAt = inDays(2)
    const { data: scheduled, error } = await staff.client.rpc('staff_schedule_meeting', {
      shelter: shelter.shelterId,
      meeting_at: meetingAt,
      meeting_details: 'https://meet.example.com/abc',
    })
    expect(error).toBeNull()
    expect(scheduled).toMatchObject({ status: 'scheduled', meeting_details: 'https://meet.example.com/abc' })
    // Once scheduled, the shelter cannot change its request.
    expect(await requestMeeting(shelter.client)).toMatchObject({
      status: 409,
      error: { code: 'PT409', message: 'Your meeting request can no longer be changed' },
    })
    expect(
      (await staff.client.rpc('staff_record_meeting', { shelter: shelter.shelterId, notes: 'Good adoption contract.' })).data?.status,
    ).toBe('held')
    expect(
      (await staff.client.rpc('staff_approve_shelter', { shelter: shelter.shelterId, notes: 'Vet reference checked.' })).data?.status,
    ).toBe('approved')

    const { data: profile } = await shelter.client
      .from('shelter_profiles')
      .select('meeting_completed, approved_at')
      .eq('id', shelter.shelterId)
      .single()
    expect(profile!.meeting_completed).toBe(true)
    expect(profile!.approved_at).not.toBeNull()
    expect((await staff.client.rpc('staff_vetting_queue')).data!.map((row) => row.shelter_id)).not.toContain(shelter.shelterId)

    const emails = await outboxFor(shelter.email)
    expect(emails.map((email) => email.template)).toEqual(['vetting_meeting_requested', 'vetting_meeting_scheduled', 'vetting_approved'])
    expect(emails[1]!.data).toMatchObject({
      shelter_name: 'Happy Tails',
      time_zone: 'America/Chicago',
      meeting_details: 'https://meet.example.com/abc',
    })
    expect(Date.parse((emails[1]!.data as { meeting_at: string }).meeting_at)).toBe(Date.parse(meetingAt))

    const { data: detail } = await staff.client.rpc('staff_shelter_detail', { shelter: shelter.shelterId })
    const log = (detail as { log: Array<{ action: string; staff_email: string; reason: string | null }> }).log
    expect(log.map((entry) => [entry.action, entry.staff_email, entry.reason])).toEqual([
      ['approve', staff.email, 'Vet reference checked.'],
      ['record_meeting', staff.email, 'Good adoption contract.'],
      ['schedule_meeting', staff.email, null],
    ])
    expect((detail as { contacts: string[] }).contacts).toEqual([shelter.email])
    expect((detail as { team: Array<{ email: string; role: string }> }).team).toMatchObject([{ email: shelter.email, role: 'owner' }])
  })

  it('asks for more information, which sends the shelter back to the queue when it answers; or rejects with a reason', async () => {
    const shelter = await newShelter()
    await requestMeeting(shelter.client)
    expect((await staff.client.rpc('staff_request_information', { shelter: shelter.shelterId, message: ' ' })).error).toMatchObject({
      code: '22023',
      message: 'Say what information is missing',
    })
    await staff.client.rpc('staff_request_information', { shelter: shelter.shelterId, message: 'Please send your adoption contract.' })
    expect((await shelter.client.from('vetting_requests').select('status, staff_message')).data).toEqual([
      { status: 'information_requested', staff_message: 'Please send your adoption contract.' },
    ])
    await requestMeeting(shelter.client, { website: 'https://happytails.example.org/contract' })
    expect((await shelter.client.from('vetting_requests').select('status, staff_message')).data).toEqual([
      { status: 'requested', staff_message: null },
    ])

    expect((await staff.client.rpc('staff_reject_shelter', { shelter: shelter.shelterId, reason: '' })).error?.code).toBe('22023')
    await staff.client.rpc('staff_reject_shelter', {
      shelter: shelter.shelterId,
      reason: 'We could not confirm your veterinarian reference.',
    })
    expect((await outboxFor(shelter.email)).map((email) => email.template)).toEqual([
      'vetting_meeting_requested',
      'vetting_information_requested',
      'vetting_meeting_requested',
      'vetting_rejected',
    ])
    expect((await requestMeeting(shelter.client)).error?.code).toBe('PT409')
    expect(
      (await shelter.client.from('shelter_profiles').select('meeting_completed').eq('id', shelter.shelterId).single()).data
        ?.meeting_completed,
    ).toBe(false)
  })

  it('refuses every staff function to anyone but staff, and writes nothing for them', async () => {
    const shelter = await newShelter()
    await requestMeeting(shelter.client)
    const adopter = (await h.signedIn()).client
    const calls = [
      ['staff_vetting_queue', {}],
      ['staff_shelter_detail', { shelter: shelter.shelterId }],
      ['staff_audit_entries', {}],
      ['staff_schedule_meeting', { shelter: shelter.shelterId, meeting_at: inDays(2), meeting_details: 'x' }],
      ['staff_record_meeting', { shelter: shelter.shelterId, notes: '' }],
      ['staff_approve_shelter', { shelter: shelter.shelterId, notes: '' }],
      ['staff_request_information', { shelter: shelter.shelterId, message: 'x' }],
      ['staff_reject_shelter', { shelter: shelter.shelterId, reason: 'x' }],
    ] as const
    const callers: Array<[string, SupabaseClient]> = [
      ['anon', h.anon()],
      ['adopter', adopter],
      ['shelter', shelter.client as SupabaseClient],
      ['service role', service as SupabaseClient],
    ]
    for (const [name, caller] of callers) {
      for (const [fn, args] of calls) {
        expect((await caller.rpc(fn, args)).error?.code, `${name} → ${fn}`).toBe('42501')
      }
    }
    for (const fn of ['staff_act', 'email_shelter', 'shelter_contact_emails', 'require_staff']) {
      expect((await shelter.client.rpc(fn as 'is_staff', {})).error?.code, fn).toMatch(/^(42501|PGRST202)$/)
    }
    for (const table of ['staff_members', 'staff_audit_log'] as const) {
      expect((await adopter.from(table).select('*')).error?.code).toBe('42501')
      expect((await staff.client.from(table).select('*')).error?.code).toBe('42501')
    }
    expect((await adopter.from('staff_members').insert({ user_id: (await adopter.auth.getUser()).data.user!.id })).error?.code).toBe(
      '42501',
    )
    expect((await shelter.client.from('vetting_requests').select('status')).data).toEqual([{ status: 'requested' }])
    expect((await adopter.rpc('is_staff')).data).toBe(false)
    expect((await staff.client.rpc('is_staff')).data).toBe(true)
  })
})

describe('staff suspend and restore a shelter', () => {
  it('takes its profile and listings off every public page at once, and brings them back', async () => {
    const shelter = await newShelter()
    await service
      .from('shelter_profiles')
      .update({ meeting_completed: true, approved_at: new Date().toISOString(), latitude: 30.27, longitude: -97.74, zip_code: '78701' })
      .eq('id', shelter.shelterId)
    const { data: animal } = await shelter.client
      .from('animals')
      .insert({ shelter_id: shelter.shelterId, name: 'Suspendedpup', type: 'dog', age_group: 'adult' })
      .select('id')
      .single()
    const adoptedId = (
      await shelter.client
        .from('animals')
        .insert({ shelter_id: shelter.shelterId, name: 'Foundhome', type: 'cat', age_group: 'adult', status: 'adopted' })
        .select('id')
        .single()
    ).data!.id
    const anon = h.anon()
    const visible = async () => ({
      profile: ((await anon.from('shelter_profiles').select('id').eq('id', shelter.shelterId)).data ?? []).length,
      animal: ((await anon.from('animals').select('id').eq('id', animal!.id)).data ?? []).length,
      search: (await anon.rpc('search_animals', { q: 'Suspendedpup' })).data.total as number,
      adoptedPage: (await anon.rpc('unlisted_animal_page', { animal_id: adoptedId }).maybeSingle()).data !== null,
    })
    expect(await visible()).toEqual({ profile: 1, animal: 1, search: 1, adoptedPage: true })

    expect((await shelter.client.rpc('staff_suspend_shelter', { shelter: shelter.shelterId, reason: 'x' })).error?.code).toBe('42501')
    expect((await staff.client.rpc('staff_suspend_shelter', { shelter: shelter.shelterId, reason: ' ' })).error).toMatchObject({
      code: '22023',
      message: 'Give the reason for the suspension',
    })
    const { data: suspended, error } = await staff.client.rpc('staff_suspend_shelter', {
      shelter: shelter.shelterId,
      reason: 'Reports of selling animals.',
    })
    expect(error).toBeNull()
    expect(suspended).toMatchObject({ listed: false, suspension_reason: 'Reports of selling animals.' })
    expect(await visible()).toEqual({ profile: 0, animal: 0, search: 0, adoptedPage: false })
    // The team keeps its dashboard and data.
    expect((await shelter.client.from('animals').select('id').eq('id', animal!.id)).data).toHaveLength(1)
    expect((await staff.client.rpc('staff_suspend_shelter', { shelter: shelter.shelterId, reason: 'again' })).error?.code).toBe('PT409')

    expect((await staff.client.rpc('staff_restore_shelter', { shelter: shelter.shelterId, notes: 'Cleared.' })).data).toMatchObject({
      listed: true,
      suspended_at: null,
    })
    expect(await visible()).toEqual({ profile: 1, animal: 1, search: 1, adoptedPage: true })
    expect((await staff.client.rpc('staff_restore_shelter', { shelter: shelter.shelterId, notes: '' })).error?.code).toBe('PT409')

    expect((await outboxFor(shelter.email)).map((email) => email.template)).toEqual(['shelter_suspended', 'shelter_restored'])
    const log = (
      (await staff.client.rpc('staff_shelter_detail', { shelter: shelter.shelterId })).data as {
        log: Array<{ action: string; reason: string }>
      }
    ).log
    expect(log.map((entry) => [entry.action, entry.reason])).toEqual([
      ['restore', 'Cleared.'],
      ['suspend', 'Reports of selling animals.'],
    ])
    expect((await staff.client.rpc('staff_find_shelters', { search: 'happy' })).data!.map((row) => row.shelter_id)).toContain(
      shelter.shelterId,
    )
    expect((await shelter.client.rpc('staff_find_shelters', { search: '' })).error?.code).toBe('42501')
  })

  it('cannot suspend a shelter that is not approved', async () => {
    const shelter = await newShelter()
    expect((await staff.client.rpc('staff_suspend_shelter', { shelter: shelter.shelterId, reason: 'x' })).error?.code).toBe('PT409')
  })
})
