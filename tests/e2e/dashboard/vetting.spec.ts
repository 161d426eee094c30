// The pending-vetting holding page and the testing bypass. The bypass switch is one setting
// for the whole deployment, so these tests run one after another.
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

test.describe.configure({ mode: 'serial' })

async function setBypass(enabled: boolean) {
  const { error } = await admin().from('app_settings').update({ value: enabled }).eq('key', 'vetting_bypass_enabled')
  if (error) throw error
}

for (const js of [true, false]) {
  test.describe(`vetting with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a shelter waiting for its meeting sees only the holding page', async ({ page, users, signIn }) => {
      const shelter = await users.shelter()
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))

      await expect(page.getByRole('heading', { name: 'Welcome to Pawhaven!' })).toBeVisible()
      await expect(page.getByText('personally vetted')).toBeVisible()
      for (const step of ['Meeting Request', 'Quality Review', 'Full Access']) {
        await expect(page.getByRole('heading', { name: step })).toBeVisible()
      }
      await expect(page.getByText('within 24-48 hours')).toBeVisible()
      const year = String(new Date().getUTCFullYear())
      await expect(page.getByRole('definition').filter({ hasText: year })).toBeVisible()
      await expect(page.getByText('Account Created')).toBeVisible()
      await expect(page.getByRole('definition').filter({ hasText: shelter.email })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Schedule Meeting Now' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Bypass Meeting (Testing)' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'support@pawhaven.org' })).toBeVisible()
      await expect(page.getByRole('link', { name: '(555) 010-7297' })).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)

      // The other pages lead back here until the meeting is done; the profile can be filled in.
      for (const child of ['/animals', '/applications', '/analytics']) {
        await page.goto(dashboardPath(shelter) + child)
        await expect(page).toHaveURL(new RegExp(`${dashboardPath(shelter)}$`))
        await expect(page.getByRole('heading', { name: 'Welcome to Pawhaven!' })).toBeVisible()
      }
    })

    test('a shelter waiting for its meeting can already edit its profile', async ({ page, users, signIn }) => {
      const shelter = await users.shelter()
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      await page.getByRole('link', { name: 'Complete your profile' }).click()
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(shelter)}/settings$`))
      if (js) await formHydrated(page, 'shelter-settings')
      await page.getByLabel('Shelter Name').fill('Waiting Room Rescue')
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect
        .poll(async () => (await admin().from('shelter_profiles').select('shelter_name, slug').eq('user_id', shelter.id).single()).data)
        .toMatchObject({
          shelter_name: 'Waiting Room Rescue',
          slug: expect.stringMatching(/^waiting-room-rescue-/),
        })
      await page.getByRole('link', { name: 'Back to your vetting status' }).click()
      await expect(page.getByRole('heading', { name: 'Welcome to Pawhaven!' })).toBeVisible()
    })

    test('the contact email is the profile’s, else the account’s', async ({ page, users, signIn }) => {
      const shelter = await users.shelter({ profile: { contact_email: 'office@example.org' } })
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      await expect(page.getByRole('definition').filter({ hasText: 'office@example.org' })).toBeVisible()
      await admin().from('shelter_profiles').update({ contact_email: null }).eq('user_id', shelter.id)
      await page.reload()
      await expect(page.getByRole('definition').filter({ hasText: shelter.email })).toBeVisible()
    })

    test('the bypass opens the full dashboard', async ({ page, users, signIn }) => {
      await setBypass(true)
      const shelter = await users.shelter()
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      await page.getByRole('button', { name: 'Bypass Meeting (Testing)' }).click()
      await expect(toast(page, 'Meeting requirement bypassed')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Welcome back, New Shelter!' })).toBeVisible()
      const { data } = await admin().from('shelter_profiles').select('meeting_completed, approved_at').eq('user_id', shelter.id).single()
      expect(data?.meeting_completed).toBe(true)
      expect(Date.now() - new Date(data!.approved_at).getTime()).toBeLessThan(120_000)
    })

    test('a deployment that disables the bypass hides the button, and the database refuses it', async ({ page, users, signIn }) => {
      const shelter = await users.shelter()
      await signIn(shelter)
      await setBypass(false)
      try {
        await page.goto(dashboardPath(shelter))
        await expect(page.getByRole('heading', { name: 'Welcome to Pawhaven!' })).toBeVisible()
        await expect(page.getByRole('button', { name: 'Bypass Meeting (Testing)' })).toHaveCount(0)

        // Posting the form by hand still fails: the function itself checks the setting.
        const response = await page.request.post(dashboardPath(shelter), { form: { intent: 'bypass-vetting' }, maxRedirects: 0 })
        expect(response.status()).toBe(302)
        await page.goto(dashboardPath(shelter))
        await expect(toast(page, 'Error bypassing meeting requirement')).toBeVisible()
        await expect(page.getByRole('heading', { name: 'Welcome to Pawhaven!' })).toBeVisible()
      } finally {
        await setBypass(true)
      }
    })
  })
}
