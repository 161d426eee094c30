// /account/application: the adoption application profile, filled once in five steps saved as
// a draft, then reviewed with what is still missing. With JavaScript on and off.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, test, type TestUser } from '#tests/e2e/fixtures.ts'
import { formHydrated } from '#tests/e2e/helpers.ts'

const endsWith = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

async function profileOf(user: TestUser) {
  const { data, error } = await admin().from('application_profiles').select('*').eq('user_id', user.id).maybeSingle()
  if (error) throw error
  return data
}

/** The radio button answering a question (a fieldset's legend). */
const answer = (page: Page, question: string, choice: string) =>
  page.getByRole('group', { name: question }).getByRole('radio', { name: choice, exact: true })

const steps = (page: Page) => page.getByRole('navigation', { name: /Steps/ })

for (const js of [true, false]) {
  test.describe(`application profile with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    /** Waits for the step's heading (and with JavaScript its form's handlers), after an axe scan. */
    async function onStep(page: Page, title: string, formId: string) {
      await expect(page.getByRole('heading', { name: title, level: 3, exact: true })).toBeVisible()
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, formId)
      }
    }

    test('fills every step, saved as it goes, and the review says it is ready', async ({ page, adopter, signIn }) => {
      test.slow()
      await signIn(adopter)
      await page.goto('/account')
      await expect(page.getByRole('region', { name: 'Application profile' })).toContainText('0 of 5 steps complete')
      await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Application profile' }).click()
      await expect(page.getByRole('heading', { name: 'Start your application profile' })).toBeVisible()
      await expect(steps(page)).toContainText('0 of 5 complete')
      if (js) await expectNoSeriousA11yViolations(page)
      await page.getByRole('link', { name: 'Start', exact: true }).click()

      await onStep(page, 'Contact and address', 'application-contact')
      await page.getByLabel('Full name').fill('Ana Reyes')
      await page.getByLabel('Phone').fill('512 555 0100')
      await page.getByLabel('Street address').fill('1 Congress Ave')
      await page.getByLabel('Apartment, suite or unit (optional)').fill('Apt 4')
      await page.getByLabel('City').fill('Austin')
      // A list of states: nothing typed is cut short.
      await page.getByLabel('State').selectOption({ label: 'Texas' })
      await page.getByLabel('ZIP code').fill('78701')
      await page.getByRole('button', { name: 'Save and continue' }).click()

      await onStep(page, 'Household', 'application-household')
      await expect(steps(page).getByRole('link', { name: /Contact and address/ })).toContainText('Complete')
      await page.getByLabel('How many adults live in your home, you included?').fill('2')
      await page.getByLabel("Children's ages").fill('4, 9')
      await answer(page, 'Does anyone in your home have allergies to animals?', 'Yes, mild').check()
      await page.getByLabel('About the allergies (optional)').fill('Cats make me sneeze')
      await page.getByRole('button', { name: 'Save and continue' }).click()

      await onStep(page, 'Home', 'application-home')
      await answer(page, 'Do you own or rent your home?', 'Rent').check()
      await answer(page, 'Does your landlord allow pets?', 'Yes').check()
      await page.getByLabel("Your landlord's name and phone or email (optional)").fill('Sam Lee, 512-555-0111')
      await page.getByLabel('What type of home do you live in?').selectOption({ label: 'Apartment' })
      await answer(page, 'Do you have a yard?', 'Yes').check()
      await answer(page, 'Is the yard fenced?', 'Fully fenced').check()
      await page.getByRole('button', { name: 'Save and continue' }).click()

      await onStep(page, 'Other pets and veterinarian', 'application-pets')
      await answer(page, 'Do you have other pets?', 'Yes').check()
      const first = page.getByRole('group', { name: 'Pet 1' })
      await first.getByLabel('Kind of animal').fill('Cat')
      await first.getByLabel('Spayed or neutered').check()
      await first.getByLabel('Vaccinated').check()
      // Without JavaScript the server sends the form back one row longer, with what was typed.
      await page.getByRole('button', { name: 'Add another pet' }).click()
      const second = page.getByRole('group', { name: 'Pet 2' })
      await expect(second.getByLabel('Kind of animal')).toBeVisible()
      await expect(first.getByLabel('Kind of animal')).toHaveValue('Cat')
      await expect(first.getByLabel('Vaccinated')).toBeChecked()
      await second.getByLabel('Kind of animal').fill('Dog')
      await second.getByLabel('Vaccinated').check()
      await page.getByLabel("Veterinarian's or clinic's name").fill('Dr. Ruiz')
      await page.getByLabel("Veterinarian's phone").fill('512-555-0199')
      await page.getByRole('button', { name: 'Save and continue' }).click()

      await onStep(page, 'Experience and routine', 'application-experience')
      await page.getByLabel('Your experience with pets (optional)').fill('Two dogs growing up')
      await page.getByLabel('On a typical day, how many hours would the pet be alone?').fill('4')
      await page.getByLabel('What are you looking for in a pet?').fill('A calm dog who likes children')
      await page.getByRole('button', { name: 'Save and continue' }).click()

      await expect(page).toHaveURL(endsWith('/account/application/review'))
      await expect(page.getByText('Your profile is ready to send with an application')).toBeVisible()
      await expect(steps(page)).toContainText('5 of 5 complete')
      if (js) await expectNoSeriousA11yViolations(page)
      const pets = page.getByRole('region', { name: 'Other pets and veterinarian' })
      await expect(pets).toContainText('Cat (spayed or neutered, vaccinated); Dog (not spayed or neutered, vaccinated)')
      await expect(page.getByRole('region', { name: 'Contact and address' })).toContainText('1 Congress Ave, Apt 4, Austin, TX 78701')
      await expect(page.getByRole('region', { name: 'Contact and address' })).toContainText(adopter.email)

      expect(await profileOf(adopter)).toMatchObject({
        full_name: 'Ana Reyes',
        phone: '(512) 555-0100',
        state: 'TX',
        zip_code: '78701',
        adults: 2,
        children_ages: [4, 9],
        allergies: 'mild',
        allergies_details: 'Cats make me sneeze',
        home_ownership: 'rent',
        landlord_permission: 'yes',
        home_type: 'apartment',
        has_yard: true,
        fence: 'full',
        has_other_pets: true,
        other_pets: [
          { kind: 'Cat', spayed_neutered: true, vaccinated: true },
          { kind: 'Dog', spayed_neutered: false, vaccinated: true },
        ],
        vet_name: 'Dr. Ruiz',
        vet_phone: '(512) 555-0199',
        hours_alone: 4,
        looking_for: 'A calm dog who likes children',
      })

      // Edit from the review: the step comes back filled in, and Back saves too.
      await pets.getByRole('link', { name: 'Edit other pets and veterinarian' }).click()
      await onStep(page, 'Other pets and veterinarian', 'application-pets')
      await expect(page.getByRole('group', { name: 'Pet 2' }).getByLabel('Kind of animal')).toHaveValue('Dog')
      await page.getByRole('button', { name: 'Remove pet 2' }).click()
      await expect(page.getByRole('group', { name: 'Pet 2' })).toHaveCount(0)
      await page.getByRole('button', { name: 'Back' }).click()
      await onStep(page, 'Home', 'application-home')
      expect((await profileOf(adopter))?.other_pets).toEqual([{ kind: 'Cat', spayed_neutered: true, vaccinated: true }])

      await page.goto('/account')
      await expect(page.getByRole('region', { name: 'Application profile' })).toContainText(
        'Your profile is ready to send with an application.',
      )
    })

    test('an invalid ZIP code, phone or age says what is wrong and keeps what was typed', async ({ page, adopter, signIn }) => {
      await signIn(adopter)
      await page.goto('/account/application/contact')
      await onStep(page, 'Contact and address', 'application-contact')
      await page.getByLabel('Full name').fill('Ana Reyes')
      await page.getByLabel('Street address').fill('1 Congress Ave')
      await page.getByLabel('City').fill('Austin')
      await page.getByLabel('ZIP code').fill('7870')
      await page.getByLabel('Phone').fill('555-0100')
      await page.getByRole('button', { name: 'Save and continue' }).click()
      await expect(page.getByText('Enter a 5-digit ZIP code, e.g. 78701')).toBeVisible()
      await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('ZIP code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code, e.g. 78701')
      await expect(page.getByText('Enter a 10-digit US phone number, e.g. (512) 555-0100')).toBeVisible()
      await expect(page.getByLabel('ZIP code')).toHaveValue('7870')
      await expect(page.getByLabel('Full name')).toHaveValue('Ana Reyes')
      await expect(page.getByLabel('City')).toHaveValue('Austin')
      if (js) await expectNoSeriousA11yViolations(page)
      expect(await profileOf(adopter)).toBeNull()

      await page.getByLabel('ZIP code').fill('78701')
      await page.getByLabel('Phone').fill('')
      await page.getByRole('button', { name: 'Save and continue' }).click()
      // Partial answers are a draft: saved, and the next step opens.
      await onStep(page, 'Household', 'application-household')
      expect(await profileOf(adopter)).toMatchObject({ full_name: 'Ana Reyes', zip_code: '78701', phone: null })

      await page.getByLabel('How many adults live in your home, you included?').fill('2')
      await page.getByLabel("Children's ages").fill('4, 19')
      await page.getByRole('button', { name: 'Save and continue' }).click()
      await expect(page.getByText('Count anyone 18 or older as an adult')).toBeVisible()
      await expect(page.getByLabel("Children's ages")).toHaveValue('4, 19')
      await expect(page.getByLabel('How many adults live in your home, you included?')).toHaveValue('2')
    })

    test('a renter is asked about the landlord, and the review lists what is missing until it is ready', async ({
      page,
      adopter,
      signIn,
    }) => {
      test.slow()
      await signIn(adopter)
      // Everything but the home is answered already.
      await admin()
        .from('application_profiles')
        .insert({
          user_id: adopter.id,
          full_name: 'Ana Reyes',
          phone: '(512) 555-0100',
          address_line1: '1 Congress Ave',
          city: 'Austin',
          state: 'TX',
          zip_code: '78701',
          adults: 1,
          allergies: 'none',
          has_other_pets: false,
          hours_alone: 4,
          looking_for: 'A cat',
        })
        .throwOnError()
      await page.goto('/account/application/review')
      const missing = page.getByText('Before you can send it with an application, your profile still needs:').locator('..')
      await expect(missing.getByRole('listitem')).toHaveText([
        'whether you own or rent your home',
        'the type of home you live in',
        'whether you have a yard',
      ])
      await expect(page.getByText('Your profile is ready to send with an application')).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)

      await missing.getByRole('link', { name: 'whether you own or rent your home' }).click()
      await onStep(page, 'Home', 'application-home')
      const landlord = page.getByRole('group', { name: 'Does your landlord allow pets?' })
      // With JavaScript the landlord's question appears for a renter; without, it says whom it is for.
      if (js) await expect(landlord).toBeHidden()
      else await expect(landlord).toContainText('Only if you rent.')
      await answer(page, 'Do you own or rent your home?', 'Rent').check()
      await expect(landlord).toBeVisible()
      await page.getByLabel('What type of home do you live in?').selectOption({ label: 'Townhouse' })
      await answer(page, 'Do you have a yard?', 'No').check()
      if (js) await expect(page.getByRole('group', { name: 'Is the yard fenced?' })).toBeHidden()
      await page.getByRole('button', { name: 'Save and continue' }).click()
      await onStep(page, 'Other pets and veterinarian', 'application-pets')

      await steps(page)
        .getByRole('link', { name: /Review your answers/ })
        .click()
      await expect(missing.getByRole('listitem')).toHaveText(['whether your landlord allows pets'])
      await expect(steps(page).getByRole('link', { name: /Home/ })).toContainText('To do')

      await missing.getByRole('link', { name: 'whether your landlord allows pets' }).click()
      await onStep(page, 'Home', 'application-home')
      await answer(page, 'Does your landlord allow pets?', 'I have asked and am waiting for an answer').check()
      await page.getByRole('button', { name: 'Save and continue' }).click()
      await onStep(page, 'Other pets and veterinarian', 'application-pets')
      await steps(page)
        .getByRole('link', { name: /Review your answers/ })
        .click()
      await expect(page.getByText('Your profile is ready to send with an application')).toBeVisible()
      await expect(page.getByRole('region', { name: 'Home', exact: true })).toContainText('I have asked and am waiting for an answer')
      if (js) await expectNoSeriousA11yViolations(page)

      // Owning makes the landlord's answer moot: it is cleared, and nothing is missing.
      await page.getByRole('region', { name: 'Home', exact: true }).getByRole('link', { name: 'Edit home' }).click()
      await onStep(page, 'Home', 'application-home')
      await answer(page, 'Do you own or rent your home?', 'Own').check()
      await page.getByRole('button', { name: 'Save and continue' }).click()
      await onStep(page, 'Other pets and veterinarian', 'application-pets')
      expect(await profileOf(adopter)).toMatchObject({ home_ownership: 'own', landlord_permission: null, has_yard: false, fence: null })
      await steps(page)
        .getByRole('link', { name: /Review your answers/ })
        .click()
      await expect(page.getByText('Your profile is ready to send with an application')).toBeVisible()
      await expect(page.getByRole('region', { name: 'Home', exact: true })).not.toContainText('Landlord')
    })
  })
}
