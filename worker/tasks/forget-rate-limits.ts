// Removes the rate-limit counters of keys that have not come back for two days (a key's own
// older windows go as it comes back). Scheduled daily by migration 20261128180000.
import type { Task } from '#worker/runner.ts'

export const forgetRateLimits: Task = async (_payload, { supabase, log }) => {
  const { data, error } = await supabase.rpc('forget_rate_limits', {})
  if (error) throw new Error(`forget_rate_limits failed: ${error.message}`)
  if (data) log(`forgot ${data} rate-limit counter${data === 1 ? '' : 's'}`)
}
