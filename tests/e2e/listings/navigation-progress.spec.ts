// The slim bar at the top of the page while a search or a filter change takes a while: it waits
// a moment before showing, says "Loading…" to screen readers, goes when the results are in, and
// stands still for people who ask for reduced motion. Each search's data request is held here
// until the test lets it through.
import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { hydrated } from '#tests/e2e/helpers.ts'

/** Holds every data request of the search page until the returned function is called. */
async function holdSearches(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/search\?.*_data=/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test('a slow filter change shows a progress bar, announced, until the results arrive', async ({ page }) => {
  await page.goto('/search?location=78701')
  await hydrated(page)
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  const release = await holdSearches(page)

  await page.getByRole('checkbox', { name: 'House-trained' }).check()
  const bar = page.getByRole('progressbar', { name: 'Loading page' })
  await expect(bar).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(1)
  await expectNoSeriousA11yViolations(page)
  // The bar slides when motion is welcome.
  expect(await bar.locator('div').evaluate((element) => getComputedStyle(element).animationName)).toBe('navigation-progress')

  release()
  await expect(page).toHaveURL(/[?&]house_trained=yes/)
  await expect(bar).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0)
})

test('with reduced motion the bar shows but does not move', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/search?location=78701')
  await hydrated(page)
  const release = await holdSearches(page)
  await page.getByRole('checkbox', { name: 'House-trained' }).check()
  const bar = page.getByRole('progressbar', { name: 'Loading page' })
  await expect(bar).toBeVisible()
  expect(await bar.locator('div').evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
  release()
  await expect(bar).toHaveCount(0)
})

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('no bar is rendered: the browser shows its own loading', async ({ page }) => {
    await page.goto('/search?location=78701')
    await page.getByRole('checkbox', { name: 'House-trained' }).check()
    await page.getByRole('button', { name: 'Search', exact: true }).first().click()
    await expect(page).toHaveURL(/[?&]house_trained=yes/)
    await expect(page.getByRole('progressbar')).toHaveCount(0)
  })
})
