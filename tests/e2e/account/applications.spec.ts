// Adoption applications end to end: an adopter applies to two shelters with one profile, each
// shelter's team moves its application, the adopter follows both and withdraws one; every step
// emails the other side. With JavaScript on and off; axe on each new page.
import type { Page } from '@playwright/test'
import {
  admin,
  asNewVisitor,
  COMPLETE_PROFILE,
  expect,
  expectNoSeriousA11yViolations,
  signInAs,
  test,
  waitForEmail,
  type TestShelter,
  type TestUser,
} from '#tests/e2e/fixtures.ts'
import { dashboardPath, toast } from '#tests/e2e/helpers.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

const PROFILE = {
  ...APPLICATION_PROFILE,
  children_ages: [4, 9],
  home_ownership: 'rent',
  landlord_permission: 'yes',
  home_type: 'apartment',
  has_yard: false,
}

async function listedAnimal(shelter: TestShelter, name: string): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

async function applyFor(page: Page, animalId: string, name: string, note: string, js: boolean) {
  await page.goto(`/animals/${animalId}`)
  await page.getByRole('link', { name: `Apply to adopt ${name}` }).click()
  await expect(page.getByRole('heading', { name: `Apply to adopt ${name}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your application profile is ready' })).toBeVisible()
  if (js) await expectNoSeriousA11yViolations(page)
  await page.getByLabel(/A note to/).fill(note)
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByRole('heading', { name: `Your application for ${name}` })).toBeVisible()
}

/** The shelter member opens the application from the Pending tab and presses a step's button. */
async function act(
  page: Page,
  member: TestUser,
  applicant: string,
  animal: string,
  button: string,
  { message, scan = false }: { message?: string; scan?: boolean } = {},
) {
  await page.goto(`${dashboardPath(member)}/applications`)
  await page.getByRole('link', { name: `${applicant}’s application for ${animal}` }).click()
  await expect(page.getByRole('heading', { name: `${applicant} · ${animal}` })).toBeVisible()
  // Before pressing: a toast fading in can trip axe's contrast check.
  if (scan) await expectNoSeriousA11yViolations(page)
  if (message) await page.getByLabel('A message to the applicant with your decision (optional)').fill(message)
  await page.getByRole('button', { name: button, exact: true }).click()
}

for (const js of [true, false]) {
  test.describe(`applications with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('one profile, two shelters: both statuses move, one is withdrawn, each step is emailed', async ({
      browser,
      baseURL,
      page,
      users,
      adopter,
      signIn,
    }) => {
      test.slow()
      const [first, second] = await Promise.all([
        users.shelter({ approved: true, profile: { ...COMPLETE_PROFILE, shelter_name: `First Paws ${js}` } }),
        users.shelter({ approved: true, profile: { ...COMPLETE_PROFILE, shelter_name: `Second Tails ${js}` } }),
      ])
      const [biscuit, pepper] = await Promise.all([listedAnimal(first, 'Biscuit'), listedAnimal(second, 'Pepper')])
      await admin()
        .from('application_profiles')
        .insert({ user_id: adopter.id, ...PROFILE })

      await signIn(adopter)
      await applyFor(page, biscuit, 'Biscuit', 'We walk twice a day', js)
      await expect(toast(page, `Application sent to First Paws ${js}`)).toBeVisible()
      await applyFor(page, pepper, 'Pepper', 'Pepper looks perfect', js)
      await waitForEmail(first.email, /^New application for Biscuit$/)
      await waitForEmail(second.email, /^New application for Pepper$/)
      await waitForEmail(adopter.email, /^Your application for Pepper is in$/)

      // The pet's page leads to the application sent, not to a second one.
      await page.goto(`/animals/${biscuit}`)
      await expect(page.getByRole('link', { name: 'Apply to adopt Biscuit' })).toHaveCount(0)
      await expect(page.getByText(/^You applied on \w+ \d+, \d{4} · view your application$/)).toBeVisible()
      await page.getByRole('link', { name: 'view your application' }).click()
      await expect(page.getByRole('heading', { name: 'Your application for Biscuit' })).toBeVisible()
      // Applying again for the same pet leads to the application already sent.
      await page.goto(`/animals/${biscuit}/apply`)
      await expect(page.getByRole('heading', { name: 'Your application for Biscuit' })).toBeVisible()

      // Each shelter's team acts, in its own browser.
      const shelterContext = await browser.newContext({ javaScriptEnabled: js, baseURL })
      await asNewVisitor(shelterContext)
      const shelterPage = await shelterContext.newPage()
      const signInShelter = async (shelter: TestShelter) => {
        await shelterContext.clearCookies()
        await signInAs(shelterContext, shelter, baseURL!)
        await shelterPage.goto(dashboardPath(shelter))
      }
      await signInShelter(first)
      await expect(
        shelterPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Applications 1 new' }),
      ).toBeVisible()
      await expect(shelterPage.getByRole('heading', { name: 'Pending Applications' }).locator('xpath=../..')).toContainText('1')
      await shelterPage.goto(`${dashboardPath(first)}/applications`)
      await expect(shelterPage.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true')
      if (js) await expectNoSeriousA11yViolations(shelterPage)
      // A page past the last (an old link) shows the last one.
      await shelterPage.goto(`${dashboardPath(first)}/applications?page=7`)
      await expect(shelterPage.getByRole('link', { name: 'Ana Reyes’s application for Biscuit' })).toBeVisible()
      await act(shelterPage, first, 'Ana Reyes', 'Biscuit', 'Start review', { scan: js })
      await expect(toast(shelterPage, 'Review started: the applicant knows')).toBeVisible()
      await expect(shelterPage.getByText('We walk twice a day')).toBeVisible()
      await expect(shelterPage.getByRole('link', { name: adopter.email })).toBeVisible()
      await expect(shelterPage.getByText('Landlord allows pets')).toBeVisible()
      await act(shelterPage, first, 'Ana Reyes', 'Biscuit', 'Approve', { message: 'Come meet Biscuit on Saturday' })
      // The message went with the decision: the next step's box starts empty, so Reject or Mark
      // adopted cannot send it again.
      await expect(toast(shelterPage, 'Application approved: the applicant knows')).toBeVisible()
      await expect(shelterPage.getByLabel('A message to the applicant with your decision (optional)')).toHaveValue('')
      await waitForEmail(adopter.email, /^Good news about Biscuit$/)
      await shelterPage.goto(`${dashboardPath(first)}/applications?tab=approved`)
      await shelterPage.getByRole('link', { name: 'Ana Reyes’s application for Biscuit' }).click()
      await shelterPage.getByRole('button', { name: 'Mark Biscuit adopted' }).click()
      await expect(toast(shelterPage, /Marked adopted/)).toBeVisible()
      const adoptedEmail = await waitForEmail(adopter.email, /^Congratulations on adopting Biscuit!$/)
      expect(adoptedEmail.text).toContain('/account/applications/')
      expect((await admin().from('animals').select('status').eq('id', biscuit).single()).data?.status).toBe('adopted')

      await signInShelter(second)
      await act(shelterPage, second, 'Ana Reyes', 'Pepper', 'Start review')
      await waitForEmail(adopter.email, /^Second Tails .* is reviewing your application$/)

      // The adopter sees both, withdraws the one still open.
      await page.goto('/account/applications')
      if (js) await expectNoSeriousA11yViolations(page)
      const list = page.getByRole('main')
      await expect(list.getByRole('listitem').filter({ hasText: 'Biscuit' })).toContainText('Adopted')
      await expect(list.getByRole('listitem').filter({ hasText: 'Pepper' })).toContainText('In review')
      await list.getByRole('link', { name: 'Biscuit' }).click()
      await expect(page.getByText('Come meet Biscuit on Saturday')).toBeVisible()
      await expect(page.locator('[aria-current="step"]')).toContainText('Adopted')
      await page.goto('/account/applications')
      await list.getByRole('link', { name: 'Pepper' }).click()
      if (js) await expectNoSeriousA11yViolations(page)
      await page.getByRole('link', { name: 'Withdraw…' }).click()
      await page.getByRole('button', { name: 'Withdraw application' }).click()
      await expect(toast(page, 'Your application for Pepper is withdrawn')).toBeVisible()
      await expect(page.locator('[aria-current="step"]')).toContainText('Withdrawn')
      await waitForEmail(second.email, /^Ana Reyes withdrew their application for Pepper$/)
      await waitForEmail(adopter.email, /^You withdrew your application for Pepper$/)
      await shelterContext.close()
    })
  })
}

test('a profile that is not complete says what is missing and leads to it', async ({ page, users, adopter, signIn }) => {
  const shelter = await users.shelter({ approved: true, profile: COMPLETE_PROFILE })
  const mochi = await listedAnimal(shelter, 'Mochi')
  await admin().from('application_profiles').insert({ user_id: adopter.id, full_name: 'Half Done' })
  await signIn(adopter)
  await page.goto(`/animals/${mochi}/apply`)
  await expect(page.getByRole('heading', { name: 'Finish your application profile first' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'your phone number' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Finish your application profile' }).click()
  await expect(page).toHaveURL(/\/account\/application$/)
  await expect(page.getByText('You are applying to adopt Mochi.')).toBeVisible()
  // Finished (here through the database), every page of the profile leads back to the application.
  await admin().from('application_profiles').update(PROFILE).eq('user_id', adopter.id)
  await page.goto('/account/application/review')
  await page.getByRole('link', { name: 'Continue your application for Mochi' }).click()
  await expect(page.getByRole('heading', { name: 'Your application profile is ready' })).toBeVisible()
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByRole('heading', { name: 'Your application for Mochi' })).toBeVisible()
  await page.goto('/account/application')
  await expect(page.getByText(/applying to adopt Mochi|application for Mochi now/)).toHaveCount(0)
})

test('signed out, Apply goes through sign-in and comes back', async ({ page, users, adopter }) => {
  const shelter = await users.shelter({ approved: true, profile: COMPLETE_PROFILE })
  const id = await listedAnimal(shelter, 'Clover')
  await page.goto(`/animals/${id}`)
  await page.getByRole('link', { name: 'Apply to adopt Clover' }).click()
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  await page.getByLabel('Email', { exact: true }).fill(adopter.email)
  await page.getByLabel('Password').fill(adopter.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: 'Apply to adopt Clover' })).toBeVisible()
})
