// Limits on how often one key (a visitor's address, an account, an API key) may do something,
// counted in the database (public.take_rate_limit) so that every app server shares one count.
// The honeypots and the database's own checks do the rest.
import type { SupabaseClient } from '@supabase/supabase-js'
import { log, messageOf } from '#app/utils/log.server.ts'
import type { Database } from '#app/types/database.ts'
import { getServiceSupabase } from '#app/utils/supabase.server.ts'

export type RateLimitAnswer = { allowed: boolean; retryAfterSeconds: number }

export type RateLimiter = {
  /** Records one attempt for `key` when it is within the limit; `allowed` is false once it is not. */
  attempt(key: string): Promise<RateLimitAnswer>
}

/**
 * A limit of `limit` attempts in any `windowMs` (whole seconds), named `bucket` in the database.
 * When the count cannot be reached, the attempt is allowed: a backend that does not answer fails
 * the request on its own, and a visitor is not refused for our outage.
 */
export function createRateLimiter({
  bucket,
  limit,
  windowMs,
  client = getServiceSupabase,
}: {
  bucket: string
  limit: number
  windowMs: number
  client?: () => SupabaseClient<Database>
}): RateLimiter {
  // One client for the limiter's life (the service key does not change), not one per attempt.
  let db: SupabaseClient<Database> | undefined
  return {
    async attempt(key) {
      try {
        db ??= client()
        const { data, error } = await db.rpc('take_rate_limit', {
          bucket,
          key,
          max_hits: limit,
          window_seconds: Math.max(1, Math.round(windowMs / 1000)),
        })
        const answer = data?.[0]
        if (error || !answer) throw new Error(error?.message ?? 'no answer')
        return { allowed: answer.allowed, retryAfterSeconds: answer.retry_after_seconds }
      } catch (problem) {
        log.error(`rate limit ${bucket} not counted: ${messageOf(problem)}`)
        return { allowed: true, retryAfterSeconds: 0 }
      }
    },
  }
}
