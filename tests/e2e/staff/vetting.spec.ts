// Vetting for real: a shelter asks for its meeting from the holding page; Pawhaven staff
// schedule it, record it and approve the shelter in the staff console; each step's email lands
// in the mailbox. With JavaScript on and off.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, signInAs, test, waitForEmail, type TestUser } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

/** A wall-clock time `days` from now at `hour`:00, as a datetime-local field takes it. */
function inDays(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000)
  return `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`
}

async function makeStaff(user: TestUser) {
  const { error } = await admin().from('staff_members').insert({ user_id: user.id })
  if (error) throw error
}

async function requestMeeting(page: Page, js: boolean) {
  if (js) await formHydrated(page, 'vetting-request')
  await page.getByLabel('Organization type').selectOption('rescue_organization')
  await page.getByLabel('EIN (optional for foster networks)').fill('12-3456789')
  await page.getByLabel('Website or social media page').fill('facebook.com/happytailsrescue')
  await page.getByLabel('Phone number').fill('512 555 0100')
  await page.getByLabel("Veterinarian's name").fill('Dr. Ana Ruiz')
  await page.getByLabel('Clinic').fill('Maple Street Animal Clinic')
  await page.getByLabel("Veterinarian's phone").fill('512-555-0199')
  await page.getByLabel('Time zone').selectOption('America/Chicago')
  await page.getByLabel('First choice').fill(inDays(3, 10))
  await page.getByLabel('Second choice').fill(inDays(4, 14))
  await page.getByRole('button', { name: 'Request Meeting' }).click()
}

for (const js of [true, false]) {
  test.describe(`vetting with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('from the meeting request to approval, with every email', async ({ page, users, signIn, browser }) => {
      const name = `Happy Tails ${js ? 'On' : 'Off'} ${Date.now().toString(36)}`
      const shelter = await users.shelter({ name })
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      await page.getByRole('link', { name: 'Schedule Meeting Now' }).click()
      await expect(page.getByRole('heading', { name: 'Schedule your vetting meeting' })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      // A rescue without its EIN is told so, and keeps what it typed.
      await requestMeeting(page, js)
      await expect(toast(page, 'Meeting requested')).toBeVisible()
      await expect(page.getByRole('heading', { name: "Meeting requested — we'll contact you within 24-48 hours" })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Schedule Meeting Now' })).toHaveCount(0)
      const receipt = await waitForEmail(shelter.email, /We got your meeting request/)
      expect(receipt.text).toContain(`to confirm a time for ${name}'s vetting meeting`)
      expect(receipt.text).toMatch(/Choice 1: \w+day, .* at 10:00 AM CST/)

      // Staff see it in the queue and schedule the meeting.
      const staffContext = await browser.newContext({ javaScriptEnabled: js, baseURL: test.info().project.use.baseURL })
      const staffPage = await staffContext.newPage()
      const staff = await users.adopter()
      await makeStaff(staff)
      await staffPage.goto('/login')
      if (js) await formHydrated(staffPage, 'sign-in')
      await staffPage.getByLabel('Email', { exact: true }).fill(staff.email)
      await staffPage.getByLabel('Password').fill(staff.password)
      await staffPage.getByRole('button', { name: 'Sign In' }).click()
      await expect(staffPage).toHaveURL(/\/$/)
      await staffPage.goto('/staff')
      await expect(staffPage.getByRole('heading', { name: 'Vetting queue' })).toBeVisible()
      const row = staffPage.getByRole('row').filter({ hasText: name })
      await expect(row).toContainText('Meeting requested')
      await expect(row).toContainText('On time')
      if (js) await expectNoSeriousA11yViolations(staffPage)
      await row.getByRole('link', { name }).click()
      await expect(staffPage.getByRole('heading', { name })).toBeVisible()
      await expect(staffPage.getByText('Maple Street Animal Clinic')).toBeVisible()
      // The request's website, and the profile's, which the request filled.
      await expect(staffPage.getByRole('link', { name: 'https://facebook.com/happytailsrescue' })).toHaveCount(2)
      await expect(staffPage.getByRole('region', { name: 'Team' }).getByRole('listitem')).toHaveText([`${shelter.email} · Owner`])
      if (js) await expectNoSeriousA11yViolations(staffPage)

      const schedule = staffPage.getByRole('form', { name: 'Schedule the meeting' })
      await schedule.getByLabel(/Meeting time \(Central/).fill(inDays(3, 10))
      await schedule.getByLabel('How to join (video link or phone number)').fill('https://meet.example.com/happy-tails')
      await schedule.getByRole('button', { name: 'Schedule meeting' }).click()
      await expect(toast(staffPage, 'Meeting scheduled; the shelter has been emailed')).toBeVisible()
      const scheduled = await waitForEmail(shelter.email, /Your Pawhaven meeting/)
      expect(scheduled.subject).toMatch(/at 10:00 AM CST$/)
      expect(scheduled.text).toContain('How to join: https://meet.example.com/happy-tails')

      await page.reload()
      await expect(page.getByRole('heading', { name: /^Meeting scheduled for \w+day, .* at 10:00 AM CST$/ })).toBeVisible()

      // The meeting is held, then the shelter approved.
      const record = staffPage.getByRole('form', { name: 'Record the meeting as held' })
      await record.getByLabel('Notes (optional)').fill('Adoption contract looks good.')
      await record.getByRole('button', { name: 'Record meeting' }).click()
      await expect(toast(staffPage, 'Meeting recorded as held')).toBeVisible()
      await staffPage.getByRole('form', { name: 'Approve the shelter' }).getByRole('button', { name: 'Approve shelter' }).click()
      await expect(toast(staffPage, 'Shelter approved; the shelter has been emailed')).toBeVisible()
      const history = staffPage.getByRole('region', { name: 'History' })
      for (const action of ['Approved', 'Recorded the meeting as held', 'Scheduled the meeting'])
        await expect(history.getByText(action, { exact: true })).toBeVisible()
      await expect(history.getByText('Adoption contract looks good.')).toBeVisible()
      await staffPage.goto('/staff')
      await expect(staffPage.getByRole('row').filter({ hasText: name })).toHaveCount(0)
      await staffPage.getByRole('link', { name: 'Audit log' }).click()
      await expect(staffPage.getByRole('listitem').filter({ hasText: name }).first()).toContainText(staff.email)
      if (js) await expectNoSeriousA11yViolations(staffPage)

      const approved = await waitForEmail(shelter.email, /is approved on Pawhaven/)
      expect(approved.text).toContain(`${name} can now list its animals on Pawhaven`)
      await page.goto(dashboardPath(shelter))
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible()
      await staffContext.close()
    })

    test('the request form says what is missing and keeps what was typed', async ({ page, users, signIn }) => {
      const shelter = await users.shelter()
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/vetting`)
      if (js) await formHydrated(page, 'vetting-request')
      await page.getByLabel('Organization type').selectOption('animal_shelter')
      await page.getByLabel("Veterinarian's name").fill('Dr. Ana Ruiz')
      await page.getByLabel('First choice').fill(inDays(3, 10))
      await page.getByLabel('Second choice').fill(inDays(3, 10))
      // Leaving the field shows its error first (the click then lands where the button is now).
      await page.getByLabel('Second choice').blur()
      if (!js) {
        // Without JavaScript the browser's own checks stand aside so the server's answer shows.
        await page.locator('#vetting-request').evaluate((form) => form.setAttribute('novalidate', ''))
      }
      await page.getByRole('button', { name: 'Request Meeting' }).click()
      await expect(page.getByText('Shelters and rescues need their EIN; only foster networks may leave it out')).toBeVisible()
      await expect(page.getByText('Choose a different time from the ones above')).toBeVisible()
      await expect(page.getByText("Enter your veterinarian's clinic")).toBeVisible()
      await expect(page.getByLabel("Veterinarian's name")).toHaveValue('Dr. Ana Ruiz')
      expect((await admin().from('vetting_requests').select('shelter_id').eq('shelter_id', shelter.shelterId)).data).toEqual([])
    })

    test('staff suspend a shelter (its pages leave the site at once) and restore it', async ({ page, users, shelter, signIn, browser }) => {
      const name = `Suspend Me ${js ? 'On' : 'Off'} ${Date.now().toString(36)}`
      await admin().from('shelter_profiles').update({ shelter_name: name }).eq('id', shelter.shelterId)
      const { data: slugRow } = await admin().from('shelter_profiles').select('slug').eq('id', shelter.shelterId).single()
      const { data: animal } = await admin()
        .from('animals')
        .insert({ shelter_id: shelter.shelterId, name: 'Pepper', type: 'dog', age_group: 'adult' })
        .select('id')
        .single()
      // A signed-out visitor's fetches, past the browser's cache (listing pages may be kept a minute).
      const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL })
      const status = async (path: string) => (await visitor.request.get(path)).status()
      expect(await status(`/shelters/${slugRow!.slug}`)).toBe(200)
      expect(await status(`/animals/${animal!.id}`)).toBe(200)

      const staff = await users.adopter()
      await makeStaff(staff)
      await signIn(staff)
      await page.goto('/staff')
      await page.getByRole('link', { name: 'Shelters', exact: true }).click()
      if (js) await expectNoSeriousA11yViolations(page)
      await page.getByLabel('Shelter name').fill(name)
      await page.getByRole('button', { name: 'Search' }).click()
      await page.getByRole('link', { name }).click()
      if (js) await expectNoSeriousA11yViolations(page)
      const suspend = page.getByRole('form', { name: 'Suspend the shelter' })
      await suspend.getByLabel('Reason (the shelter reads this)').fill('Several reports of animals sold for profit.')
      await suspend.getByRole('button', { name: 'Suspend shelter' }).click()
      await expect(toast(page, 'Shelter suspended: its listings are hidden, and the shelter has been emailed')).toBeVisible()
      await expect(page.getByText('Suspended: Several reports of animals sold for profit.')).toBeVisible()

      expect(await status(`/shelters/${slugRow!.slug}`)).toBe(404)
      expect(await status(`/animals/${animal!.id}`)).toBe(404)
      const email = await waitForEmail(shelter.email, /is suspended on Pawhaven$/)
      expect(email.text).toContain('The reason: Several reports of animals sold for profit.')

      // The shelter's own dashboard says so on every page, with the reason and whom to write to.
      const shelterContext = await browser.newContext({ javaScriptEnabled: js, baseURL: test.info().project.use.baseURL })
      await signInAs(shelterContext, shelter, test.info().project.use.baseURL!)
      const shelterPage = await shelterContext.newPage()
      for (const path of [dashboardPath(shelter), `${dashboardPath(shelter)}/animals`]) {
        await shelterPage.goto(path)
        const notice = shelterPage.getByRole('region', { name: `${name} is suspended` })
        await expect(notice).toContainText('none of your animals appear on Pawhaven')
        await expect(notice).toContainText('Reason given by the Pawhaven team: Several reports of animals sold for profit.')
        await expect(notice.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)
      }
      if (js) await expectNoSeriousA11yViolations(shelterPage)

      await page.getByRole('form', { name: 'Restore the shelter' }).getByRole('button', { name: 'Restore shelter' }).click()
      await expect(toast(page, 'Shelter restored: its listings are public again')).toBeVisible()
      expect(await status(`/animals/${animal!.id}`)).toBe(200)
      await waitForEmail(shelter.email, /is back on Pawhaven$/)
      await shelterPage.goto(dashboardPath(shelter))
      await expect(shelterPage.getByRole('heading', { name: `${name} is suspended` })).toHaveCount(0)
      await shelterContext.close()
      await visitor.close()
    })

    test('the console is for staff only', async ({ page, users, signIn }) => {
      await page.goto('/staff')
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstaff$/)
      await signIn(await users.adopter())
      const response = await page.goto('/staff')
      expect(response?.status()).toBe(403)
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
      await expect(page.getByText('This page is for the Pawhaven team.')).toBeVisible()
      const shelter = await users.shelter()
      await signIn(shelter)
      expect((await page.goto('/staff/audit'))?.status()).toBe(403)
      expect((await page.request.post(`/staff/shelters/${shelter.shelterId}`, { form: { intent: 'approve', notes: '' } })).status()).toBe(
        403,
      )
      expect(
        (await admin().from('shelter_profiles').select('meeting_completed').eq('id', shelter.shelterId).single()).data?.meeting_completed,
      ).toBe(false)
    })
  })
}
