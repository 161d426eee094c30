import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations } from '#tests/e2e/fixtures.ts'
import { test } from '#tests/e2e/listings/world.ts'

const results = (page: Page) => page.getByRole('region', { name: /found$/ }).getByRole('article')
const names = async (page: Page) => (await results(page).getByRole('heading', { level: 3 }).allTextContents()).sort()

test('a listing near a ZIP appears for a nearby search and not for a far one, with its distance', async ({ page, world }) => {
  await page.goto(`/search?q=${world.token}&location=10001&distance=25&sort=distance`)
  await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
  await expect(page.getByText('Within 25 miles of New York, NY 10001')).toBeVisible()
  expect(await names(page)).toEqual(['Alpha', 'Bravo', 'Charlie'])
  const alpha = page.getByRole('article', { name: 'Alpha' })
  await expect(alpha.getByText(/^\d+\.\d mi$/)).toBeVisible()
  for (const text of ['Beagle', 'Young · Male', world.nyc.name, 'New York, NY'])
    await expect(alpha.getByText(text, { exact: true })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Bravo' }).getByText('Adoption pending')).toBeVisible()

  await page.goto(`/search?q=${world.token}&location=94103&distance=25`)
  await expect(page.getByRole('heading', { name: '26 pets found' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Alpha' })).toHaveCount(0)
  await expect(page.getByRole('article', { name: 'Foxtrot' })).toBeVisible()

  // A city and state works as well as a ZIP; a far search finds nothing of these.
  await page.goto(`/search?q=${world.token}&location=${encodeURIComponent('New York, NY')}&distance=50`)
  await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
  await page.goto(`/search?q=${world.token}&location=60601&distance=100`)
  await expect(page.getByRole('heading', { name: '0 pets found' })).toBeVisible()
  await expect(page.getByText('No pets match these filters yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Search within 500 miles' })).toBeVisible()
})

test('adopted, archived and unapproved listings never appear', async ({ page, world }) => {
  await page.goto(`/search?q=${world.token}&type=dog`)
  await expect(page.getByRole('heading', { name: '2 pets found' })).toBeVisible()
  expect(await names(page)).toEqual(['Alpha', 'Foxtrot'])
})

test('each filter narrows the results', async ({ page, world }) => {
  const cases: Array<[string, string[]]> = [
    ['type=cat', ['Bravo']],
    ['type=Rabbits', ['Charlie']],
    ['age=senior', ['Charlie', 'Foxtrot']],
    ['size=large', ['Foxtrot']],
    ['sex=female&type=dog', ['Foxtrot']],
    ['good_with=children', ['Alpha', 'Foxtrot']],
    ['good_with=children&good_with=dogs', ['Alpha']],
    ['good_with=cats', ['Bravo']],
    ['breed=lop', ['Charlie']],
    ['breed=retriever', ['Foxtrot']],
  ]
  for (const [query, expected] of cases) {
    await page.goto(`/search?q=${world.token}&${query}`)
    await expect(
      page.getByRole('heading', { name: expected.length === 1 ? '1 pet found' : `${expected.length} pets found` }),
      query,
    ).toBeVisible()
    expect(await names(page), query).toEqual(expected)
  }
  await page.goto(`/search?q=${world.token}+fetch`)
  expect(await names(page)).toEqual(['Alpha'])
})

test('pagination: 24 a page, links keep the filters, an out-of-range page is clamped', async ({ page, world }) => {
  await page.goto(`/search?q=${world.token}&type=bird`)
  await expect(page.getByRole('heading', { name: '25 pets found' })).toBeVisible()
  await expect(results(page)).toHaveCount(24)
  const pages = page.getByRole('navigation', { name: 'Search results pagination' })
  await expect(pages.locator('[aria-current="page"]')).toHaveText('Page 1')
  await pages.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?type=bird&q=${world.token}&page=2$`))
  await expect(results(page)).toHaveCount(1)
  await expect(pages.getByRole('link', { name: 'Previous' })).toBeVisible()

  const response = await page.goto(`/search?q=${world.token}&type=bird&page=99`)
  expect(response?.status()).toBe(200)
  await expect(results(page)).toHaveCount(1)
  await expect(pages.locator('[aria-current="page"]')).toHaveText('Page 2')
})

test('an unknown location gets a clear message, not an error page', async ({ page, world }) => {
  const response = await page.goto(`/search?q=${world.token}&location=Atlantis`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('alert')).toContainText('We couldn\u2019t find the location \u201cAtlantis\u201d')
  await expect(page.getByLabel('Location')).toHaveValue('Atlantis')
  await expect(page.getByRole('heading', { name: /pets found$/ })).toBeVisible()
})

test('search pages are cacheable by a CDN for signed-out visitors only', async ({ page, adopter: user, signIn }) => {
  const anonymous = await page.request.get('/search?type=dog')
  expect(anonymous.headers()['cache-control']).toBe('public, max-age=30, s-maxage=30')
  // A CDN must not give the signed-out page it keeps to a signed-in visitor.
  expect(anonymous.headers()['vary']).toMatch(/\bcookie\b/i)
  await signIn(user)
  const signedIn = await page.goto('/search?type=dog')
  expect(signedIn?.headers()['cache-control']).toBe('private, no-store')
})

test('a result card opens the animal\u2019s page; the page passes an axe scan', async ({ page, world }) => {
  await page.goto(`/search?q=${world.token}&location=10001`)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Alpha', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/animals/${world.animals.Alpha}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alpha')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the search form is a plain GET form', async ({ page, world }) => {
    await page.goto('/search')
    await page.getByLabel('Keywords').fill(world.token)
    await page.getByLabel('Animal type').selectOption('dog')
    await page.getByRole('checkbox', { name: 'Children' }).check()
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/search\?/)
    const params = new URL(page.url()).searchParams
    expect([params.get('type'), params.getAll('good_with'), params.get('q')]).toEqual(['dog', ['children'], world.token])
    await expect(page.getByRole('heading', { name: '2 pets found' })).toBeVisible()
    expect(await names(page)).toEqual(['Alpha', 'Foxtrot'])
    await expect(page.getByRole('checkbox', { name: 'Children' })).toBeChecked()
  })

  test('a location sorts nearest first unless another order is chosen', async ({ page, world }) => {
    await page.goto('/search')
    const sort = page.getByLabel('Sort by')
    await expect(sort.locator('option:checked')).toHaveText('Newest first')
    await page.getByLabel('Location').fill('10001')
    await page.getByLabel('Keywords').fill(world.token)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
    await expect(sort.locator('option:checked')).toHaveText('Nearest first')
    await expect(
      results(page)
        .first()
        .getByText(/^\d+\.\d mi$/),
    ).toBeVisible()

    await sort.selectOption({ label: 'Newest first' })
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    expect(new URL(page.url()).searchParams.get('sort')).toBe('recent')
    await expect(sort.locator('option:checked')).toHaveText('Newest first')
    await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
  })
})
