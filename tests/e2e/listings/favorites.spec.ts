// Favorites: the heart on result cards and the animal page, with JavaScript on and off; signed
// out it goes through sign-in and comes back saved; /account/favorites keeps adopted pets,
// marked; signed-out pages stay the same for everyone (cacheable), signed-in ones are private.
import { admin, COMPLETE_PROFILE, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

for (const js of [true, false]) {
  test.describe(`favorites with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('save from a result card through sign-in, then from the animal page; the list keeps adopted pets', async ({
      page,
      users,
      adopter,
    }) => {
      const token = `fav${Date.now().toString(36)}${js ? 'on' : 'off'}`
      const shelter = await users.shelter({ approved: true, profile: COMPLETE_PROFILE })
      const [maple, juniper] = await Promise.all(
        ['Maple', 'Juniper'].map(async (name) => {
          const { data, error } = await admin()
            .from('animals')
            .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'young', description: token })
            .select('id')
            .single()
          if (error) throw error
          return data.id as string
        }),
      )

      // Signed out, the page is the same for everyone: no saved state, cacheable.
      const response = await page.goto(`/search?q=${token}`)
      expect(response?.headers()['cache-control']).toMatch(/^public/)
      const card = page.getByRole('article', { name: 'Maple' })
      await card.getByRole('button', { name: 'Save Maple' }).click()
      await expect(page).toHaveURL(/\/login\?/)
      await expect(page.getByRole('heading', { name: 'Sign in to save Maple' })).toBeVisible()
      if (js) await formHydrated(page, 'sign-in')
      await page.getByLabel('Email', { exact: true }).fill(adopter.email)
      await page.getByLabel('Password').fill(adopter.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${token}$`))
      await expect(toast(page, 'Maple is saved to your favorites.')).toBeVisible()
      await expect(page.getByRole('article', { name: 'Maple' }).getByRole('button', { name: 'Saved Maple' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
      const signedIn = await page.request.get(`/search?q=${token}`)
      expect(signedIn.headers()['cache-control']).toMatch(/private/)

      await page.goto(`/animals/${juniper}`)
      if (js) await expectNoSeriousA11yViolations(page)
      await page.getByRole('button', { name: 'Save Juniper' }).click()
      await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(async () => (await admin().from('favorites').select('animal_id').eq('user_id', adopter.id)).data?.length).toBe(2)

      // Maple finds a home: it stays in the list, marked, until removed.
      await admin().from('animals').update({ status: 'adopted' }).eq('id', maple)
      await page.goto('/account/favorites')
      await expect(page.getByRole('heading', { name: 'Favorites' })).toBeVisible()
      await expect(page.getByRole('article', { name: 'Maple' }).getByText('Adopted', { exact: true })).toBeVisible()
      await expect(page.getByRole('article', { name: 'Juniper' })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await page.getByRole('article', { name: 'Maple' }).getByRole('button', { name: 'Saved Maple' }).click()
      await expect(page.getByRole('article', { name: 'Maple' })).toHaveCount(0)
      await expect(page.getByRole('article', { name: 'Juniper' })).toBeVisible()
    })

    test("an adopter's Dashboard link leads to their account", async ({ page, adopter, signIn }) => {
      await signIn(adopter)
      await page.goto('/')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
      await expect(page).toHaveURL(/\/account$/)
      await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()
      await expect(page.getByText('Press the heart on any pet to keep it here.')).toBeVisible()
      expect((await page.request.get(dashboardPath(adopter), { maxRedirects: 0 })).headers().location).toBe('/account')
    })
  })
}

test('the account area is for signed-in people', async ({ page }) => {
  await page.goto('/account/favorites')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Ffavorites$/)
})
