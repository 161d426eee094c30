// The stale rule (decision 072): every hour the job_schedules row 'keep_listings_fresh' runs
// this task, which calls public.keep_listings_fresh in batches until a batch finds less than a
// full one. A listing entered by hand and unconfirmed for 30 days (a settings row) gets its
// shelter's team an email with one-click answers; at 45 it leaves search and alerts (its page
// stays) and the email goes again. Workers share the work with SKIP LOCKED.
import type { Task } from '#worker/runner.ts'

/** Listings per database call: one transaction each. */
export const STALE_LISTINGS_BATCH = 200

/** `clock` is the time listings are judged at; by default the database's own (now()). */
export function keepListingsFreshTask({ clock }: { clock?: () => Date } = {}): Task {
  return async (_payload, { supabase, log, signal }) => {
    let handled = 0
    for (;;) {
      signal?.throwIfAborted()
      const { data, error } = await supabase.rpc('keep_listings_fresh', {
        batch_size: STALE_LISTINGS_BATCH,
        ...(clock ? { at: clock().toISOString() } : {}),
      })
      if (error) throw new Error(`keep_listings_fresh failed: ${error.message}`)
      handled += data ?? 0
      if ((data ?? 0) < STALE_LISTINGS_BATCH) break
    }
    if (handled) log(`asked about or took out of search ${handled} unconfirmed listing${handled === 1 ? '' : 's'}`)
  }
}
