// Background jobs and the email outbox: only the service role sees or runs them; a job is
// claimed by one worker at a time, comes back after a failure with a growing delay, gives up
// after its attempts, and repeating schedules enqueue one pending run at a time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

let h: Harness
let service: SupabaseClient<Database>
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
})
afterAll(async () => {
  await h?.stop()
})
beforeEach(async () => {
  await h.lb.db.exec('delete from public.jobs; delete from public.job_schedules; delete from public.email_outbox')
})

async function enqueue(kind: string, options: { run_at?: string; dedupe_key?: string; payload?: Record<string, string> } = {}) {
  const { data, error } = await service.rpc('enqueue_job', {
    kind,
    payload: options.payload ?? {},
    run_at: options.run_at,
    dedupe_key: options.dedupe_key,
  })
  if (error) throw error
  return data
}

async function claim(worker: string, max = 10, kinds?: string[]) {
  const { data, error } = await service.rpc('claim_jobs', { worker_name: worker, max_jobs: max, kinds })
  if (error) throw error
  return data
}

describe('who may touch jobs and the outbox', () => {
  it('hides the tables from visitors and signed-in people, and refuses them the functions', async () => {
    await enqueue('send_email')
    await service.rpc('queue_email', { template: 'team_invitation', to_address: 'someone@example.com', data: {} })
    const { client } = await h.signedIn()
    for (const caller of [h.anon(), client]) {
      for (const [table, key] of [
        ['jobs', 'id'],
        ['job_schedules', 'name'],
        ['email_outbox', 'id'],
      ] as const) {
        expect((await caller.from(table).select('*')).error?.code).toBe('42501')
        expect((await caller.from(table).insert({})).error?.code).toBe('42501')
        expect((await caller.from(table).delete().not(key, 'is', null)).error?.code).toBe('42501')
      }
      for (const [fn, args] of [
        ['enqueue_job', { kind: 'send_email' }],
        ['queue_email', { template: 'team_invitation', to_address: 'x@example.com' }],
        ['claim_jobs', { worker_name: 'intruder' }],
        ['complete_job', { job_id: 1, worker_name: 'intruder' }],
        ['fail_job', { job_id: 1, worker_name: 'intruder', error: 'no' }],
        ['renew_job_lease', { job_id: 1, worker_name: 'intruder' }],
        ['release_job', { job_id: 1, worker_name: 'intruder' }],
        ['record_worker_heartbeat', { worker_name: 'intruder', host: 'x' }],
        ['last_worker_heartbeat_age', {}],
        ['mark_email_sent', { email_id: '00000000-0000-0000-0000-000000000000' }],
      ] as const) {
        expect((await caller.rpc(fn, args)).error?.code, fn).toBe('42501')
      }
    }
    expect((await service.from('jobs').select('kind')).data).toHaveLength(2)
  })
})

describe('claiming', () => {
  it('hands each due job to one worker, oldest first, and leaves future jobs alone', async () => {
    const first = await enqueue('a_job')
    const second = await enqueue('a_job')
    await enqueue('a_job', { run_at: new Date(Date.now() + 3_600_000).toISOString() })
    const [one, two] = await Promise.all([claim('worker-1', 1), claim('worker-2', 1)])
    expect([...one!, ...two!].map((job) => job.id).sort()).toEqual([first, second].sort())
    expect(one![0]!.locked_by).toBe('worker-1')
    expect(one![0]!.attempts).toBe(1)
    expect(await claim('worker-3')).toEqual([])
  })

  it('claims only the kinds a worker knows', async () => {
    await enqueue('other_kind')
    const mine = await enqueue('send_email')
    expect((await claim('worker-1', 10, ['send_email']))!.map((job) => job.id)).toEqual([mine])
  })

  it('never hands one job to two workers claiming at once', async () => {
    await Promise.all(Array.from({ length: 30 }, () => enqueue('a_job')))
    const claims = await Promise.all(Array.from({ length: 6 }, (_, index) => claim(`worker-${index}`, 10)))
    const ids = claims.flatMap((jobs) => jobs!.map((job) => job.id))
    expect(ids).toHaveLength(30)
    expect(new Set(ids).size).toBe(30)
  })

  it('lets another worker take a job whose lease ran out', async () => {
    const id = await enqueue('a_job')
    await claim('worker-1')
    await h.lb.db.query(`update public.jobs set locked_until = now() - interval '1 second' where id = $1`, [id])
    const [job] = (await claim('worker-2'))!
    expect(job).toMatchObject({ id, locked_by: 'worker-2', attempts: 2 })
    // The first worker's late answer no longer counts.
    expect((await service.rpc('complete_job', { job_id: id!, worker_name: 'worker-1' })).data).toBe(false)
    expect((await service.rpc('complete_job', { job_id: id!, worker_name: 'worker-2' })).data).toBe(true)
    expect((await service.from('jobs').select('id')).data).toEqual([])
  })

  it('renews a lease only for the worker that holds the job', async () => {
    const id = await enqueue('a_job')
    await claim('worker-1')
    await h.lb.db.query(`update public.jobs set locked_until = now() + interval '1 second' where id = $1`, [id])
    const renew = (worker: string) => service.rpc('renew_job_lease', { job_id: id!, worker_name: worker, lease_seconds: 30 })
    expect((await renew('worker-1')).data).toBe(true)
    const { rows } = await h.lb.db.query<{ lease_left: number }>(
      `select extract(epoch from locked_until - now())::float8 as lease_left from public.jobs where id = $1`,
      [id],
    )
    expect(rows[0]!.lease_left).toBeGreaterThan(25)
    expect((await renew('worker-2')).data).toBe(false)
    // Once another worker took it, the first one's renewal says so.
    await h.lb.db.query(`update public.jobs set locked_until = now() - interval '1 second' where id = $1`, [id])
    await claim('worker-2')
    expect((await renew('worker-1')).data).toBe(false)
    expect((await renew('worker-2')).data).toBe(true)
    expect((await service.rpc('renew_job_lease', { job_id: -1, worker_name: 'worker-2' })).data).toBe(false)
  })

  it('takes back a job its worker released at shutdown, at once and without counting the attempt', async () => {
    const id = await enqueue('a_job')
    await claim('worker-1')
    const release = (worker: string) => service.rpc('release_job', { job_id: id!, worker_name: worker })
    expect((await release('worker-2')).data).toBe(false)
    expect((await release('worker-1')).data).toBe(true)
    const [again] = (await claim('worker-2'))!
    expect(again).toMatchObject({ id, locked_by: 'worker-2', attempts: 1 })
    // The first worker cannot hand back what is another's now.
    expect((await release('worker-1')).data).toBe(false)
  })
})

describe('worker heartbeats', () => {
  beforeEach(async () => {
    await h.lb.db.exec('delete from public.worker_heartbeats')
  })
  const beat = (worker: string, host: string, stopping = false) =>
    service.rpc('record_worker_heartbeat', { worker_name: worker, host, stopping })
  const age = async (host?: string) => (await service.rpc('last_worker_heartbeat_age', host ? { host } : {})).data

  it('tells how long ago a worker on a host, or any worker, last beat', async () => {
    expect(await age()).toBeNull()
    await beat('worker-1', 'app-1')
    await h.lb.db.query(`update public.worker_heartbeats set beat_at = now() - interval '40 seconds'`)
    await beat('worker-2', 'app-2')
    expect(await age('app-1')).toBeGreaterThanOrEqual(40)
    expect(await age('app-2')).toBeLessThan(5)
    expect(await age()).toBeLessThan(5)
    expect(await age('app-3')).toBeNull()
    // A beat moves the time on; a worker that stops takes its row with it.
    await beat('worker-1', 'app-1')
    expect(await age('app-1')).toBeLessThan(5)
    await beat('worker-1', 'app-1', true)
    expect(await age('app-1')).toBeNull()
  })

  it('forgets workers silent for a day', async () => {
    await beat('worker-1', 'app-1')
    await h.lb.db.query(`update public.worker_heartbeats set beat_at = now() - interval '25 hours'`)
    await beat('worker-2', 'app-1')
    expect((await service.from('worker_heartbeats').select('worker')).data).toEqual([{ worker: 'worker-2' }])
  })
})

describe('failing', () => {
  it('retries later with a growing delay and keeps the last error', async () => {
    const id = await enqueue('a_job')
    const delays: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      await h.lb.db.query('update public.jobs set run_at = now() where id = $1', [id])
      await claim('worker-1')
      const { data: failed } = await service.rpc('fail_job', { job_id: id!, worker_name: 'worker-1', error: `refused ${attempt}` })
      expect(failed).toMatchObject({ attempts: attempt, last_error: `refused ${attempt}`, failed_at: null, locked_by: null })
      delays.push((Date.parse(failed!.run_at) - Date.now()) / 1000)
    }
    // 10 s, 20 s, 40 s, each within its ±10 % jitter.
    expect(delays[0]).toBeGreaterThan(8)
    expect(delays[0]).toBeLessThan(11.5)
    expect(delays[1]).toBeGreaterThan(17)
    expect(delays[2]).toBeGreaterThan(35)
    expect(await claim('worker-1')).toEqual([])
  })

  it('gives up after the last attempt, or at once when told to, and keeps the job', async () => {
    const spent = await enqueue('a_job')
    await h.lb.db.query('update public.jobs set max_attempts = 1 where id = $1', [spent])
    await claim('worker-1')
    expect((await service.rpc('fail_job', { job_id: spent!, worker_name: 'worker-1', error: 'down' })).data?.failed_at).not.toBeNull()

    const hopeless = await enqueue('a_job')
    await claim('worker-1')
    expect(
      (await service.rpc('fail_job', { job_id: hopeless!, worker_name: 'worker-1', error: 'bad data', give_up: true })).data?.failed_at,
    ).not.toBeNull()

    await h.lb.db.query(`update public.jobs set run_at = now() - interval '1 day'`)
    expect(await claim('worker-2')).toEqual([])
    expect((await service.from('jobs').select('id, last_error').order('id')).data).toEqual([
      { id: spent, last_error: 'down' },
      { id: hopeless, last_error: 'bad data' },
    ])
  })

  it('frees the dedupe key of a job that failed for good, so the next one can be queued', async () => {
    const first = (await service.rpc('enqueue_job', { kind: 'keyed_job', dedupe_key: 'keyed:1' })).data!
    expect((await service.rpc('enqueue_job', { kind: 'keyed_job', dedupe_key: 'keyed:1' })).data).toBe(first)
    await h.lb.db.query(`update public.jobs set run_at = now() - interval '1 minute' where id = $1`, [first])
    await service.rpc('claim_jobs', { worker_name: 'worker-1', kinds: ['keyed_job'] })
    await service.rpc('fail_job', { job_id: first, worker_name: 'worker-1', error: 'bad data', give_up: true })
    const next = (await service.rpc('enqueue_job', { kind: 'keyed_job', dedupe_key: 'keyed:1' })).data!
    expect(next).not.toBe(first)
    expect((await service.from('jobs').select('id, dedupe_key, failed_at').in('id', [first, next]).order('id')).data).toEqual([
      { id: first, dedupe_key: null, failed_at: expect.any(String) },
      { id: next, dedupe_key: 'keyed:1', failed_at: null },
    ])
  })
})

describe('dedupe keys and schedules', () => {
  it('keeps one pending job per key', async () => {
    const first = await enqueue('a_job', { dedupe_key: 'only-one' })
    expect(await enqueue('a_job', { dedupe_key: 'only-one' })).toBe(first)
    await claim('worker-1')
    await service.rpc('complete_job', { job_id: first!, worker_name: 'worker-1' })
    expect(await enqueue('a_job', { dedupe_key: 'only-one' })).not.toBe(first)
  })

  it('enqueues a due schedule once per interval, one pending run at a time', async () => {
    await h.lb.db.query(
      `insert into public.job_schedules (name, kind, payload, every, next_run_at) values ('tidy', 'tidy_up', '{"days": 7}', interval '1 hour', now() - interval '3 hours')`,
    )
    const [run] = (await claim('worker-1'))!
    expect(run).toMatchObject({ kind: 'tidy_up', payload: { days: 7 }, dedupe_key: 'schedule:tidy' })
    // A long outage does not leave a backlog: the next run is an interval from now.
    const { rows } = await h.lb.db.query<{ hours: number }>(
      `select extract(epoch from next_run_at - now()) / 3600 as hours from public.job_schedules`,
    )
    expect(Number(rows[0]!.hours)).toBeGreaterThan(0.9)
    expect(await claim('worker-2')).toEqual([])

    // Due again while the last run is still pending: still one job.
    await h.lb.db.query(`update public.job_schedules set next_run_at = now() - interval '1 second'`)
    await h.lb.db.query(`update public.jobs set locked_until = now() + interval '1 hour'`)
    await claim('worker-2')
    expect((await service.from('jobs').select('id')).data).toHaveLength(1)
  })
})

describe('queue_email', () => {
  it('writes the outbox row and the job that delivers it, in the same transaction', async () => {
    const { data: emailId, error } = await service.rpc('queue_email', {
      template: 'team_invitation',
      to_address: '  Someone@Example.com ',
      data: { shelter_name: 'Happy Tails', secret: { token: 'x'.repeat(20) } },
    })
    expect(error).toBeNull()
    expect((await service.from('email_outbox').select('to_address, sent_at').eq('id', emailId!)).data).toEqual([
      { to_address: 'someone@example.com', sent_at: null },
    ])
    expect((await service.from('jobs').select('kind, payload, dedupe_key')).data).toEqual([
      { kind: 'send_email', payload: { email_id: emailId }, dedupe_key: `send_email:${emailId}` },
    ])
    // A failing change takes its email with it.
    await expect(
      h.lb.db.transaction(async (tx) => {
        await tx.query(`select public.queue_email('team_invitation', 'other@example.com', '{}')`)
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect((await service.from('email_outbox').select('id')).data).toHaveLength(1)
  })

  it('forgets the secrets of a sent email', async () => {
    const { data: emailId } = await service.rpc('queue_email', {
      template: 'team_invitation',
      to_address: 'someone@example.com',
      data: { shelter_name: 'Happy Tails', secret: { token: 'x'.repeat(20) } },
    })
    await service.rpc('mark_email_sent', { email_id: emailId! })
    const { data } = await service.from('email_outbox').select('data, sent_at').eq('id', emailId!).single()
    expect(data!.data).toEqual({ shelter_name: 'Happy Tails' })
    expect(data!.sent_at).not.toBeNull()
  })
})
