import type { BrowserContext, Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, toast } from '#tests/e2e/helpers.ts'

const sidebar = (page: Page) => page.locator('#dashboard-sidebar')
const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })

async function sidebarCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'sidebar:state')
}

async function width(page: Page) {
  return (await sidebar(page).boundingBox())?.width
}

for (const js of [true, false]) {
  test.describe(`the dashboard sidebar with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('lists the pages and marks only the current one', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      const base = dashboardPath(shelter)
      const pages = { Overview: '', Animals: '/animals', Applications: '/applications', Analytics: '/analytics', Settings: '/settings' }
      for (const [current, path] of Object.entries(pages)) {
        await page.goto(base + path)
        for (const name of Object.keys(pages)) {
          const link = nav(page).getByRole('link', { name })
          await expect(link).toHaveAttribute('href', base + pages[name as keyof typeof pages])
          if (name === current) await expect(link).toHaveAttribute('aria-current', 'page')
          else await expect(link).not.toHaveAttribute('aria-current', 'page')
        }
      }
      if (js) await expectNoSeriousA11yViolations(page)
    })

    test('collapses to icons from the header, and remembers it in a cookie', async ({ page, context, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/analytics`)
      await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
      await expect.poll(() => width(page)).toBe(240)

      await page.getByRole('button', { name: 'Toggle Sidebar' }).click()
      await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
      await expect.poll(() => width(page)).toBe(56)
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(shelter)}/analytics$`))
      const cookie = await sidebarCookie(context)
      expect(cookie?.value).toBe('false')
      // Seven days, give or take the test's own run time.
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120)
      expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(7 * 24 * 3600)
      // The collapsed sidebar still names its links for screen readers.
      await expect(nav(page).getByRole('link', { name: 'Settings' })).toBeVisible()

      // The server reads the cookie, so the first paint of the next page is already collapsed.
      await page.goto(dashboardPath(shelter))
      await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
      await page.getByRole('button', { name: 'Toggle Sidebar' }).click()
      await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
      expect((await sidebarCookie(context))?.value).toBe('true')
    })

    test('Sign Out at the bottom leads to the shelter sign-in', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/applications`)
      await sidebar(page).getByRole('button', { name: 'Sign Out' }).click()
      await expect(page).toHaveURL(/\/shelter-login$/)
      await expect(toast(page, 'Successfully signed out')).toBeVisible()
      await page.goto(dashboardPath(shelter))
      await expect(page).toHaveURL(/\/shelter-login\?/)
    })

    test("the header's Sign Out, on a dashboard page, leads there too", async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click()
      await expect(page).toHaveURL(/\/shelter-login$/)
      await expect(toast(page, 'Successfully signed out')).toBeVisible()
    })
  })
}

test('Ctrl+B and Cmd+B toggle the sidebar', async ({ page, context, shelter, signIn }) => {
  await signIn(shelter)
  await page.goto(dashboardPath(shelter))
  await page.waitForFunction(() => {
    const aside = document.getElementById('dashboard-sidebar')
    return Boolean(aside && Object.keys(aside).some((key) => key.startsWith('__react')))
  })
  await page.keyboard.press('Control+b')
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
  expect((await sidebarCookie(context))?.value).toBe('false')
  await page.keyboard.press('Meta+b')
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
  expect((await sidebarCookie(context))?.value).toBe('true')
})
