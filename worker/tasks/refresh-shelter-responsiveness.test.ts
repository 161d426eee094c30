// The refresh_shelter_responsiveness job through the real worker loop: an application answered in
// time, four never answered past their deadline, and the shelter's public figures follow, as of
// the tasks' settable clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { approvedProfile, createShelter } from '#tests/db/factories.ts'
import { createMailer } from '#worker/mailer.ts'
import { createWorker } from '#worker/runner.ts'
import { createTasks } from '#worker/tasks/index.ts'

const DAY = 24 * 60 * 60 * 1000
let h: Harness
let service: SupabaseClient<Database>
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  await h.lb.db.query('delete from public.job_schedules')
})
afterAll(async () => {
  await h?.stop()
})

describe('the refresh_shelter_responsiveness job', () => {
  it('keeps the shelter’s figures as of the clock', async () => {
    const shelter = await createShelter(h, 'Figures Rescue', { ...approvedProfile(), response_days: 3 })
    const start = Date.parse('2026-10-01T09:00:00Z')
    for (let i = 0; i < 5; i++) {
      const { data, error } = await service
        .from('applications')
        .insert({
          shelter_id: shelter.shelterId,
          animal_name: 'Ziggy',
          applicant_name: 'Ada',
          snapshot: {},
          created_at: new Date(start).toISOString(),
          // Replaced on insert by the deadline the shelter's promise gives (created_at + 3 days).
          answer_due_at: new Date(start).toISOString(),
        })
        .select('id')
        .single()
      if (error) throw error
      if (i === 0)
        await service
          .from('applications')
          .update({ first_answered_at: new Date(start + DAY / 2).toISOString() })
          .eq('id', data.id)
    }

    let now = new Date(start + DAY)
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Pawhaven <hello@pawhaven.example>' })
    const worker = createWorker({
      supabase: service,
      tasks: createTasks({ mailer, siteUrl: 'https://pawhaven.example', clock: () => now }),
    })
    const run = async () => {
      await service.rpc('enqueue_job', { kind: 'refresh_shelter_responsiveness' })
      await worker.drain()
    }
    const figures = async () =>
      (
        await h
          .anon()
          .from('shelter_profiles')
          .select('response_judged, response_median_hours, response_on_time_percent')
          .eq('id', shelter.shelterId)
          .single()
      ).data
    try {
      // A day in, only the answered application is judged.
      await run()
      expect(await figures()).toEqual({ response_judged: 1, response_median_hours: 12, response_on_time_percent: 100 })
      // Past the three-day deadline, the four unanswered ones count against it.
      now = new Date(start + 4 * DAY)
      await run()
      expect(await figures()).toEqual({ response_judged: 5, response_median_hours: 12, response_on_time_percent: 20 })
    } finally {
      mailer.close()
    }
  })
})
