// The job loop: claims due jobs from the database (claim_jobs, FOR UPDATE SKIP LOCKED), runs
// each with its task, then completes it or records the failure for a later retry. Any number
// of workers may run against one database; each job runs in one of them at a time.
import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Json, Tables } from '../app/types/database.ts'

export type Job = Tables<'jobs'>

export type TaskContext = {
  /** A service-role client: tasks act for the site, not for a visitor. */
  supabase: SupabaseClient<Database>
  job: Job
  log: (line: string) => void
}

/** Does one job's work; throwing makes the job run again later (PermanentJobError: never). */
export type Task = (payload: Json, context: TaskContext) => Promise<void>

/** A failure that retrying cannot fix, e.g. an email whose template does not exist. */
export class PermanentJobError extends Error {}

export type WorkerOptions = {
  supabase: SupabaseClient<Database>
  tasks: Record<string, Task>
  /** How many jobs run at once in this process. */
  concurrency?: number
  /** How long to wait before asking again when there was nothing to do. */
  pollIntervalMs?: number
  /** How long a claim holds; a job still running then may be claimed by another worker. */
  leaseSeconds?: number
  name?: string
  log?: (line: string) => void
}

export type Worker = {
  name: string
  /** Claims and runs what is due now, until nothing is; returns how many jobs ran. */
  drain: () => Promise<number>
  /** Stops claiming and waits for the jobs in hand. */
  stop: () => Promise<void>
}

export function createWorker(options: WorkerOptions): Worker & { start: () => void } {
  const { supabase, tasks } = options
  const concurrency = options.concurrency ?? 4
  const pollIntervalMs = options.pollIntervalMs ?? 1_000
  const leaseSeconds = options.leaseSeconds ?? 300
  const name = options.name ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`
  const log = options.log ?? (() => {})
  const kinds = Object.keys(tasks)
  const running = new Set<Promise<void>>()
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

  async function run(job: Job): Promise<void> {
    const task = tasks[job.kind]!
    const started = Date.now()
    try {
      await task(job.payload, { supabase, job, log })
      const { error } = await supabase.rpc('complete_job', { job_id: job.id, worker_name: name })
      if (error) throw new Error(`complete_job failed: ${error.message}`)
      log(`job ${job.id} ${job.kind} done in ${Date.now() - started} ms`)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const { data: failed } = await supabase.rpc('fail_job', {
        job_id: job.id,
        worker_name: name,
        error: message,
        give_up: error instanceof PermanentJobError,
      })
      const next = failed?.failed_at ? 'gave up' : failed ? `retry at ${failed.run_at}` : 'lease lost'
      log(`job ${job.id} ${job.kind} failed (attempt ${job.attempts}): ${message}; ${next}`)
    }
  }

  /** Claims as many jobs as there are free slots; returns how many it started. */
  async function fill(): Promise<number> {
    const free = concurrency - running.size
    if (free <= 0) return 0
    const jobs = await claim(free)
    for (const job of jobs) {
      const promise = run(job).finally(() => {
        running.delete(promise)
        wake?.()
      })
      running.add(promise)
    }
    return jobs.length
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
        log(error instanceof Error ? error.message : String(error))
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
    async stop() {
      stopped = true
      wake?.()
      await loop
      await Promise.all(running)
    },
  }
}
