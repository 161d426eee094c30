// Search on a phone: the count and the first result on the first screen, the filters folded
// behind "Filters (n)" (open on wide screens), and the filters in force as removable chips.
// With JavaScript and without.
import { expect, expectNoSeriousA11yViolations } from '#tests/e2e/fixtures.ts'
import { test } from '#tests/e2e/listings/world.ts'

const PHONE = { width: 360, height: 740 }

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'search on a phone with JavaScript' : 'search on a phone without JavaScript', () => {
    test.use({ javaScriptEnabled, viewport: PHONE })

    test('the count and the first result are on the first screen; the filters unfold and fold', async ({ page, world }) => {
      await page.goto(`/search?q=${world.token}&location=10001&distance=25`)
      const count = page.getByRole('heading', { name: '3 pets found' })
      await expect(count).toBeInViewport()
      await expect(page.getByRole('region', { name: '3 pets found' }).getByRole('article').first()).toBeInViewport({ ratio: 0.3 })
      // Distance and the keywords are folded away; the location stays.
      await expect(page.getByLabel('Location')).toBeVisible()
      await expect(page.getByLabel('Animal type')).toBeHidden()
      const toggle = page.getByText('Filters (2)', { exact: true })
      await expect(toggle).toBeVisible()

      await toggle.click()
      await expect(page.getByLabel('Animal type')).toBeVisible()
      await page.getByLabel('Animal type').selectOption('cat')
      if (!javaScriptEnabled) await page.getByRole('button', { name: 'Search' }).click()
      await expect(page.getByRole('heading', { name: '1 pet found' })).toBeVisible()
      await expect(page).toHaveURL(/type=cat/)
      // With JavaScript the choice updated the results without folding the filters away.
      if (javaScriptEnabled) await expect(page.getByLabel('Animal type')).toBeVisible()
      await expect(page.getByText('Filters (3)', { exact: true })).toBeVisible()
      // axe runs in the page, so only with JavaScript on.
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
    })

    test('the filters in force are chips, each removing itself', async ({ page, world }) => {
      await page.goto(`/search?q=${world.token}&location=10001&distance=25&type=cat`)
      const chips = page.getByRole('list', { name: 'Active filters' })
      await expect(chips.getByRole('link')).toHaveText(['Near 10001×', 'Within 25 miles×', 'Cats×', `“${world.token}”×`])
      await chips.getByRole('link', { name: 'Remove filter: Cats' }).click()
      await expect(page).not.toHaveURL(/type=/)
      await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
      await expect(chips.getByRole('link', { name: 'Remove filter: Cats' })).toHaveCount(0)
      await chips.getByRole('link', { name: 'Remove filter: Near 10001' }).click()
      await expect(page).not.toHaveURL(/location=|distance=/)
      await expect(chips.getByRole('link')).toHaveText([`“${world.token}”×`])
    })
  })
}

test('on a wide screen every filter shows and there is no Filters switch', async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/search?q=${world.token}&location=10001`)
  await expect(page.getByLabel('Animal type')).toBeVisible()
  await expect(page.getByLabel('Distance')).toBeVisible()
  await expect(page.getByText(/^Filters/)).toBeHidden()
  await expect(page.getByRole('button', { name: 'Search' })).toHaveCount(1)
})
