// Times in the reader's own zone: with JavaScript the hint script tells the server the
// browser's zone (a cookie, then one reload) and the page shows Pacific times to a browser in
// Los Angeles; without it the page names the zone it fell back to (UTC, or the shelter's own
// for its team), and honours the cookie when a browser already has it.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, test, type TestShelter, type TestUser } from '#tests/e2e/fixtures.ts'
import { dashboardPath, hydrated } from '#tests/e2e/helpers.ts'

const SENT_AT = '2026-11-28T02:05:00.000Z'

/** A conversation whose one message was sent at SENT_AT; its id. */
async function conversationAt(shelter: TestShelter, adopter: TestUser): Promise<string> {
  const { data, error } = await admin()
    .from('conversations')
    .insert({ shelter_id: shelter.shelterId, adopter_id: adopter.id, animal_name: 'Biscuit', last_message_at: SENT_AT })
    .select('id')
    .single()
  if (error) throw error
  const sent = await admin()
    .from('messages')
    .insert({ conversation_id: data.id, author_id: adopter.id, sender: 'adopter', body: 'Is Biscuit house-trained?', created_at: SENT_AT })
  if (sent.error) throw sent.error
  return data.id as string
}

/** The message's time; its datetime attribute stays UTC, for machines. */
const messageTime = (page: Page) => page.getByRole('list', { name: 'Messages' }).locator('time[datetime^="2026-11-28T02:05:00"]')

test.describe('with JavaScript on, in Los Angeles', () => {
  test.use({ javaScriptEnabled: true, timezoneId: 'America/Los_Angeles' })

  test('the hint script sets the zone, reloads once, and the page shows Pacific times', async ({
    page,
    context,
    shelter,
    adopter,
    signIn,
  }) => {
    const conversationId = await conversationAt(shelter, adopter)
    await signIn(adopter)
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|Minified React error #(418|423|425)/i.test(message.text())) pageErrors.push(message.text())
    })
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })

    const response = await page.goto(`/account/messages/${conversationId}`)
    // The hint script runs under the Content-Security-Policy by its nonce (the fixture fails
    // the test on any violation report).
    expect(response?.headers()['content-security-policy']).toMatch(/script-src[^;]*'nonce-/)
    await expect(messageTime(page)).toHaveText('Nov 27, 2026, 6:05 PM')
    await hydrated(page)
    expect(documents.filter((url) => url.endsWith(`/account/messages/${conversationId}`))).toHaveLength(2)
    const hint = (await context.cookies()).find((cookie) => cookie.name === 'CH-time-zone')
    expect(decodeURIComponent(hint?.value ?? '')).toBe('America/Los_Angeles')

    // The list of conversations, reached in the browser, reads the same zone; no reload now.
    await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Messages' }).click()
    await expect(page.getByRole('link', { name: /Biscuit/ }).locator('time')).toHaveText('Nov 27, 2026, 6:05 PM')
    await page.reload()
    await expect(page.getByRole('link', { name: /Biscuit/ }).locator('time')).toHaveText('Nov 27, 2026, 6:05 PM')
    expect(documents.filter((url) => url.endsWith('/account/messages'))).toHaveLength(1)
    expect(pageErrors).toEqual([])
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('with JavaScript on, in New York', () => {
  test.use({ javaScriptEnabled: true, timezoneId: 'America/New_York' })

  test("the Activity tab, which formats in its loader, reads the browser's zone too", async ({ page, shelter, signIn }) => {
    const { error } = await admin().from('shelter_activity').insert({
      shelter_id: shelter.shelterId,
      actor_email: 'ana@example.com',
      action: 'animal_added',
      subject: 'Biscuit',
      created_at: SENT_AT,
    })
    if (error) throw error
    await signIn(shelter)
    await page.goto(`${dashboardPath(shelter)}/activity`)
    await expect(page.getByRole('listitem').filter({ hasText: 'added Biscuit' }).locator('time')).toHaveText('Nov 27, 2026, 9:05 PM')
  })
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, timezoneId: 'America/Los_Angeles' })

  test('an adopter without the cookie reads UTC, and the page says so', async ({ page, shelter, adopter, signIn }) => {
    const conversationId = await conversationAt(shelter, adopter)
    await signIn(adopter)
    await page.goto(`/account/messages/${conversationId}`)
    await expect(messageTime(page)).toHaveText('Nov 28, 2026, 2:05 AM UTC')
  })

  test('the server honours a zone cookie the browser already has', async ({ page, context, baseURL, shelter, adopter, signIn }) => {
    const conversationId = await conversationAt(shelter, adopter)
    await signIn(adopter)
    await context.addCookies([{ name: 'CH-time-zone', value: encodeURIComponent('America/New_York'), url: baseURL! }])
    await page.goto(`/account/messages/${conversationId}`)
    await expect(messageTime(page)).toHaveText('Nov 27, 2026, 9:05 PM')
    await page.goto('/account/messages')
    await expect(page.getByRole('link', { name: /Biscuit/ }).locator('time')).toHaveText('Nov 27, 2026, 9:05 PM')
  })

  test("a shelter's team reads in their shelter's zone, named", async ({ page, shelter, adopter, signIn }) => {
    // The shelter fixture is in Austin, Texas: Central time.
    const conversationId = await conversationAt(shelter, adopter)
    await signIn(shelter)
    await page.goto(`${dashboardPath(shelter)}/messages/${conversationId}`)
    await expect(messageTime(page)).toHaveText('Nov 27, 2026, 8:05 PM CST')
  })
})
