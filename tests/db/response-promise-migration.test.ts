// The response-promise migration on a database that already has applications and questions:
// applied to the schema as it was just before it, each gets the default 5-day deadline from when
// it was sent, and the time of the shelter's first action or reply when there was one.
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap, openDatabase, type Database } from '#localbase/src/db.ts'
import { createTestDatabase, type TestDatabase } from '#localbase/test/test-database.ts'

const migrationsDir = path.resolve(import.meta.dirname, '../../supabase/migrations')
const PROMISE_MIGRATION = '20261201500000'

let target: TestDatabase
let db: Database
let earlier: string

const owner = '66666666-6666-4666-8666-666666666667'
const SENT = '2026-11-20T12:00:00Z'
const DUE = '2026-11-25T12:00:00.000Z'
const FIRST_ANSWER = '2026-11-21T09:00:00.000Z'

beforeAll(async () => {
  earlier = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-migrations-'))
  for (const file of await readdir(migrationsDir)) {
    if (file.endsWith('.sql') && file < PROMISE_MIGRATION) await copyFile(path.join(migrationsDir, file), path.join(earlier, file))
  }
  target = await createTestDatabase()
  db = await openDatabase(undefined, { databaseUrl: target.url })
  try {
    await bootstrap(db, { migrationsDir: earlier })
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_user_meta_data)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'promise@example.org', '',
               '{"user_type": "shelter", "shelter_name": "Promise Shelter"}')`,
      [owner],
    )
    // Two applications and two questions, each pair one answered (after an adopter's own step) and one not.
    await db.query(
      `with shelter as (select id from public.shelter_profiles where user_id = $1),
            apps as (
              insert into public.applications (shelter_id, animal_name, applicant_name, snapshot, created_at)
              select shelter.id, a.name, 'Applicant', '{}', $2::timestamptz from shelter, (values ('Answered'), ('Waiting')) as a (name)
              returning id, animal_name)
       insert into public.application_events (application_id, status, actor, created_at)
       select apps.id, e.status, e.actor, e.at::timestamptz from apps,
              (values ('submitted', 'adopter', $2), ('in_review', 'shelter', $3), ('approved', 'shelter', '2026-11-22T09:00:00Z')) as e (status, actor, at)
        where apps.animal_name = 'Answered' or e.actor = 'adopter'`,
      [owner, SENT, FIRST_ANSWER],
    )
    await db.query(
      `with shelter as (select id from public.shelter_profiles where user_id = $1),
            talks as (
              insert into public.conversations (shelter_id, animal_name, created_at, last_message_at)
              select shelter.id, c.name, $2::timestamptz, $2::timestamptz from shelter, (values ('Answered'), ('Waiting')) as c (name)
              returning id, animal_name)
       insert into public.messages (conversation_id, sender, body, created_at)
       select talks.id, m.sender, 'Hello', m.at::timestamptz from talks,
              (values ('adopter', $2), ('adopter', '2026-11-20T18:00:00Z'), ('shelter', $3), ('shelter', '2026-11-22T09:00:00Z')) as m (sender, at)
        where talks.animal_name = 'Answered' or m.sender = 'adopter'`,
      [owner, SENT, FIRST_ANSWER],
    )
    await bootstrap(db, { migrationsDir })
  } finally {
    await target.ready()
  }
}, 600_000)
afterAll(async () => {
  await db?.close()
  await target?.drop()
  await rm(earlier, { recursive: true, force: true })
})

describe('the response-promise migration', () => {
  it('gives every shelter the 5-day default', async () => {
    const { rows } = await db.query<{ response_days: number }>(`select response_days from public.shelter_profiles where user_id = $1`, [
      owner,
    ])
    expect(rows).toEqual([{ response_days: 5 }])
  })

  for (const table of ['applications', 'conversations']) {
    it(`backfills ${table}: the deadline from when it was sent, the shelter's first answer`, async () => {
      const { rows } = await db.query<{ animal_name: string; answer_due_at: Date; first_answered_at: Date | null }>(
        `select animal_name, answer_due_at, first_answered_at from public.${table} order by animal_name`,
      )
      expect(rows.map((row) => [row.animal_name, row.answer_due_at.toISOString(), row.first_answered_at?.toISOString() ?? null])).toEqual([
        ['Answered', DUE, FIRST_ANSWER],
        ['Waiting', DUE, null],
      ])
    })
  }
})
