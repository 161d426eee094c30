// The job loop: claims due jobs from the database (claim_jobs, FOR UPDATE SKIP LOCKED), runs
// each with its task, then completes it or records the failure for a later retry. Any number
// of workers may run against one database; each job runs in one of them at a time. A claim is
// a short lease, renewed while the job runs, so a dead worker's jobs come back within it.
import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Json, Tables } from '#app/types/database.ts'
import { withLogContext } from '#app/utils/log.server.ts'
import { reportError } from '#app/utils/sentry.server.ts'

export type Job = Tables<'jobs'>

/** How much a line matters: a job that failed is `warn`, one given up on `error`. */
export type LogLevel = 'info' | 'warn' | 'error'
/** A line for the log; what job it is about is added by the log's context (the job's id and kind). */
export type WorkerLog = (line: string, level?: LogLevel) => void

export type TaskContext = {
  /** A service-role client: tasks act for the site, not for a visitor. */
  supabase: SupabaseClient<Database>
  job: Job
  log: WorkerLog
  /**
   * Aborted when the job's lease is lost (another worker may have it now): a task checks it
   * between steps and stops. Absent when a test calls a task directly.
   */
  signal?: AbortSignal
}

/** Does one job's work; throwing makes the job run again later (PermanentJobError: never). */
export type Task = (payload: Json, context: TaskContext) => Promise<void>

/** A failure that retrying cannot fix, e.g. an email whose template does not exist. */
export class PermanentJobError extends Error {}

/**
 * Not a failure: the job must wait (e.g. its source's other import is under way) and runs again
 * after `seconds`, its attempt not counted.
 */
export class DeferJobError extends Error {
  readonly seconds: number
  constructor(message: string, seconds: number) {
    super(message)
    this.seconds = seconds
  }
}

/** Why a task's signal was aborted: the job is not this worker's any more. */
export class LeaseLostError extends Error {}

/** Why a task's signal was aborted: the worker is shutting down and hands the job back. */
export class WorkerStoppingError extends Error {}

/** How long a claim holds without a renewal: a dead worker's jobs wait this long at most. */
export const DEFAULT_LEASE_SECONDS = 30

export type WorkerOptions = {
  supabase: SupabaseClient<Database>
  tasks: Record<string, Task>
  /** How many jobs run at once in this process. */
  concurrency?: number
  /** How long to wait before asking again when there was nothing to do. */
  pollIntervalMs?: number
  /** How long a claim holds; renewed every third of it while the job runs. */
  leaseSeconds?: number
  name?: string
  log?: WorkerLog
}

export type Worker = {
  name: string
  /** Claims and runs what is due now, until nothing is; returns how many jobs ran. */
  drain: () => Promise<number>
  /**
   * Stops claiming and waits for the jobs in hand. With `graceMs`, jobs still running after it
   * are told to stop (their signal aborts with WorkerStoppingError) and, once they have, handed
   * back with release_job so another worker takes them at once; a task that ignores its signal
   * is waited for another second at most and then left to its lease.
   */
  stop: (options?: { graceMs?: number }) => Promise<void>
}

export function createWorker(options: WorkerOptions): Worker & { start: () => void } {
  const { supabase, tasks } = options
  const concurrency = options.concurrency ?? 4
  const pollIntervalMs = options.pollIntervalMs ?? 1_000
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS
  const name = options.name ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`
  const log = options.log ?? (() => {})
  const kinds = Object.keys(tasks)
  const running = new Set<Promise<void>>()
  const runningIds = new Set<number>()
  const stopJob = new Map<number, () => void>()
  let stopped = false
  let wake: (() => void) | undefined
  let loop: Promise<void> | undefined

  async function claim(count: number): Promise<Job[]> {
    const { data, error } = await supabase.rpc('claim_jobs', {
      worker_name: name,
      max_jobs: count,
      lease_seconds: leaseSeconds,
      kinds,
    })
    if (error) throw new Error(`claim_jobs failed: ${error.message}`)
    return data ?? []
  }

  async function run(job: Job, claimedAt: number): Promise<void> {
    const task = tasks[job.kind]!
    const started = Date.now()
    const lease = keepLease(job, claimedAt)
    stopJob.set(job.id, lease.stopping)
    try {
      await task(job.payload, { supabase, job, log, signal: lease.signal })
      const { data: completed, error } = await supabase.rpc('complete_job', { job_id: job.id, worker_name: name })
      if (error) throw new Error(`complete_job failed: ${error.message}`)
      if (completed) log(`job ${job.id} ${job.kind} done in ${Date.now() - started} ms`)
      else log(`job ${job.id} ${job.kind} ran to the end after its lease was lost; left to the worker that holds it`)
    } catch (error) {
      if (lease.signal.reason instanceof WorkerStoppingError) {
        const { data: released, error: releaseError } = await supabase.rpc('release_job', { job_id: job.id, worker_name: name })
        const outcome = released ? 'handed back' : `left to its lease (${releaseError?.message ?? 'not this worker’s any more'})`
        log(`job ${job.id} ${job.kind} stopped by shutdown; ${outcome}`)
        return
      }
      if (error instanceof DeferJobError) {
        const { data: deferred, error: deferError } = await supabase.rpc('defer_job', {
          job_id: job.id,
          worker_name: name,
          seconds: error.seconds,
        })
        const outcome = deferred
          ? `back in ${error.seconds} s`
          : `left to its lease (${deferError?.message ?? 'not this worker’s any more'})`
        log(`job ${job.id} ${job.kind} waits: ${error.message}; ${outcome}`)
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      const { data: failed } = await supabase.rpc('fail_job', {
        job_id: job.id,
        worker_name: name,
        error: message,
        give_up: error instanceof PermanentJobError,
      })
      // No row matched (the job is another worker's now) comes back as a row of nulls.
      const gaveUp = Boolean(failed?.failed_at)
      const next = gaveUp ? 'gave up' : failed?.id ? `retry at ${failed.run_at}` : 'lease lost'
      log(`job ${job.id} ${job.kind} failed (attempt ${job.attempts}): ${message}; ${next}`, gaveUp ? 'error' : 'warn')
      reportError(error, {
        level: gaveUp ? 'error' : 'warning',
        tags: { job_kind: job.kind, outcome: gaveUp ? 'gave_up' : 'retry' },
        extra: { job_id: job.id, attempt: job.attempts },
      })
    } finally {
      lease.end()
      stopJob.delete(job.id)
    }
  }

  /**
   * Renews a job's lease every third of it while the job runs. The signal is aborted when the
   * database says the job is not this worker's any more, or when the lease ran out without a
   * renewal getting through (the backend unreachable): another worker may have it by then.
   */
  function keepLease(job: Job, claimedAt: number): { signal: AbortSignal; end: () => void; stopping: () => void } {
    const controller = new AbortController()
    const leaseMs = leaseSeconds * 1000
    let renewal: ReturnType<typeof setTimeout> | undefined
    let deadline: ReturnType<typeof setTimeout> | undefined
    let ended = false
    let lastProblem = 'no answer'
    const lose = (reason: string) => {
      if (ended || controller.signal.aborted) return
      controller.abort(new LeaseLostError(`The lease of job ${job.id} was lost: ${reason}`))
      log(`job ${job.id} ${job.kind}: lease lost (${reason}); stopping it`, 'warn')
    }
    // Counted from before the call that set the lease, so this side never thinks it longer; a
    // timer of its own, since a renewal to a hung backend may never answer.
    const holdUntil = (until: number) => {
      clearTimeout(deadline)
      deadline = setTimeout(() => lose(`not renewed in time (${lastProblem})`), Math.max(0, until - Date.now()))
    }
    const renew = async () => {
      const asked = Date.now()
      try {
        const { data, error } = await supabase.rpc('renew_job_lease', { job_id: job.id, worker_name: name, lease_seconds: leaseSeconds })
        if (ended) return
        if (error) throw new Error(error.message)
        if (data) holdUntil(asked + leaseMs)
        else lose('another worker has it, or it is gone')
      } catch (error) {
        // Tried again at the next turn; the deadline stops the job if none gets through.
        lastProblem = error instanceof Error ? error.message : String(error)
      }
      if (!ended && !controller.signal.aborted) schedule()
    }
    const schedule = () => {
      renewal = setTimeout(() => void renew(), leaseMs / 3)
    }
    holdUntil(claimedAt + leaseMs)
    schedule()
    return {
      signal: controller.signal,
      stopping() {
        if (!ended && !controller.signal.aborted)
          controller.abort(new WorkerStoppingError(`The worker is stopping: job ${job.id} goes back`))
      },
      end() {
        ended = true
        clearTimeout(renewal)
        clearTimeout(deadline)
      },
    }
  }

  /** Claims as many jobs as there are free slots; returns how many it started. */
  async function fill(): Promise<number> {
    const free = concurrency - running.size
    if (free <= 0) return 0
    const claimedAt = Date.now()
    const jobs = await claim(free)
    let started = 0
    for (const job of jobs) {
      // Its lease ran out while it ran here and this worker took it again: the run in hand has
      // it (the claim renewed the lease), and a second run beside it would do the work twice.
      if (runningIds.has(job.id)) continue
      runningIds.add(job.id)
      // Every line logged while it runs, by the runner or the task, names the job.
      const promise = withLogContext({ jobId: job.id, jobKind: job.kind }, () => run(job, claimedAt)).finally(() => {
        running.delete(promise)
        runningIds.delete(job.id)
        wake?.()
      })
      running.add(promise)
      started += 1
    }
    return started
  }

  async function drain(): Promise<number> {
    let total = 0
    for (;;) {
      const started = await fill()
      total += started
      if (started === 0 && running.size === 0) return total
      if (started === 0 || running.size >= concurrency) await Promise.race(running)
    }
  }

  async function forever() {
    while (!stopped) {
      let started = 0
      try {
        started = await fill()
      } catch (error) {
        // The database is down or unreachable: say so, wait, and try again.
        log(error instanceof Error ? error.message : String(error), 'error')
      }
      if (stopped) break
      if (started === 0 || running.size >= concurrency) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, running.size >= concurrency ? 60_000 : pollIntervalMs)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        wake = undefined
      }
    }
  }

  return {
    name,
    drain,
    start() {
      loop ??= forever()
    },
    async stop({ graceMs }: { graceMs?: number } = {}) {
      stopped = true
      wake?.()
      await loop
      if (graceMs === undefined) return void (await Promise.all(running))
      if (await settles(Promise.all(running), graceMs)) return
      log(`stopping ${running.size} job(s) still running after ${graceMs} ms`)
      for (const stopping of stopJob.values()) stopping()
      await settles(Promise.all(running), 1_000)
    },
  }
}

/** Whether `promise` settles within `ms`. */
async function settles(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
  try {
    return await Promise.race([promise.then(() => true), timeout])
  } finally {
    clearTimeout(timer)
  }
}
