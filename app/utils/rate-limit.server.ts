// A small in-memory limiter for the public forms. Each app instance counts on its own, which
// is enough to blunt a script hammering one server; the honeypot and the database's checks
// do the rest. (A shared store such as Postgres would be the next step at larger scale.)

export type RateLimiter = {
  /** Records one attempt for `key`; `allowed` is false once the key is over its limit. */
  attempt(key: string, now?: number): { allowed: boolean; retryAfterSeconds: number }
}

export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 10_000,
}: {
  limit: number
  windowMs: number
  maxKeys?: number
}): RateLimiter {
  const attempts = new Map<string, number[]>()
  return {
    attempt(key, now = Date.now()) {
      const recent = (attempts.get(key) ?? []).filter((at) => now - at < windowMs)
      if (recent.length >= limit) {
        attempts.set(key, recent)
        const oldest = recent[0] ?? now
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) }
      }
      recent.push(now)
      // Re-inserting moves the key to the end, so the map's first key is the least recently used.
      attempts.delete(key)
      attempts.set(key, recent)
      if (attempts.size > maxKeys) {
        const leastRecent = attempts.keys().next().value
        if (leastRecent !== undefined) attempts.delete(leastRecent)
      }
      return { allowed: true, retryAfterSeconds: 0 }
    },
  }
}
