// The keep_response_promises job through the real worker loop, the mailer and the embedded
// mailbox: the owner's reminder the day before, then at the deadline the application closed and
// the adopter's email with a similar pet nearby. Time moves by the tasks' settable clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { startSmtp } from '#localbase/src/smtp.ts'
import { approvedProfile, createShelter } from '#tests/db/factories.ts'
import { createMailer } from '#worker/mailer.ts'
import { createWorker } from '#worker/runner.ts'
import { createTasks } from '#worker/tasks/index.ts'

const SITE = 'https://pawhaven.example'
const DAY = 24 * 60 * 60 * 1000

let h: Harness
let service: SupabaseClient<Database>
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  // The migrations' other repeating jobs would run too: this test enqueues its own.
  await h.lb.db.query('delete from public.job_schedules')
})
afterAll(async () => {
  await h?.stop()
})

type MailboxMessage = { to: string; subject: string; text: string; html: string }
async function mailboxOf(to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${h.url}/mailbox/api/messages?to=${encodeURIComponent(to)}`)
  return (await response.json()) as MailboxMessage[]
}

describe('the keep_response_promises job', () => {
  it('reminds the owner the day before, then closes the application and emails the adopter similar pets', async () => {
    const shelter = await createShelter(h, 'Clockwork Rescue', {
      ...approvedProfile(),
      latitude: 30.27,
      longitude: -97.74,
      zip_code: '78701',
    })
    const pet = async (name: string) => {
      const { data, error } = await service
        .from('animals')
        .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
        .select('id')
        .single()
      if (error) throw error
      return data.id
    }
    const applied = await pet('Tick')
    const similar = await pet('Tock')
    const adopterEmail = uniqueEmail('waiting')
    const adopter = await h.signedIn(adopterEmail)
    await adopter.client.from('application_profiles').upsert(
      {
        full_name: 'Wren Waiting',
        phone: '512-555-0100',
        address_line1: '1 Congress Ave',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        adults: 1,
        allergies: 'none',
        home_ownership: 'own',
        home_type: 'house',
        has_yard: true,
        has_other_pets: false,
        hours_alone: 4,
        looking_for: 'A friend',
      },
      { onConflict: 'user_id' },
    )
    const { data: sent, error } = await adopter.client.rpc('submit_application', { animal_id: applied })
    expect(error).toBeNull()
    const due = new Date(sent!.answer_due_at).getTime()

    const smtp = await startSmtp(h.lb, { host: '127.0.0.1', port: 0 })
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Pawhaven <hello@pawhaven.example>' })
    let now = new Date(due - DAY + 60_000)
    const worker = createWorker({ supabase: service, tasks: createTasks({ mailer, siteUrl: SITE, clock: () => now }) })
    const run = async () => {
      await service.rpc('enqueue_job', { kind: 'keep_response_promises' })
      await worker.drain()
    }
    try {
      // The day before: the owner is reminded, the adopter hears nothing yet.
      await run()
      const [reminder, ...more] = await mailboxOf(shelter.email)
      expect(more.filter((m) => m.subject.startsWith('Answer '))).toEqual([])
      expect(reminder!.subject).toMatch(/^Answer Wren Waiting's application for Tick by /)
      expect(reminder!.text).toContain(`${SITE}/dashboard/`)
      expect((await service.from('applications').select('status').eq('id', sent!.id).single()).data!.status).toBe('submitted')

      // The deadline passes: closed by the site, and the adopter is told, with Tock nearby.
      now = new Date(due + 60_000)
      await run()
      expect((await service.from('applications').select('status').eq('id', sent!.id).single()).data!.status).toBe('closed')
      const told = (await mailboxOf(adopterEmail)).filter((m) => m.subject.includes('did not answer'))
      expect(told).toHaveLength(1)
      expect(told[0]!.subject).toBe('Clockwork Rescue did not answer your application for Tick in time')
      expect(told[0]!.text).toContain(`Tock\n`)
      expect(told[0]!.text).toContain(`${SITE}/animals/${similar}`)
      expect(told[0]!.text).not.toContain(`${SITE}/animals/${applied}`)
      expect(told[0]!.text).toContain(`${SITE}/search?type=dog&location=78701&distance=50&sort=distance`)

      // Running again sends nothing more.
      await run()
      expect((await mailboxOf(adopterEmail)).filter((m) => m.subject.includes('did not answer'))).toHaveLength(1)
    } finally {
      await smtp.close()
      mailer.close()
    }
  })
})
