// The demo shelters at the sizes that once broke the seed: past 9,999 shelters (emails cut to
// four digits collided: 10000 became 1000) and ~10,000 (a duplicate slug). One in-memory
// database, seeded once.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap, openDatabase, type Database } from '../../../localbase/src/db.ts'
import { seedDemo } from './load.ts'

const SHELTERS = 10_001
let db: Database

beforeAll(async () => {
  db = await openDatabase(undefined)
  await bootstrap(db, { migrationsDir: path.resolve(import.meta.dirname, '../../../supabase/migrations') })
  await seedDemo({ run: async (sql) => (await db.exec(sql)).at(-1)?.rows ?? [], close: async () => {} }, { shelters: SHELTERS, animals: 10 })
})
afterAll(() => db?.close())

describe('demo shelters at scale', () => {
  it('gives every shelter its own email, past four digits', async () => {
    const { rows } = await db.query<{ users: number; emails: number; both: boolean }>(`
      select count(*)::int as users, count(distinct email)::int as emails,
             bool_or(email = 'demo-shelter-10000@example.org') and bool_or(email = 'demo-shelter-1000@example.org') as both
        from auth.users where raw_app_meta_data ->> 'demo' = 'true'`)
    expect(rows[0]).toEqual({ users: SHELTERS, emails: SHELTERS, both: true })
  })

  it('gives every shelter its own name, so two slugs never share their words', async () => {
    const { rows } = await db.query<{ shelters: number; names: number; slug_words: number; numbered: string | null }>(`
      select count(*)::int as shelters, count(distinct shelter_name)::int as names,
             count(distinct regexp_replace(slug, '-[0-9a-f]{6}$', ''))::int as slug_words,
             min(shelter_name) filter (where shelter_name ~ ' [0-9]+$') as numbered
        from public.shelter_profiles`)
    expect(rows[0]).toMatchObject({ shelters: SHELTERS, names: SHELTERS, slug_words: SHELTERS })
    // Past the (word, city) cycle the repeats are numbered; the first of each name is not.
    expect(rows[0]!.numbered).toMatch(/ of .+ [2-9]$/)
  })

  it('keeps the small demo as it was: the first shelters unnumbered, four-digit emails', async () => {
    const { rows } = await db.query<{ email: string; shelter_name: string }>(`
      select u.email, p.shelter_name from auth.users u join public.shelter_profiles p on p.user_id = u.id
       where u.email = 'demo-shelter-0001@example.org'`)
    expect(rows[0]!.shelter_name).not.toMatch(/[0-9]$/)
  })
})
