// The security headers every page carries (server/security.ts), and what they stop: another
// site framing a page, a redirect target that leads off the site, a cross-site form post.
import { expect, test } from '#tests/e2e/fixtures.ts'

const PAGES = ['/', '/search', '/login', '/join', '/contact', '/shelters', '/no-such-page']

test.describe('security headers', () => {
  for (const path of PAGES) {
    test(`${path} sends a nonce CSP, frame, sniffing, referrer and permissions policies`, async ({ request }) => {
      const response = await request.get(path)
      const headers = response.headers()
      const csp = headers['content-security-policy'] ?? ''
      expect(csp).toMatch(/script-src 'strict-dynamic' 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(headers['x-frame-options']).toBe('DENY')
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['permissions-policy']).toContain('camera=()')
      expect(headers['cross-origin-opener-policy']).toBe('same-origin')
      // Plain http (the test server): HSTS would pin localhost to https.
      expect(headers['strict-transport-security']).toBeUndefined()
      // The nonce in the header is the one the page's scripts carry, and it changes every time.
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!
      expect(await response.text()).toContain(`nonce="${nonce}"`)
      const again = (await request.get(path)).headers()['content-security-policy']
      expect(again).not.toBe(csp)
    })
  }

  test('HSTS is sent when the site is reached over https through a trusted proxy', async ({ request }) => {
    const response = await request.get('/', { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(response.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })

  test('static files are not sniffed either', async ({ request }) => {
    const response = await request.get('/favicon.svg')
    expect(response.headers()['x-content-type-options']).toBe('nosniff')
  })
})

test('another origin cannot frame the sign-in page', async ({ browser, baseURL }) => {
  // A context of its own: the refusal is a CSP report in the console, which the shared
  // fixture would count against the test.
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const refusals: string[] = []
    page.on('console', (message) => {
      if (message.text().includes("frame-ancestors 'none'")) refusals.push(message.text())
    })
    // about:blank with no policy of its own stands in for another site.
    await page.setContent(`<iframe title="framed" src="${baseURL}/login"></iframe>`)
    await expect.poll(() => refusals.length).toBeGreaterThan(0)
    await expect(page.frameLocator('iframe[title="framed"]').getByRole('button', { name: 'Sign In' })).toHaveCount(0)
  } finally {
    await context.close()
  }
})

test('a cross-site form post is refused with a 403 page, not acted on', async ({ request }) => {
  const response = await request.post('/contact', {
    form: { name: 'Mallory', email: 'mallory@example.com', subject: 'general', message: 'Posted from another site.' },
    headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(403)
  expect(await response.text()).toContain('This form was sent from another website')
})

test.describe('redirect targets never lead off the site', () => {
  for (const target of [
    '/\t/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/%2F/evil.example',
    'https://evil.example',
    '/\r\n/evil.example',
  ]) {
    test(`signing in with redirectTo=${JSON.stringify(target)} lands on Pawhaven`, async ({ page, adopter, baseURL }) => {
      await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`)
      await page.getByLabel('Email', { exact: true }).fill(adopter.email)
      await page.getByLabel('Password', { exact: true }).fill(adopter.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(`${baseURL}/`)
    })
  }

  test('signing out with a hostile redirectTo goes home', async ({ request }) => {
    const response = await request.post('/logout', { form: { redirectTo: '/\t/evil.example' }, maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/')
  })
})
