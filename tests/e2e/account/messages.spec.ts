// Questions to shelters: an adopter asks about a pet from its page (signed out, through sign-in,
// with the text kept), the shelter reads it in its Messages tab and replies, the adopter reads
// the reply; each message emails the other side. With JavaScript on and off, axe on each page.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, linkFrom, test, waitForEmail } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

async function addAnimal(shelterId: string, name: string): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelterId, name, type: 'dog', age_group: 'young' })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })

for (const js of [true, false]) {
  test.describe(`messages with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('an adopter asks through sign-in, the shelter replies, and each side is emailed', async ({
      page,
      context,
      adopter,
      shelter,
      signIn,
    }) => {
      const name = js ? 'Maple' : 'Juniper'
      const animalId = await addAnimal(shelter.shelterId, name)
      await admin().from('adopter_profiles').insert({ user_id: adopter.id, display_name: 'Ana Ruiz' })
      const question = `Is ${name} good with cats?\nWe have two.`

      // Signed out: the page links to the form, which keeps the text while they sign in.
      await page.goto(`/animals/${animalId}`)
      await page.getByRole('link', { name: `Ask about ${name}` }).click()
      await expect(page.getByRole('heading', { name: `Ask about ${name}` })).toBeVisible()
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, 'ask-shelter')
      }
      await page.getByLabel('Your message').fill(question)
      await page.getByRole('button', { name: 'Sign in to send' }).click()
      await expect(page).toHaveURL(/\/login\?redirectTo=/)
      expect(page.url()).not.toContain('cats')
      const draft = (await context.cookies()).find((cookie) => cookie.name === 'ph_ask_draft')
      expect(draft).toMatchObject({ httpOnly: true, path: `/animals/${animalId}/ask` })
      if (js) await formHydrated(page, 'sign-in')
      await page.getByLabel('Email', { exact: true }).fill(adopter.email)
      await page.getByLabel('Password').fill(adopter.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(new RegExp(`/animals/${animalId}/ask$`))
      await expect(page.getByText('We kept your message while you signed in.')).toBeVisible()
      await expect(page.getByLabel('Your message')).toHaveValue(question)
      if (js) await formHydrated(page, 'ask-shelter')
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect(toast(page, 'Message sent to Lone Star Paws Rescue')).toBeVisible()
      await expect(page).toHaveURL(/\/account\/messages\/[0-9a-f-]{36}$/)
      const threadPath = new URL(page.url()).pathname
      const conversationId = threadPath.split('/').at(-1)!
      await expect(page.getByRole('list', { name: 'Messages' }).getByText('We have two.')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Messages' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      if (js) {
        // The scan is of the page, not of the toast fading in over it.
        await page.reload()
        await expectNoSeriousA11yViolations(page)
      }
      expect((await context.cookies()).find((cookie) => cookie.name === 'ph_ask_draft')).toBeUndefined()

      // The shelter's owner is emailed a link and an excerpt.
      const toShelter = await waitForEmail(shelter.email, new RegExp(`^New question about ${name}$`))
      expect(toShelter.text).toContain('Ana Ruiz asked about')
      expect(toShelter.text).toContain(`Is ${name} good with cats? We have two.`)
      const shelterLink = linkFrom(toShelter, `${dashboardPath(shelter)}/messages/${conversationId}`)

      // The shelter sees it in its Messages tab, unread, and replies.
      await context.clearCookies()
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/messages`)
      await expect(nav(page).getByRole('link', { name: 'Messages 1 unread' })).toBeVisible()
      const row = page.getByRole('link', { name: new RegExp(`^Ana Ruiz about ${name}`) })
      await expect(row).toContainText('Unread')
      if (js) await expectNoSeriousA11yViolations(page)
      await page.goto(shelterLink)
      await expect(page.getByRole('heading', { name: `Ana Ruiz about ${name}` })).toBeVisible()
      await expect(page.getByText('We have two.')).toBeVisible()
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, 'reply')
      }
      await page.getByLabel('Reply to Ana Ruiz').fill('Yes! Come and meet her on Saturday.')
      await page.getByRole('button', { name: 'Send reply' }).click()
      await expect(toast(page, 'Reply sent')).toBeVisible()
      await expect(page.getByRole('list', { name: 'Messages' }).getByText('Come and meet her on Saturday.')).toBeVisible()
      await expect(page.getByLabel('Reply to Ana Ruiz')).toHaveValue('')
      // Read now: the count is gone (the page that marked it read was counted alongside it).
      await expect(nav(page).getByRole('link', { name: 'Messages', exact: true })).toBeVisible()

      // The adopter is emailed and reads the reply; a reply refused (the thread was closed meanwhile) keeps its text.
      const toAdopter = await waitForEmail(adopter.email, new RegExp(`^Lone Star Paws Rescue replied about ${name}$`))
      expect(toAdopter.text).toContain('Yes! Come and meet her on Saturday.')
      const adopterLink = linkFrom(toAdopter, threadPath)
      await context.clearCookies()
      await signIn(adopter)
      await page.goto('/account/messages')
      await expect(page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Messages 1 unread' })).toBeVisible()
      await expect(page.getByRole('link', { name: new RegExp(`^${name} · Lone Star Paws Rescue`) })).toContainText('Unread')
      if (js) await expectNoSeriousA11yViolations(page)
      await page.goto(adopterLink)
      await expect(page.getByText('Come and meet her on Saturday.')).toBeVisible()
      await admin().from('conversations').update({ status: 'closed', closed_at: new Date().toISOString() }).eq('id', conversationId)
      if (js) await formHydrated(page, 'reply')
      await page.getByLabel('Reply to Lone Star Paws Rescue').fill('Saturday works for us.')
      await page.getByRole('button', { name: 'Send reply' }).click()
      await expect(page.getByRole('alert')).toHaveText('This conversation is closed')
      await expect(page.getByLabel('Reply to Lone Star Paws Rescue')).toHaveValue('Saturday works for us.')
    })
  })
}

test('volunteers do not see messages; a blocked adopter is told so, their text kept', async ({
  page,
  context,
  users,
  adopter,
  shelter,
  signIn,
}) => {
  const animalId = await addAnimal(shelter.shelterId, 'Pepper')
  const volunteer = await users.adopter()
  await admin().from('shelter_members').insert({ shelter_id: shelter.shelterId, user_id: volunteer.id, role: 'volunteer' })
  await signIn(volunteer)
  await page.goto(dashboardPath(volunteer))
  await expect(nav(page).getByRole('link', { name: 'Animals' })).toBeVisible()
  await expect(nav(page).getByRole('link', { name: /Messages/ })).toHaveCount(0)
  expect((await page.goto(`${dashboardPath(volunteer)}/messages`))?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()

  await context.clearCookies()
  await signIn(adopter)
  await page.goto(`/animals/${animalId}/ask`)
  await formHydrated(page, 'ask-shelter')
  await page.getByLabel('Your message').fill('Cheap pills here')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(toast(page, 'Message sent to Lone Star Paws Rescue')).toBeVisible()
  const conversationId = new URL(page.url()).pathname.split('/').at(-1)!

  await context.clearCookies()
  await signIn(shelter)
  await page.goto(`${dashboardPath(shelter)}/messages/${conversationId}`)
  // Blocking asks first, and says what it does; the first click blocks nothing.
  await page.getByText('Block sender…').click()
  await expect(
    page.getByText(/closes every open conversation with them and stops them writing to Lone Star Paws Rescue again/),
  ).toBeVisible()
  expect((await admin().from('blocked_senders').select('user_id').eq('user_id', adopter.id)).data).toEqual([])
  await page.getByRole('button', { name: /^Block / }).click()
  await expect(toast(page, 'Sender blocked')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unblock sender' })).toBeVisible()
  await expect(page.getByText('This conversation is closed. Reopen it to reply.')).toBeVisible()
  await page.goto(`${dashboardPath(shelter)}/messages?tab=closed`)
  await expect(page.getByRole('tab', { name: 'Closed' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('link', { name: /about Pepper/ })).toBeVisible()

  await context.clearCookies()
  await signIn(adopter)
  await page.goto(`/animals/${animalId}/ask`)
  await formHydrated(page, 'ask-shelter')
  await page.getByLabel('Your message').fill('Hello again')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('alert')).toHaveText('Lone Star Paws Rescue does not accept messages from your account')
  await expect(page.getByLabel('Your message')).toHaveValue('Hello again')
})

test('the messages pages are for signed-in people', async ({ page }) => {
  await page.goto('/account/messages')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fmessages$/)
})
