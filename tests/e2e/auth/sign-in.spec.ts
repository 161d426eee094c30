import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, sessionCookieName, test, uniqueEmail, visitorAddress } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

async function signInWithForm(page: Page, js: boolean, email: string, password: string) {
  if (js) await formHydrated(page, 'sign-in')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

for (const js of [true, false]) {
  test.describe(`sign-in with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('/login and /shelter-login show the same form', async ({ page }) => {
      for (const path of ['/login', '/shelter-login']) {
        await page.goto(path)
        await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('required', '')
        await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('required', '')
        await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
      }
      if (js) await expectNoSeriousA11yViolations(page)
    })

    test('every validation message, under its field', async ({ page }) => {
      await page.goto('/login')
      await signInWithForm(page, js, '', '')
      await expect(page.getByText('Email is required')).toBeVisible()
      await expect(page.getByText('Password is required')).toBeVisible()
      await signInWithForm(page, js, 'pat@example', '12345')
      await expect(page.getByText('Please enter a valid email address')).toBeVisible()
      await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
      await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    })

    test('wrong credentials', async ({ page, adopter: user }) => {
      await page.goto('/login')
      await signInWithForm(page, js, user.email, 'not-the-password')
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.')
      await signInWithForm(page, js, uniqueEmail('nobody'), 'whatever-1')
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.')
    })

    test('an email that is not confirmed yet', async ({ page }) => {
      const email = uniqueEmail('unconfirmed')
      const { error } = await admin().auth.admin.createUser({ email, password: 'paws-and-claws-42', email_confirm: false })
      expect(error).toBeNull()
      await page.goto('/login')
      await signInWithForm(page, js, email, 'paws-and-claws-42')
      await expect(page.getByRole('alert')).toHaveText('Please check your email and click the confirmation link before signing in.')
    })

    test('success: toast, home, and an HttpOnly SameSite=Lax session cookie', async ({ page, context, adopter: user }) => {
      await page.goto('/login')
      await signInWithForm(page, js, user.email, user.password)
      await expect(page).toHaveURL(/\/$/)
      await expect(toast(page, 'Successfully signed in!')).toBeVisible()
      const session = (await context.cookies()).filter((cookie) => cookie.name.startsWith(sessionCookieName()))
      expect(session.length).toBeGreaterThan(0)
      for (const cookie of session) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    })

    test('a signed-in visitor is sent home with Welcome back!', async ({ page, adopter, signIn }) => {
      await signIn(adopter)
      for (const path of ['/login', '/shelter-login']) {
        await page.goto(path)
        await expect(page).toHaveURL(/\/$/)
        await expect(toast(page, 'Welcome back!')).toBeVisible()
      }
    })

    test("a shelter's sign-in lands on its dashboard, and a signed-in shelter is sent there", async ({ page, users, signIn }) => {
      const waiting = await users.shelter()
      await page.goto('/shelter-login')
      await signInWithForm(page, js, waiting.email, waiting.password)
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(waiting)}$`))
      await expect(toast(page, 'Successfully signed in!')).toBeVisible()
      // Not vetted yet: the dashboard is its holding page.
      await expect(page.getByRole('heading', { name: 'Welcome to Pawhaven!' })).toBeVisible()

      const approved = await users.shelter({ approved: true })
      await signIn(approved)
      await page.goto('/login')
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(approved)}$`))
      await expect(toast(page, 'Welcome back!')).toBeVisible()
    })
  })
}

test('sign-in shows what it is doing while it works', async ({ page, adopter: user }) => {
  await page.goto('/login')
  await formHydrated(page, 'sign-in')
  await page.route(/\/login\?_data=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  await signInWithForm(page, true, user.email, user.password)
  await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled()
  await expect(page.getByLabel('Password', { exact: true })).toBeDisabled()
  await expect(toast(page, 'Successfully signed in!')).toBeVisible()
})

test('sign-in goes back to the page that asked for it', async ({ page, adopter: user }) => {
  await page.goto('/login?redirectTo=%2Fsearch')
  await signInWithForm(page, false, user.email, user.password)
  await expect(page).toHaveURL(/\/search$/)
})

test.describe('rate limits', () => {
  test('repeated wrong passwords for one account from one address are slowed down, and the owner elsewhere is not', async ({
    page,
    context,
    adopter: user,
  }) => {
    await page.goto('/login')
    let answer = ''
    // The auth server allows 10 attempts per account from one address per 5 minutes.
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
    for (let attempt = 1; attempt <= 12 && !answer.includes('rate limit'); attempt++) {
      const answered = page.waitForResponse((response) => response.request().method() === 'POST')
      await signInWithForm(page, false, user.email, `wrong-password-${attempt}`)
      await answered
      await page.waitForLoadState('domcontentloaded')
      answer = (await page.getByRole('alert').textContent()) ?? ''
    }
    expect(answer).toContain('Request rate limit reached')

    // No limit per account alone: from another address its owner signs in at once.
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
    await page.goto('/login')
    await signInWithForm(page, false, user.email, user.password)
    await expect(page).toHaveURL(/\/$/)
  })

  test('sign-ups to one address are slowed down', async ({ request }) => {
    const email = uniqueEmail('signup-limit')
    const form = { email, password: 'paws-and-claws-42', confirmPassword: 'paws-and-claws-42', role: 'adopter' }
    // Each sign-up of an unconfirmed address sends it a confirmation email; the auth server allows two a minute.
    const answers: string[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await request.post('/join', { headers: { 'X-Forwarded-For': visitorAddress() }, form })
      answers.push(await response.text())
    }
    expect(answers[0]).toContain('Account Created!')
    expect(answers[1]).toContain('Account Created!')
    expect(answers[2]).toMatch(/For security purposes, you can only request this after \d+ seconds/)
  })
})
