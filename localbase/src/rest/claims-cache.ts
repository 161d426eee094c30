// Verifying an HS256 token costs about as much as a simple query, and a client sends the
// same token on every request; so a verified token's claims are kept until it expires.
import type { Localbase } from '#localbase/src/context.ts'
import type { Claims } from '#localbase/src/db.ts'
import { bearerToken, requestClaims, type JwtFailure } from '#localbase/src/jwt.ts'

const MAX_ENTRIES = 1000
// verifyJwt allows this much clock skew past `exp`; a cached token gets no more.
const CLOCK_TOLERANCE_SECONDS = 30

type Entry = { claims: Claims; expiresAt: number }
const caches = new WeakMap<Localbase, Map<string, Entry>>()

export async function cachedClaims(
  lb: Localbase,
  request: Request,
): Promise<{ ok: true; claims: Claims } | { ok: false; failure: JwtFailure }> {
  const token = bearerToken(request)
  if (!token) return requestClaims(request, lb.config.jwtSecret)
  let cache = caches.get(lb)
  if (!cache) {
    cache = new Map()
    caches.set(lb, cache)
  }
  const hit = cache.get(token)
  if (hit && hit.expiresAt > Date.now()) return { ok: true, claims: hit.claims }
  if (hit) cache.delete(token)

  const result = await requestClaims(request, lb.config.jwtSecret)
  if (result.ok) {
    const exp = typeof result.claims.exp === 'number' ? result.claims.exp : null
    // A token without exp never expires; keep it no longer than an hour all the same.
    const expiresAt = exp === null ? Date.now() + 3_600_000 : (exp + CLOCK_TOLERANCE_SECONDS) * 1000
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!)
    cache.set(token, { claims: result.claims, expiresAt })
  }
  return result
}
