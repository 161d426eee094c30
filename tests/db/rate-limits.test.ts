// The limits that protect the site (push API per key, support and newsletter forms per visitor,
// saved-search changes per account) count in the database, so every app server shares them:
// public.take_rate_limit over a sliding window, for the service role only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { takeLogged } from '#tests/setup/logged.ts'
import type { Database } from '#app/types/database.ts'
import { createRateLimiter } from '#app/utils/rate-limit.server.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

let h: Harness
let service: SupabaseClient<Database>
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
})
afterAll(async () => {
  await h?.stop()
})
beforeEach(async () => {
  await h.lb.db.exec('delete from public.rate_limit_counts')
})

/** One attempt at `seconds` past a minute boundary (a window of 60 s starts at each). */
async function take(key: string, seconds: number, { limit = 3, client = service } = {}) {
  const at = new Date(Date.UTC(2026, 10, 28, 12, 0, 0) + seconds * 1000).toISOString()
  const { data, error } = await client.rpc('take_rate_limit', { bucket: 'test', key, max_hits: limit, window_seconds: 60, at_time: at })
  if (error) throw error
  return data[0]!
}

describe('take_rate_limit', () => {
  it('allows the limit, then refuses and says how long to wait', async () => {
    expect(await take('a', 10)).toEqual({ allowed: true, retry_after_seconds: 0 })
    expect((await take('a', 11)).allowed).toBe(true)
    expect((await take('a', 12)).allowed).toBe(true)
    // Three in this window: the next fits once the window has ended and this one weighs less
    // than two-thirds: 48 s to its end, then 20 s.
    expect(await take('a', 12)).toEqual({ allowed: false, retry_after_seconds: 68 })
  })

  it('slides: the window before counts for the share of it still within the last 60 s', async () => {
    for (const second of [10, 20, 30]) expect((await take('a', second)).allowed).toBe(true)
    // At 70 s the last window still weighs 50/60 of 3 = 2.5: one more would be 3.5.
    expect(await take('a', 70)).toEqual({ allowed: false, retry_after_seconds: 10 })
    // At 80 s it weighs 2, and one more is 3.
    expect((await take('a', 80)).allowed).toBe(true)
    expect((await take('a', 81)).allowed).toBe(false)
    // Two windows on, with nothing in the window before, the whole limit is there again.
    for (const second of [190, 191, 192]) expect((await take('a', second)).allowed).toBe(true)
    expect((await take('a', 193)).allowed).toBe(false)
  })

  it('counts refusals as nothing, and each key and limit on its own', async () => {
    for (let i = 0; i < 3; i++) await take('a', 10)
    for (let i = 0; i < 5; i++) expect((await take('a', 11)).allowed).toBe(false)
    expect((await take('b', 11)).allowed).toBe(true)
    const other = await service.rpc('take_rate_limit', { bucket: 'other', key: 'a', max_hits: 1, window_seconds: 60 })
    expect(other.data?.[0]?.allowed).toBe(true)
    // Refused attempts were not counted: the weight of 3 alone decides at 80 s, as above.
    expect((await take('a', 80)).allowed).toBe(true)
  })

  it('keeps hashes, not the keys it was given', async () => {
    await take('203.0.113.7', 10)
    const rows = await h.lb.db.query<{ key_hash: string }>('select key_hash from public.rate_limit_counts')
    expect(rows.rows).toHaveLength(1)
    expect(rows.rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows.rows[0]!.key_hash).not.toContain('203.0.113.7')
  })

  it('refuses a limit that could never allow anything', async () => {
    const { error } = await service.rpc('take_rate_limit', { bucket: 'test', key: 'a', max_hits: 0, window_seconds: 60 })
    expect(error?.code).toBe('22023')
  })

  it('is for the service role only', async () => {
    const { client } = await h.signedIn()
    for (const caller of [h.anon(), client]) {
      expect((await caller.rpc('take_rate_limit', { bucket: 'test', key: 'a', max_hits: 1, window_seconds: 60 })).error?.code).toBe('42501')
      expect((await caller.rpc('forget_rate_limits', {})).error?.code).toBe('42501')
      expect((await caller.from('rate_limit_counts' as never).select('*')).error?.code).toBe('42501')
    }
  })

  it('forgets the counters of keys that have not come back for two days', async () => {
    await take('gone', 10)
    await take('recent', 10)
    await h.lb.db.exec(
      `update public.rate_limit_counts set window_start = now() - interval '3 days' where hits = 1 and key_hash = encode(sha256('gone'::bytea), 'hex')`,
    )
    await h.lb.db.exec(`update public.rate_limit_counts set window_start = now() where key_hash = encode(sha256('recent'::bytea), 'hex')`)
    expect((await service.rpc('forget_rate_limits', {})).data).toBe(1)
    expect((await h.lb.db.query('select 1 from public.rate_limit_counts')).rows).toHaveLength(1)
  })
})

describe("the app's limiter", () => {
  it('holds one limit across two app servers, each with its own client', async () => {
    const servers = [h.service(), h.service()] as SupabaseClient<Database>[]
    const limiters = servers.map((client) => createRateLimiter({ bucket: 'api_key', limit: 4, windowMs: 60_000, client: () => client }))
    const answers = []
    for (let i = 0; i < 6; i++) answers.push((await limiters[i % 2]!.attempt('key-1')).allowed)
    expect(answers).toEqual([true, true, true, true, false, false])
  })

  it('lets the attempt through when the count cannot be reached', async () => {
    const broken = createRateLimiter({ bucket: 'api_key', limit: 1, windowMs: 60_000, client: () => h.anon() as SupabaseClient<Database> })
    expect(await broken.attempt('key-1')).toEqual({ allowed: true, retryAfterSeconds: 0 })
    expect(await broken.attempt('key-1')).toEqual({ allowed: true, retryAfterSeconds: 0 })
    const logged = takeLogged('error')
    expect(logged).toHaveLength(2)
    expect(logged[0]!.msg).toMatch(/^rate limit api_key not counted: .*permission denied/)
  })
})
