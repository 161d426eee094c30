// Every dashboard loader and action checks the session and the hash itself.
import { admin, expect, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, toast } from '#tests/e2e/helpers.ts'

const PAGES = ['', '/animals', '/applications', '/analytics', '/settings']

for (const js of [true, false]) {
  test.describe(`the dashboard guard with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('signed out: every page sends to the shelter sign-in', async ({ page, shelter }) => {
      for (const child of PAGES) {
        await page.goto(dashboardPath(shelter) + child)
        await expect(page).toHaveURL(/\/shelter-login(\?|$)/)
        await expect(page.getByRole('heading', { name: 'Sign in to Pawhaven' })).toBeVisible()
      }
    })

    test('signed out: signing in leads back to the dashboard page asked for', async ({ page, shelter }) => {
      await page.goto(`${dashboardPath(shelter)}/analytics`)
      await page.getByLabel('Email', { exact: true }).fill(shelter.email)
      await page.getByLabel('Password', { exact: true }).fill(shelter.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(shelter)}/analytics$`))
    })

    test('a wrong hash on the layout and on each page: Access denied', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      for (const child of PAGES) {
        await page.goto(`/dashboard/Wr0ngHsh${child}`)
        await expect(page).toHaveURL(/\/shelter-login$/)
        await expect(toast(page, 'Access denied')).toBeVisible()
      }
      // The signed-in shelter is offered the way to its own dashboard.
      await expect(page.getByText(`You're signed in as ${shelter.email}`)).toBeVisible()
      await page.getByRole('link', { name: 'Go to your dashboard' }).click()
      await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible()
    })

    test("another user's dashboard: Access denied, on every page", async ({ page, shelter: mine, users, signIn }) => {
      const theirs = await users.shelter({ approved: true })
      await signIn(mine)
      for (const child of PAGES) {
        await page.goto(dashboardPath(theirs) + child)
        await expect(page).toHaveURL(/\/shelter-login$/)
        await expect(toast(page, 'Access denied')).toBeVisible()
      }
    })

    test('an adopter has no shelter profile: their dashboard is their account', async ({ page, adopter, signIn }) => {
      await signIn(adopter)
      await page.goto(dashboardPath(adopter))
      await expect(page).toHaveURL(/\/account$/)
    })
  })
}

test("the actions check too: another user's bypass and settings are refused", async ({ page, context, shelter: mine, users, signIn }) => {
  const theirs = await users.shelter()
  await signIn(mine)
  const attempts: Array<{ path: string; form: Record<string, string> }> = [
    { path: dashboardPath(theirs), form: { intent: 'bypass-vetting' } },
    { path: `${dashboardPath(theirs)}/settings`, form: { shelter_name: 'Taken over' } },
  ]
  for (const { path, form } of attempts) {
    const response = await page.request.post(path, { form, maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/shelter-login')
  }
  const { data } = await admin().from('shelter_profiles').select('shelter_name, meeting_completed').eq('user_id', theirs.id).single()
  expect(data).toEqual({ shelter_name: 'New Shelter', meeting_completed: false })

  await context.clearCookies()
  const anonymous = await page.request.post(`${dashboardPath(theirs)}/settings`, { form: { shelter_name: 'x' }, maxRedirects: 0 })
  expect(anonymous.status()).toBe(302)
  expect(anonymous.headers().location).toMatch(/^\/shelter-login\?/)
})
