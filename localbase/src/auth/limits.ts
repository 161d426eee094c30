// Rate limits on the endpoints that cost something (bcrypt, emails), answered as GoTrue does.
// Per-IP keys use the first X-Forwarded-For hop, so the app can forward its visitors' addresses.
import type { Localbase } from '../context.ts'
import { clientIp } from '../http.ts'
import { emailRateLimit, requestRateLimit } from './errors.ts'

const MINUTE = 60_000

export const WINDOWS = {
  signIn: 5 * MINUTE,
  signUp: 60 * MINUTE,
  recover: 60 * MINUTE,
  email: MINUTE,
}

/** Counts a request from the caller's address; 429 over_request_rate_limit past the limit. */
export function limitByIp(lb: Localbase, request: Request, scope: string, limit: number, windowMs: number) {
  if (!lb.limiter.hit(`${scope}:ip:${clientIp(request)}`, limit, windowMs).allowed) throw requestRateLimit()
}

/** Counts a password attempt for one address, whatever IP it comes from. */
export function limitSignInByEmail(lb: Localbase, email: string) {
  const key = `signin:email:${email.toLowerCase()}`
  if (!lb.limiter.hit(key, lb.config.rateLimits.signInPerEmail, WINDOWS.signIn).allowed) throw requestRateLimit()
}

/** Counts one email to an address against its per-minute budget; 429 as GoTrue's SMTP max frequency. */
export function spendEmailBudget(lb: Localbase, address: string) {
  const key = `email:${address.toLowerCase()}`
  const { allowed, retryAfterSeconds } = lb.limiter.hit(key, lb.config.rateLimits.emailsPerAddress, WINDOWS.email)
  if (!allowed) throw emailRateLimit(retryAfterSeconds)
}
