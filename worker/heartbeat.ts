// The worker's sign of life: a row in worker_heartbeats written every ~10 s, which /healthz
// reads (decision 045). A beat that fails (the backend down) is logged once per outage and
// tried again at the next turn; stopping removes the row.
import { hostname } from 'node:os'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'

export const HEARTBEAT_INTERVAL_MS = 10_000

export type HeartbeatOptions = {
  supabase: SupabaseClient<Database>
  workerName: string
  /** The machine (container) the worker runs on; /healthz of an app beside it asks for it. */
  host?: string
  intervalMs?: number
  log?: (line: string, level?: 'info' | 'warn') => void
}

export function startHeartbeat(options: HeartbeatOptions): { stop: () => Promise<void> } {
  const { supabase, workerName } = options
  const host = options.host ?? hostname()
  const intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS
  const log = options.log ?? (() => {})
  let failing = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: Promise<void> = Promise.resolve()
  let stopped = false

  // Each call waits one interval at most: a connection that died without a word must not hold
  // the beats, or the worker's stop, for the minutes a socket takes to notice.
  const record = async (stopping: boolean): Promise<string | null> =>
    await supabase
      .rpc('record_worker_heartbeat', { worker_name: workerName, host, ...(stopping ? { stopping } : {}) })
      .abortSignal(AbortSignal.timeout(intervalMs))
      .then(
        ({ error }) => error?.message ?? null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
  const next = () => {
    if (stopped) return
    inFlight = record(false).then((problem) => {
      if (problem && !failing) log(`heartbeat failed: ${problem}`, 'warn')
      else if (!problem && failing) log('heartbeat recorded again')
      failing = problem !== null
      if (!stopped) timer = setTimeout(next, intervalMs)
    })
  }
  next()

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await inFlight
      await record(true)
    },
  }
}
