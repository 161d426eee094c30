// A ZIP code that is not in the city and state typed beside it is not saved silently: the
// settings say which city it belongs to and ask to correct it or confirm it (a checkbox and a
// second save, every typed field kept), with JavaScript on and off.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value)
}

for (const js of [true, false]) {
  test.describe(`a ZIP code of another city with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('says which city the ZIP code is, then saves it corrected or confirmed', async ({ page, users, signIn }) => {
      test.slow() // Three saves, and the ZIP table loads on the first.
      const shelter = await users.shelter({ approved: true })
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/settings`)
      if (js) await formHydrated(page, 'shelter-settings')

      await fill(page, {
        'Shelter Name': 'Steel City Rescue',
        Address: '100 Grant St',
        City: 'Pittsburgh',
        State: 'PA',
        'ZIP Code': '90210',
        Capacity: '12',
      })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      const check = page.getByRole('alert').filter({ hasText: '90210 is Beverly Hills, CA' })
      await expect(check).toBeVisible()
      await expect(check).toContainText('adopters would find you in Beverly Hills, CA')
      // Nothing was saved, and everything typed is still there.
      const before = await admin().from('shelter_profiles').select('shelter_name, zip_code, latitude').eq('user_id', shelter.id).single()
      expect(before.data).toEqual({ shelter_name: 'New Shelter', zip_code: null, latitude: null })
      await expect(page.getByLabel('Shelter Name', { exact: true })).toHaveValue('Steel City Rescue')
      await expect(page.getByLabel('Address', { exact: true })).toHaveValue('100 Grant St')
      await expect(page.getByLabel('City', { exact: true })).toHaveValue('Pittsburgh')
      await expect(page.getByLabel('ZIP Code', { exact: true })).toHaveValue('90210')
      await expect(page.getByLabel('Capacity', { exact: true })).toHaveValue('12')
      if (js) await expectNoSeriousA11yViolations(page)

      // Corrected: a Pittsburgh ZIP code saves at once.
      await fill(page, { 'ZIP Code': '15219' })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Settings saved')).toBeVisible()
      const corrected = await admin()
        .from('shelter_profiles')
        .select('shelter_name, city, state, zip_code, latitude, longitude')
        .eq('user_id', shelter.id)
        .single()
      expect(corrected.data).toMatchObject({ shelter_name: 'Steel City Rescue', city: 'Pittsburgh', state: 'PA', zip_code: '15219' })
      expect(corrected.data!.latitude).toBeCloseTo(40.44, 1)

      // Confirmed: the shelter really does use a ZIP code of another town.
      if (js) await formHydrated(page, 'shelter-settings')
      await fill(page, { 'ZIP Code': '90210' })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByRole('alert').filter({ hasText: '90210 is Beverly Hills, CA' })).toBeVisible()
      await page.getByLabel('Yes, 90210 is the right ZIP code for this address').check()
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Settings saved')).toBeVisible()
      const confirmed = await admin().from('shelter_profiles').select('zip_code, latitude').eq('user_id', shelter.id).single()
      expect(confirmed.data!.zip_code).toBe('90210')
      expect(confirmed.data!.latitude).toBeCloseTo(34.09, 1)

      // Saved once, the same address is not asked about again.
      if (js) await formHydrated(page, 'shelter-settings')
      await fill(page, { Capacity: '15' })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Settings saved')).toBeVisible()
      await expect(page.getByRole('alert').filter({ hasText: '90210 is Beverly Hills' })).toHaveCount(0)
      await expect
        .poll(async () => (await admin().from('shelter_profiles').select('capacity').eq('user_id', shelter.id).single()).data!.capacity)
        .toBe(15)
    })
  })
}
