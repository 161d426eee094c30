// A shelter's own application questions end to end: the shelter adds a required yes/no and a
// one-of-several question in Settings, the adopter's application is refused until the required
// one is answered (what was typed and picked stays), the shelter reads the answers in its review,
// and a later edit of the questions leaves the answers sent as they were. With JavaScript on and
// off; axe on each new page; the pages at 360 px; forged and oversized answers refused.
import type { Locator, Page } from '@playwright/test'
import {
  admin,
  asNewVisitor,
  COMPLETE_PROFILE,
  expect,
  expectNoSeriousA11yViolations,
  signInAs,
  test,
  type TestShelter,
  type TestUser,
} from '#tests/e2e/fixtures.ts'
import { dashboardPath, sidewaysOverflow, toast } from '#tests/e2e/helpers.ts'
import { htmlErrors } from '#tests/e2e/html-validity.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

const SURGERY = 'Can you afford a $2,000 eye surgery?'
const SLEEP = 'Where will she sleep?'

async function listedAnimal(shelter: TestShelter, name: string): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

/** The card a heading names (a Card is a section holding its heading). */
const card = (page: Page, heading: string | RegExp): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) })

async function fillQuestion(form: Locator, prompt: string, kind: string, choices: string, required: boolean) {
  await form.getByLabel('Question', { exact: true }).fill(prompt)
  await form.getByLabel('How adopters answer').selectOption({ label: kind })
  await form.getByLabel(/^Choices, one a line/).fill(choices)
  if (required) await form.getByLabel(/^Required/).check()
}

async function openReview(page: Page, shelter: TestUser, animal: string) {
  await page.goto(`${dashboardPath(shelter)}/applications`)
  await page.getByRole('link', { name: `Ana Reyes’s application for ${animal}` }).click()
  await expect(page.getByRole('heading', { name: `Ana Reyes · ${animal}` })).toBeVisible()
  return page.getByRole('region', { name: 'Your questions' })
}

for (const js of [true, false]) {
  test.describe(`a shelter's own questions with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a required question blocks sending until answered; the review shows the answers as asked', async ({
      browser,
      baseURL,
      page,
      users,
      adopter,
      signIn,
    }) => {
      test.slow()
      const shelter = await users.shelter({ approved: true, profile: { ...COMPLETE_PROFILE, shelter_name: `Pug Rescue ${js}` } })
      const animalId = await listedAnimal(shelter, 'Dumpling')
      await admin()
        .from('application_profiles')
        .insert({ user_id: adopter.id, ...APPLICATION_PROFILE })

      // The shelter adds its questions in Settings.
      const shelterContext = await browser.newContext({ javaScriptEnabled: js, baseURL })
      await asNewVisitor(shelterContext)
      await signInAs(shelterContext, shelter, baseURL!)
      const team = await shelterContext.newPage()
      await team.goto(`${dashboardPath(shelter)}/settings`)
      await team.getByRole('link', { name: 'Your application questions' }).click()
      await expect(team.getByRole('heading', { name: 'Application questions', level: 1 })).toBeVisible()
      await expect(team.getByText('You ask no questions of your own yet')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(team)
      const add = () => card(team, 'Add a question')
      await fillQuestion(add(), SURGERY, 'Yes or no', '', true)
      await add().getByRole('button', { name: 'Add question' }).click()
      await expect(toast(team, 'Question added')).toBeVisible()
      // A choice question with one choice is refused, and what was typed stays.
      await fillQuestion(add(), SLEEP, 'One of several', 'Inside', true)
      await add().getByRole('button', { name: 'Add question' }).click()
      await expect(add().getByText('Write at least 2 choices, one a line')).toBeVisible()
      await expect(add().getByLabel('Question', { exact: true })).toHaveValue(SLEEP)
      await expect(add().getByLabel('How adopters answer')).toHaveValue('one_of')
      await expect(add().getByLabel(/^Required/)).toBeChecked()
      if (js) await expectNoSeriousA11yViolations(team)
      await add()
        .getByLabel(/^Choices, one a line/)
        .fill('Inside\nGarage')
      await add().getByRole('button', { name: 'Add question' }).click()
      await expect(toast(team, 'Question added')).toBeVisible()
      const list = team.getByRole('list', { name: 'Your questions' })
      await expect(list.getByRole('heading')).toHaveText([`1. ${SURGERY}`, `2. ${SLEEP}`])
      await expect(card(team, `2. ${SLEEP}`)).toContainText('One of several · Required')

      // The adopter leaves the required yes/no unanswered: refused, with what was picked kept.
      await signIn(adopter)
      await page.goto(`/animals/${animalId}/apply`)
      const questions = page.getByRole('region', { name: `Pug Rescue ${js}’s questions` })
      await expect(questions).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await questions.getByRole('group', { name: SLEEP }).getByRole('radio', { name: 'Inside' }).check()
      await page.getByLabel(/A note to/).fill('We love pugs')
      await page.getByRole('button', { name: 'Send application' }).click()
      await expect(page.getByText('Answer the shelter’s questions marked above')).toBeVisible()
      const surgery = questions.getByRole('group', { name: SURGERY })
      await expect(surgery.getByText('Choose an answer')).toBeVisible()
      await expect(questions.getByRole('group', { name: SLEEP }).getByRole('radio', { name: 'Inside' })).toBeChecked()
      await expect(page.getByLabel(/A note to/)).toHaveValue('We love pugs')
      expect((await admin().from('applications').select('id').eq('animal_id', animalId)).data).toEqual([])
      if (js) await expectNoSeriousA11yViolations(page)
      await surgery.getByRole('radio', { name: 'Yes' }).check()
      await page.getByRole('button', { name: 'Send application' }).click()
      await expect(page.getByRole('heading', { name: 'Your application for Dumpling' })).toBeVisible()

      // The shelter reads the answers in its review.
      const answers = await openReview(team, shelter, 'Dumpling')
      await expect(answers.locator('dt')).toHaveText([SURGERY, SLEEP])
      await expect(answers.locator('dd')).toHaveText(['Yes', 'Inside'])
      if (js) await expectNoSeriousA11yViolations(team)

      // Editing the questions afterwards leaves the answers sent unchanged.
      await team.goto(`${dashboardPath(shelter)}/settings/questions`)
      const sleep = card(team, `2. ${SLEEP}`)
      await sleep.locator('summary').click()
      await sleep.getByLabel('Question', { exact: true }).fill('Where will he sleep at night?')
      await sleep.getByLabel(/^Choices, one a line/).fill('Indoors\nGarage')
      await sleep.getByRole('button', { name: 'Save question' }).click()
      await expect(toast(team, 'Question saved')).toBeVisible()
      await expect(list.getByRole('heading')).toHaveText([`1. ${SURGERY}`, '2. Where will he sleep at night?'])
      await card(team, '2. Where will he sleep at night?')
        .getByRole('button', { name: /^Move up/ })
        .click()
      await expect(list.getByRole('heading')).toHaveText(['1. Where will he sleep at night?', `2. ${SURGERY}`])
      const again = await openReview(team, shelter, 'Dumpling')
      await expect(again.locator('dt')).toHaveText([SURGERY, SLEEP])
      await expect(again.locator('dd')).toHaveText(['Yes', 'Inside'])
      // The adopter's copy of what they sent shows them too.
      await page.getByText('What you sent').click()
      await expect(page.getByRole('region', { name: 'The shelter’s questions' }).locator('dd')).toHaveText(['Yes', 'Inside'])
      await shelterContext.close()
    })
  })
}

test('hostile input is refused with a clear message; the pages fit 360 px', async ({ page, users, adopter, signIn, baseURL }) => {
  const shelter = await users.shelter({ approved: true, profile: COMPLETE_PROFILE })
  const animalId = await listedAnimal(shelter, 'Noodle')
  await admin()
    .from('application_profiles')
    .insert({ user_id: adopter.id, ...APPLICATION_PROFILE })
  const rows = Array.from({ length: 15 }, (_, i) => ({
    shelter_id: shelter.shelterId,
    kind: i === 0 ? 'one_of' : 'long_text',
    prompt: `Question ${i + 1}`,
    options: i === 0 ? ['Inside', 'Garage'] : [],
  }))
  for (const row of rows) expect((await admin().from('shelter_questions').insert(row)).error).toBeNull()
  const { data: questions } = await admin()
    .from('shelter_questions')
    .select('id, prompt')
    .eq('shelter_id', shelter.shelterId)
    .order('position')
  const [choice, text] = [questions![0]!.id, questions![1]!.id]

  await signIn(adopter)
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto(`/animals/${animalId}/apply`)
  await expect(page.getByRole('heading', { name: 'Apply to adopt Noodle' })).toBeVisible()
  expect(await sidewaysOverflow(page)).toEqual([])
  expect(await htmlErrors(await page.content(), 'apply')).toEqual([])
  const apply = (fields: Record<string, string>) => page.request.post(`/animals/${animalId}/apply`, { form: fields })
  const forged = await apply({ [`question-${choice}`]: 'Basement' })
  expect(forged.status()).toBe(400)
  expect(await forged.text()).toContain('Choose one of the answers offered')
  const long = await apply({ [`question-${text}`]: 'x'.repeat(10_000) })
  expect(long.status()).toBe(400)
  expect(await long.text()).toContain('Keep your answer to 2,000 characters')
  expect((await admin().from('applications').select('id').eq('animal_id', animalId)).data).toEqual([])

  // The team's side: a 16th question and one of 500 choices are refused.
  await page.context().clearCookies()
  await signInAs(page.context(), shelter, baseURL!)
  const settings = `${dashboardPath(shelter)}/settings/questions`
  await page.goto(settings)
  await expect(page.getByText('You ask 15 questions, the most you can. Delete one to add another.')).toBeVisible()
  expect(await sidewaysOverflow(page)).toEqual([])
  expect(await htmlErrors(await page.content(), 'questions')).toEqual([])
  const sixteenth = await page.request.post(settings, { form: { intent: 'add', id: 'new', prompt: 'One more?', kind: 'short_text' } })
  expect(sixteenth.status()).toBe(400)
  expect(await sixteenth.text()).toContain('A shelter can ask at most 15 questions')
  const options = Array.from({ length: 500 }, (_, i) => `Choice ${i}`).join('\n')
  const many = await page.request.post(settings, { form: { intent: 'save', id: choice, prompt: 'Pick', kind: 'one_of', options } })
  expect(many.status()).toBe(400)
  expect(await many.text()).toMatch(/Offer at most 20 choices/)
})
