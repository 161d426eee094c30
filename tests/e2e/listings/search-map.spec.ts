// The Map view of /search: the same search drawn on a US map made on the server,
// markers that are links to the animal or to the list of their place, a list of the same
// places, and a List/Map switch of two links — with JavaScript and without.
import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations } from '#tests/e2e/fixtures.ts'
import { test } from '#tests/e2e/listings/world.ts'

const map = (page: Page) => page.locator('figure svg')
const places = (page: Page) => page.getByRole('region', { name: 'On the map' })
const marker = (page: Page, name: string) => map(page).getByRole('link', { name, exact: true })

/** Tabs until the element named `name` has focus (at most `limit` presses); its name, or null. */
async function tabTo(page: Page, name: string, limit = 60): Promise<string | null> {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null,
    )
    if (focused === name) return focused
  }
  return null
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('the switch shows the same search on a map, nationwide, and back as a list', async ({ page, world }) => {
      await page.goto(`/search?q=${world.token}`)
      const views = page.getByRole('navigation', { name: 'Results view' })
      await expect(views.getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page')
      await views.getByRole('link', { name: 'Map' }).click()
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${world.token}&view=map$`))
      await expect(views.getByRole('link', { name: 'Map' })).toHaveAttribute('aria-current', 'page')
      await expect(views.getByRole('link', { name: 'List' })).not.toHaveAttribute('aria-current', /.*/)
      // Adopted, archived and unapproved animals are no more on the map than in the list.
      await expect(page.getByRole('heading', { name: '29 pets found' })).toBeVisible()
      await expect(map(page)).toHaveAccessibleName('Map of 29 pets found in the United States')
      await expect(map(page)).toHaveAccessibleDescription(/2 markers, each a link/)
      await expect(marker(page, '3 animals near New York, NY')).toHaveCount(1)
      await expect(marker(page, '26 animals near San Francisco, CA')).toHaveCount(1)
      await expect(places(page).getByRole('link')).toHaveText(['26 animals near San Francisco, CA', '3 animals near New York, NY'])

      // A search from the map stays on the map.
      await page.getByLabel('Animal type').selectOption('dog')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await expect(page.getByRole('heading', { name: '2 pets found' })).toBeVisible()
      expect(new URL(page.url()).searchParams.get('view')).toBe('map')
      await expect(places(page).getByRole('link')).toHaveText(['Alpha, Beagle', 'Foxtrot, Labrador Retriever'])

      await views.getByRole('link', { name: 'List' }).click()
      await expect(page).toHaveURL(new RegExp(`/search\\?type=dog&q=${world.token}$`))
      await expect(page.getByRole('article')).toHaveCount(2)
    })

    test('around a place: the circle, one marker for a shelter\u2019s animals, linking to their list', async ({ page, world }) => {
      await page.goto(`/search?q=${world.token}&location=10001&distance=25&view=map`)
      await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
      await expect(map(page)).toHaveAccessibleName('Map of 3 pets found in 25 miles around New York, NY 10001')
      await expect(map(page).locator('path[stroke-dasharray]')).toHaveCount(1)
      await marker(page, '3 animals near New York, NY').click()
      // The same search as a list, narrowed to the marker's place.
      await expect(page).toHaveURL(new RegExp(`/search\\?location=10001&distance=10&q=${world.token}$`))
      await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
      await expect(page.getByRole('article')).toHaveCount(3)
    })

    test('a marker of one animal links to the animal, by mouse and by keyboard', async ({ page, world }) => {
      await page.goto(`/search?q=${world.token}&type=rabbit&location=10001&view=map`)
      await expect(page.getByRole('heading', { name: '1 pet found' })).toBeVisible()
      await marker(page, 'Charlie, Holland Lop').click()
      await expect(page).toHaveURL(new RegExp(`/animals/${world.animals.Charlie}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Charlie')

      await page.goto(`/search?q=${world.token}&type=rabbit&location=10001&view=map`)
      expect(await tabTo(page, 'Charlie, Holland Lop')).toBe('Charlie, Holland Lop')
      // The focused marker shows its ring.
      const ring = map(page).locator('a:focus circle').nth(1)
      await expect(ring).not.toHaveCSS('stroke', 'rgba(0, 0, 0, 0)')
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/animals/${world.animals.Charlie}$`))
    })
  })
}

test('the map pages pass an axe scan, nationwide and around a place', async ({ page, world }) => {
  for (const path of [
    `/search?q=${world.token}&view=map`,
    `/search?q=${world.token}&location=10001&distance=25&view=map`,
    '/search?view=map&q=nomatchatall',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: /pets? found$/ })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  }
  await expect(page.getByText('No pets match these filters yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Show all pets' })).toHaveAttribute('href', '/search?view=map')
})
