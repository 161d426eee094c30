// The emailed links: password reset end to end, and what a dead link leads to.
import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, linkFrom, test, uniqueEmail, waitForEmail } from '#tests/e2e/fixtures.ts'
import { formHydrated, toast } from '#tests/e2e/helpers.ts'

const NEW_PASSWORD = 'new-treats-77'

async function requestReset(page: Page, js: boolean, email: string) {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  if (js) await formHydrated(page, 'forgot-password')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

for (const js of [true, false]) {
  test.describe(`emailed links with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('reset a forgotten password', async ({ page, adopter: user }) => {
      test.slow() // The whole journey: two emails, four forms.
      await requestReset(page, js, user.email)
      if (js) await expectNoSeriousA11yViolations(page)

      const link = linkFrom(await waitForEmail(user.email, /reset/i), '/auth/confirm')
      await page.goto(link)
      await expect(page).toHaveURL(/\/reset-password$/)
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
      if (js) await formHydrated(page, 'reset-password')
      await page.getByLabel('New Password').fill(NEW_PASSWORD)
      await page.getByLabel('Confirm Password').fill('something-else')
      await page.getByRole('button', { name: 'Save New Password' }).click()
      await expect(page.getByText('Passwords do not match')).toBeVisible()
      await page.getByLabel('New Password').fill(NEW_PASSWORD)
      await page.getByLabel('Confirm Password').fill(NEW_PASSWORD)
      await page.getByRole('button', { name: 'Save New Password' }).click()
      await expect(page).toHaveURL(/\/$/)
      await expect(toast(page, 'Your password has been updated.')).toBeVisible()
      // The reset signed the person in.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible()
      // The owner is told the password changed, and what to do if it was not them.
      const notice = await waitForEmail(user.email, /password was changed/)
      expect(notice.text).toContain("If it wasn't you")
      expect(linkFrom(notice, '/forgot-password')).toMatch(/\/forgot-password$/)

      await page.context().clearCookies()
      await signInWith(page, user.email, user.password)
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.')
      await signInWith(page, user.email, NEW_PASSWORD)
      await expect(toast(page, 'Successfully signed in!')).toBeVisible()

      // The link worked once; used again it leads to a page that sends a new one.
      await page.context().clearCookies()
      await page.goto(link)
      await expect(page).toHaveURL(/\/forgot-password\?expired=1$/)
      await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()
    })

    test('the answer never says whether an address has an account', async ({ page }) => {
      const email = uniqueEmail('nobody')
      await requestReset(page, js, email)
      await expect(page.getByText("If an account exists for that address, we've sent it a link")).toBeVisible()
      await expect(waitForEmail(email, /reset/i, 1500)).rejects.toThrow()
    })

    test('a used confirmation link leads to a page that sends a new one', async ({ page }) => {
      test.slow()
      const email = uniqueEmail('reconfirm')
      await page.goto('/join')
      if (js) await formHydrated(page, 'sign-up')
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByLabel('Password', { exact: true }).fill('paws-and-claws-42')
      await page.getByLabel('Confirm Password').fill('paws-and-claws-42')
      await page.getByRole('button', { name: 'Create Account' }).click()
      await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible()

      const link = linkFrom(await waitForEmail(email, /confirm/i), '/auth/confirm')
      const stale = new URL(link)
      stale.searchParams.set('token_hash', 'pkce_' + 'f'.repeat(56))
      await page.goto(stale.toString())
      await expect(page).toHaveURL(/\/auth\/resend\?expired=1$/)
      await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      if (js) await formHydrated(page, 'resend-confirmation')
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByRole('button', { name: 'Send New Link' }).click()
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
      await expect.poll(async () => linkFrom(await waitForEmail(email, /confirm/i), '/auth/confirm'), { timeout: 10_000 }).not.toBe(link)
      await page.goto(linkFrom(await waitForEmail(email, /confirm/i), '/auth/confirm'))
      await expect(toast(page, 'Your email is confirmed')).toBeVisible()
    })

    test('the new-password page needs the link', async ({ page }) => {
      await page.goto('/reset-password')
      await expect(page).toHaveURL(/\/forgot-password\?expired=1$/)
    })
  })
}
