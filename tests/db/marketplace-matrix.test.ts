// Every table and function the teams, vetting, email and jobs work added, against every kind of
// caller: a visitor, an adopter, each role of shelter A, the owner of shelter B, Pawhaven staff
// and the service role, × select / insert / update / delete / execute. Functions that change
// things are called with arguments that fail after the permission check, so an allowed caller
// meets the function's own refusal (not 42501) and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

type Name = 'anon' | 'adopter' | 'owner' | 'admin' | 'staff' | 'volunteer' | 'ownerB' | 'pawhaven' | 'service'
const CALLERS: Name[] = ['anon', 'adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven', 'service']

let h: Harness
const client = {} as Record<Name, SupabaseClient>
let shelterA: string
const NOBODY = '00000000-0000-0000-0000-000000000000'

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  const service = h.service()
  const signUp = async (name: string) => {
    const user = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: name })
    const { data } = await service.from('shelter_profiles').select('id').eq('user_id', user.userId).single()
    return { ...user, shelterId: data!.id as string }
  }
  const a = await signUp('Shelter A')
  shelterA = a.shelterId
  client.owner = a.client
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role), 'correct-horse-1', { user_type: 'adopter' })
    await service.from('shelter_members').insert({ shelter_id: shelterA, user_id: person.userId, role })
    client[role] = person.client
  }
  client.ownerB = (await signUp('Shelter B')).client
  client.adopter = (await h.signedIn()).client
  const pawhaven = await h.signedIn()
  await service.from('staff_members').insert({ user_id: pawhaven.userId })
  client.pawhaven = pawhaven.client
  client.anon = h.anon()
  client.service = service

  // One row of everything, for shelter A.
  await a.client.rpc('request_vetting_meeting', {
    organization_type: 'foster_network',
    ein: '',
    website: 'https://a.example.org',
    vet_name: 'Dr. A',
    vet_clinic: 'Clinic',
    vet_phone: '(555) 010-2000',
    phone: '(555) 010-1000',
    preferred_times: [new Date(Date.now() + 2 * 86_400_000).toISOString(), new Date(Date.now() + 3 * 86_400_000).toISOString()],
    time_zone: 'America/Chicago',
  })
  await a.client.rpc('invite_member', { email: 'someone@example.com', role: 'staff' })
  await service.rpc('enqueue_job', { kind: 'a_job' })
  await service.from('job_schedules').upsert({ name: 'matrix', kind: 'a_job', every: '1 hour' })
  await pawhaven.client.rpc('staff_request_information', { shelter: shelterA, message: 'Your EIN?' })
})
afterAll(async () => {
  await h?.stop()
})

/** What a caller gets from a select: the rows of shelter A, none, or refused. */
type Read = 'rows' | 'none' | 'denied'
const everyone = (read: Read, except: Partial<Record<Name, Read>> = {}) =>
  Object.fromEntries(CALLERS.map((name) => [name, except[name] ?? read])) as Record<Name, Read>

/** `key`: a column every row has (selected, and the writes' filter); `column`: one an update sets; `ofShelter`: rows are shelter A's. */
const TABLES: Array<{ table: string; key: string; column: string; ofShelter?: boolean; reads: Record<Name, Read> }> = [
  { table: 'jobs', key: 'id', column: 'kind', reads: everyone('denied', { service: 'rows' }) },
  { table: 'job_schedules', key: 'name', column: 'kind', reads: everyone('denied', { service: 'rows' }) },
  { table: 'email_outbox', key: 'id', column: 'template', reads: everyone('denied', { service: 'rows' }) },
  { table: 'staff_members', key: 'user_id', column: 'created_at', reads: everyone('denied', { service: 'rows' }) },
  { table: 'staff_audit_log', key: 'id', column: 'reason', reads: everyone('denied', { service: 'rows' }) },
  { table: 'worker_heartbeats', key: 'worker', column: 'host_name', reads: everyone('denied', { service: 'none' }) },
  { table: 'legacy_photo_folders', key: 'folder', column: 'created_at', reads: everyone('denied', { service: 'none' }) },
  { table: 'rate_limit_counts', key: 'key_hash', column: 'hits', reads: everyone('denied', { service: 'none' }) },
  { table: 'ftp_waiting_photos', key: 'id', column: 'file_name', reads: everyone('denied', { service: 'none' }) },
  {
    table: 'vetting_requests',
    key: 'shelter_id',
    column: 'status',
    ofShelter: true,
    reads: everyone('none', { anon: 'denied', owner: 'rows', admin: 'rows', staff: 'rows', volunteer: 'rows', service: 'rows' }),
  },
  {
    table: 'shelter_members',
    key: 'user_id',
    column: 'role',
    ofShelter: true,
    reads: everyone('none', { anon: 'denied', owner: 'rows', admin: 'rows', staff: 'rows', volunteer: 'rows', service: 'rows' }),
  },
  {
    table: 'shelter_invitations',
    key: 'id',
    column: 'role',
    ofShelter: true,
    reads: everyone('none', { anon: 'denied', owner: 'rows', admin: 'rows', service: 'rows' }),
  },
  {
    table: 'shelter_activity',
    key: 'id',
    column: 'subject',
    ofShelter: true,
    reads: everyone('none', { anon: 'denied', owner: 'rows', admin: 'rows', service: 'rows' }),
  },
]

describe('the tables', () => {
  for (const { table, key, column, ofShelter, reads } of TABLES) {
    it(`${table}: who reads it, and that only the service role writes it`, async () => {
      for (const name of CALLERS) {
        const query = client[name].from(table).select(key)
        const { data, error } = await (ofShelter ? query.eq('shelter_id', shelterA) : query)
        const got: Read = error ? (error.code === '42501' ? 'denied' : (`error ${error.code}` as Read)) : data.length ? 'rows' : 'none'
        expect(got, `${name} select ${table}`).toBe(reads[name])
        if (name === 'service') continue
        for (const [op, run] of [
          ['insert', () => client[name].from(table).insert({})],
          [
            'update',
            () =>
              client[name]
                .from(table)
                .update({ [column]: null })
                .not(key, 'is', null),
          ],
          ['delete', () => client[name].from(table).delete().not(key, 'is', null)],
        ] as const) {
          const { error: writeError } = await run()
          expect(writeError?.code, `${name} ${op} ${table}`).toBe('42501')
        }
      }
    })
  }
})

/** An allowed caller meets `allowed` (the function's own refusal, or none); anyone else 42501. */
const FUNCTIONS: Array<{
  fn: string
  args: Record<string, unknown>
  allowed: Name[]
  allowedCode: string | null
  othersCode?: Partial<Record<Name, string>>
}> = [
  { fn: 'enqueue_job', args: { kind: 'BAD KIND' }, allowed: ['service'], allowedCode: '23514' },
  { fn: 'queue_email', args: { template: 'BAD', to_address: 'x@example.com' }, allowed: ['service'], allowedCode: '23514' },
  { fn: 'claim_jobs', args: { worker_name: '' }, allowed: ['service'], allowedCode: '22023' },
  { fn: 'complete_job', args: { job_id: -1, worker_name: 'x' }, allowed: ['service'], allowedCode: null },
  { fn: 'fail_job', args: { job_id: -1, worker_name: 'x', error: 'x' }, allowed: ['service'], allowedCode: null },
  { fn: 'renew_job_lease', args: { job_id: -1, worker_name: 'x' }, allowed: ['service'], allowedCode: null },
  { fn: 'release_job', args: { job_id: -1, worker_name: 'x' }, allowed: ['service'], allowedCode: null },
  { fn: 'defer_job', args: { job_id: -1, worker_name: 'x', seconds: 5 }, allowed: ['service'], allowedCode: null },
  { fn: 'record_worker_heartbeat', args: { worker_name: '', host: 'x' }, allowed: ['service'], allowedCode: '22023' },
  { fn: 'last_worker_heartbeat_age', args: { host: 'no-such-host' }, allowed: ['service'], allowedCode: null },
  { fn: 'close_stale_imports', args: {}, allowed: ['service'], allowedCode: null },
  // A stored listings file: queued by a member who manages its source (or the FTP drop), taken
  // up and applied piece by piece by the worker alone.
  {
    fn: 'queue_import',
    args: { source_id: NOBODY, file_path: `${NOBODY}/x.file` },
    allowed: ['adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven', 'service'],
    allowedCode: 'PT404',
  },
  ...['take_queued_import', 'start_applying_import', 'apply_import_piece', 'complete_import'].map((fn) => ({
    fn,
    args: { run_id: NOBODY },
    allowed: ['service'] as Name[],
    allowedCode: 'PT404',
  })),
  { fn: 'finished_import_files', args: {}, allowed: ['service'], allowedCode: null },
  { fn: 'forget_import_files', args: { run_ids: [] }, allowed: ['service'], allowedCode: null },
  { fn: 'close_interrupted_pulls', args: { source_id: NOBODY }, allowed: ['service'], allowedCode: null },
  { fn: 'mark_email_sent', args: { email_id: NOBODY }, allowed: ['service'], allowedCode: null },
  { fn: 'take_rate_limit', args: { bucket: 'x', key: 'x', max_hits: 0, window_seconds: 60 }, allowed: ['service'], allowedCode: '22023' },
  { fn: 'forget_rate_limits', args: {}, allowed: ['service'], allowedCode: null },
  { fn: 'tell_owner_of_repeated_signup', args: { email: 'nobody@example.com' }, allowed: ['service'], allowedCode: null },
  // FTP photos waiting for their animals: the FTP drop and the worker alone.
  {
    fn: 'hold_ftp_photo',
    args: { source_id: NOBODY, external_id: 'x', place: 1, storage_path: 'x', width: 1, height: 1, file_name: 'x' },
    allowed: ['service'],
    allowedCode: 'PT404',
  },
  { fn: 'ftp_photos_ready', args: { source_id: NOBODY }, allowed: ['service'], allowedCode: null },
  { fn: 'release_ftp_photo', args: { id: NOBODY, storage_path: 'x' }, allowed: ['service'], allowedCode: null },
  { fn: 'expire_ftp_photos', args: {}, allowed: ['service'], allowedCode: null },
  { fn: 'expire_invitations', args: {}, allowed: ['service'], allowedCode: null },
  { fn: 'refresh_shelter_responsiveness', args: {}, allowed: ['service'], allowedCode: null },
  {
    fn: 'is_staff',
    args: {},
    allowed: ['adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven', 'service'],
    allowedCode: null,
  },
  ...[
    'staff_vetting_queue',
    'staff_audit_entries',
    'staff_find_shelters',
    'staff_failed_jobs',
    'staff_undelivered_emails',
    'staff_slow_shelters',
  ].map((fn) => ({
    fn,
    args: {},
    allowed: ['pawhaven'] as Name[],
    allowedCode: null,
  })),
  ...[
    ['staff_shelter_detail', {}],
    ['staff_schedule_meeting', { meeting_at: new Date().toISOString(), meeting_details: 'x' }],
    ['staff_record_meeting', { notes: '' }],
    ['staff_approve_shelter', { notes: '' }],
    ['staff_request_information', { message: 'x' }],
    ['staff_reject_shelter', { reason: 'x' }],
    ['staff_suspend_shelter', { reason: 'x' }],
    ['staff_restore_shelter', { notes: '' }],
  ].map(([fn, args]) => ({
    fn: fn as string,
    args: { shelter: NOBODY, ...(args as object) },
    allowed: ['pawhaven'] as Name[],
    allowedCode: 'PT404',
  })),
  // Failed work, for staff: what is not there (or not failed) is refused after the staff check.
  { fn: 'staff_retry_job', args: { job_id: -1 }, allowed: ['pawhaven'], allowedCode: 'PT404' },
  { fn: 'staff_retry_email', args: { email_id: NOBODY }, allowed: ['pawhaven'], allowedCode: 'PT404' },
  {
    fn: 'request_vetting_meeting',
    args: {
      organization_type: 'foster_network',
      ein: '',
      website: 'https://x.example.org',
      vet_name: 'x',
      vet_clinic: 'x',
      vet_phone: '5550102000',
      phone: '5550101000',
      preferred_times: ['2099-01-01T10:00:00Z', '2099-01-02T10:00:00Z'],
      time_zone: 'Mars/Olympus',
    },
    allowed: ['owner', 'admin', 'ownerB'],
    allowedCode: '22023',
    // Signed in without a shelter: there is none to ask for.
    othersCode: { adopter: 'PT404', pawhaven: 'PT404', service: 'PT404' },
  },
  { fn: 'invite_member', args: { email: 'x@example.com', role: 'bogus' }, allowed: ['owner', 'admin', 'ownerB'], allowedCode: '22023' },
  { fn: 'change_member_role', args: { member_id: NOBODY, role: 'bogus' }, allowed: ['owner', 'admin', 'ownerB'], allowedCode: '22023' },
  { fn: 'remove_member', args: { member_id: NOBODY }, allowed: ['owner', 'admin', 'ownerB'], allowedCode: 'PT404' },
  { fn: 'resend_invitation', args: { invitation_id: NOBODY }, allowed: ['owner', 'admin', 'ownerB'], allowedCode: 'PT409' },
  { fn: 'revoke_invitation', args: { invitation_id: NOBODY }, allowed: ['owner', 'admin', 'ownerB'], allowedCode: 'PT409' },
  {
    fn: 'accept_invitation',
    args: { token: 'not-a-token' },
    allowed: ['adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven'],
    allowedCode: 'PT404',
  },
  {
    fn: 'invitation_preview',
    args: { token: 'not-a-token' },
    allowed: ['anon', 'adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven', 'service'],
    allowedCode: null,
  },
  {
    fn: 'my_team',
    args: {},
    allowed: ['adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven', 'service'],
    allowedCode: null,
  },
  // The sitemap's reads: public, like search.
  ...[
    { fn: 'sitemap_animal_files', args: { file_size: 50000 } },
    { fn: 'sitemap_animals', args: { after: NOBODY } },
    { fn: 'sitemap_shelter_files', args: { file_size: 50000 } },
    { fn: 'sitemap_shelters', args: { after: NOBODY } },
  ].map(({ fn, args }) => ({
    fn,
    args,
    allowed: ['anon', 'adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven', 'service'] as Name[],
    allowedCode: null,
  })),
  ...[
    'staff_act',
    'email_shelter',
    'shelter_contact_emails',
    'require_staff',
    'require_team_manager',
    'log_shelter_activity',
    'new_invitation_token',
    'send_invitation_email',
    'check_import_removals',
    'import_job_pending',
    'ftp_waiting_photos_cap',
    'tell_owner_of_account_change',
  ].map((fn) => ({
    fn,
    args: {},
    allowed: [] as Name[],
    allowedCode: null,
  })),
]

describe('the functions', () => {
  for (const { fn, args, allowed, allowedCode, othersCode = {} } of FUNCTIONS) {
    it(`${fn}: ${allowed.length ? allowed.join(', ') : 'nobody through the API'}`, async () => {
      for (const name of CALLERS) {
        // The internal helpers: the service role may run anything; the point is that no one else can.
        if (!allowed.length && name === 'service') continue
        const { error } = await client[name].rpc(fn, args)
        const code = error?.code ?? null
        if (allowed.includes(name)) expect(code, `${name} → ${fn}: ${error?.message}`).toBe(allowedCode)
        else if (othersCode[name]) expect(code, `${name} → ${fn}`).toBe(othersCode[name])
        // Not granted (42501), or not even visible to the caller's role (PGRST202).
        else expect(code, `${name} → ${fn}: ${error?.message}`).toMatch(/^(42501|PGRST202)$/)
      }
    })
  }
})
