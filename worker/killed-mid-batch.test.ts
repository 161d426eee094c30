// A worker process killed (SIGKILL) in the middle of sending 60 emails: a new worker takes its
// jobs over once their short lease has run out, and every email is delivered exactly once,
// with the Message-ID it had on the first attempt. The mail server here holds back its answer
// to every message after the first 20, so the kill lands while emails are in the worker's hands.
import { spawn, type ChildProcess } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { outboxMessageId } from '#worker/tasks/send-email.ts'

const EMAILS = 60
const ACCEPTED_BEFORE_KILL = 20
const SITE = 'https://pawhaven.example'

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

type Delivery = { messageId: string; to: string }

/** An SMTP server that counts what it accepts and, while `holding`, answers nothing past `acceptFirst`. */
async function startCountingSmtp(acceptFirst: number) {
  const delivered: Delivery[] = []
  const held: Delivery[] = []
  const state = { holding: true }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    async onData(stream, session, callback) {
      const parsed = await simpleParser(stream)
      const delivery = { messageId: parsed.messageId ?? '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',') }
      // Held: the whole message has arrived, the worker waits for the answer that never comes.
      if (state.holding && delivered.length >= acceptFirst) return void held.push(delivery)
      delivered.push(delivery)
      callback()
    },
  })
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    held,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** `npm run worker` as a child process, against the harness's backend, with 2 s leases. */
function startWorker(smtpUrl: string): { child: ChildProcess; output: () => string; exited: Promise<void> } {
  let output = ''
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      SUPABASE_URL: h.url,
      SUPABASE_SERVICE_ROLE_KEY: h.lb.keys.serviceRoleKey,
      SMTP_URL: smtpUrl,
      SITE_URL: SITE,
      WORKER_CONCURRENCY: '4',
      WORKER_POLL_INTERVAL_MS: '100',
      WORKER_LEASE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return { child, output: () => output, exited }
}

async function countSent(): Promise<number> {
  const { rows } = await h.lb.db.query<{ n: number }>('select count(*)::int as n from public.email_outbox where sent_at is not null')
  return rows[0]!.n
}

describe('a worker killed in the middle of an email batch', () => {
  it('delivers each of 60 emails exactly once, each under one Message-ID', { timeout: 120_000 }, async () => {
    const smtp = await startCountingSmtp(ACCEPTED_BEFORE_KILL)
    const workers: Array<ReturnType<typeof startWorker>> = []
    try {
      const ids: string[] = []
      for (let index = 0; index < EMAILS; index += 1) {
        const { data, error } = await service.rpc('queue_email', {
          template: 'team_invitation',
          to_address: `adopter-${index}@example.com`,
          data: {
            shelter_name: 'Happy Tails',
            invited_by: 'Maria Lopez',
            role: 'staff',
            expires_at: '2026-12-02T10:00:00Z',
            secret: { token: 'a'.repeat(32) },
          },
        })
        if (error) throw error
        ids.push(data!)
      }

      const first = startWorker(smtp.url)
      workers.push(first)
      // Each accepted email is marked sent before the worker goes on, and four are in its hands.
      await vi.waitFor(
        async () => {
          expect(smtp.delivered).toHaveLength(ACCEPTED_BEFORE_KILL)
          expect(smtp.held).toHaveLength(4)
          expect(await countSent()).toBe(ACCEPTED_BEFORE_KILL)
        },
        { timeout: 60_000, interval: 100 },
      )
      first.child.kill('SIGKILL')
      await first.exited

      smtp.state.holding = false
      const second = startWorker(smtp.url)
      workers.push(second)
      await vi.waitFor(
        async () => {
          expect(await countSent()).toBe(EMAILS)
          expect((await service.from('jobs').select('id')).data).toEqual([])
        },
        { timeout: 60_000, interval: 200 },
      )

      // Exactly one delivery per email, under the Message-ID its outbox id gives it.
      const expected = ids.map((id) => `<${outboxMessageId(id, new URL(SITE).hostname)}>`)
      expect(smtp.delivered.map((delivery) => delivery.messageId).sort()).toEqual(expected.sort())
      expect(smtp.delivered.map((delivery) => delivery.to).sort()).toEqual(ids.map((_, index) => `adopter-${index}@example.com`).sort())
      // The emails the killed worker had handed over went out again under the same Message-ID.
      const deliveredIds = new Set(smtp.delivered.map((delivery) => delivery.messageId))
      for (const { messageId } of smtp.held) expect(deliveredIds.has(messageId), messageId).toBe(true)
      expect(second.output()).toMatch(/ready: .*2 s leases/)
    } finally {
      for (const worker of workers) {
        if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM')
        await worker.exited
      }
      await smtp.close()
    }
  })
})
