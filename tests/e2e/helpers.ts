// What the specs ask of a page, beside the fixtures in fixtures.ts: the flashed toast, waiting
// for hydration, and where a shelter's dashboard is.
import type { Page } from '@playwright/test'
import type { TestUser } from './fixtures'

/** The shelter's dashboard path, /dashboard/<first 8 of base64(id) without + / =>. */
export function dashboardPath(user: TestUser): string {
  return `/dashboard/${Buffer.from(user.id).toString('base64').replace(/[+/=]/g, '').slice(0, 8)}`
}

/** The toast the server flashed: a sonner toast with JavaScript, a status box without. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast], [role="status"]').filter({ hasText: text }).first()
}

/**
 * Waits until React has hydrated the page. Remix hydrates the whole document and React
 * finishes an element only after its children, so <body> carrying React's props means the
 * page's handlers are in place.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')))
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
