// Analytics: a visit to an animal's or a shelter's page counts a view through the
// beacon image (JavaScript on and off; not for bots), the Share link counts a share, and the
// Analytics tab shows the figures, sorts its table by links and passes axe.
import type { Page } from '@playwright/test'
import { admin, asNewVisitor, COMPLETE_PROFILE, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, hydrated } from '#tests/e2e/helpers.ts'

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

async function addAnimal(shelterId: string, name: string): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelterId, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

async function animalFigures(animalId: string) {
  const { data } = await admin().from('animal_daily_stats').select('views, shares').eq('animal_id', animalId)
  return data?.[0] ?? { views: 0, shares: 0 }
}

async function profileViews(shelterId: string): Promise<number> {
  const { data } = await admin().from('shelter_daily_stats').select('profile_views').eq('shelter_id', shelterId)
  return data?.[0]?.profile_views ?? 0
}

/** Opens a page and waits for its beacon's answer, so the view has reached the app. */
async function visit(page: Page, path: string) {
  const beacon = page.waitForResponse((response) => response.url().includes('/resources/view?'))
  await page.goto(path)
  expect((await beacon).status()).toBe(200)
}

/** `day` days before the analytics day (US Eastern) as YYYY-MM-DD. */
async function daysAgo(days: number): Promise<string> {
  const { data } = await admin().rpc('analytics_day')
  const at = new Date(`${data}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() - days)
  return at.toISOString().slice(0, 10)
}

for (const js of [true, false]) {
  test.describe(`analytics with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a person’s visit to an animal page and a shelter page counts a view, a bot’s does not, and Share counts a share', async ({
      page,
      browser,
      baseURL,
      users,
    }) => {
      const shelter = await users.shelter({ approved: true, profile: COMPLETE_PROFILE })
      const biscuit = await addAnimal(shelter.shelterId, 'Biscuit')

      // A search engine's crawler first: its beacon is answered but not counted.
      const bot = await browser.newContext({ baseURL, userAgent: GOOGLEBOT, javaScriptEnabled: js })
      await asNewVisitor(bot)
      await visit(await bot.newPage(), `/animals/${biscuit}`)
      await bot.close()

      const response = await page.goto(`/animals/${biscuit}`)
      // The page stays cacheable: the beacon is what counts, not the page.
      expect(response?.headers()['cache-control']).toMatch(/^public/)
      await expect(page.locator('img[src^="/resources/view?animal="]')).toHaveJSProperty('complete', true)
      // The bot's count, had there been one, would have been written with this one or before.
      await expect.poll(async () => (await animalFigures(biscuit)).views).toBeGreaterThan(0)
      expect((await animalFigures(biscuit)).views).toBe(1)

      if (js) await hydrated(page)
      await page.getByRole('link', { name: /^Share/ }).click()
      // Without JavaScript the link comes back to the page's share section.
      await expect(page).toHaveURL(new RegExp(`/animals/${biscuit}${js ? '' : '#share'}$`))
      await expect.poll(async () => (await animalFigures(biscuit)).shares).toBe(1)

      await visit(page, `/shelters/${shelter.slug}`)
      await expect.poll(() => profileViews(shelter.shelterId)).toBe(1)
    })

    test('the Analytics tab shows the figures, and its table sorts and pages by links', async ({ page, shelter, signIn }) => {
      // Many pages and an axe scan in one test.
      test.slow()
      const [ada, bo, cy] = [
        await addAnimal(shelter.shelterId, 'Ada'),
        await addAnimal(shelter.shelterId, 'Bo'),
        await addAnimal(shelter.shelterId, 'Cy'),
      ]
      // Listed 10, 3 and 0 days ago.
      await admin()
        .from('animals')
        .update({ published_at: new Date(Date.now() - 10 * 86_400_000).toISOString() })
        .eq('id', ada)
      await admin()
        .from('animals')
        .update({ published_at: new Date(Date.now() - 3 * 86_400_000).toISOString() })
        .eq('id', bo)
      const zero = { views: 0, favorites: 0, shares: 0, questions: 0, applications: 0 }
      const row = (animal_id: string, day: string, figures: Partial<typeof zero>) => ({
        ...zero,
        animal_id,
        shelter_id: shelter.shelterId,
        day,
        ...figures,
      })
      const [today, lastWeek, lastMonth] = [await daysAgo(0), await daysAgo(7), await daysAgo(40)]
      const { error } = await admin()
        .from('animal_daily_stats')
        .insert([
          row(ada, today, { views: 100, favorites: 3, shares: 2, questions: 1, applications: 1 }),
          row(bo, lastWeek, { views: 50, favorites: 15 }),
          row(cy, today, { views: 30, questions: 5 }),
          row(ada, lastMonth, { views: 120, favorites: 10, shares: 4 }),
        ])
      expect(error).toBeNull()
      expect(
        (await admin().from('shelter_daily_stats').insert({ shelter_id: shelter.shelterId, day: today, profile_views: 42 })).error,
      ).toBeNull()
      // History written straight into the table, as the seeds do: its running totals are rebuilt.
      expect((await admin().rpc('rebuild_activity_totals', { shelter: shelter.shelterId })).error).toBeNull()

      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/analytics`)
      const card = (label: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: label, exact: true }) })
      // 180 views against 120; 18 favorites against 10; 2 shares against 4; 27 engagements in 180 views (15%) against 14 in 120 (11.7%).
      await expect(card('Total Views')).toContainText('180')
      await expect(card('Total Views')).toContainText('+50% from last month')
      await expect(card('Favorites')).toContainText('18')
      await expect(card('Favorites')).toContainText('+80% from last month')
      await expect(card('Shares')).toContainText('2')
      await expect(card('Shares')).toContainText('-50% from last month')
      await expect(card('Engagement Rate')).toContainText('15%')
      await expect(card('Engagement Rate')).toContainText('+29% from last month')
      await expect(page.getByText('favorites, shares, questions and applications per view')).toBeVisible()
      await expect(page.getByText('Analytics data will appear here once you have active listings')).toHaveCount(0)
      await expect(page.getByRole('img', { name: 'Views and engagements, last 30 days' })).toBeVisible()
      await page.getByText('Show the figures by day').click()
      await expect(page.getByRole('table', { name: /by day/ }).getByRole('row')).toHaveCount(31)
      if (js) await expectNoSeriousA11yViolations(page)

      const table = page.getByRole('table', { name: /Listed animals/ })
      const names = table.locator('tbody th')
      await expect(names).toHaveText(['Ada', 'Bo', 'Cy'])
      await expect(table.getByRole('columnheader', { name: 'Views' })).toHaveAttribute('aria-sort', 'descending')
      await table.getByRole('link', { name: 'Questions' }).click()
      await expect(page).toHaveURL(/\/analytics\?sort=questions$/)
      await expect(table.getByRole('columnheader', { name: 'Questions' })).toHaveAttribute('aria-sort', 'descending')
      await expect(names).toHaveText(['Cy', 'Ada', 'Bo'])
      await table.getByRole('link', { name: 'Favorites' }).click()
      await expect(page).toHaveURL(/sort=favorites$/)
      await expect(names).toHaveText(['Bo', 'Ada', 'Cy'])
      await table.getByRole('link', { name: 'Days listed' }).click()
      await expect(page).toHaveURL(/sort=days_listed$/)
      await expect(names).toHaveText(['Ada', 'Bo', 'Cy'])
      await table.getByRole('link', { name: 'Days listed' }).click()
      await expect(page).toHaveURL(/sort=days_listed&dir=asc$/)
      await expect(table.getByRole('columnheader', { name: 'Days listed' })).toHaveAttribute('aria-sort', 'ascending')
      await expect(names).toHaveText(['Cy', 'Bo', 'Ada'])

      // 26 more animals: two pages of 25, the sort kept.
      const pups = await admin()
        .from('animals')
        .insert(
          Array.from({ length: 26 }, (_, index) => ({
            shelter_id: shelter.shelterId,
            name: `Pup ${index + 1}`,
            type: 'dog',
            age_group: 'young',
          })),
        )
      expect(pups.error).toBeNull()
      await page.reload()
      await expect(table.locator('tbody tr')).toHaveCount(25)
      await page.getByRole('navigation', { name: 'Pages of listed animals' }).getByRole('link', { name: 'Next' }).click()
      await expect(page).toHaveURL(/sort=days_listed&dir=asc&page=2$/)
      await expect(table.locator('tbody tr')).toHaveCount(4)
      await expect(names.nth(2)).toHaveText('Bo')
      await expect(names.nth(3)).toHaveText('Ada')

      await page.goto(dashboardPath(shelter))
      await expect(card('Profile Views')).toContainText('42')
      await expect(card('Profile Views')).toContainText('Your shelter page, last 30 days')
    })
  })
}
