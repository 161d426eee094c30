// Every hour the job_schedules row 'refresh_shelter_responsiveness' runs this task: each
// shelter's response figures (the median time to a first answer and the share answered within
// its promise, over the last 90 days) are recomputed from the applications and questions, in one
// statement. Two workers running it at once compute the same figures.
import type { Task } from '#worker/runner.ts'

/** `clock` is the time the figures are computed as of; by default the database's own (now()). */
export function refreshShelterResponsivenessTask({ clock }: { clock?: () => Date } = {}): Task {
  return async (_payload, { supabase, log }) => {
    const { data, error } = await supabase.rpc('refresh_shelter_responsiveness', clock ? { at: clock().toISOString() } : {})
    if (error) throw new Error(`refresh_shelter_responsiveness failed: ${error.message}`)
    if (data) log(`response figures changed for ${data} shelter${data === 1 ? '' : 's'}`)
  }
}
