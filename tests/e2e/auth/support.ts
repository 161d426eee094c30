// Helpers the account and dashboard tests share, on top of tests/e2e/fixtures.ts.
//
// The auth server rate-limits sign-ins and sign-ups per visitor address. Every test runs
// from the same machine, so each test takes an address of its own (from the IPv6
// documentation range, never routed) and sends it as X-Forwarded-For, which the app passes
// on to the auth server as a proxy in front of it would.
import { randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { admin, createUser, expect, sessionCookieName, type TestUser } from '../fixtures'

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

/** Signs a browser context in as `user` without the form (fixtures' signIn, with an address of its own). */
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

/** A shelter whose vetting meeting is done (approved directly in the database). */
export async function createApprovedShelter(profile: Record<string, unknown> = {}): Promise<TestUser> {
  const user = await createUser('shelter')
  const { error } = await admin()
    .from('shelter_profiles')
    .update({ meeting_completed: true, approved_at: new Date().toISOString(), ...profile })
    .eq('user_id', user.id)
  if (error) throw error
  return user
}

/** The shelter's dashboard path, /dashboard/<first 8 of base64(id) without + / =>. */
export function dashboardPath(user: TestUser): string {
  return `/dashboard/${Buffer.from(user.id).toString('base64').replace(/[+/=]/g, '').slice(0, 8)}`
}

/** The toast the server flashed: a sonner toast with JavaScript, a status box without. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast], [role="status"]').filter({ hasText: text }).first()
}

/**
 * Waits until React has hydrated a form (its element carries React's props), so typing
 * after this reaches the form's handlers. conform renders `novalidate` on the server too,
 * so that attribute tells nothing.
 */
export async function formHydrated(page: Page, formId: string) {
  await page.waitForFunction(
    (id) => {
      const form = document.getElementById(id)
      return Boolean(form && Object.keys(form).some((key) => key.startsWith('__reactProps')))
    },
    formId,
  )
}
