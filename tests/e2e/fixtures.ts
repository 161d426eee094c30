// The `test` every spec imports, with Playwright fixtures: each test's browser context comes
// from a visitor address of its own; `users` makes confirmed accounts through the admin API (so
// most tests skip the forms) and deletes them after the test; `adopter` and `shelter` are the
// two usual ones; `signIn` signs the context in by setting the session cookie the server reads.
// Beside them, plain helpers: the admin client, the embedded mailbox, and the axe scan.
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
export type TestShelter = TestUser & { shelterId: string; slug: string }

type Account = { email?: string; password?: string }
type ShelterOptions = Account & {
  /** The name given at sign-up (the profile starts as 'New Shelter' without one). */
  name?: string
  /** Vetting meeting done, approved now. */
  approved?: boolean
  /** Columns of shelter_profiles to set, through the service role. */
  profile?: Record<string, unknown>
}

/** Makes users through the admin API; every one is deleted after the test (or the worker). */
export type UserFactory = {
  adopter(account?: Account): Promise<TestUser>
  shelter(options?: ShelterOptions): Promise<TestShelter>
}

export const AUSTIN = { zip_code: '78701', city: 'Austin', state: 'TX', latitude: 30.2672, longitude: -97.7431 }

/** What the `shelter` fixture's profile holds: every field of the settings form, placed in Austin. */
export const COMPLETE_PROFILE = {
  ...AUSTIN,
  shelter_name: 'Lone Star Paws Rescue',
  shelter_type: 'rescue_organization',
  description: 'A volunteer rescue for dogs and cats in central Texas.\n\nVisit us any weekend.',
  phone: '(512) 555-0147',
  address: '100 Congress Ave',
  website: 'https://lonestarpaws.example',
  capacity: 40,
}

type Fixtures = {
  /** The X-Forwarded-For every request of the test's context carries (see visitorAddress). */
  visitor: string
  users: UserFactory
  /** A confirmed adopter. */
  adopter: TestUser
  /** An approved shelter with a complete profile (COMPLETE_PROFILE). */
  shelter: TestShelter
  /** Signs the test's browser context in as `user`, without the form. */
  signIn: (user: TestUser) => Promise<void>
}

export const test = base.extend<Fixtures>({
  visitor: [
    async ({ context }, use) => {
      // Every page of every test is also a check of the Content-Security-Policy: a script or
      // style the policy blocked fails the test that loaded it.
      const violations: string[] = []
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`)
      })
      await use(await asNewVisitor(context))
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's first parameter as a destructuring pattern to learn its dependencies; `{}` means none
  users: async ({}, use) => {
    const { users, deleteAll } = userFactory()
    await use(users)
    await deleteAll()
  },
  adopter: async ({ users }, use) => {
    await use(await users.adopter())
  },
  shelter: async ({ users }, use) => {
    await use(await users.shelter({ approved: true, profile: COMPLETE_PROFILE }))
  },
  signIn: async ({ context, baseURL }, use) => {
    await use((user) => signInAs(context, user, baseURL!))
  },
})

let counter = 0
export function uniqueEmail(prefix = 'e2e') {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`
}

/** A user factory and the clean-up of what it made, for a test-scoped or a worker-scoped fixture. */
export function userFactory(): { users: UserFactory; deleteAll: () => Promise<void> } {
  const made: TestUser[] = []
  async function create(
    userType: TestUser['userType'],
    { email = uniqueEmail(userType), password = 'paws-and-claws-42' }: Account,
    metadata: object,
  ) {
    const { data, error } = await admin().auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { user_type: userType, ...metadata },
    })
    if (error || !data.user) throw error ?? new Error('createUser returned no user')
    const user: TestUser = { id: data.user.id, email, password, userType }
    made.push(user)
    return user
  }
  const users: UserFactory = {
    adopter: (account = {}) => create('adopter', account, {}),
    async shelter({ name = 'New Shelter', approved = false, profile = {}, ...account } = {}) {
      // The sign-up trigger makes the profile; approval and the profile's fields come after, as in the product.
      const user = await create('shelter', account, { shelter_name: name })
      const changes = { ...(approved ? { meeting_completed: true, approved_at: new Date().toISOString() } : {}), ...profile }
      if (Object.keys(changes).length) {
        const { error } = await admin().from('shelter_profiles').update(changes).eq('user_id', user.id)
        if (error) throw error
      }
      const { data, error } = await admin().from('shelter_profiles').select('id, slug').eq('user_id', user.id).single()
      if (error) throw error
      return { ...user, shelterId: data.id as string, slug: data.slug as string }
    },
  }
  async function deleteAll() {
    await Promise.all(made.splice(0).map(deleteUser))
  }
  return { users, deleteAll }
}

/**
 * Deletes a user through the admin API. The shelter they created, its animals and photo rows
 * cascade; the photo files in Storage do not (no foreign key reaches storage.objects), so they
 * go first: the shelter's folder, and the user's own from before folders were kept by shelter.
 */
async function deleteUser(user: TestUser) {
  if (user.userType === 'shelter') {
    const { data, error } = await admin().from('shelter_profiles').select('id').eq('user_id', user.id)
    if (error) throw error
    for (const folder of [user.id, ...data.map((profile) => profile.id as string)]) await removePhotos(folder)
  }
  const { error } = await admin().auth.admin.deleteUser(user.id)
  if (error && error.code !== 'user_not_found') throw error
}

/** Removes <folder>/<animal id>/<file> from the animal-photos bucket (the folder rule of its policies). */
async function removePhotos(folder: string) {
  const bucket = admin().storage.from('animal-photos')
  const { data: animals, error } = await bucket.list(folder, { limit: 1000 })
  if (error) throw error
  const paths: string[] = []
  for (const animal of animals) {
    const { data: files, error: filesError } = await bucket.list(`${folder}/${animal.name}`, { limit: 1000 })
    if (filesError) throw filesError
    paths.push(...files.map((file) => `${folder}/${animal.name}/${file.name}`))
  }
  if (paths.length === 0) return
  const { error: removeError } = await bucket.remove(paths)
  if (removeError) throw removeError
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

/** Gives a browser context a visitor address of its own. */
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

/**
 * An axe scan of the page as it is now; fails on any serious or critical violation. Legacy mode
 * runs the scan in the page itself: our pages have no cross-origin frames, and the default mode
 * opens a second blank page per scan to gather frames' results, doubling its cost.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze()
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(
    serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([])
}
