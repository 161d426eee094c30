// The demo shelters at the sizes that once broke the seed: past 9,999 shelters (emails cut to
// four digits collided: 10000 became 1000) and ~10,000 (a duplicate slug). Only the part of
// the seed that draws the shelters (the demo_shelters table) runs here: set-based and quick,
// where inserting 20,000 accounts through the sign-up trigger takes minutes.
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoSeedSql } from '#scripts/lib/demo-data/index.ts'

const SHELTERS = 20_000
let db: PGlite

beforeAll(async () => {
  db = await PGlite.create()
  const seed = demoSeedSql({ shelters: SHELTERS, animals: 1 })
  const drawn = seed.slice(seed.indexOf('create function pg_temp.demo_random'), seed.indexOf('-- Demo accounts have no password'))
  // Without the delete of earlier demo users (no auth schema here).
  await db.exec(drawn.replace(/^delete from auth\.users.*$/m, ''))
})
afterAll(() => db?.close())

describe('demo shelters at scale', () => {
  it('gives every shelter its own email, past four digits', async () => {
    const { rows } = await db.query<{ shelters: number; emails: number; both: boolean; first: string }>(`
      select count(*)::int as shelters, count(distinct email)::int as emails,
             bool_or(email = 'demo-shelter-10000@example.org') and bool_or(email = 'demo-shelter-1000@example.org') as both,
             min(email) as first
        from demo_shelters`)
    expect(rows[0]).toEqual({ shelters: SHELTERS, emails: SHELTERS, both: true, first: 'demo-shelter-0001@example.org' })
  })

  it('gives every shelter its own name, so two slugs never share their words', async () => {
    const { rows } = await db.query<{ names: number; slug_words: number; numbered: string | null; first_unnumbered: boolean }>(`
      select count(distinct name)::int as names,
             -- The words of the slug, as public.shelter_slug() makes them.
             count(distinct trim(both '-' from left(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), 60)))::int as slug_words,
             min(name) filter (where name ~ ' [0-9]+$') as numbered,
             bool_and(name !~ '[0-9]$') filter (where n <= 40) as first_unnumbered
        from demo_shelters`)
    expect(rows[0]).toMatchObject({ names: SHELTERS, slug_words: SHELTERS, first_unnumbered: true })
    // The default demo's 40 keep their names; past the (word, city) cycle of 44 × 61 (and for
    // the two Portlands) the repeats are numbered.
    expect(rows[0]!.numbered).toMatch(/ of .+ [2-9]$/)
  })
})
