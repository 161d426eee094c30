// More than one server against one database, as a deployment behind a load balancer runs: two
// web servers, two workers and one FTP drop, each its own process, against one backend on a real
// PostgreSQL. A session made on one web server works on the other; an API key's limit counts
// requests to both; an email job whose worker is killed with SIGKILL mid-batch is finished by the
// other worker, each email delivered once; a file dropped over FTP is imported once.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import bcrypt from 'bcryptjs'
import { Client } from 'basic-ftp'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { REQUESTS_PER_MINUTE } from '#app/api/limits.ts'
import { PETFINDER_HEADER, biscuit, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { parseFtpReady } from '#scripts/lib/backend.ts'
import { ensureBuild, serverBuild } from '#scripts/lib/build.ts'
import { freePort, waitForHealth } from '#scripts/lib/local-servers.ts'
import { outboxMessageId } from '#worker/tasks/send-email.ts'

const projectRoot = path.resolve(import.meta.dirname, '../..')
const SITE = 'https://pawhaven.example'
const FTP_PASSWORD = 'two-servers-ftp-password-1'

type Child = { name: string; child: ChildProcess; output: () => string; exited: Promise<void> }

let h: Harness
let service: SupabaseClient<Database>
let dataDir: string
const children: Child[] = []
const web: string[] = []
const smtpServers: CountingSmtp[] = []

function start(name: string, script: string, args: string[], env: Record<string, string>): Child {
  let output = ''
  const child = spawn(process.execPath, [path.join(projectRoot, script), ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      SUPABASE_URL: h.url,
      SUPABASE_ANON_KEY: h.lb.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: h.lb.keys.serviceRoleKey,
      SITE_URL: SITE,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const started = { name, child, output: () => output, exited }
  children.push(started)
  return started
}

async function stop({ child, exited }: Child, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  await exited
}

type Delivery = { messageId: string; to: string }
type CountingSmtp = { url: string; delivered: Delivery[]; held: Delivery[]; close: () => Promise<void> }

/** An SMTP server that records what it accepts and, after `acceptFirst`, holds every answer back. */
async function startCountingSmtp(acceptFirst = Infinity): Promise<CountingSmtp> {
  const delivered: Delivery[] = []
  const held: Delivery[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    async onData(stream, session, callback) {
      const parsed = await simpleParser(stream)
      const delivery = { messageId: parsed.messageId ?? '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',') }
      // Held: the whole message has arrived and the worker waits for an answer that never comes.
      if (delivered.length >= acceptFirst) return void held.push(delivery)
      delivered.push(delivery)
      callback()
    },
  })
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const smtp = {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  smtpServers.push(smtp)
  return smtp
}

async function startWeb(sessionSecret: string): Promise<string> {
  const port = await freePort()
  const server = start(`web ${web.length + 1}`, 'server/index.ts', [serverBuild], {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SESSION_SECRET: sessionSecret,
    SYNC_SECRET_KEY: 'b'.repeat(64),
    // The workers and the FTP drop are this test's own; a web server checks only itself here.
    HEALTHZ_REQUIRE: '',
  })
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(`${url}/healthz`, server.child, 60_000)
  web.push(url)
  return url
}

function startWorker(name: string, smtpUrl: string): Child {
  return start(name, 'worker/main.ts', [], {
    SMTP_URL: smtpUrl,
    WORKER_CONCURRENCY: '4',
    WORKER_POLL_INTERVAL_MS: '100',
    WORKER_LEASE_SECONDS: '2',
  })
}

async function newShelter(name: string) {
  const created = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: name })
  const { data } = await service.from('shelter_profiles').select('id').eq('user_id', created.userId).single()
  await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', data!.id)
  return { owner: created.client as SupabaseClient<Database>, shelterId: data!.id }
}

/** Every `Set-Cookie` of a response as one `Cookie` header (names and values only). */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ')
}

beforeAll(async () => {
  ensureBuild()
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  // No scheduled jobs: the workers here run only what the tests queue.
  await h.lb.db.query('delete from public.job_schedules')
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-two-servers-'))
  const sessionSecret = 'a'.repeat(64)
  await startWeb(sessionSecret)
  await startWeb(sessionSecret)
}, 240_000)

afterAll(async () => {
  for (const child of children) await stop(child)
  for (const smtp of smtpServers) await smtp.close()
  await h?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('two web servers, two workers and one FTP drop on one database', () => {
  it('takes a session made on one web server on the other', async () => {
    const email = uniqueEmail('adopter')
    const password = 'correct-horse-1'
    await service.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { user_type: 'adopter', full_name: 'Ana Two' },
    })

    const [first, second] = web as [string, string]
    const signIn = await fetch(`${first}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: first },
      body: new URLSearchParams({ email, password, redirectTo: '/account/settings' }),
    })
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get('location')).toBe('/account/settings')
    const cookie = cookieHeader(signIn)
    expect(cookie).toMatch(/-auth-token/)

    const elsewhere = await fetch(`${second}/account/settings`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect(elsewhere.status).toBe(200)
    expect(await elsewhere.text()).toContain(email)
    // Without the cookie the same page sends the visitor to sign in: the 200 above is the session's.
    const signedOut = await fetch(`${second}/account/settings`, { redirect: 'manual' })
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toMatch(/^\/login/)
  })

  it("counts an API key's requests on both web servers against one limit", { timeout: 120_000 }, async () => {
    const { owner } = await newShelter('Two Servers Rescue')
    const { data: made, error } = await owner.rpc('create_api_key', { name: 'Both servers', scope: 'read' })
    if (error) throw error
    const key = (made as unknown as { key: string }).key

    // The limit counts in fixed minutes weighed into a sliding one: the burst starts early in
    // a minute, so all of it counts in one and exactly the limit is let through.
    const second = new Date().getUTCSeconds()
    if (second > 35) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000))

    const statuses: number[] = []
    const total = REQUESTS_PER_MINUTE * 2
    for (let sent = 0; sent < total; sent += 20) {
      const batch = Array.from({ length: 20 }, (_, index) =>
        fetch(`${web[(sent + index) % 2]}/api/v1/animals`, { headers: { Authorization: `Bearer ${key}` } }).then(async (response) => {
          await response.arrayBuffer()
          return response.status
        }),
      )
      statuses.push(...(await Promise.all(batch)))
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(REQUESTS_PER_MINUTE)
    expect(statuses.filter((status) => status === 429)).toHaveLength(total - REQUESTS_PER_MINUTE)
    expect(new Set(statuses)).toEqual(new Set([200, 429]))
  })

  it('finishes the email jobs of a worker killed mid-batch on the other worker, each email once', { timeout: 180_000 }, async () => {
    const EMAILS = 40
    // The first worker's mail server takes five emails, then keeps every answer back: the kill
    // lands while emails are in that worker's hands. The second worker's mail server takes all.
    const holding = await startCountingSmtp(5)
    const open = await startCountingSmtp()
    const ids: string[] = []
    for (let index = 0; index < EMAILS; index += 1) {
      const { data, error } = await service.rpc('queue_email', {
        template: 'team_invitation',
        to_address: `invitee-${index}@example.com`,
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

    const doomed = startWorker('worker 1', holding.url)
    const survivor = startWorker('worker 2', open.url)
    await vi.waitFor(() => expect(holding.held).toHaveLength(4), { timeout: 90_000, interval: 100 })
    await stop(doomed, 'SIGKILL')

    await vi.waitFor(
      async () => {
        const { count } = await service.from('email_outbox').select('id', { count: 'exact', head: true }).is('sent_at', null)
        expect(count).toBe(0)
        expect((await service.from('jobs').select('id')).data).toEqual([])
      },
      { timeout: 90_000, interval: 200 },
    )
    // Only this test's emails: signing shelters up may have queued others.
    const delivered = [...holding.delivered, ...open.delivered].filter((delivery) => delivery.to.startsWith('invitee-'))
    const expected = ids.map((id) => `<${outboxMessageId(id, new URL(SITE).hostname)}>`)
    expect(delivered.map((delivery) => delivery.messageId).sort()).toEqual(expected.sort())
    // Both workers sent some; what the killed one held was sent by the other, under the same id.
    expect(holding.delivered).toHaveLength(5)
    const survivorIds = new Set(open.delivered.map((delivery) => delivery.messageId))
    for (const { messageId } of holding.held) expect(survivorIds.has(messageId), messageId).toBe(true)
    expect(survivor.child.exitCode).toBeNull()
  })

  it('imports a file dropped over FTP once, with two workers running', { timeout: 120_000 }, async () => {
    const { owner } = await newShelter('FTP Two Servers')
    const { data, error } = await owner.rpc('create_ftp_source', {
      name: 'ASM3 to Petfinder',
      format: 'petfinder',
      password_hash: bcrypt.hashSync(FTP_PASSWORD, 4),
    })
    if (error) throw error
    const { source_id: sourceId, username } = data[0]!
    // The workers of the test before may still run; they must not import the file again.
    if (!children.some((child) => child.name.startsWith('worker') && child.child.exitCode === null)) {
      const smtp = await startCountingSmtp()
      startWorker('worker 3', smtp.url)
      startWorker('worker 4', smtp.url)
    }

    const passive = 44000 + Math.floor(Math.random() * 4000)
    const drop = start('ftp', 'ftp/main.ts', [], {
      FTP_PORT: String(await freePort()),
      FTP_HOST: '127.0.0.1',
      FTP_PASSIVE_PORTS: `${passive}-${passive + 20}`,
    })
    await vi.waitFor(() => expect(parseFtpReady(drop.output())).not.toBeNull(), { timeout: 60_000, interval: 100 })
    const { listening } = parseFtpReady(drop.output())!
    const port = Number(listening.split(':').at(-1))

    const client = new Client(10_000)
    try {
      await client.access({ host: '127.0.0.1', port, user: username, password: FTP_PASSWORD })
      const file = [
        PETFINDER_HEADER,
        petfinderRow(biscuit),
        petfinderRow({ ...biscuit, ID: 'D2024002', Internal: 'D2024002', AnimalName: 'Pepper' }),
      ].join('\n')
      await client.uploadFrom(Readable.from([Buffer.from(file + '\n')]), '/import/animals.csv')
    } finally {
      client.close()
    }

    const runs = () => owner.from('import_runs').select('id, trigger, status, added').eq('source_id', sourceId)
    await vi.waitFor(
      async () => expect((await runs()).data).toEqual([{ id: expect.any(String), trigger: 'ftp', status: 'succeeded', added: 2 }]),
      { timeout: 60_000, interval: 200 },
    )
    // Time for any second import to show: still one run and one of each animal.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect((await runs()).data).toHaveLength(1)
    const { data: animals } = await service.from('animals').select('external_id').eq('source_id', sourceId).order('external_id')
    expect(animals).toEqual([{ external_id: 'D2024001' }, { external_id: 'D2024002' }])
  })
})
