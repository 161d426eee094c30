// Where people land: /dashboard leads to one's own dashboard (through sign-in when signed out),
// and Pawhaven's staff find their console from the header, on a wide screen and in the 360 px
// menu. With JavaScript on and off.
import { admin, expect, expectNoSeriousA11yViolations, test, type TestUser } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated } from '#tests/e2e/helpers.ts'

async function makeStaff(user: TestUser) {
  const { error } = await admin().from('staff_members').insert({ user_id: user.id })
  if (error) throw error
}

for (const js of [true, false]) {
  test.describe(`landing with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('/dashboard signs a shelter in and leads to its own dashboard', async ({ page, shelter }) => {
      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/shelter-login\?redirectTo=%2Fdashboard$/)
      if (js) await formHydrated(page, 'sign-in')
      await page.getByLabel('Email', { exact: true }).fill(shelter.email)
      await page.getByLabel('Password', { exact: true }).fill(shelter.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(shelter)}$`))
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back')
    })

    test('/dashboard takes an adopter to their account', async ({ page, adopter, signIn }) => {
      await signIn(adopter)
      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/account$/)
    })

    test('staff see a Staff link in the header and the 360 px menu; others do not', async ({ page, adopter, users, signIn }) => {
      const staff = await users.adopter()
      await makeStaff(staff)
      await signIn(adopter)
      await page.goto('/about')
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0)

      await signIn(staff)
      await page.goto('/about')
      const main = page.getByRole('navigation', { name: 'Main' })
      await main.getByRole('link', { name: 'Staff', exact: true }).click()
      await expect(page).toHaveURL(/\/staff$/)

      await page.setViewportSize({ width: 360, height: 740 })
      await page.goto('/about')
      await page.getByLabel('Toggle mobile menu').click()
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Staff', exact: true }).click()
      await expect(page).toHaveURL(/\/staff$/)
      if (js) await expectNoSeriousA11yViolations(page)
    })
  })
}
