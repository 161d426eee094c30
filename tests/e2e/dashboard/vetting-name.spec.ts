// The meeting request asks the organization's name (sign-up does not), and its answers fill
// Settings: the name, the type, the website, the phone number and the EIN. The receipt already says
// the real name. With JavaScript on and off.
import { expect, expectNoSeriousA11yViolations, test, waitForEmail } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

/** A wall-clock time `days` from now at `hour`:00, as a datetime-local field takes it. */
function inDays(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000)
  return `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`
}

for (const js of [true, false]) {
  test.describe(`the meeting request's organization name with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('asks the name, and carries the answers into Settings', async ({ page, users, signIn }) => {
      test.slow()
      const shelter = await users.shelter()
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/vetting`)
      await expect(page.getByRole('heading', { name: 'Schedule your vetting meeting' })).toBeVisible()
      // The placeholder name from sign-up is not offered as the organization's.
      await expect(page.getByLabel('Organization name')).toHaveValue('')
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, 'vetting-request')
      } else {
        // Without JavaScript the browser's own checks stand aside so the server's answer shows.
        await page.locator('#vetting-request').evaluate((form) => form.setAttribute('novalidate', ''))
      }

      await page.getByLabel('Organization type').selectOption('rescue_organization')
      await page.getByLabel('EIN (optional for foster networks)').fill('12-3456789')
      await page.getByLabel('Website or social media page').fill('facebook.com/steelcitypaws')
      await page.getByLabel('Phone number').fill('412 555 0100')
      await page.getByLabel("Veterinarian's name").fill('Dr. Ana Ruiz')
      await page.getByLabel('Clinic').fill('Maple Street Animal Clinic')
      await page.getByLabel("Veterinarian's phone").fill('412-555-0199')
      await page.getByLabel('Time zone').selectOption('America/New_York')
      await page.getByLabel('First choice').fill(inDays(3, 10))
      await page.getByLabel('Second choice').fill(inDays(4, 14))
      await page.getByRole('button', { name: 'Request Meeting' }).click()
      await expect(page.getByText("Enter your organization's name")).toBeVisible()
      await expect(page.getByLabel('Clinic')).toHaveValue('Maple Street Animal Clinic')

      await page.getByLabel('Organization name').fill('Steel City Paws')
      await page.getByRole('button', { name: 'Request Meeting' }).click()
      await expect(toast(page, 'Meeting requested')).toBeVisible()
      const receipt = await waitForEmail(shelter.email, /We got your meeting request/)
      expect(receipt.text).toContain("to confirm a time for Steel City Paws's vetting meeting")

      await page.goto(`${dashboardPath(shelter)}/settings`)
      await expect(page.getByLabel('Shelter Name')).toHaveValue('Steel City Paws')
      await expect(page.getByLabel('Shelter Type')).toHaveValue('rescue_organization')
      await expect(page.getByLabel('Website')).toHaveValue('https://facebook.com/steelcitypaws')
      await expect(page.getByLabel('Phone')).toHaveValue('(412) 555-0100')
      await expect(page.getByLabel('EIN', { exact: true })).toHaveValue('12-3456789')

      // Correcting the request offers the name it gave.
      await page.goto(`${dashboardPath(shelter)}/vetting`)
      await expect(page.getByLabel('Organization name')).toHaveValue('Steel City Paws')
    })
  })
}
