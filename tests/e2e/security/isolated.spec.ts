// What needs a site of its own (tests/e2e/isolated-site.ts): the shipped rate limits with and
// without a trusted proxy, the vetting bypass switched off, and a backend that stops answering.
import { createClient } from '@supabase/supabase-js'
import { expect, test, uniqueEmail } from '#tests/e2e/fixtures.ts'
import { startIsolatedSite, type IsolatedSite } from '#tests/e2e/isolated-site.ts'

test.describe.configure({ mode: 'serial', timeout: 180_000 })

const PASSWORD = 'paws-and-claws-42'
const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }

async function makeUser(site: IsolatedSite, userType: 'adopter' | 'shelter', extra: object = {}) {
  const admin = createClient(site.backendUrl, site.serviceRoleKey, noSession)
  const email = uniqueEmail(userType)
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { user_type: userType, ...extra },
  })
  if (error || !data.user) throw error ?? new Error('no user')
  return { id: data.user.id, email }
}

/** One sign-in through the app's form, as a browser without JavaScript posts it. */
async function signInThroughForm(site: IsolatedSite, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.baseUrl}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    headers,
    redirect: 'manual',
  })
  return { status: response.status, text: await response.text(), location: response.headers.get('location') }
}

test.describe('rate limits without a trusted proxy (TRUST_PROXY unset)', () => {
  let site: IsolatedSite
  test.beforeAll(async () => {
    // Starting a backend takes longer than a test's 30 s on a busy machine.
    test.setTimeout(180_000)
    site = await startIsolatedSite()
  })
  test.afterAll(async () => {
    test.setTimeout(60_000)
    await site?.stop()
  })

  test('100 sign-ins with a new forwarded address each, from one socket, are limited', async () => {
    const results: number[] = []
    for (let attempt = 0; attempt < 100; attempt++) {
      const fake = `198.51.100.${attempt}`
      const { status, text } = await signInThroughForm(site, uniqueEmail('nobody'), 'wrong-password-1', {
        'X-Forwarded-For': fake,
        'X-Client-IP': fake,
        'X-Real-IP': fake,
        'CF-Connecting-IP': fake,
      })
      expect(status, site.log()).toBe(400)
      results.push(text.includes('Request rate limit reached') ? 429 : 400)
    }
    // The shipped per-client limit is 30 attempts per 5 minutes; the forged headers changed nothing.
    expect(results.indexOf(429)).toBe(30)
    expect(results.slice(30).every((status) => status === 429)).toBe(true)
  })
})

test.describe('rate limits behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let site: IsolatedSite
  test.beforeAll(async () => {
    // Starting a backend takes longer than a test's 30 s on a busy machine.
    test.setTimeout(180_000)
    site = await startIsolatedSite({ TRUST_PROXY: 'loopback' })
  })
  test.afterAll(async () => {
    test.setTimeout(60_000)
    await site?.stop()
  })

  test("50 failed sign-ins from client A lock out neither client B nor the account's owner", async () => {
    const owner = await makeUser(site, 'adopter')
    let limited = 0
    for (let attempt = 0; attempt < 50; attempt++) {
      const { text } = await signInThroughForm(site, owner.email, 'wrong-password-1', { 'X-Forwarded-For': '203.0.113.10' })
      if (text.includes('Request rate limit reached')) limited += 1
    }
    expect(limited).toBeGreaterThan(0) // A itself is stopped
    const fromB = await signInThroughForm(site, owner.email, PASSWORD, { 'X-Forwarded-For': '203.0.113.20' })
    expect(fromB.status, fromB.text.slice(0, 500)).toBe(302)
    expect(fromB.location).toBe('/')
    // And A's hammering did not lock B out of the other forms either.
    const contact = await fetch(`${site.baseUrl}/contact`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '203.0.113.20' },
      body: new URLSearchParams({
        name: 'Bee',
        email: 'bee@example.com',
        subject: 'general_inquiry',
        message: 'Hello there, a question about adopting.',
        priority: 'low',
      }),
      redirect: 'manual',
    })
    expect(contact.status).toBe(302)
  })
})

test.describe('the vetting bypass switched off (VETTING_BYPASS_ENABLED=false)', () => {
  let site: IsolatedSite
  test.beforeAll(async () => {
    // Starting a backend takes longer than a test's 30 s on a busy machine.
    test.setTimeout(180_000)
    site = await startIsolatedSite({ VETTING_BYPASS_ENABLED: 'false' })
  })
  test.afterAll(async () => {
    test.setTimeout(60_000)
    await site?.stop()
  })

  test('the holding page has no bypass button and the backend refuses the bypass', async ({ page }) => {
    const shelter = await makeUser(site, 'shelter', { shelter_name: 'Switch Off Rescue' })
    await page.goto(`${site.baseUrl}/shelter-login`)
    await page.getByLabel('Email', { exact: true }).fill(shelter.email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome to Pawhaven!' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Bypass Meeting (Testing)' })).toHaveCount(0)

    const client = createClient(site.backendUrl, site.anonKey, noSession)
    await client.auth.signInWithPassword({ email: shelter.email, password: PASSWORD })
    const { error } = await client.rpc('bypass_vetting')
    expect(error?.code).toBe('42501')
  })
})

test.describe('a backend that stops answering', () => {
  let site: IsolatedSite
  test.beforeAll(async () => {
    // Starting a backend takes longer than a test's 30 s on a busy machine.
    test.setTimeout(180_000)
    site = await startIsolatedSite({ BACKEND_TIMEOUT_MS: '2000' })
  })
  test.afterAll(async () => {
    test.setTimeout(60_000)
    await site?.stop()
  })

  test('gets the friendly 503 page within the timeout, and the site recovers without a restart', async () => {
    expect((await fetch(`${site.baseUrl}/search?type=dog`)).status).toBe(200)
    site.backend.kill('SIGSTOP')
    try {
      for (const path of ['/search?type=dog', '/shelters', '/login']) {
        const started = Date.now()
        const response = await fetch(`${site.baseUrl}${path}`, { signal: AbortSignal.timeout(15_000) })
        const seconds = (Date.now() - started) / 1000
        expect([200, 503], `${path} answered ${response.status}`).toContain(response.status)
        if (response.status === 503) expect(await response.text()).toContain('be right back')
        expect(seconds, `${path} took ${seconds} s`).toBeLessThan(2 + 4)
      }
    } finally {
      site.backend.kill('SIGCONT')
    }
    await expect.poll(async () => (await fetch(`${site.baseUrl}/search?type=dog`)).status, { timeout: 20_000 }).toBe(200)
  })
})
