// What the specs ask of a page, beside the fixtures in fixtures.ts: the flashed toast, waiting
// for hydration, and where a shelter's dashboard is.
import type { Page } from '@playwright/test'
import type { TestUser } from '#tests/e2e/fixtures.ts'

/** The shelter's dashboard path, /dashboard/<first 8 of base64(id) without + / =>. */
export function dashboardPath(user: Pick<TestUser, 'id'>): string {
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
  await page.waitForFunction((id) => {
    const form = document.getElementById(id)
    return Boolean(form && Object.keys(form).some((key) => key.startsWith('__reactProps')))
  }, formId)
}

/**
 * What makes the page wider than the window, or cuts content off at the right: the page's and
 * the body's scroll width past the window's, then each element that sticks out (only the
 * outermost of a nested run). An element sticks out when its right edge is past the window, or,
 * inside a box that hides overflow, past that box's edge while it starts within it (so it is
 * cut, not hidden on purpose) and no ellipsis marks the cut. Inside a box that scrolls sideways
 * (a carousel), nothing counts.
 * An empty list means nothing overflows.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const problems: string[] = []
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`)
    if (document.body.scrollWidth > width) problems.push(`the body is ${document.body.scrollWidth} px wide`)
    function sticksOut(element: Element): boolean {
      const box = element.getBoundingClientRect()
      // Empty, or parked off-screen to the left (the honeypot fields): nothing to see there.
      if (box.width === 0 || box.height === 0 || box.right <= 0) return false
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
        const overflow = getComputedStyle(ancestor).overflowX
        if (overflow === 'visible') continue
        if (overflow === 'auto' || overflow === 'scroll') return false
        // Cut on purpose, with an ellipsis that says so (a long website in a card).
        if (getComputedStyle(ancestor).textOverflow === 'ellipsis') return false
        const edge = ancestor.getBoundingClientRect().right
        return box.left < edge && box.right > edge + 0.5
      }
      return box.right > width + 0.5
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (!sticksOut(element) || (element.parentElement && sticksOut(element.parentElement))) continue
      const box = element.getBoundingClientRect()
      const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).slice(0, 4).join('.')
      const text = (element.textContent ?? '').trim().slice(0, 40)
      problems.push(
        `<${element.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}> "${text}" ends at ${Math.round(box.right)} px`,
      )
    }
    return problems
  })
}
