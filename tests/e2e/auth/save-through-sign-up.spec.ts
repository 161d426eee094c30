// A new visitor who presses a pet's heart: the sign-in page says why they are there, 'Create
// one' carries the pet through sign-up, and confirming the address (the emailed link, a new
// link sent again, or the code on the 'Account Created!' screen, whose forms already have the
// address) saves the pet and goes back to its page. With JavaScript on and off.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, linkFrom, test, uniqueEmail, waitForEmail } from '#tests/e2e/fixtures.ts'
import { formHydrated, toast } from '#tests/e2e/helpers.ts'

const PASSWORD = 'paws-and-claws-42'

async function listBiscuit(shelterId: string): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelterId, name: 'Biscuit', type: 'dog', age_group: 'young' })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

/** From the pet's heart to the 'Account Created!' screen, checking what each page says on the way. */
async function signUpFromTheHeart(page: Page, js: boolean, animalId: string, email: string) {
  await page.goto(`/animals/${animalId}`)
  await page.getByRole('button', { name: 'Save Biscuit' }).click()
  await expect(page).toHaveURL(/\/login\?/)
  await expect(page.getByRole('heading', { name: 'Sign in to save Biscuit' })).toBeVisible()
  if (js) await expectNoSeriousA11yViolations(page)

  await page.getByRole('link', { name: 'Create one' }).click()
  await expect(page).toHaveURL(new RegExp(`/join\\?.*save=${animalId}`))
  await expect(page.getByText('Create your free account to save Biscuit')).toBeVisible()
  if (js) {
    await expectNoSeriousA11yViolations(page)
    await formHydrated(page, 'sign-up')
  }
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible()
  // The code's form has the address just used.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
}

/** Biscuit is saved for the new account, on the page and in the database; then the account goes. */
async function expectBiscuitSaved(page: Page, animalId: string) {
  await expect(page).toHaveURL(new RegExp(`/animals/${animalId}$`))
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true')
  const { data } = await admin().from('favorites').select('user_id').eq('animal_id', animalId)
  expect(data).toHaveLength(1)
  await admin().auth.admin.deleteUser(data![0]!.user_id)
}

for (const js of [true, false]) {
  test.describe(`saving a pet through sign-up with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('the emailed link confirms the address, saves the pet and goes back to it', async ({ page, shelter }) => {
      test.slow() // Five pages and an email.
      const biscuit = await listBiscuit(shelter.shelterId)
      const email = uniqueEmail('save-link')
      await signUpFromTheHeart(page, js, biscuit, email)

      await page.goto(linkFrom(await waitForEmail(email, /Confirm your signup/), '/auth/confirm'))
      await expect(toast(page, 'Biscuit is saved to your favorites.')).toBeVisible()
      await expectBiscuitSaved(page, biscuit)
    })

    test("the code typed on the 'Account Created!' screen does the same", async ({ page, shelter }) => {
      test.slow()
      const biscuit = await listBiscuit(shelter.shelterId)
      const email = uniqueEmail('save-code')
      await signUpFromTheHeart(page, js, biscuit, email)

      const code = /Or enter this code: (\d{6})/.exec((await waitForEmail(email, /Confirm your signup/)).text)![1]!
      if (js) await formHydrated(page, 'confirmation-code')
      await page.getByLabel('Confirmation code').fill(code === '000000' ? '111111' : '000000')
      await page.getByRole('button', { name: 'Confirm Email' }).click()
      await expect(page.getByText('That code is wrong or has expired.')).toBeVisible()
      // The page that answers a wrong code still carries the pet.
      await page.getByLabel('Confirmation code').fill(code)
      await page.getByRole('button', { name: 'Confirm Email' }).click()
      await expect(toast(page, 'Biscuit is saved to your favorites.')).toBeVisible()
      await expectBiscuitSaved(page, biscuit)
    })

    test('a new link sent from the same screen carries the pet too', async ({ page, shelter }) => {
      test.slow()
      const biscuit = await listBiscuit(shelter.shelterId)
      const email = uniqueEmail('save-resend')
      await signUpFromTheHeart(page, js, biscuit, email)
      const first = linkFrom(await waitForEmail(email, /Confirm your signup/), '/auth/confirm')

      await page.getByRole('link', { name: 'send the link again' }).click()
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
      if (js) await formHydrated(page, 'resend-confirmation')
      await page.getByRole('button', { name: 'Send New Link' }).click()
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
      await expect.poll(async () => linkFrom(await waitForEmail(email, /Confirm your signup/), '/auth/confirm')).not.toBe(first)
      await page.goto(linkFrom(await waitForEmail(email, /Confirm your signup/), '/auth/confirm'))
      await expect(toast(page, 'Biscuit is saved to your favorites.')).toBeVisible()
      await expectBiscuitSaved(page, biscuit)
    })
  })
}
