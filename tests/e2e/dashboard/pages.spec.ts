// The full dashboard's pages, with every text of the spec.
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, hydrated, toast } from '#tests/e2e/helpers.ts'

for (const js of [true, false]) {
  test.describe(`dashboard pages with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test("'Get Notified' records the request, says so, and the button says it is done", async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      if (js) await hydrated(page)
      await page.getByRole('button', { name: 'Get Notified' }).click()
      if (js) await expect(toast(page, "You're on the list: we'll email you as the full dashboard arrives.")).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: "You'll be notified" })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Get Notified' })).toHaveCount(0)
      const { data } = await admin().from('feature_notification_requests').select('feature').eq('user_id', shelter.id)
      expect(data).toEqual([{ feature: 'full_dashboard' }])
    })

    test('overview of a profile filled in', async ({ page, users, signIn }) => {
      const shelter = await users.shelter({
        approved: true,
        profile: {
          shelter_name: 'Happy Tails Rescue',
          city: 'Austin',
          state: 'TX',
          shelter_type: 'rescue_organization',
          capacity: 40,
        },
      })
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      await expect(page.getByRole('heading', { name: 'Welcome back, Happy Tails Rescue!' })).toBeVisible()
      await expect(page.getByText('Austin, TX')).toBeVisible()
      await expect(page.getByText(`Member since ${new Date().getUTCFullYear()}`)).toBeVisible()
      for (const stat of ['Active Listings', 'Pending Applications', 'Successful Adoptions', 'Profile Views']) {
        const card = page.locator('section').filter({ has: page.getByRole('heading', { name: stat, exact: true }) })
        await expect(card.getByText('0', { exact: true })).toBeVisible()
      }
      const profile = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shelter Profile' }) })
      await expect(profile.getByRole('definition')).toHaveText(['Happy Tails Rescue', 'Rescue Organization', '40 animals'])
      await expect(page.getByRole('heading', { name: 'Full Dashboard Coming Soon' })).toBeVisible()
      // It does not announce as coming the tools that already work beside it.
      const comingSoon = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Full Dashboard Coming Soon' }) })
      await expect(comingSoon).toContainText('Your animals, applications, messages, sync and analytics are ready in the menu.')
      await expect(comingSoon).not.toContainText(/building the tools to publish listings/)
      await expect(page.getByRole('button', { name: 'Get Notified' })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      const actions = {
        'Add New Animal': '/animals/new',
        'Review Applications': '/applications',
        'Shelter Settings': '/settings',
        'View Analytics': '/analytics',
      }
      for (const [name, path] of Object.entries(actions)) {
        await expect(page.getByRole('link', { name })).toHaveAttribute('href', dashboardPath(shelter) + path)
      }
      await page.getByRole('link', { name: 'Edit Profile' }).click()
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(shelter)}/settings$`))
    })

    test('overview of a profile not filled in yet', async ({ page, users, signIn }) => {
      const shelter = await users.shelter({ approved: true })
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      await expect(page.getByRole('heading', { name: 'Welcome back, New Shelter!' })).toBeVisible()
      await expect(page.getByText('Location not set')).toBeVisible()
      const profile = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shelter Profile' }) })
      await expect(profile.getByRole('definition')).toHaveText(['New Shelter', 'Not specified', 'Not set'])
    })

    test('animals', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/animals`)
      await expect(page.getByRole('heading', { name: 'Animals', level: 1 })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Add Animal', exact: true })).toBeVisible()
      await expect(page.getByPlaceholder('Search animals...')).toBeVisible()
      await expect(page.getByText('No animals listed yet')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Add Your First Animal' })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
    })

    test('applications, tab by tab', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/applications`)
      await expect(page.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible()
      await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('tabpanel')).toContainText('No pending applications')
      if (js) await expectNoSeriousA11yViolations(page)
      for (const status of ['Approved', 'Rejected', 'Pending']) {
        await page.getByRole('tab', { name: status }).click()
        await expect(page).toHaveURL(new RegExp(`tab=${status.toLowerCase()}$`))
        await expect(page.getByRole('tab', { name: status })).toHaveAttribute('aria-selected', 'true')
        await expect(page.getByRole('tabpanel')).toContainText(`No ${status.toLowerCase()} applications`)
      }
      if (js) {
        await page.getByRole('tab', { name: 'Pending' }).focus()
        await page.keyboard.press('ArrowRight')
        await expect(page.getByRole('tab', { name: 'Approved' })).toBeFocused()
        await expect(page.getByRole('tabpanel')).toContainText('No approved applications')
        await page.keyboard.press('ArrowLeft')
        await page.keyboard.press('ArrowLeft')
        await expect(page.getByRole('tabpanel')).toContainText('No rejected applications')
      }
    })

    test('analytics', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/analytics`)
      await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
      const cards = { 'Total Views': '0', Favorites: '0', Shares: '0', 'Engagement Rate': '0%' }
      for (const [label, value] of Object.entries(cards)) {
        const card = page.locator('section').filter({ has: page.getByRole('heading', { name: label, exact: true }) })
        await expect(card.getByText(value, { exact: true })).toBeVisible()
        await expect(card.getByText('+0% from last month')).toBeVisible()
      }
      await expect(page.getByText('Analytics data will appear here once you have active listings')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
    })
  })
}
