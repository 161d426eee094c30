// Leases: a job that runs longer than its lease keeps it (the runner renews it), a worker that
// stops renewing loses its job to another within a minute, and a worker that finds its lease
// lost stops the job instead of finishing it a second time. A worker told to stop hands back
// what it could not finish in its grace; its heartbeat shows it alive until then.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { startHeartbeat } from '#worker/heartbeat.ts'
import { DeferJobError, createWorker, type Task } from '#worker/runner.ts'

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
  // The migrations' repeating jobs would be claimed too: these tests count their own.
  await h.lb.db.exec('delete from public.jobs; delete from public.job_schedules')
})

async function enqueue(kind: string): Promise<number> {
  const { data, error } = await service.rpc('enqueue_job', { kind })
  if (error) throw error
  return data!
}

async function jobRow(id: number) {
  const { rows } = await h.lb.db.query<{ locked_by: string | null; lease_left: number }>(
    `select locked_by, extract(epoch from locked_until - now())::float8 as lease_left from public.jobs where id = $1`,
    [id],
  )
  return rows[0]
}

/** A service-role client whose requests can be cut off (as if its worker had died) or left unanswered (a hung backend). */
function cuttableClient() {
  const line = { cut: false, hung: false }
  const client = createClient<Database>(h.url, h.lb.keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: (input, init) =>
        line.hung ? new Promise<Response>(() => {}) : line.cut ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
    },
  })
  return { client, line }
}

describe('job leases', () => {
  it('renews the lease of a job that runs longer than it, so no other worker takes the job', async () => {
    const id = await enqueue('long_job')
    let takenByOther = -1
    const long: Task = async (_payload, { job }) => {
      const firstLease = job.locked_until!
      // Runs until its first lease is over and the database shows a later one.
      await vi.waitFor(
        async () => {
          const { rows } = await h.lb.db.query<{ renewed: boolean; past: boolean }>(
            `select locked_until > $1::timestamptz as renewed, now() > $1::timestamptz as past from public.jobs where id = $2`,
            [firstLease, id],
          )
          expect(rows[0]).toEqual({ renewed: true, past: true })
        },
        { timeout: 15_000, interval: 100 },
      )
      takenByOther = await other.drain()
    }
    const worker = createWorker({ supabase: service, tasks: { long_job: long }, leaseSeconds: 1, name: 'long-runner' })
    const other = createWorker({ supabase: service, tasks: { long_job: async () => {} }, leaseSeconds: 1, name: 'other' })
    expect(await worker.drain()).toBe(1)
    expect(takenByOther).toBe(0)
    expect(await jobRow(id)).toBeUndefined()
  })

  it('lets another worker take a job within a minute of its worker going silent', async () => {
    const id = await enqueue('long_job')
    const { client, line } = cuttableClient()
    const log: string[] = []
    let release = () => {}
    let started = () => {}
    const running = new Promise<void>((resolve) => (started = resolve))
    const held: Task = () =>
      new Promise<void>((resolve) => {
        release = resolve
        started()
      })
    // One at a time: with a free slot, its loop would ask for more jobs while this one runs.
    const silent = createWorker({
      supabase: client,
      tasks: { long_job: held },
      concurrency: 1,
      name: 'silent',
      log: (entry) => log.push(entry),
    })
    const draining = silent.drain()
    await running
    const claimed = await jobRow(id)
    expect(claimed!.locked_by).toBe('silent')
    expect(claimed!.lease_left).toBeGreaterThan(0)
    expect(claimed!.lease_left).toBeLessThanOrEqual(60)

    // The worker stops answering; a minute passes (the lease is moved back by as much).
    line.cut = true
    await h.lb.db.query(`update public.jobs set locked_until = locked_until - interval '60 seconds' where id = $1`, [id])
    let ranElsewhere = 0
    const other = createWorker({ supabase: service, tasks: { long_job: async () => void (ranElsewhere += 1) }, name: 'other' })
    expect(await other.drain()).toBe(1)
    expect(ranElsewhere).toBe(1)
    expect(await jobRow(id)).toBeUndefined()

    // The silent worker comes back and its task ends: the job is not completed a second time.
    line.cut = false
    release()
    await draining
    expect(log.join('\n')).toMatch(/job \d+ long_job ran to the end after its lease was lost/)
    expect(log.join('\n')).not.toMatch(/ done in /)
  })

  it('stops a job whose lease was taken over, without completing or failing it', async () => {
    const id = await enqueue('long_job')
    const log: string[] = []
    let stoppedBecause: unknown
    let started = () => {}
    const running = new Promise<void>((resolve) => (started = resolve))
    // Works until told to stop, as a task checking its signal between steps does.
    const obedient: Task = (_payload, { signal }) =>
      new Promise<void>((_resolve, reject) => {
        signal!.addEventListener('abort', () => {
          stoppedBecause = signal!.reason
          reject(signal!.reason as Error)
        })
        started()
      })
    const worker = createWorker({
      supabase: service,
      tasks: { long_job: obedient },
      leaseSeconds: 1,
      name: 'first',
      log: (entry) => log.push(entry),
    })
    const draining = worker.drain()
    await running
    // Another worker claimed it (its lease had run out while the first was unreachable, say).
    await h.lb.db.query(`update public.jobs set locked_by = 'second', locked_until = now() + interval '1 minute' where id = $1`, [id])
    expect(await draining).toBe(1)
    expect(String(stoppedBecause)).toMatch(/The lease of job \d+ was lost/)
    expect(log.join('\n')).toMatch(/failed \(attempt 1\): The lease of job \d+ was lost.*; lease lost/)
    // The job is still the second worker's, untouched: no retry time, no error recorded.
    const { rows } = await h.lb.db.query<{ locked_by: string; last_error: string | null; attempts: number }>(
      `select locked_by, last_error, attempts from public.jobs where id = $1`,
      [id],
    )
    expect(rows).toEqual([{ locked_by: 'second', last_error: null, attempts: 1 }])
  })

  it('stops a job whose lease ran out while its renewals went unanswered', async () => {
    const id = await enqueue('long_job')
    const { client, line } = cuttableClient()
    let stoppedBecause: unknown
    let started = () => {}
    const running = new Promise<void>((resolve) => (started = resolve))
    const obedient: Task = (_payload, { signal }) =>
      new Promise<void>((_resolve, reject) => {
        signal!.addEventListener('abort', () => {
          stoppedBecause = signal!.reason
          // The backend answers again, so the failure can be recorded.
          line.hung = false
          reject(signal!.reason as Error)
        })
        started()
      })
    const worker = createWorker({ supabase: client, tasks: { long_job: obedient }, leaseSeconds: 1, concurrency: 1, name: 'hung' })
    const draining = worker.drain()
    await running
    line.hung = true
    expect(await draining).toBe(1)
    expect(String(stoppedBecause)).toMatch(/The lease of job \d+ was lost: not renewed in time/)
    // Nobody else had taken it: it is put off for a retry like any failure.
    const { rows } = await h.lb.db.query<{ locked_by: string | null; last_error: string }>(
      `select locked_by, last_error from public.jobs where id = $1`,
      [id],
    )
    expect(rows).toEqual([{ locked_by: null, last_error: expect.stringMatching(/not renewed in time/) }])
  })
})

describe('stopping', () => {
  it('hands back a job still running after the grace, so another worker takes it at once', async () => {
    const id = await enqueue('slow_job')
    const log: string[] = []
    let started = false
    const slow: Task = (_payload, { signal }) =>
      new Promise((_resolve, reject) => {
        started = true
        signal!.addEventListener('abort', () => reject(signal!.reason))
      })
    const worker = createWorker({ supabase: service, tasks: { slow_job: slow }, name: 'stopping-1', log: (line) => log.push(line) })
    worker.start()
    await vi.waitFor(() => expect(started).toBe(true))
    const stopping = Date.now()
    await worker.stop({ graceMs: 200 })
    expect(Date.now() - stopping).toBeLessThan(2_000)
    expect(log.some((line) => line.includes(`job ${id} slow_job stopped by shutdown; handed back`))).toBe(true)
    const { rows } = await h.lb.db.query<{
      locked_by: string | null
      attempts: number
      failed_at: string | null
      last_error: string | null
    }>('select locked_by, attempts, failed_at, last_error from public.jobs where id = $1', [id])
    // Not failed, not counted, and free now rather than when the 30 s lease runs out.
    expect(rows[0]).toEqual({ locked_by: null, attempts: 0, failed_at: null, last_error: null })
    const ran: number[] = []
    const other = createWorker({ supabase: service, tasks: { slow_job: async (_p, { job }) => void ran.push(job.id) }, name: 'stopping-2' })
    expect(await other.drain()).toBe(1)
    expect(ran).toEqual([id])
  })

  it('lets a job that finishes within the grace complete', async () => {
    const id = await enqueue('quick_job')
    let finish: () => void = () => {}
    const quick: Task = () => new Promise<void>((resolve) => (finish = resolve))
    const worker = createWorker({ supabase: service, tasks: { quick_job: quick }, name: 'stopping-3' })
    worker.start()
    await vi.waitFor(async () => expect((await jobRow(id))?.locked_by).toBe('stopping-3'))
    const stopped = worker.stop({ graceMs: 5_000 })
    setTimeout(() => finish(), 100)
    await stopped
    expect(await jobRow(id)).toBeUndefined()
  })
})

describe('a job that must wait', () => {
  it('comes back after the seconds it asked for, neither failed nor counted', async () => {
    const id = await enqueue('waiting_job')
    const log: string[] = []
    const waiting: Task = async () => {
      throw new DeferJobError('its turn has not come', 30)
    }
    const worker = createWorker({ supabase: service, tasks: { waiting_job: waiting }, name: 'waiting-1', log: (line) => log.push(line) })
    expect(await worker.drain()).toBe(1)
    expect(log).toContain(`job ${id} waiting_job waits: its turn has not come; back in 30 s`)
    const { rows } = await h.lb.db.query<{ locked_by: string | null; attempts: number; failed_at: string | null; wait: number }>(
      'select locked_by, attempts, failed_at, extract(epoch from run_at - now())::float8 as wait from public.jobs where id = $1',
      [id],
    )
    expect(rows[0]).toMatchObject({ locked_by: null, attempts: 0, failed_at: null })
    expect(rows[0]!.wait).toBeGreaterThan(20)
    expect(rows[0]!.wait).toBeLessThanOrEqual(30)
  })
})

describe('the heartbeat', () => {
  it('beats while the worker runs and takes its row away when it stops', async () => {
    const ages = async () => (await service.rpc('last_worker_heartbeat_age', { host: 'heartbeat-host' })).data
    const heartbeat = startHeartbeat({ supabase: service, workerName: 'beating-1', host: 'heartbeat-host', intervalMs: 100 })
    await vi.waitFor(async () => expect(await ages()).not.toBeNull())
    await h.lb.db.query(`update public.worker_heartbeats set beat_at = now() - interval '1 minute' where worker = 'beating-1'`)
    await vi.waitFor(async () => expect(await ages()).toBeLessThan(5))
    await heartbeat.stop()
    expect(await ages()).toBeNull()
  })
})
