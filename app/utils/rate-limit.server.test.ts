import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.server'

describe('createRateLimiter', () => {
  it('allows up to the limit within the window, then refuses with a retry time', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 })
    expect(limiter.attempt('1.2.3.4', 0).allowed).toBe(true)
    expect(limiter.attempt('1.2.3.4', 1_000).allowed).toBe(true)
    const refused = limiter.attempt('1.2.3.4', 2_000)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBe(58)
  })

  it('counts each key on its own', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 })
    expect(limiter.attempt('a', 0).allowed).toBe(true)
    expect(limiter.attempt('b', 0).allowed).toBe(true)
    expect(limiter.attempt('a', 0).allowed).toBe(false)
  })

  it('forgets attempts older than the window', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 })
    expect(limiter.attempt('a', 0).allowed).toBe(true)
    expect(limiter.attempt('a', 59_999).allowed).toBe(false)
    expect(limiter.attempt('a', 60_000).allowed).toBe(true)
  })

  it('keeps memory bounded by dropping the least recently used key', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2 })
    limiter.attempt('a', 0)
    limiter.attempt('b', 0)
    limiter.attempt('c', 0)
    // 'a' was evicted, so it starts afresh; 'c' is still remembered.
    expect(limiter.attempt('a', 1).allowed).toBe(true)
    expect(limiter.attempt('c', 1).allowed).toBe(false)
  })
})
