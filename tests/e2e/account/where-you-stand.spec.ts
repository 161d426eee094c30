// Where an adopter stands, at 360 px, with JavaScript on and off (axe with it on):
// - the shelter reopens an application the deadline job closed; the adopter is emailed and sees
//   the promise and the new deadline; the shelter puts it on hold (emailed too), which the job
//   then never closes;
// - the shelter pauses an animal's applications: its page offers Save search and similar pets
//   instead of Apply, and a form posted to Apply anyway is refused; capped at 1, a pending
//   animal's Apply page asks first, takes one application, and the animal is then full.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, test, waitForEmail, type TestUser } from '#tests/e2e/fixtures.ts'
import { dashboardPath, sidewaysOverflow, toast } from '#tests/e2e/helpers.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

const DAY = 24 * 60 * 60 * 1000

async function addAnimal(shelterId: string, name: string, status = 'available'): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelterId, name, type: 'dog', age_group: 'young', status })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

async function withProfile(adopter: TestUser) {
  const { error } = await admin()
    .from('application_profiles')
    .insert({ user_id: adopter.id, ...APPLICATION_PROFILE })
  if (error) throw error
}

async function switchTo(page: Page, signIn: (user: TestUser) => Promise<void>, user: TestUser) {
  await page.context().clearCookies()
  await signIn(user)
}

async function fitsThePhone(page: Page) {
  expect(await sidewaysOverflow(page)).toEqual([])
}

test.use({ viewport: { width: 360, height: 740 } })

for (const js of [true, false]) {
  test.describe(`where you stand, with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a closed application reopened, then put on hold: emailed, shown to the adopter, never closed again', async ({
      page,
      adopter,
      shelter,
      signIn,
    }) => {
      test.slow()
      const name = `${js ? 'Juniper' : 'Sorrel'} ${Date.now().toString(36)}`
      const animalId = await addAnimal(shelter.shelterId, name)
      // Sent 6 days ago under the 5-day promise and never answered: the job closes it.
      const sent = await admin()
        .from('applications')
        .insert({
          shelter_id: shelter.shelterId,
          animal_id: animalId,
          animal_name: name,
          applicant_id: adopter.id,
          applicant_name: 'Ana Reyes',
          snapshot: {},
          created_at: new Date(Date.now() - 6 * DAY).toISOString(),
        })
        .select('id')
        .single()
      expect(sent.error).toBeNull()
      const id = sent.data!.id as string
      expect((await admin().rpc('keep_response_promises', {})).error).toBeNull()

      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/applications/${id}`)
      await expect(page.getByText('Pawhaven closed this application because nobody answered in time.')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await fitsThePhone(page)
      await page.getByRole('button', { name: 'Reopen application' }).click()
      await expect(toast(page, 'Application reopened with a new deadline: the applicant knows')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Put on hold' })).toBeVisible()
      const reopened = await waitForEmail(adopter.email, new RegExp(`reopened your application for ${name}$`))
      expect(reopened.text).toContain('They answer within 5 days: you should hear from them by')

      // The adopter sees the promise and the new deadline.
      await switchTo(page, signIn, adopter)
      await page.goto('/account/applications')
      const item = page.getByRole('listitem').filter({ hasText: name })
      await expect(item.getByText(/^Answers within 5 days · Answer due by \w+ \d+, \d{4} \(due in 5 days\)$/)).toBeVisible()
      // Its usual response time: too few items judged yet for this shelter.
      await expect(item.getByText('New on Pawhaven')).toBeVisible()
      await expect(item.getByText('Submitted')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await fitsThePhone(page)

      // On hold: an answer. The adopter is told, the deadline is gone, and the job leaves it be.
      await switchTo(page, signIn, shelter)
      await page.goto(`${dashboardPath(shelter)}/applications/${id}`)
      await page.getByLabel('A message to the applicant with your decision (optional)').fill('We are meeting another family first.')
      await page.getByRole('button', { name: 'Put on hold' }).click()
      await expect(toast(page, 'Application on hold: the applicant knows')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Resume review' })).toBeVisible()
      const held = await waitForEmail(adopter.email, /put your application on hold$/)
      expect(held.text).toContain('We are meeting another family first.')
      // Its deadline moved into the past, then the job as the worker runs it. (Not the job at a
      // later time: that would close every other test's open applications in this database.)
      const past = new Date(Date.now() - DAY).toISOString()
      expect((await admin().from('applications').update({ answer_due_at: past }).eq('id', id)).error).toBeNull()
      expect((await admin().rpc('keep_response_promises', {})).error).toBeNull()

      await switchTo(page, signIn, adopter)
      await page.goto(`/account/applications/${id}`)
      await expect(page.getByText('On hold', { exact: true }).first()).toBeVisible()
      await expect(page.getByText(/^Answers within 5 days$/)).toBeVisible()
      await expect(page.getByText(/Answer due by/)).toHaveCount(0)
      await fitsThePhone(page)
    })

    test('paused, then capped: the page says so instead of Apply; a pending pet’s Apply asks first', async ({
      page,
      adopter,
      users,
      shelter,
      signIn,
    }) => {
      test.slow()
      const name = `${js ? 'Maple' : 'Hazel'} ${Date.now().toString(36)}`
      const animalId = await addAnimal(shelter.shelterId, name, 'pending')
      await withProfile(adopter)

      // The shelter pauses applications from the animal's edit page.
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/animals/${animalId}`)
      await page.getByLabel(`Pause applications for ${name}`).check()
      await page.getByRole('button', { name: 'Save application settings' }).click()
      await expect(toast(page, `Applications for ${name} are paused`)).toBeVisible()
      await expect(page.getByText(`${name} has 0 open applications. New applications are paused.`)).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await fitsThePhone(page)

      // Its public page: no Apply, but Save search and similar pets.
      await switchTo(page, signIn, adopter)
      await page.goto(`/animals/${animalId}`)
      await expect(page.getByRole('heading', { name: `${name} isn’t taking applications right now` })).toBeVisible()
      await expect(page.getByText(`Lone Star Paws Rescue has paused applications for ${name} for now.`)).toBeVisible()
      await expect(page.getByRole('link', { name: `Apply to adopt ${name}` })).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Save search' })).toHaveAttribute(
        'href',
        /^\/account\/searches\/new\?location=\d{5}&type=dog$/,
      )
      await expect(page.getByRole('heading', { name: 'Available animals nearby' })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await fitsThePhone(page)
      // A form posted to Apply anyway is refused, and nothing is sent.
      const posted = await page.request.post(`/animals/${animalId}/apply`, { form: { note: 'Please!' } })
      expect(posted.status()).toBe(400)
      expect(await posted.text()).toContain(`isn’t taking applications right now`)
      const none = await admin().from('applications').select('id').eq('animal_id', animalId)
      expect(none.data).toEqual([])

      // Capped at one instead.
      await switchTo(page, signIn, shelter)
      await page.goto(`${dashboardPath(shelter)}/animals/${animalId}`)
      await page.getByLabel(`Pause applications for ${name}`).uncheck()
      await page.getByLabel('Accepting up to this many open applications').fill('1')
      await page.getByRole('button', { name: 'Save application settings' }).click()
      await expect(toast(page, `${name} accepts up to 1 open application`)).toBeVisible()

      // Pending: Apply asks first, then takes the application.
      await switchTo(page, signIn, adopter)
      await page.goto(`/animals/${animalId}`)
      await page.getByRole('link', { name: `Apply to adopt ${name}` }).click()
      await expect(page.getByRole('heading', { name: 'Someone’s application is being considered' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)
      await fitsThePhone(page)
      await page.getByRole('button', { name: 'Apply anyway' }).click()
      await expect(page.getByRole('heading', { name: 'Your application profile is ready' })).toBeVisible()
      await page.getByRole('button', { name: 'Send application' }).click()
      await expect(page.getByRole('heading', { name: `Your application for ${name}` })).toBeVisible()
      await expect(page.getByText(/^Answers within 5 days · Answer due by/)).toBeVisible()

      // Full now: another adopter's view of the page says so.
      const other = await users.adopter()
      await switchTo(page, signIn, other)
      await page.goto(`/animals/${animalId}`)
      await expect(page.getByRole('heading', { name: `${name} has all the applications the shelter can consider` })).toBeVisible()
      await expect(
        page.getByText(`Lone Star Paws Rescue is accepting up to 1 open application for ${name}, and has that many now.`),
      ).toBeVisible()
      await page.goto(`/animals/${animalId}/apply`)
      await expect(page.getByRole('link', { name: 'See similar pets' })).toBeVisible()
      await fitsThePhone(page)
    })
  })
}
