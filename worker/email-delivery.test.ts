// Email from the outbox to the mailbox, through the real worker loop, nodemailer and
// localbase's SMTP server: an SMTP outage delays an email and loses none, and it arrives once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { startSmtp } from '#localbase/src/smtp.ts'
import { freePort } from '#scripts/lib/local-servers.ts'
import { createMailer } from '#worker/mailer.ts'
import { createWorker } from '#worker/runner.ts'
import { createTasks } from '#worker/tasks/index.ts'

const SITE = 'https://pawhaven.example'

let h: Harness
let service: SupabaseClient<Database>
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  // The migrations' repeating jobs (expiring invitations) would run too: these tests count theirs.
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

function workerFor(smtpUrl: string, log: string[] = []) {
  const mailer = createMailer({ smtpUrl, from: 'Pawhaven <hello@pawhaven.example>' })
  return {
    mailer,
    worker: createWorker({ supabase: service, tasks: createTasks({ mailer, siteUrl: SITE }), log: (line) => log.push(line) }),
  }
}

async function queueInvitation(to: string) {
  const { data, error } = await service.rpc('queue_email', {
    template: 'team_invitation',
    to_address: to,
    data: {
      shelter_name: 'Happy Tails <Rescue>',
      invited_by: 'Maria Lopez',
      role: 'staff',
      expires_at: '2026-12-02T10:00:00Z',
      secret: { token: 'a'.repeat(32) },
    },
  })
  if (error) throw error
  return data!
}

describe('email delivery', () => {
  it('survives an SMTP outage: an invitation sent while the mail server is down arrives once it is back', async () => {
    const port = await freePort()
    const log: string[] = []
    const { mailer, worker } = workerFor(`smtp://127.0.0.1:${port}`, log)
    const to = 'outage@example.com'
    // A shelter owner invites someone: the email is committed with the invitation.
    const owner = await h.signedIn(undefined, undefined, { user_type: 'shelter', shelter_name: 'Happy Tails <Rescue>' })
    expect((await owner.client.rpc('invite_member', { email: to, role: 'staff' })).error).toBeNull()
    const { data: queued } = await service.from('email_outbox').select('id').eq('to_address', to).single()
    const emailId = queued!.id

    // Nothing listens on the port: the delivery fails and is put off.
    expect(await worker.drain()).toBe(1)
    const { data: waiting } = await service
      .from('jobs')
      .select('attempts, last_error, failed_at, run_at')
      .eq('dedupe_key', `send_email:${emailId}`)
      .single()
    expect(waiting).toMatchObject({ attempts: 1, failed_at: null })
    expect(waiting!.last_error).toMatch(/ECONNREFUSED|connect/i)
    expect(Date.parse(waiting!.run_at)).toBeGreaterThan(Date.now())
    expect(await mailboxOf(to)).toEqual([])
    expect(log.join('\n')).toMatch(/failed \(attempt 1\).*retry at/)

    // The mail server comes back; the retry's time comes.
    const smtp = await startSmtp(h.lb, { host: '127.0.0.1', port })
    try {
      await h.lb.db.query('update public.jobs set run_at = now() where dedupe_key = $1', [`send_email:${emailId}`])
      expect(await worker.drain()).toBe(1)
      expect(await worker.drain()).toBe(0)
    } finally {
      await smtp.close()
      mailer.close()
    }
    const messages = await mailboxOf(to)
    expect(messages).toHaveLength(1)
    expect(messages[0]!.subject).toBe('Join Happy Tails <Rescue> on Pawhaven')
    expect(messages[0]!.text).toMatch(/Accept the invitation: https:\/\/pawhaven\.example\/invitations\/[0-9a-f]{64}/)
    const { data: sent } = await service.from('email_outbox').select('sent_at, data').eq('id', emailId).single()
    expect(sent!.sent_at).not.toBeNull()
    expect(sent!.data).not.toHaveProperty('secret')
    expect((await service.from('jobs').select('id').eq('dedupe_key', `send_email:${emailId}`)).data).toEqual([])
  })

  it('sends an HTML and a text part in the site look, with absolute links and the reason', async () => {
    const smtp = await startSmtp(h.lb, { host: '127.0.0.1', port: 0 })
    const { mailer, worker } = workerFor(smtp.url)
    try {
      const to = 'parts@example.com'
      await queueInvitation(to)
      await worker.drain()
      const [message] = await mailboxOf(to)
      const link = `${SITE}/invitations/${'a'.repeat(32)}`
      expect(message!.text).toContain(`Accept the invitation: ${link}`)
      expect(message!.text).toContain(
        'Maria Lopez invited you to help Happy Tails <Rescue> list its animals on Pawhaven, as a staff member.',
      )
      expect(message!.text).toContain('until December 2, 2026')
      expect(message!.text).toContain('You got this email because a member of Happy Tails <Rescue> entered your address.')
      expect(message!.html).toContain(`href="${link}"`)
      // Names are escaped in the HTML part.
      expect(message!.html).toContain('Happy Tails &lt;Rescue&gt;')
      expect(message!.html).not.toContain('<Rescue>')
    } finally {
      await smtp.close()
      mailer.close()
    }
  })

  it('sends an email once even when its job runs again after the email went out', async () => {
    const smtp = await startSmtp(h.lb, { host: '127.0.0.1', port: 0 })
    const { mailer } = workerFor(smtp.url)
    try {
      const to = 'twice@example.com'
      const emailId = await queueInvitation(to)
      const sendEmail = createTasks({ mailer, siteUrl: SITE }).send_email!
      const context = { supabase: service, log: () => {}, job: {} as never }
      await sendEmail({ email_id: emailId }, context)
      await sendEmail({ email_id: emailId }, context)
      // Delivered but not marked sent (a crash between the two): the same Message-ID is kept once.
      await service.from('email_outbox').update({ sent_at: null }).eq('id', emailId)
      await h.lb.db.query(`update public.email_outbox set data = data || '{"secret": {"token": "${'a'.repeat(32)}"}}' where id = $1`, [
        emailId,
      ])
      await sendEmail({ email_id: emailId }, context)
      expect(await mailboxOf(to)).toHaveLength(1)
    } finally {
      await smtp.close()
      mailer.close()
    }
  })

  it('gives up at once on an email whose template does not exist or whose data does not fit', async () => {
    const smtp = await startSmtp(h.lb, { host: '127.0.0.1', port: 0 })
    const { mailer, worker } = workerFor(smtp.url)
    try {
      await h.lb.db.query('delete from public.jobs')
      await service.rpc('queue_email', { template: 'no_such_email', to_address: 'nobody@example.com', data: {} })
      await service.rpc('queue_email', { template: 'team_invitation', to_address: 'nobody@example.com', data: { shelter_name: 'X' } })
      expect(await worker.drain()).toBe(2)
      const { data: failed } = await service.from('jobs').select('last_error, failed_at').not('failed_at', 'is', null).order('id')
      expect(failed!.map((job) => job.last_error)).toEqual([
        "Unknown email template 'no_such_email'",
        expect.stringMatching(/^The data of email template 'team_invitation' does not fit it: invited_by: Required/),
      ])
      expect(await mailboxOf('nobody@example.com')).toEqual([])
    } finally {
      await smtp.close()
      mailer.close()
    }
  })
})
