// The worker's sign of life: a row in worker_heartbeats written every ~10 s, which /healthz
// reads (decision 045). A beat that fails (the backend down) is logged once per outage and
// tried again at the next turn; stopping removes the row.
import { hostname } from 'node:os'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../app/types/database.ts'

export const HEARTBEAT_INTERVAL_MS = 10_000

export type HeartbeatOptions = {
  supabase: SupabaseClient<Database>
  workerName: string
  /** The machine (container) the worker runs on; /healthz of an app beside it asks for it. */
  host?: string
  intervalMs?: number
  log?: (line: string) => void
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

  const beat = async () => {
    const { error } = await supabase.rpc('record_worker_heartbeat', { worker_name: workerName, host })
    if (error && !failing) log(`heartbeat failed: ${error.message}`)
    else if (!error && failing) log('heartbeat recorded again')
    failing = Boolean(error)
  }
  const next = () => {
    if (stopped) return
    inFlight = beat()
      .catch((error: unknown) => {
        if (!failing) log(`heartbeat failed: ${error instanceof Error ? error.message : String(error)}`)
        failing = true
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(next, intervalMs)
      })
  }
  next()

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await inFlight
      await supabase.rpc('record_worker_heartbeat', { worker_name: workerName, host, stopping: true }).then(
        () => undefined,
        () => undefined,
      )
    },
  }
}
