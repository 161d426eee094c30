// The mailbox: what people read at GET /mailbox and tests read at GET /mailbox/api/messages.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendMail } from '#localbase/src/mailbox.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

let h: Harness
let emptyMigrations: string

beforeAll(async () => {
  // The mailbox needs no project schema: an empty migrations dir keeps this suite independent of the app.
  emptyMigrations = await mkdtemp(path.join(os.tmpdir(), 'localbase-mailbox-migrations-'))
  h = await startHarness({ siteUrl: 'http://localhost:3000', migrationsDir: emptyMigrations, seedFiles: [] })
})

afterAll(async () => {
  await h?.stop()
  await rm(emptyMigrations, { recursive: true, force: true })
})

type Message = { id: string; to: string; subject: string; text: string; html: string; created_at: string }

async function messages(query = ''): Promise<Message[]> {
  const response = await fetch(`${h.url}/mailbox/api/messages${query}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('application/json')
  return response.json()
}

describe('GET /mailbox/api/messages', () => {
  it('lists one address newest first, matching it case-insensitively', async () => {
    const to = uniqueEmail('Reader')
    await sendMail(h.lb, { to, subject: 'first', text: 'one', html: '<p>one</p>' })
    await sendMail(h.lb, { to: to.toUpperCase(), subject: 'second', text: 'two', html: '<p>two</p>' })
    await sendMail(h.lb, { to: uniqueEmail('other'), subject: 'not yours', text: 'x', html: 'x' })

    const list = await messages(`?to=${encodeURIComponent(to.toLowerCase())}`)
    expect(list.map((message) => message.subject)).toEqual(['second', 'first'])
    expect(list[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      to: to.toUpperCase(),
      subject: 'second',
      text: 'two',
      html: '<p>two</p>',
      // The List-* headers a message carries (saved-search alerts): none on this one.
      headers: {},
      created_at: expect.any(String),
    })
    expect(Date.parse(list[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(list[1]!.created_at))
  })

  it('lists every address without ?to=, at most 200', async () => {
    for (let i = 0; i < 205; i++) await sendMail(h.lb, { to: uniqueEmail('bulk'), subject: `bulk ${i}`, text: '', html: '' })
    const list = await messages()
    expect(list).toHaveLength(200)
    expect(list[0]!.subject).toBe('bulk 204')
  })

  it('holds the emails auth sends', async () => {
    const email = uniqueEmail('signup')
    const response = await fetch(`${h.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: h.lb.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-1' }),
    })
    expect(response.status).toBe(200)
    const [mail] = await messages(`?to=${encodeURIComponent(email)}`)
    expect(mail?.subject).toBe('Confirm your signup')
    expect(mail?.text).toContain('http://localhost:3000/auth/confirm?token_hash=')
  })
})

describe('GET /mailbox', () => {
  it('renders a readable page with everything escaped and links clickable', async () => {
    const to = uniqueEmail('page')
    await sendMail(h.lb, {
      to,
      subject: '<script>alert("subject")</script>',
      text: 'Open https://example.com/confirm?token_hash=abc&type=email now <b>bold</b>',
      html: '<p onclick="x()">hi</p>',
    })
    const response = await fetch(`${h.url}/mailbox?to=${encodeURIComponent(to)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const page = await response.text()
    expect(page).toContain(`Mail to ${to}`)
    expect(page).not.toContain('<script>alert')
    expect(page).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;')
    expect(page).toContain('<a href="https://example.com/confirm?token_hash=abc&amp;type=email">')
    expect(page).toContain('&lt;b&gt;bold&lt;/b&gt;')
    expect(page).not.toContain('<p onclick')
    expect(page).toContain('sandbox=')
  })

  it('says so when there is no mail, and refuses other methods', async () => {
    const page = await (await fetch(`${h.url}/mailbox?to=${encodeURIComponent(uniqueEmail('nobody'))}`)).text()
    expect(page).toContain('No messages yet.')
    expect((await fetch(`${h.url}/mailbox`, { method: 'POST' })).status).toBe(405)
    expect((await fetch(`${h.url}/mailbox/nowhere`)).status).toBe(404)
  })
})

describe('who may read the mailbox', () => {
  it('answers no cross-origin browser: no CORS header on the page, the API or a preflight', async () => {
    for (const path of ['/mailbox', '/mailbox/api/messages']) {
      const response = await fetch(`${h.url}${path}`, { headers: { Origin: 'https://evil.example' } })
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    }
    const preflight = await fetch(`${h.url}/mailbox/api/messages`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('listens on loopback only', () => {
    expect(h.lb.config.host).toBe('127.0.0.1')
  })

  it('keeps CORS on the Supabase APIs the browser client may call', async () => {
    const response = await fetch(`${h.url}/auth/v1/settings`, { headers: { Origin: 'https://app.example' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })
})
