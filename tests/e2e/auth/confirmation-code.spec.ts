// The confirmation email's 'Or enter this code: 123456' has somewhere to go: the 'Account
// Created!' screen and /auth/verify-code take the code, confirm the address and sign in.
import { expect, test, uniqueEmail, waitForEmail } from '#tests/e2e/fixtures.ts'
import { formHydrated } from '#tests/e2e/helpers.ts'

const PASSWORD = 'paws-and-claws-42'

for (const js of [true, false]) {
  test.describe(`the confirmation code with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test("typed on the 'Account Created!' screen, it confirms the address and signs in; a wrong one says so", async ({ page }) => {
      const email = uniqueEmail('code')
      await page.goto('/join')
      if (js) await formHydrated(page, 'sign-up')
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByLabel('Confirm Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Create Account' }).click()
      await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible()

      const message = await waitForEmail(email, /Confirm your signup/)
      const code = /Or enter this code: (\d{6})/.exec(message.text)![1]!
      const wrong = code === '000000' ? '111111' : '000000'

      if (js) await formHydrated(page, 'confirmation-code')
      // The form already has the address just used.
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
      await page.getByLabel('Confirmation code').fill(wrong)
      await page.getByRole('button', { name: 'Confirm Email' }).click()
      await expect(page.getByText('That code is wrong or has expired.')).toBeVisible()
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)

      await page.getByLabel('Confirmation code').fill(code)
      await page.getByRole('button', { name: 'Confirm Email' }).click()
      await expect(page).toHaveURL(/\/$/)
      await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeAttached()
    })
  })
}

test('the resend page leads to the code form, which explains a malformed code', async ({ page }) => {
  await page.goto('/auth/resend')
  await page.getByRole('link', { name: 'Enter it' }).click()
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  await formHydrated(page, 'confirmation-code')
  await page.getByLabel('Email', { exact: true }).fill('pat@example.com')
  await page.getByLabel('Confirmation code').fill('12ab')
  await page.getByRole('button', { name: 'Confirm Email' }).click()
  await expect(page.getByText('Enter the 6-digit code from the email')).toBeVisible()
})
