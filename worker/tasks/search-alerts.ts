// The saved-search alerts (decision 037): every minute, the job_schedules row 'search_alerts'
// runs this task, which checks the due searches in batches (public.run_saved_search_alerts:
// match, remember what is sent, queue the emails, move each search on) until none is due. Any
// number of workers may run it at once: a batch claims its searches with SKIP LOCKED.
import type { Task } from '#worker/runner.ts'

/** Searches per database call: one transaction each, so a failure loses one batch's work at most. */
export const SEARCH_ALERT_BATCH = 200

export const searchAlerts: Task = async (_payload, { supabase, log, signal }) => {
  let checked = 0
  for (;;) {
    // Its lease lost, the run stops between batches; the searches left are due for the next.
    signal?.throwIfAborted()
    const { data, error } = await supabase.rpc('run_saved_search_alerts', { batch_size: SEARCH_ALERT_BATCH })
    if (error) throw new Error(`run_saved_search_alerts failed: ${error.message}`)
    checked += data ?? 0
    if ((data ?? 0) < SEARCH_ALERT_BATCH) break
  }
  if (checked) log(`checked ${checked} saved search${checked === 1 ? '' : 'es'}`)
}
