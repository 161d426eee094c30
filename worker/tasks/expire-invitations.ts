// Closes team invitations past their 7 days (so the Team tab shows them as expired and the
// address can be invited again) and forgets closed ones after 90 days. Scheduled hourly by the
// job_schedules row the invitations migration adds.
import type { Task } from '#worker/runner.ts'

export const expireInvitations: Task = async (_payload, { supabase, log }) => {
  const { data, error } = await supabase.rpc('expire_invitations')
  if (error) throw new Error(`expire_invitations failed: ${error.message}`)
  if (data) log(`closed ${data} expired invitation${data === 1 ? '' : 's'}`)
}
