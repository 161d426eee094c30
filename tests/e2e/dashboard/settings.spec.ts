import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

const FIELDS = {
  'Shelter Name': 'Happy Tails Rescue',
  Description: 'A volunteer rescue for senior dogs and bonded pairs.',
  'Contact Email': 'hello@happytails.example.org',
  Phone: '512 555 0123',
  Address: '100 Congress Ave',
  City: 'Austin',
  // A state by its name is kept as its code.
  State: 'Texas',
  'ZIP Code': '78701',
  Website: 'https://happytails.example.org',
  // Kept as the IRS writes it, 98-7654321.
  EIN: '987654321',
  Capacity: '40',
}

async function fillSettings(page: Page, values: Partial<Record<keyof typeof FIELDS, string>>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value)
}

for (const js of [true, false]) {
  test.describe(`settings with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('saves the profile, and places the shelter by its ZIP code', async ({ page, users, signIn }) => {
      test.slow() // Two saves, and the ZIP table loads on the first.
      const shelter = await users.shelter({ approved: true })
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/settings`)
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
      await expect(page.getByLabel('Shelter Name')).toHaveValue('New Shelter')
      await expect(page.getByLabel('Contact Email')).toHaveValue(shelter.email)
      await expect(page.getByLabel('Contact Email')).toHaveAttribute('type', 'email')
      await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel')
      await expect(page.getByLabel('Website')).toHaveAttribute('type', 'url')
      await expect(page.getByLabel('Capacity')).toHaveAttribute('type', 'number')
      await expect(page.getByLabel('Description')).toHaveAttribute('rows', '4')
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, 'shelter-settings')
      }

      await fillSettings(page, FIELDS)
      await page.getByLabel('Shelter Type').selectOption({ label: 'Rescue Organization' })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Settings saved')).toBeVisible()
      await expect(page.getByLabel('Phone')).toHaveValue('(512) 555-0123')
      await expect(page.getByLabel('State')).toHaveValue('TX')
      await expect(page.getByLabel('EIN', { exact: true })).toHaveValue('98-7654321')

      const { data } = await admin().from('shelter_profiles').select('*').eq('user_id', shelter.id).single()
      expect(data).toMatchObject({
        shelter_name: 'Happy Tails Rescue',
        shelter_type: 'rescue_organization',
        contact_email: 'hello@happytails.example.org',
        phone: '(512) 555-0123',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        website: 'https://happytails.example.org',
        ein: '98-7654321',
        capacity: 40,
      })
      expect(data.latitude).toBeCloseTo(30.27, 1)
      expect(data.longitude).toBeCloseTo(-97.74, 1)

      // A nonprofit's EIN is public record: the shelter's page shows it.
      await page.goto(`/shelters/${data.slug}`)
      await expect(page.getByRole('heading', { name: 'Happy Tails Rescue', level: 1 })).toBeVisible()
      await expect(page.getByText('EIN 98-7654321', { exact: true })).toBeVisible()

      await page.goto(dashboardPath(shelter))
      await expect(page.getByRole('heading', { name: 'Welcome back, Happy Tails Rescue!' })).toBeVisible()
      await expect(page.getByText('Austin, TX')).toBeVisible()

      // Emptying the ZIP code takes the shelter off the map.
      await page.goto(`${dashboardPath(shelter)}/settings`)
      if (js) await formHydrated(page, 'shelter-settings')
      await fillSettings(page, { 'ZIP Code': '' })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Settings saved')).toBeVisible()
      const after = await admin().from('shelter_profiles').select('zip_code, latitude, longitude').eq('user_id', shelter.id).single()
      expect(after.data).toEqual({ zip_code: null, latitude: null, longitude: null })
    })

    test('says what is wrong, under each field', async ({ page, users, signIn }) => {
      const shelter = await users.shelter({ approved: true })
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/settings`)
      if (js) await formHydrated(page, 'shelter-settings')
      // Without JavaScript the browser would check the url and number fields itself; these values get past it.
      await fillSettings(page, {
        'Shelter Name': '',
        'Contact Email': 'hello@nowhere',
        Phone: '555-0123',
        State: 'ZZ',
        'ZIP Code': '7870',
        Website: 'https://localhost',
        EIN: '12-34567',
        Capacity: '-3',
      })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      const expected = {
        'Shelter Name': 'Shelter name is required',
        'Contact Email': 'Please enter a valid email address',
        Phone: 'Please enter a 10-digit US phone number, e.g. (555) 010-7297',
        State: "Use the state's name or its two-letter code, e.g. CA",
        'ZIP Code': 'ZIP code must be 5 digits',
        Website: 'Please enter a valid website address, e.g. https://example.org',
        EIN: 'Enter the 9-digit EIN as it appears on IRS letters, e.g. 12-3456789',
        Capacity: 'Capacity cannot be negative',
      }
      for (const [label, message] of Object.entries(expected)) {
        const field = page.getByLabel(label, { exact: true })
        await expect(field).toHaveAttribute('aria-invalid', 'true')
        await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[().]/g, '\\$&')))
      }
      // What was typed stays typed.
      await expect(page.getByLabel('EIN', { exact: true })).toHaveValue('12-34567')
      const { data } = await admin().from('shelter_profiles').select('shelter_name').eq('user_id', shelter.id).single()
      expect(data?.shelter_name).toBe('New Shelter')
    })

    test('refuses a ZIP code that does not exist', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/settings`)
      if (js) await formHydrated(page, 'shelter-settings')
      await fillSettings(page, { 'ZIP Code': '00000' })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByText("We couldn't find this ZIP code. Please check it.")).toBeVisible()
    })
  })
}
