// The response promise kept (decision 069): every ten minutes the job_schedules row
// 'keep_response_promises' runs this task, which calls public.keep_response_promises in batches
// (the day-before reminders, the closing of applications never answered, questions marked
// unanswered) until a batch finds less than a full one. Any number of workers may run it at
// once: each batch claims its rows with SKIP LOCKED and queues its emails in the same transaction.
import type { Task } from '#worker/runner.ts'

/** Items of each kind per database call: one transaction each. */
export const RESPONSE_PROMISE_BATCH = 200

/**
 * `clock` is the time the deadlines are judged at; by default the database's own (now()).
 * Tests pass a settable one to move time instead of waiting.
 */
export function keepResponsePromisesTask({ clock }: { clock?: () => Date } = {}): Task {
  return async (_payload, { supabase, log, signal }) => {
    let handled = 0
    for (;;) {
      // Its lease lost, the run stops between batches; what is left is due for the next run.
      signal?.throwIfAborted()
      const { data, error } = await supabase.rpc('keep_response_promises', {
        batch_size: RESPONSE_PROMISE_BATCH,
        ...(clock ? { at: clock().toISOString() } : {}),
      })
      if (error) throw new Error(`keep_response_promises failed: ${error.message}`)
      handled += data ?? 0
      if ((data ?? 0) < RESPONSE_PROMISE_BATCH) break
    }
    if (handled) log(`kept the response promise on ${handled} item${handled === 1 ? '' : 's'}`)
  }
}
