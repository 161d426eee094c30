import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, linkFrom, test, uniqueEmail, waitForEmail } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

const PASSWORD = 'paws-and-claws-42'

/**
 * With JavaScript the form validates in the browser; without it the server does (conform
 * renders the form `novalidate`, so the browser's own checks never hide the spec's messages).
 */
async function prepare(page: Page, js: boolean) {
  if (js) await formHydrated(page, 'sign-up')
}

async function fill(page: Page, fields: { email?: string; password?: string; confirm?: string; shelter?: boolean }) {
  if (fields.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(fields.email)
  if (fields.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(fields.password)
  if (fields.confirm !== undefined) await page.getByLabel('Confirm Password').fill(fields.confirm)
  if (fields.shelter) await page.getByLabel('Animal rescue/shelter').check()
}

const createAccount = (page: Page) => page.getByRole('button', { name: 'Create Account' }).click()

for (const js of [true, false]) {
  test.describe(`sign-up with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('/join and /shelter-signup show the same form, /shelter-signup starting on the shelter role', async ({ page }) => {
      for (const path of ['/join', '/shelter-signup']) {
        await page.goto(path)
        await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('required', '')
        await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('required', '')
        await expect(page.getByLabel('Confirm Password')).toHaveAttribute('required', '')
        const shelter = path === '/shelter-signup'
        await expect(page.getByLabel('Looking for a pet')).toBeChecked({ checked: !shelter })
        await expect(page.getByLabel('Animal rescue/shelter')).toBeChecked({ checked: shelter })
      }
      // axe runs as a script in the page, so the scans happen in the JavaScript runs.
      if (js) await expectNoSeriousA11yViolations(page)
    })

    test('every validation message, under its field', async ({ page }) => {
      await page.goto('/join')
      await prepare(page, js)
      await createAccount(page)
      await expect(page.getByText('Email is required')).toBeVisible()
      await expect(page.getByText('Password is required')).toBeVisible()
      await expect(page.getByText('Please confirm your password')).toBeVisible()
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true')

      await prepare(page, js)
      await fill(page, { email: 'pat@example', password: '12345', confirm: '12345' })
      await createAccount(page)
      await expect(page.getByText('Please enter a valid email address')).toBeVisible()
      await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()

      await prepare(page, js)
      await fill(page, { email: 'pat@example.com', password: 'secret1', confirm: 'secret2' })
      await createAccount(page)
      await expect(page.getByText('Passwords do not match')).toBeVisible()
      await expect(page.getByText('Please enter a valid email address')).toBeHidden()
      if (js) await expectNoSeriousA11yViolations(page)
    })

    test('an address that already has an account gets the same answer as a new one, and its owner an email', async ({
      page,
      adopter: existing,
    }) => {
      await page.goto('/join')
      await prepare(page, js)
      await fill(page, { email: existing.email, password: PASSWORD, confirm: PASSWORD })
      await createAccount(page)
      // Nothing on the page tells the visitor that the address has an account.
      await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible()
      await expect(page.getByText('An account with this email already exists')).toHaveCount(0)
      const notice = await waitForEmail(existing.email, /^Someone tried to create an account with your email$/)
      expect(notice.text).toContain('/login')
      expect(notice.text).toContain('/forgot-password')
    })

    test('sign up as a shelter, confirm by email, sign in, sign out', async ({ page }) => {
      test.slow() // The whole journey, through the mailbox.
      const email = uniqueEmail('signup')
      await page.goto('/shelter-signup')
      await prepare(page, js)
      await fill(page, { email, password: PASSWORD, confirm: PASSWORD, shelter: true })
      await createAccount(page)

      await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible()
      await expect(toast(page, 'Account created! Please check your email to verify your account.')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
      const { data } = await admin().auth.admin.listUsers({ perPage: 1000 })
      const created = data.users.find((user) => user.email === email)
      expect(created?.user_metadata).toMatchObject({ user_type: 'shelter', shelter_name: 'New Shelter' })
      const profile = await admin().from('shelter_profiles').select('shelter_name').eq('user_id', created!.id).single()
      expect(profile.data).toEqual({ shelter_name: 'New Shelter' })

      // A new account needs its email confirmed before it can sign in.
      await page.getByRole('link', { name: 'Go to Sign In' }).click()
      await expect(page).toHaveURL(/\/login$/)
      await signInWithForm(page, js, email, PASSWORD)
      await expect(page.getByRole('alert')).toHaveText('Please check your email and click the confirmation link before signing in.')

      const message = await waitForEmail(email, /confirm/i)
      await page.goto(linkFrom(message, '/auth/confirm'))
      await expect(page).toHaveURL(/\/$/)
      await expect(toast(page, 'Your email is confirmed')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible()

      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click()
      await expect(toast(page, 'Successfully signed out')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()

      // A shelter's sign-in lands on its dashboard: the holding page until it is vetted.
      await page.goto('/login')
      await signInWithForm(page, js, email, PASSWORD)
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(created!)}$`))
      await expect(toast(page, 'Successfully signed in!')).toBeVisible()
    })

    test('an adopter signs up without a shelter name or profile', async ({ page }) => {
      const email = uniqueEmail('adopter-signup')
      await page.goto('/join')
      await prepare(page, js)
      await fill(page, { email, password: PASSWORD, confirm: PASSWORD })
      await createAccount(page)
      await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible()
      const { data } = await admin().auth.admin.listUsers({ perPage: 1000 })
      const created = data.users.find((user) => user.email === email)!
      expect(created.user_metadata.user_type).toBe('adopter')
      expect(created.user_metadata.shelter_name).toBeUndefined()
      const profile = await admin().from('shelter_profiles').select('id').eq('user_id', created.id)
      expect(profile.data).toEqual([])
    })

    test('a signed-in visitor is sent home with Welcome!', async ({ page, adopter, signIn }) => {
      await signIn(adopter)
      for (const path of ['/join', '/shelter-signup']) {
        await page.goto(path)
        await expect(page).toHaveURL(/\/$/)
        await expect(toast(page, 'Welcome!')).toBeVisible()
      }
    })
  })
}

test('editing a field clears its error, and the form says it is working', async ({ page }) => {
  await page.goto('/join')
  await formHydrated(page, 'sign-up')
  await createAccount(page)
  await expect(page.getByText('Email is required')).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill('pat@example.com')
  await expect(page.getByText('Email is required')).toBeHidden()

  // Hold the submission so the pending state can be seen.
  await page.route(/\/join\?_data=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  await fill(page, { email: uniqueEmail('pending'), password: PASSWORD, confirm: PASSWORD })
  await createAccount(page)
  await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled()
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled()
  await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible()
})

async function signInWithForm(page: Page, js: boolean, email: string, password: string) {
  if (js) await formHydrated(page, 'sign-in')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}
