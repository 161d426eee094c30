// Failed jobs and undelivered email, for the staff console: staff read them and put them back in
// the queue through security-definer functions; no one else can, and the tables stay closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

let h: Harness
let service: SupabaseClient<Database>
let staff: SupabaseClient<Database>
let adopter: SupabaseClient<Database>

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  const person = await h.signedIn()
  await service.from('staff_members').insert({ user_id: person.userId })
  staff = person.client as SupabaseClient<Database>
  adopter = (await h.signedIn()).client as SupabaseClient<Database>
})
afterAll(async () => {
  await h?.stop()
})

/** Runs the due jobs of `kind` once, each failing with `error` (for good when `giveUp`). */
async function failJobs(kind: string, error: string, giveUp = true) {
  const { data: claimed, error: claimError } = await service.rpc('claim_jobs', { worker_name: 'w', max_jobs: 10, kinds: [kind] })
  if (claimError) throw claimError
  for (const job of claimed ?? []) await service.rpc('fail_job', { job_id: job.id, worker_name: 'w', error, give_up: giveUp })
  return claimed ?? []
}

async function job(id: number) {
  const { data } = await service.from('jobs').select('*').eq('id', id).maybeSingle()
  return data
}

describe('undelivered email', () => {
  it('lists an email once its delivery failed, masked, and retries it', async () => {
    const to = uniqueEmail('jane')
    const { data: fresh } = await service.rpc('queue_email', { template: 'welcome', to_address: to, data: {} })
    // Not tried yet: on its way, not listed.
    expect((await staff.rpc('staff_undelivered_emails')).data!.map((row) => row.id)).not.toContain(fresh)

    await failJobs('send_email', 'connect ECONNREFUSED 127.0.0.1:25', false)
    const { data: listed, error } = await staff.rpc('staff_undelivered_emails')
    expect(error).toBeNull()
    const row = listed!.find((email) => email.id === fresh)!
    expect(row).toMatchObject({ template: 'welcome', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25', gave_up: false })
    expect(row.recipient).toBe(`j***${to.slice(to.indexOf('@'))}`)
    expect(JSON.stringify(listed)).not.toContain(to)
    // A delivery is listed as an email, not also as a failed job.
    await service.from('jobs').update({ run_at: new Date().toISOString() }).eq('dedupe_key', `send_email:${fresh}`)
    const [given] = await failJobs('send_email', 'still refused')
    expect((await staff.rpc('staff_failed_jobs')).data!.map((failed) => failed.id)).not.toContain(given!.id)
    expect((await staff.rpc('staff_undelivered_emails')).data!.find((email) => email.id === fresh)).toMatchObject({ gave_up: true })

    expect((await staff.rpc('staff_retry_email', { email_id: fresh! })).error).toBeNull()
    expect(await job(given!.id)).toBeNull()
    const { data: queued } = await service.from('jobs').select('*').eq('dedupe_key', `send_email:${fresh}`).single()
    expect(queued).toMatchObject({ kind: 'send_email', attempts: 0, failed_at: null, payload: { email_id: fresh } })
    expect(Date.parse(queued!.run_at)).toBeLessThanOrEqual(Date.now() + 1000)
    expect((await staff.rpc('staff_undelivered_emails')).data!.map((email) => email.id)).not.toContain(fresh)
  })

  it('refuses to retry an email that was sent, or is not there', async () => {
    const { data: id } = await service.rpc('queue_email', { template: 'welcome', to_address: uniqueEmail('sent'), data: {} })
    await service.rpc('mark_email_sent', { email_id: id! })
    expect((await staff.rpc('staff_retry_email', { email_id: id! })).error).toMatchObject({ code: 'PT409' })
    expect((await staff.rpc('staff_retry_email', { email_id: '00000000-0000-0000-0000-000000000000' })).error).toMatchObject({
      code: 'PT404',
    })
  })
})

describe('failed jobs', () => {
  it('lists a job given up on, and puts it back in the queue with its attempts renewed', async () => {
    await service.rpc('enqueue_job', { kind: 'pull_source', payload: { source_id: 'x' } })
    const [failed] = await failJobs('pull_source', 'feed answered 500')
    const { data: listed } = await staff.rpc('staff_failed_jobs')
    expect(listed!.find((row) => row.id === failed!.id)).toMatchObject({
      kind: 'pull_source',
      attempts: 1,
      last_error: 'feed answered 500',
    })

    expect((await staff.rpc('staff_retry_job', { job_id: failed!.id })).error).toBeNull()
    expect(await job(failed!.id)).toMatchObject({ failed_at: null, attempts: 0, locked_by: null })
    expect((await staff.rpc('staff_failed_jobs')).data!.map((row) => row.id)).not.toContain(failed!.id)
    // Twice is refused: it is not failed any more.
    expect((await staff.rpc('staff_retry_job', { job_id: failed!.id })).error).toMatchObject({ code: 'PT404' })
  })
})

describe('anyone but staff', () => {
  it('can neither read nor retry', async () => {
    await service.rpc('enqueue_job', { kind: 'pull_source' })
    const [failed] = await failJobs('pull_source', 'boom')
    for (const caller of [adopter, h.anon() as SupabaseClient<Database>]) {
      expect((await caller.rpc('staff_failed_jobs')).error?.code).toMatch(/^(42501|PGRST202)$/)
      expect((await caller.rpc('staff_undelivered_emails')).error?.code).toMatch(/^(42501|PGRST202)$/)
      expect((await caller.rpc('staff_retry_job', { job_id: failed!.id })).error?.code).toMatch(/^(42501|PGRST202)$/)
    }
    expect(await job(failed!.id)).toMatchObject({ failed_at: expect.any(String) })
  })
})
