// Bonded pairs end to end: a shelter links two animals on an edit page, the public
// pages show them together (each page names the other; the shelter's list shows one card), an
// application for one covers both, and the shelter removes the bond; the Activity tab has a line
// for the link and one for the removal. JavaScript on and off; axe on each changed page.
import { admin, asNewVisitor, expect, expectNoSeriousA11yViolations, signInAs, test, type TestShelter } from '#tests/e2e/fixtures.ts'
import { dashboardPath, hydrated, toast } from '#tests/e2e/helpers.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

const PROFILE = { ...APPLICATION_PROFILE, looking_for: 'Two calm dogs' }

async function listedAnimal(shelter: TestShelter, name: string): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

for (const js of [true, false]) {
  test.describe(`bonded pairs with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a shelter bonds two animals; their pages, the shelter page and an application treat them as one', async ({
      browser,
      baseURL,
      page,
      shelter,
      adopter,
      signIn,
    }) => {
      test.slow()
      const buddy = await listedAnimal(shelter, 'Buddy')
      const max = await listedAnimal(shelter, 'Max')
      const daisy = await listedAnimal(shelter, 'Daisy')
      const editBuddy = `${dashboardPath(shelter)}/animals/${buddy}`

      // The shelter links Buddy and Max on Buddy's edit page.
      await signIn(shelter)
      await page.goto(editBuddy)
      const section = page.getByRole('region', { name: 'Bonded companions' })
      await expect(section.getByText('Buddy has no bonded companions.')).toBeVisible()
      if (js) {
        await hydrated(page)
        await expectNoSeriousA11yViolations(page)
      }
      // A refusal comes back under the select: Daisy was adopted meanwhile, so she is no longer offered.
      await section.getByLabel('Add a companion for Buddy').selectOption({ label: 'Daisy' })
      await admin().from('animals').update({ status: 'adopted' }).eq('id', daisy)
      await section.getByRole('button', { name: 'Add companion' }).click()
      await expect(section.getByText('Daisy has been adopted, so it cannot be bonded')).toBeVisible()
      await expect(section.getByLabel('Add a companion for Buddy')).toHaveAttribute('aria-invalid', 'true')
      await expect(section.getByLabel('Add a companion for Buddy').locator('option', { hasText: 'Daisy' })).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)

      await section.getByLabel('Add a companion for Buddy').selectOption({ label: 'Max' })
      await section.getByRole('button', { name: 'Add companion' }).click()
      await expect(toast(page, 'Buddy has a bonded companion')).toBeVisible()
      await expect(section.getByRole('link', { name: 'Max' })).toBeVisible()

      // The Animals tab marks both; the Activity tab has the link, once (the refusal is no line).
      await page.goto(`${dashboardPath(shelter)}/animals`)
      await expect(page.getByText('Bonded: adopted together')).toHaveCount(2)
      await page.goto(`${dashboardPath(shelter)}/activity`)
      const activity = page.getByRole('listitem')
      await expect(activity.filter({ hasText: `${shelter.email} linked Buddy and Max as a bonded group` })).toHaveCount(1)
      await expect(activity.filter({ hasText: /Daisy|edited/ })).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)

      // The public pages: each names the other and says they go home together.
      const visitor = await browser.newContext({ javaScriptEnabled: js })
      await asNewVisitor(visitor)
      const publicPage = await visitor.newPage()
      await publicPage.goto(`/animals/${buddy}`)
      const together = publicPage.getByRole('region', { name: 'Adopted together' })
      await expect(together).toContainText('Buddy and Max are a bonded pair: they go home together.')
      if (js) await expectNoSeriousA11yViolations(publicPage)
      await together.getByRole('link', { name: 'Meet Max' }).click()
      await expect(publicPage.getByRole('heading', { level: 1, name: 'Max' })).toBeVisible()
      await expect(publicPage.getByRole('region', { name: 'Adopted together' })).toContainText(
        'Max and Buddy are a bonded pair: they go home together.',
      )

      // The shelter's page lists them once, as one card with both names.
      await publicPage.goto(`/shelters/${shelter.slug}`)
      await expect(publicPage.getByRole('link', { name: 'Buddy & Max', exact: true })).toBeVisible()
      await expect(publicPage.getByRole('link', { name: 'Max', exact: true })).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(publicPage)
      await visitor.close()

      // An application for Buddy covers Max: a second one, for Max, is refused.
      await admin()
        .from('application_profiles')
        .insert({ user_id: adopter.id, ...PROFILE })
      const applicant = await browser.newContext({ javaScriptEnabled: js })
      await asNewVisitor(applicant)
      const applicantPage = await applicant.newPage()
      await signInAs(applicant, adopter, baseURL!)
      await applicantPage.goto(`/animals/${buddy}/apply`)
      await expect(
        applicantPage.getByText('Buddy and Max are a bonded pair: they go home together, so this application is for all of them.'),
      ).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(applicantPage)
      await applicantPage.getByRole('button', { name: 'Send application' }).click()
      await expect(applicantPage.getByRole('heading', { name: 'Your application for Buddy' })).toBeVisible()
      await applicantPage.goto(`/animals/${max}/apply`)
      await applicantPage.getByRole('button', { name: 'Send application' }).click()
      await expect(applicantPage.getByText('Your application for Buddy already covers Max: they go home together')).toBeVisible()
      await applicantPage.goto(`/animals/${max}/ask`)
      await expect(applicantPage.getByText('Max and Buddy are a bonded pair and go home together')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(applicantPage)
      await applicant.close()

      // The shelter's view of the application names Max.
      await page.goto(`${dashboardPath(shelter)}/applications`)
      await page.getByRole('link', { name: 'Ana Reyes’s application for Buddy' }).click()
      await expect(page.getByText('This application covers the bonded pair: also')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Max', exact: true })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      // Removing Max undoes the pair.
      await page.goto(editBuddy)
      await page.getByRole('button', { name: 'Remove Max from Buddy’s companions' }).click()
      await expect(toast(page, 'The companion was removed')).toBeVisible()
      await expect(page.getByText('Buddy has no bonded companions.')).toBeVisible()
      const { data } = await admin().from('animals').select('bonded_group_id').in('id', [buddy, max])
      expect(data!.map((row) => row.bonded_group_id)).toEqual([null, null])
      await page.goto(`${dashboardPath(shelter)}/activity`)
      await expect(page.getByRole('listitem').filter({ hasText: `${shelter.email} removed Max from Buddy's bonded group` })).toHaveCount(1)
      await expect(page.getByRole('listitem').filter({ hasText: 'linked Buddy and Max as a bonded group' })).toHaveCount(1)
    })
  })
}
