// Shared Playwright fixtures: users made through the admin API (so most tests skip the
// forms), signing a browser context in by setting the session cookie the server reads,
// the embedded mailbox, and the axe scan.
import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'

export { expect }

const supabaseUrl = process.env.E2E_SUPABASE_URL ?? ''
const anonKey = process.env.E2E_ANON_KEY ?? ''
const serviceRoleKey = process.env.E2E_SERVICE_ROLE_KEY ?? ''
const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }

export const admin = () => createClient(supabaseUrl, serviceRoleKey, noSession)

export type TestUser = { id: string; email: string; password: string; userType: 'adopter' | 'shelter' }

let counter = 0
export function uniqueEmail(prefix = 'e2e') {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`
}

/** A confirmed user, made through the admin API (a shelter gets its profile from the signup trigger). */
export async function createUser(
  userType: TestUser['userType'] = 'adopter',
  { email = uniqueEmail(userType), password = 'paws-and-claws-42', shelterName = 'New Shelter' } = {},
): Promise<TestUser> {
  const metadata = userType === 'shelter' ? { user_type: 'shelter', shelter_name: shelterName } : { user_type: 'adopter' }
  const { data, error } = await admin().auth.admin.createUser({ email, password, email_confirm: true, user_metadata: metadata })
  if (error || !data.user) throw error ?? new Error('createUser returned no user')
  return { id: data.user.id, email, password, userType }
}

/** The cookie @supabase/ssr reads: `sb-<first host label>-auth-token` = "base64-" + base64url(session JSON). */
export function sessionCookieName() {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
}

/**
 * A visitor address of a test's own (IPv6 documentation range, never routed), sent as
 * X-Forwarded-For as a proxy in front of the app would: the app and the auth server rate-limit
 * per visitor, and every test runs from this one machine.
 */
export function visitorAddress(): string {
  const group = () => randomBytes(2).toString('hex')
  return `2001:db8:${group()}:${group()}::${group()}`
}

/** Gives this browser context a visitor address of its own. */
export async function asNewVisitor(context: BrowserContext): Promise<string> {
  const address = visitorAddress()
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address })
  return address
}

/** Signs a browser context in as `user` without the form, from an address of its own. */
export async function signInAs(context: BrowserContext, user: TestUser, baseURL: string) {
  const client = createClient(supabaseUrl, anonKey, { ...noSession, global: { headers: { 'X-Forwarded-For': visitorAddress() } } })
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password })
  if (error || !data.session) throw error ?? new Error('no session')
  const value = 'base64-' + Buffer.from(JSON.stringify(data.session)).toString('base64url')
  await context.addCookies([{ name: sessionCookieName(), value, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
}

export type MailboxMessage = { id: string; to: string; subject: string; text: string; html: string; created_at: string }

/** Waits for the newest email to `to` (optionally matching a subject) in the embedded mailbox. */
export async function waitForEmail(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const response = await fetch(`${supabaseUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`)
    const messages = (await response.json()) as MailboxMessage[]
    const match = messages.find((message) => !subject || subject.test(message.subject))
    if (match) return match
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no email to ${to} within ${timeoutMs} ms`)
}

/** The first link in an email's text that points at the given path, e.g. /auth/confirm. */
export function linkFrom(message: MailboxMessage, pathPrefix: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(pathPrefix))
  if (!link) throw new Error(`no ${pathPrefix} link in: ${message.text}`)
  return link
}

/** An axe scan of the page as it is now; fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(
    serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

export const test = base
