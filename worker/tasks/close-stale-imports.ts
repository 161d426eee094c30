// Closes the sync runs a dead process left open (an upload, an FTP drop, a push-API file or a
// pull whose job is gone; a stored file's run whose import job gave up) as failed, their staged
// rows removed, so the Sync tab never shows a run arriving forever; then removes the stored
// files of runs that are over (their import job removes its own; these are the ones it could
// not). Scheduled every ten minutes by the job_schedules row of migration 20261128110100.
import type { Task } from '#worker/runner.ts'
import { removeFinishedFiles } from '#app/sync/stored-files.server.ts'

export const closeStaleImports: Task = async (_payload, { supabase, log }) => {
  const { data, error } = await supabase.rpc('close_stale_imports', {})
  if (error) throw new Error(`close_stale_imports failed: ${error.message}`)
  if (data) log(`closed ${data} interrupted sync run${data === 1 ? '' : 's'}`)
  const removed = await removeFinishedFiles(supabase)
  if (removed) log(`removed the stored files of ${removed} finished sync run${removed === 1 ? '' : 's'}`)
}
