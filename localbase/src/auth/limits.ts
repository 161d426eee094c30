// Rate limits on the endpoints that cost something (bcrypt, emails), answered as GoTrue does.
// Per-IP keys use the address the app forwards (Sb-Forwarded-For, X-Forwarded-For; http.ts).
// Password attempts count per client and per client + account, never per account alone: one
// client's failures must not lock the account's owner out from anywhere else.
import type { Localbase } from '#localbase/src/context.ts'
import { clientIp } from '#localbase/src/http.ts'
import { emailRateLimit, requestRateLimit } from '#localbase/src/auth/errors.ts'

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

/** Counts a password (or emailed code) attempt for one account from the caller's address. */
export function limitSignInByClientAndEmail(lb: Localbase, request: Request, email: string) {
  const key = `signin:ip+email:${clientIp(request)}:${email.toLowerCase()}`
  if (!lb.limiter.hit(key, lb.config.rateLimits.signInPerIpAndEmail, WINDOWS.signIn).allowed) throw requestRateLimit()
}

/** Counts one email to an address against its per-minute budget; 429 as GoTrue's SMTP max frequency. */
export function spendEmailBudget(lb: Localbase, address: string) {
  const key = `email:${address.toLowerCase()}`
  const { allowed, retryAfterSeconds } = lb.limiter.hit(key, lb.config.rateLimits.emailsPerAddress, WINDOWS.email)
  if (!allowed) throw emailRateLimit(retryAfterSeconds)
}
