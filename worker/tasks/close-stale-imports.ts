// Closes the sync runs a dead process left receiving (an upload, an FTP drop, a push-API file
// or a pull whose job is gone) once they are older than any import takes: failed, their staged
// rows removed, so the Sync tab never shows a run arriving forever. Scheduled every ten minutes
// by the job_schedules row of migration 20261128110100.
import type { Task } from '../runner.ts'

export const closeStaleImports: Task = async (_payload, { supabase, log }) => {
  const { data, error } = await supabase.rpc('close_stale_imports', {})
  if (error) throw new Error(`close_stale_imports failed: ${error.message}`)
  if (data) log(`closed ${data} interrupted sync run${data === 1 ? '' : 's'}`)
}
