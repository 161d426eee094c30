// The server's one-time message. Without JavaScript: at the top of the page, in its flow, so on
// a 360 px phone it never covers a control (after sign-up it hid Confirm Email), and dismissible
// without JavaScript. With it: a toast belongs to its page, and goes when the visitor moves on.
import { expect, test, uniqueEmail } from '#tests/e2e/fixtures.ts'
import { formHydrated, hydrated, toast } from '#tests/e2e/helpers.ts'

test('a toast goes when the visitor moves on to another page', async ({ page, adopter }) => {
  await page.goto('/login')
  await formHydrated(page, 'sign-in')
  await page.getByLabel('Email', { exact: true }).fill(adopter.email)
  await page.getByLabel('Password', { exact: true }).fill(adopter.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(toast(page, 'Successfully signed in!')).toBeVisible()
  await hydrated(page)
  // A client-side navigation, well within the toast's 4 s.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(toast(page, 'Successfully signed in!')).toBeHidden({ timeout: 1_500 })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } })

  test('after sign-up the message covers nothing and can be dismissed', async ({ page }) => {
    await page.goto('/join')
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('flash'))
    await page.getByLabel('Password', { exact: true }).fill('paws-and-claws-42')
    await page.getByLabel('Confirm Password').fill('paws-and-claws-42')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible()

    const message = page.getByRole('status').filter({ hasText: 'Account created! Please check your email to verify your account.' })
    await expect(message).toBeVisible()
    // Nothing the visitor may press lies under it, wherever the page is scrolled.
    const box = (await message.boundingBox())!
    for (const control of await page.locator('main').getByRole('button').or(page.locator('main').getByRole('link')).all()) {
      const other = await control.boundingBox()
      if (!other) continue
      const overlaps =
        box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height
      expect(overlaps, (await control.textContent()) ?? '').toBe(false)
    }
    await page.getByRole('button', { name: 'Confirm Email' }).scrollIntoViewIfNeeded()
    await expect(page.getByRole('button', { name: 'Confirm Email' })).toBeInViewport({ ratio: 1 })

    await page.getByText('Dismiss', { exact: true }).click()
    await expect(message).toBeHidden()
  })
})
