// The response promise: a shelter promises to answer within 2 days in Settings; an adopter
// applies and asks; the team sees each open item's deadline on the Applications and Messages
// tabs, soonest first (an application from yesterday, due tomorrow, and a question from 3 days
// ago, overdue, above them), at 360 px too; once the shelter answers, the label goes. (An
// application left past its deadline is closed by the worker, so the old one is not overdue yet.) With JavaScript on and off; axe on each page with it on.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, test, type TestShelter } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, sidewaysOverflow, toast } from '#tests/e2e/helpers.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

async function addAnimal(shelter: TestShelter, name: string): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

/** An application from a day ago and a question from 3 days ago, never answered. */
async function leftEarlier(shelter: TestShelter, adopterId: string) {
  const DAY = 24 * 60 * 60 * 1000
  const created_at = new Date(Date.now() - 3 * DAY).toISOString()
  const application = await admin()
    .from('applications')
    .insert({
      shelter_id: shelter.shelterId,
      animal_name: 'Rusty',
      applicant_name: 'Old Timer',
      snapshot: {},
      created_at: new Date(Date.now() - DAY).toISOString(),
    })
  if (application.error) throw application.error
  const conversation = await admin()
    .from('conversations')
    .insert({ shelter_id: shelter.shelterId, animal_name: 'Rusty', adopter_id: adopterId, created_at, last_message_at: created_at })
    .select('id')
    .single()
  if (conversation.error) throw conversation.error
  await admin()
    .from('messages')
    .insert({ conversation_id: conversation.data.id, sender: 'adopter', body: 'Is Rusty still here?', created_at })
}

async function deadlines(page: Page, rows: ReturnType<Page['getByRole']>) {
  await expect(rows.first()).toBeVisible()
  return (await rows.allInnerTexts()).map(
    (text) => text.match(/(due in \d+ days?|due today|overdue by \d+ days?|overdue today)/)?.[0] ?? '',
  )
}

for (const js of [true, false]) {
  test.describe(`response promise with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a 2-day promise puts deadlines on the team’s tabs, soonest first, until the shelter answers', async ({
      page,
      context,
      shelter,
      users,
      signIn,
    }) => {
      test.slow()
      const [adopter, old] = await Promise.all([users.adopter(), users.adopter()])
      const name = js ? 'Biscuit' : 'Pepper'
      const animalId = await addAnimal(shelter, name)
      await admin()
        .from('application_profiles')
        .insert({ user_id: adopter.id, ...APPLICATION_PROFILE })
      await admin()
        .from('adopter_profiles')
        .insert([
          { user_id: adopter.id, display_name: 'Ana Reyes' },
          { user_id: old.id, display_name: 'Old Timer' },
        ])

      // Settings: the promise, kept as chosen when another field is wrong, then saved.
      await signIn(shelter)
      const settings = `${dashboardPath(shelter)}/settings`
      await page.goto(settings)
      const responseTime = page.getByLabel('Response time')
      await expect(responseTime).toHaveValue('5')
      await expect(responseTime).toHaveAccessibleDescription(/We answer applications and questions within 5 days\./)
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, 'shelter-settings')
      }
      await responseTime.selectOption({ label: 'Within 2 days' })
      await page.getByLabel('Shelter Name').fill('')
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByLabel('Shelter Name')).toHaveAttribute('aria-invalid', 'true')
      await expect(responseTime).toHaveValue('2')
      await page.getByLabel('Shelter Name').fill('Lone Star Paws Rescue')
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Settings saved')).toBeVisible()
      await expect(responseTime).toHaveValue('2')
      await expect(responseTime).toHaveAccessibleDescription(/We answer applications and questions within 2 days\./)
      const saved = await admin().from('shelter_profiles').select('response_days').eq('id', shelter.shelterId).single()
      expect(saved.data?.response_days).toBe(2)
      // Under the 2-day promise: the application sent yesterday is due tomorrow, the question sent
      // 3 days ago is overdue by a day.
      await leftEarlier(shelter, old.id)

      // The adopter applies and asks.
      await context.clearCookies()
      await signIn(adopter)
      await page.goto(`/animals/${animalId}/apply`)
      await expect(page.getByRole('heading', { name: `Apply to adopt ${name}` })).toBeVisible()
      await page.getByRole('button', { name: 'Send application' }).click()
      await expect(page.getByRole('heading', { name: `Your application for ${name}` })).toBeVisible()
      await page.goto(`/animals/${animalId}/ask`)
      if (js) await formHydrated(page, 'ask-shelter')
      await page.getByLabel('Your message').fill(`Is ${name} good with cats?`)
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect(page).toHaveURL(/\/account\/messages\/[0-9a-f-]{36}$/)
      const conversationId = new URL(page.url()).pathname.split('/').at(-1)!

      // The team: the items left earlier come first; the new ones are due in 2 days.
      await context.clearCookies()
      await signIn(shelter)
      await page.setViewportSize({ width: 360, height: 800 })
      const applications = `${dashboardPath(shelter)}/applications`
      await page.goto(applications)
      const applicationRows = page
        .getByRole('table', { name: 'Pending applications' })
        .getByRole('row')
        .filter({ has: page.getByRole('link') })
      await expect(applicationRows).toHaveCount(2)
      await expect(applicationRows.nth(0)).toContainText('Old Timer')
      await expect(applicationRows.nth(1)).toContainText('Ana Reyes')
      expect(await deadlines(page, applicationRows)).toEqual(['due in 1 day', 'due in 2 days'])
      await expect(applicationRows.nth(1).getByText('due in 2 days')).toBeVisible()
      expect(await sidewaysOverflow(page)).toEqual([])
      if (js) await expectNoSeriousA11yViolations(page)

      const messages = `${dashboardPath(shelter)}/messages`
      await page.goto(messages)
      const conversationRows = page.getByRole('tabpanel').getByRole('listitem')
      await expect(conversationRows).toHaveCount(2)
      await expect(conversationRows.nth(0)).toContainText('Old Timer about Rusty')
      await expect(conversationRows.nth(1)).toContainText(`Ana Reyes about ${name}`)
      expect(await deadlines(page, conversationRows)).toEqual(['overdue by 1 day', 'due in 2 days'])
      await expect(conversationRows.nth(1).getByText('due in 2 days')).toBeVisible()
      expect(await sidewaysOverflow(page)).toEqual([])
      if (js) await expectNoSeriousA11yViolations(page)

      // The shelter answers both: their labels go; the ones left alone keep theirs.
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(applications)
      await page.getByRole('link', { name: `Ana Reyes’s application for ${name}` }).click()
      await page.getByRole('button', { name: 'Start review', exact: true }).click()
      await expect(toast(page, 'Review started: the applicant knows')).toBeVisible()
      await page.goto(`${messages}/${conversationId}`)
      if (js) await formHydrated(page, 'reply')
      await page.getByLabel('Reply to Ana Reyes').fill('Yes, she lives with two cats.')
      await page.getByRole('button', { name: 'Send reply' }).click()
      await expect(toast(page, 'Reply sent')).toBeVisible()

      await page.goto(applications)
      await expect(applicationRows).toHaveCount(2)
      expect(await deadlines(page, applicationRows)).toEqual(['due in 1 day', ''])
      await expect(applicationRows.nth(1)).toContainText('Ana Reyes')
      await page.goto(messages)
      await expect(conversationRows).toHaveCount(2)
      expect(await deadlines(page, conversationRows)).toEqual(['overdue by 1 day', ''])
      await expect(conversationRows.nth(1)).toContainText(`Ana Reyes about ${name}`)
    })
  })
}
