import type { Page } from '@playwright/test'
import { admin, expect, test, uniqueEmail, visitorAddress } from '#tests/e2e/fixtures.ts'
import { hydrated, toast } from '#tests/e2e/helpers.ts'

async function subscriptionsFor(email: string) {
  const { data, error } = await admin().from('newsletter_subscriptions').select('email').ilike('email', email)
  if (error) throw error
  return data
}

async function messageWithReference(reference: string) {
  const { data, error } = await admin().from('support_messages').select('*').eq('reference', reference).maybeSingle()
  if (error) throw error
  return data
}

async function messagesFrom(email: string) {
  const { data, error } = await admin().from('support_messages').select('reference').eq('email', email)
  if (error) throw error
  return data
}

async function fillMessage(
  page: Page,
  fields: { name?: string; email?: string; organization?: string; subject?: string; message?: string; priority?: string },
) {
  if (fields.name !== undefined) await page.getByLabel('Name', { exact: true }).fill(fields.name)
  if (fields.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(fields.email)
  if (fields.organization !== undefined) await page.getByLabel('Organization (optional)').fill(fields.organization)
  if (fields.subject !== undefined) await page.getByLabel('Subject').selectOption({ label: fields.subject })
  if (fields.message !== undefined) await page.getByLabel('Message', { exact: true }).fill(fields.message)
  if (fields.priority !== undefined) await page.getByRole('radio', { name: fields.priority }).check()
}

const sendMessage = (page: Page) => page.getByRole('button', { name: 'Send Message' }).click()

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('subscribing stores the address once, however often it is sent', async ({ page }) => {
      const email = uniqueEmail('news')
      await page.goto('/about')
      if (js) await hydrated(page)
      const footer = page.getByRole('contentinfo')
      await footer.getByLabel('Email address').fill(email)
      await footer.getByRole('button', { name: 'Subscribe' }).click()
      const success = js ? footer.getByText('Thanks for subscribing!') : toast(page, 'Thanks for subscribing!')
      await expect(success).toBeVisible()
      await expect(page).toHaveURL(/\/about(#newsletter)?$/)
      expect(await subscriptionsFor(email)).toHaveLength(1)

      // A second time, in other letters: the same friendly answer, still one row.
      await page.goto('/support')
      if (js) await hydrated(page)
      await footer.getByLabel('Email address').fill(email.toUpperCase())
      await footer.getByRole('button', { name: 'Subscribe' }).click()
      await expect(js ? footer.getByText('Thanks for subscribing!') : toast(page, 'Thanks for subscribing!')).toBeVisible()
      expect(await subscriptionsFor(email)).toHaveLength(1)
    })

    test('an invalid address is refused with the spec\u2019s message', async ({ page }) => {
      await page.goto('/')
      if (js) await hydrated(page)
      const footer = page.getByRole('contentinfo')
      await footer.getByLabel('Email address').fill('not-an-email')
      await footer.getByRole('button', { name: 'Subscribe' }).click()
      const error = js ? footer.getByText('Please enter a valid email address') : toast(page, 'Please enter a valid email address')
      await expect(error).toBeVisible()
      if (js) await expect(footer.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
      expect(await subscriptionsFor('not-an-email')).toHaveLength(0)
    })

    test('a support message is stored and confirmed with its reference number', async ({ page }) => {
      const email = uniqueEmail('support')
      await page.goto('/support')
      if (js) await hydrated(page)
      await expect(page.getByRole('radio', { name: 'Normal' })).toBeChecked()
      await fillMessage(page, {
        name: 'Robin Reyes',
        email,
        organization: 'Happy Tails Rescue',
        subject: 'Feature Request',
        message: 'Could adopters save searches and get an email about new matches?',
        priority: 'High',
      })
      await sendMessage(page)
      const confirmation = page.getByRole('status').filter({ hasText: 'Your message has been sent' })
      await expect(confirmation).toBeVisible()
      await expect(page).toHaveURL(/\/support\?sent=PH-[A-Z0-9]{4}-[A-Z0-9]{4}#message-sent$/)
      const reference = (await confirmation.locator('strong').textContent())!.trim()
      expect(reference).toMatch(/^PH-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
      expect(await messageWithReference(reference)).toMatchObject({
        name: 'Robin Reyes',
        email,
        organization: 'Happy Tails Rescue',
        subject: 'feature_request',
        message: 'Could adopters save searches and get an email about new matches?',
        priority: 'high',
        user_id: null,
      })
      await page.getByRole('link', { name: 'Send another message' }).click()
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
    })

    test('a message with mistakes shows each error and keeps what was typed', async ({ page }) => {
      const email = uniqueEmail('oops')
      await page.goto('/contact')
      if (js) await hydrated(page)
      await sendMessage(page)
      for (const error of ['Name is required', 'Email is required', 'Please choose a subject', 'Message is required']) {
        await expect(page.getByText(error)).toBeVisible()
      }
      await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name is required')

      await fillMessage(page, {
        name: 'Sam',
        email: 'sam-at-example',
        organization: 'Paws Co',
        subject: 'Account Issues',
        message: 'Too short',
        priority: 'Urgent',
      })
      await sendMessage(page)
      await expect(page.getByText('Please enter a valid email address')).toBeVisible()
      await expect(page.getByText('Message must be at least 10 characters')).toBeVisible()
      await expect(page.getByText('Name is required')).toBeHidden()
      // Nothing typed is lost, with or without JavaScript.
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sam')
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('sam-at-example')
      await expect(page.getByLabel('Organization (optional)')).toHaveValue('Paws Co')
      await expect(page.getByLabel('Subject')).toHaveValue('account_issues')
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Too short')
      await expect(page.getByRole('radio', { name: 'Urgent' })).toBeChecked()

      await fillMessage(page, { email, message: 'I cannot change my shelter address.' })
      await sendMessage(page)
      await expect(page.getByText('Your message has been sent')).toBeVisible()
      await expect(page).toHaveURL(/\/contact\?sent=/)
      expect(await messagesFrom(email)).toHaveLength(1)
      expect(await messagesFrom('sam-at-example')).toHaveLength(0)
    })
  })
}

test('the message form refuses bots and floods without storing anything', async ({ request }) => {
  const address = visitorAddress()
  const email = uniqueEmail('flood')
  const form = { name: 'Flood', email, subject: 'general_inquiry', message: 'Is anybody out there reading this?', priority: 'low' }
  const post = (extra: Record<string, string> = {}) =>
    request.post('/contact', { form: { ...form, ...extra }, headers: { 'X-Forwarded-For': address }, maxRedirects: 0 })

  const bot = await post({ website_url: 'https://spam.example' })
  expect(bot.status()).toBe(400)
  expect(await messagesFrom(email)).toHaveLength(0)

  for (let sent = 0; sent < 5; sent += 1) expect((await post()).status()).toBe(302)
  const refused = await post()
  expect(refused.status()).toBe(429)
  expect(await refused.text()).toContain('You have sent several messages in a short time')
  expect(await messagesFrom(email)).toHaveLength(5)

  // Another visitor is not affected.
  const other = await request.post('/contact', { form, headers: { 'X-Forwarded-For': visitorAddress() }, maxRedirects: 0 })
  expect(other.status()).toBe(302)
})

test('a signed-in sender\u2019s message records their account', async ({ page, adopter: user, signIn }) => {
  await signIn(user)
  await page.goto('/support')
  await hydrated(page)
  await fillMessage(page, { name: 'Signed In', email: user.email, subject: 'General Inquiry', message: 'Hello from a signed-in adopter.' })
  await sendMessage(page)
  const reference = (await page
    .getByRole('status')
    .filter({ hasText: 'Your message has been sent' })
    .locator('strong')
    .textContent())!.trim()
  expect(await messageWithReference(reference)).toMatchObject({ user_id: user.id, priority: 'normal' })
})

test('the newsletter honeypot turns bots away', async ({ request }) => {
  const email = uniqueEmail('botnews')
  const response = await request.post('/resources/subscribe', {
    form: { email, newsletter_website: 'https://spam.example', redirectTo: '/' },
    headers: { 'X-Forwarded-For': visitorAddress() },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  expect(await subscriptionsFor(email)).toHaveLength(0)
})
