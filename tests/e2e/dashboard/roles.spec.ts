// A shelter's team in the dashboard: each member has their own dashboard URL, and a page their
// role does not reach says so inside the dashboard. The team is made through the service role
// here (the Team tab's invitations come later).
import {
  admin,
  COMPLETE_PROFILE,
  expect,
  expectNoSeriousA11yViolations,
  test,
  type TestShelter,
  type TestUser,
} from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

async function join(shelter: TestShelter, user: TestUser, role: 'admin' | 'staff' | 'volunteer') {
  const { error } = await admin().from('shelter_members').insert({ shelter_id: shelter.shelterId, user_id: user.id, role })
  if (error) throw error
}

async function addAnimal(shelter: TestShelter): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({
      shelter_id: shelter.shelterId,
      name: 'Biscuit',
      type: 'dog',
      age_group: 'adult',
      primary_breed: 'Beagle',
      description: 'Before',
    })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

async function animal(id: string) {
  const { data, error } = await admin().from('animals').select('name, primary_breed, status, description').eq('id', id).single()
  if (error) throw error
  return data
}

for (const js of [true, false]) {
  test.describe(`a shelter's team with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a volunteer edits an animal’s notes, and reaches nothing a volunteer may not', async ({ page, shelter, users, signIn }) => {
      const volunteer = await users.adopter()
      await join(shelter, volunteer, 'volunteer')
      const animalId = await addAnimal(shelter)
      await signIn(volunteer)
      const base = dashboardPath(volunteer)

      await page.goto(`${base}/animals`)
      await expect(page.getByRole('heading', { name: 'Animals', level: 1 })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Add Animal' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0)
      await page.getByRole('link', { name: 'Edit Biscuit' }).click()
      await expect(page.getByRole('heading', { name: 'Edit Biscuit', level: 1 })).toBeVisible()
      // Biscuit has no special needs, so her notes are closed, and the page says so.
      await expect(
        page.getByText(
          'As a volunteer you can change this animal’s description and photos. Special needs notes open once a staff member marks the animal as having special needs; ask a staff member to change anything else.',
        ),
      ).toBeVisible()
      await expect(page.getByLabel('Special Needs Notes')).toBeDisabled()
      await expect(page.getByLabel('Name', { exact: true })).toBeDisabled()
      await expect(page.getByLabel('Status', { exact: true })).toBeDisabled()
      await expect(page.getByLabel('Primary Breed')).toHaveValue('Beagle')
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, 'animal-form')
      }
      await page.getByLabel('Description').fill('Loves her foster family’s cat.')
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Biscuit was saved')).toBeVisible()
      expect(await animal(animalId)).toEqual({
        name: 'Biscuit',
        primary_breed: 'Beagle',
        status: 'available',
        description: 'Loves her foster family’s cat.',
      })

      // Marked as having special needs, her notes are the volunteer's to write.
      await admin().from('animals').update({ special_needs: true }).eq('id', animalId).throwOnError()
      await page.goto(`${base}/animals/${animalId}`)
      await expect(
        page.getByText(
          'As a volunteer you can change this animal’s description, special needs notes and photos. Ask a staff member to change anything else.',
        ),
      ).toBeVisible()
      await expect(page.getByLabel('Special Needs Notes')).toBeEnabled()

      for (const path of [
        '/settings',
        '/animals/new',
        `/animals/${animalId}/delete`,
        `/animals/${animalId}/mark-adopted`,
        '/applications',
      ]) {
        const response = await page.goto(base + path)
        expect(response?.status(), path).toBe(403)
        await expect(page.getByRole('heading', { name: 'Access denied' }), path).toBeVisible()
        await expect(page.getByText('you are on its team as volunteer'), path).toBeVisible()
      }
      await page.getByRole('link', { name: 'Back to the Overview' }).click()
      await expect(page).toHaveURL(new RegExp(`${base}$`))
    })

    test('staff reach Add Animal, edit and delete animals; Settings is for admins and owners', async ({ page, shelter, users, signIn }) => {
      const staff = await users.adopter()
      await join(shelter, staff, 'staff')
      const shelterAdmin = await users.adopter()
      await join(shelter, shelterAdmin, 'admin')
      const animalId = await addAnimal(shelter)

      await signIn(staff)
      const base = dashboardPath(staff)
      expect((await page.goto(`${base}/settings`))?.status()).toBe(403)
      await expect(page.getByText('This is for admins and owners of your shelter')).toBeVisible()
      await page.goto(`${base}/animals/new`)
      await expect(page.getByRole('heading', { name: 'Add Animal', level: 1 })).toBeVisible()
      await page.goto(`${base}/animals/${animalId}`)
      await expect(page.getByLabel('Name', { exact: true })).toBeEnabled()
      if (js) await formHydrated(page, 'animal-form')
      await page.getByLabel('Name', { exact: true }).fill('Biscuit the Brave')
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Biscuit the Brave was saved')).toBeVisible()
      expect(await animal(animalId)).toMatchObject({ name: 'Biscuit the Brave' })
      await page.goto(`${base}/animals/${animalId}/delete`)
      await page.getByRole('button', { name: 'Delete Animal' }).click()
      await expect(toast(page, 'Biscuit the Brave was deleted')).toBeVisible()

      await signIn(shelterAdmin)
      await page.goto(`${dashboardPath(shelterAdmin)}/settings`)
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
      await expect(page.getByLabel('Shelter Name')).toHaveValue(COMPLETE_PROFILE.shelter_name)
    })
  })
}
