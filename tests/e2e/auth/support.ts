// Helpers the account and dashboard tests share, on top of tests/e2e/fixtures.ts.
//
// The auth server rate-limits sign-ins and sign-ups per visitor address: see
// visitorAddress in fixtures.ts, which the app passes on as a proxy in front of it would.
import type { Page } from '@playwright/test'
import { admin, createUser, type TestUser } from '../fixtures'

export { asNewVisitor, signInAs, visitorAddress } from '../fixtures'

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
