// The search filters (house-trained, special needs, coat length, colour, new this
// week), the breed field's suggestions and breed words, and the home page's rows near the last
// place searched: with JavaScript (a choice updates the results at once) and without (the
// Search button does). A world of its own in Missoula, MT: four animals whose descriptions carry
// a token, so `q=<token>` finds exactly them.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, test as base, userFactory } from '#tests/e2e/fixtures.ts'

type FilterWorld = { token: string; shelterName: string }

const MISSOULA = { zip_code: '59801', city: 'Missoula', state: 'MT', latitude: 46.8721, longitude: -113.994 }
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

const test = base.extend<object, { filterWorld: FilterWorld }>({
  filterWorld: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's first parameter as a destructuring pattern to learn its dependencies; `{}` means none
    async ({}, use) => {
      const { users, deleteAll } = userFactory()
      const token = `zf${Math.random().toString(36).slice(2, 9)}`
      const shelterName = `Clark Fork ${token} Rescue`
      const shelter = await users.shelter({ name: shelterName, profile: { ...MISSOULA, meeting_completed: true } })
      const note = `Listed for test ${token}.`
      const rows = [
        {
          name: 'Maple',
          type: 'dog',
          primary_breed: 'Pit Bull Terrier',
          house_trained: true,
          coat: 'long',
          primary_color: 'Black',
          published_at: daysAgo(1),
        },
        {
          name: 'Juniper',
          type: 'dog',
          primary_breed: 'Labrador Retriever',
          secondary_breed: 'Terrier, Pit Bull',
          mixed_breed: true,
          special_needs: true,
          coat: 'short',
          primary_color: 'White / Cream',
          secondary_color: 'Black',
          published_at: daysAgo(2),
        },
        {
          name: 'Willow',
          type: 'cat',
          primary_breed: 'Domestic Short Hair',
          coat: 'short',
          primary_color: 'Calico',
          published_at: daysAgo(30),
        },
        {
          name: 'Aspen',
          type: 'dog',
          primary_breed: 'Mixed Breed',
          mixed_breed: true,
          primary_color: 'White / Cream',
          published_at: daysAgo(10),
        },
      ].map((row) => ({ ...row, shelter_id: shelter.shelterId, age_group: 'adult', sex: 'female', size: 'medium', description: note }))
      const { error } = await admin().from('animals').insert(rows, { defaultToNull: false })
      if (error) throw error
      await use({ token, shelterName })
      await deleteAll()
    },
    { scope: 'worker' },
  ],
})

const results = (page: Page) => page.getByRole('region', { name: /found$/ }).getByRole('article')
const names = async (page: Page) => (await results(page).getByRole('heading', { level: 3 }).allTextContents()).sort()
const found = (count: number) => (count === 1 ? '1 pet found' : `${count} pets found`)

test('each new filter narrows the results, from the URL', async ({ page, filterWorld: { token } }) => {
  const cases: Array<[string, string[]]> = [
    ['', ['Aspen', 'Juniper', 'Maple', 'Willow']],
    ['house_trained=yes', ['Maple']],
    ['special_needs=yes', ['Juniper']],
    ['coat=short', ['Juniper', 'Willow']],
    ['coat=long&type=dog', ['Maple']],
    ['color=Black', ['Juniper', 'Maple']],
    ['color=white+%2F+cream&type=dog', ['Aspen', 'Juniper']],
    ['new_this_week=yes', ['Juniper', 'Maple']],
    ['breed=pit+bull+terrier', ['Juniper', 'Maple']],
    ['breed=Terrier%2C+Pit+Bull', ['Juniper', 'Maple']],
    ['breed=lab+mix', ['Juniper']],
    ['breed=mixed', ['Aspen']],
  ]
  for (const [query, expected] of cases) {
    await page.goto(`/search?q=${token}&${query}`)
    await expect(page.getByRole('heading', { name: found(expected.length) }), query).toBeVisible()
    expect(await names(page), query).toEqual(expected)
  }
})

test('with JavaScript a filter updates the results as soon as it changes; the page passes axe', async ({
  page,
  filterWorld: { token },
}) => {
  await page.goto(`/search?q=${token}`)
  await expect(page.getByRole('heading', { name: found(4) })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('checkbox', { name: 'House-trained' }).check()
  await expect(page).toHaveURL(/[?&]house_trained=yes/)
  await expect(page.getByRole('heading', { name: found(1) })).toBeVisible()
  expect(await names(page)).toEqual(['Maple'])
  // The box that changed keeps the focus, so a keyboard user goes on from there.
  await expect(page.getByRole('checkbox', { name: 'House-trained' })).toBeFocused()

  await page.getByRole('checkbox', { name: 'House-trained' }).uncheck()
  await page.getByLabel('Color', { exact: true }).selectOption('Black')
  await expect(page).toHaveURL(/[?&]color=Black/)
  await expect(page.getByRole('heading', { name: found(2) })).toBeVisible()
  await page.getByLabel('Animal type').selectOption('cat')
  // Black is one of the cats' colours too, so it stays; none of these cats is black.
  await expect(page).toHaveURL(/[?&]type=cat/)
  await expect(page.getByRole('heading', { name: found(0) })).toBeVisible()
  await page.getByLabel('Color', { exact: true }).selectOption({ label: 'Calico' })
  await expect(page.getByRole('heading', { name: found(1) })).toBeVisible()
  expect(await names(page)).toEqual(['Willow'])

  await page.getByLabel('Coat length').selectOption('short')
  await page.getByRole('checkbox', { name: 'New this week' }).check()
  await expect(page).toHaveURL(/[?&]new_this_week=yes/)
  await expect(page.getByRole('heading', { name: found(0) })).toBeVisible()

  // Typing does not search until asked: the text fields wait for Search or Enter.
  await page.goto(`/search?q=${token}`)
  await page.getByLabel('Breed', { exact: true }).fill('pitbull')
  await expect(page.getByRole('heading', { name: found(4) })).toBeVisible()
  await page.getByLabel('Breed', { exact: true }).press('Enter')
  await expect(page.getByRole('heading', { name: found(2) })).toBeVisible()
})

test('the breed field suggests the chosen type\u2019s breeds, or the common ones', async ({ page }) => {
  const suggestions = async () => {
    const list = await page.getByLabel('Breed', { exact: true }).getAttribute('list')
    return page
      .locator(`datalist[id="${list}"] option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
  }
  await page.goto('/search?type=cat')
  const cats = await suggestions()
  expect(cats).toContain('Domestic Short Hair')
  expect(cats).toContain('Maine Coon')
  expect(cats).not.toContain('Beagle')
  await page.goto('/search?type=dog')
  const dogs = await suggestions()
  expect(dogs).toContain('Pit Bull Terrier')
  expect(dogs).not.toContain('Domestic Short Hair')
  await page.goto('/search')
  const common = await suggestions()
  expect(common).toEqual(expect.arrayContaining(['Labrador Retriever', 'Domestic Short Hair']))
  expect(common.length).toBeLessThan(dogs.length)
})

test('the home page shows the newest pets near the last place searched, and is then private', async ({
  page,
  filterWorld: { token, shelterName },
}) => {
  const anonymous = await page.request.get('/')
  expect(anonymous.headers()['cache-control']).toBe('public, max-age=30, s-maxage=30')
  expect(anonymous.headers()['vary']).toMatch(/cookie/i)

  await page.goto(`/search?q=${token}&location=59801&distance=50`)
  await expect(page.getByRole('heading', { name: found(4) })).toBeVisible()
  const response = await page.goto('/')
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  const newest = page.getByRole('region', { name: 'Newest Arrivals' })
  await expect(newest.getByText('Pets who just arrived at shelters within 50 miles of Missoula, MT 59801.')).toBeVisible()
  // (Each test worker has a world of its own in Missoula: these are this one's.)
  await expect(newest.getByRole('article', { name: 'Maple' }).filter({ hasText: shelterName })).toBeVisible()
  await expect(newest.getByRole('article', { name: 'Juniper' }).filter({ hasText: shelterName })).toBeVisible()
  await expect(newest.getByRole('link', { name: /See all new pets near Missoula, MT 59801/ })).toHaveAttribute(
    'href',
    '/search?location=59801&distance=50&sort=recent',
  )
  await expectNoSeriousA11yViolations(page)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the new filters are part of the GET form; Search applies them', async ({ page, filterWorld: { token } }) => {
    await page.goto(`/search?q=${token}`)
    await page.getByRole('checkbox', { name: 'Special needs' }).check()
    // Nothing happens until Search.
    await expect(page.getByRole('heading', { name: found(4) })).toBeVisible()
    await page.getByLabel('Coat length').selectOption('short')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const params = new URL(page.url()).searchParams
    expect([params.get('special_needs'), params.get('coat'), params.get('q')]).toEqual(['yes', 'short', token])
    await expect(page.getByRole('heading', { name: found(1) })).toBeVisible()
    expect(await names(page)).toEqual(['Juniper'])
    await expect(page.getByRole('checkbox', { name: 'Special needs' })).toBeChecked()
    await expect(page.getByLabel('Coat length')).toHaveValue('short')

    await page.getByRole('checkbox', { name: 'Special needs' }).uncheck()
    await page.getByLabel('Coat length').selectOption('')
    await page.getByRole('checkbox', { name: 'New this week' }).check()
    await page.getByLabel('Breed', { exact: true }).fill('Terrier, Pit Bull')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByRole('heading', { name: found(2) })).toBeVisible()
    expect(await names(page)).toEqual(['Juniper', 'Maple'])
  })

  test('the breed suggestions are in the HTML, and the home page follows the last place', async ({
    page,
    filterWorld: { token, shelterName },
  }) => {
    await page.goto('/search?type=rabbit')
    await expect(page.locator('datalist#search-breeds option[value="Holland Lop"]')).toHaveCount(1)
    await page.goto(`/search?q=${token}&location=59801`)
    await page.goto('/')
    await expect(
      page.getByRole('region', { name: 'Newest Arrivals' }).getByRole('article', { name: 'Maple' }).filter({ hasText: shelterName }),
    ).toBeVisible()
  })
})
