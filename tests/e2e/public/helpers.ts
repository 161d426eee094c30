// Helpers the public-site tests share, on top of tests/e2e/fixtures.ts.
//
// The public forms are rate-limited per visitor address, and every test runs from this one
// machine: each test takes an address of its own (from the IPv6 documentation range, never
// routed) and sends it as X-Forwarded-For, as a proxy in front of the app would.
import { randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { sessionCookieName, type TestUser } from '../fixtures'

export function visitorAddress(): string {
  const group = () => randomBytes(2).toString('hex')
  return `2001:db8:${group()}:${group()}::${group()}`
}

export async function asNewVisitor(context: BrowserContext): Promise<string> {
  const address = visitorAddress()
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address })
  return address
}

/** Signs a browser context in as `user` without the form, from an address of its own. */
export async function signInAs(context: BrowserContext, user: TestUser, baseURL: string) {
  const client = createClient(process.env.E2E_SUPABASE_URL ?? '', process.env.E2E_ANON_KEY ?? '', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': visitorAddress() } },
  })
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password })
  if (error || !data.session) throw error ?? new Error('no session')
  const value = 'base64-' + Buffer.from(JSON.stringify(data.session)).toString('base64url')
  await context.addCookies([{ name: sessionCookieName(), value, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
}

/**
 * Waits until React has hydrated the page. Remix hydrates the whole document and React
 * finishes an element only after its children, so <body> carrying React's props means the
 * page's handlers are in place.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')))
}

/** The toast the server flashed: a sonner toast with JavaScript, a status box without. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast], [role="status"]').filter({ hasText: text }).first()
}

/** The public pages, with the one heading and a few texts each must show. */
export const publicPages = [
  { path: '/', h1: "Adopt, Don't Shop. Save Lives.", texts: ['2023 U.S. Shelter Statistics', 'Newest Arrivals', 'Our Mission'] },
  { path: '/search', h1: 'Find Your Perfect Pet', texts: ['pets found', 'Good with', 'Sort by'] },
  { path: '/animal-types', h1: 'Every kind of pet needs a home', texts: ['Small Animals', 'available'] },
  { path: '/shelters', h1: 'Find Shelters Near You', texts: ['City or ZIP code', 'All shelters'] },
  { path: '/shelter-directory', h1: 'Find Shelters Near You', texts: ['City or ZIP code'] },
  { path: '/success-stories', h1: 'Happy tails, new beginnings', texts: ['The Martinez Family', 'Shelly'] },
  { path: '/how-it-works', h1: 'Adoption made simple, for everyone', texts: ['Find your new best friend', 'Reach more adopters, free'] },
  { path: '/blog', h1: 'The Pawhaven Blog', texts: ['Your First Week with a Rescue Dog: A Day-by-Day Guide'] },
  { path: '/support', h1: 'How can we help?', texts: ['System Status', 'Frequently Asked Questions'] },
  { path: '/about', h1: 'Connecting every adoptable pet with a loving home', texts: ["I'm an Adopter", 'Our Mission'] },
  { path: '/privacy', h1: 'Privacy Policy', texts: ['March 1, 2024'] },
  { path: '/terms', h1: 'Terms of Service', texts: ['March 1, 2024'] },
  { path: '/contact', h1: 'Contact Us', texts: ['Send us a message', 'Email Support'] },
] as const
