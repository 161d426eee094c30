// The Team tab: an owner invites by email; the invited person accepts (signing up from the
// invitation, or signing in to an account they have) and lands in the dashboard their role
// allows and no more; roles change, invitations are revoked and resent; the activity log shows it.
// With JavaScript on and off.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, linkFrom, test, uniqueEmail, waitForEmail } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

async function invite(page: Page, email: string, role: string) {
  const form = page.getByRole('form', { name: 'Invite someone' })
  await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Role').selectOption(role)
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, 'Invitation sent')).toBeVisible()
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })

for (const js of [true, false]) {
  test.describe(`the team with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('someone without an account joins from the invitation as staff, and gets staff pages only', async ({
      page,
      shelter,
      signIn,
      browser,
    }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/team`)
      await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      const email = uniqueEmail('newstaff')
      await invite(page, email, 'staff')
      await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('Staff · Pending until')

      const message = await waitForEmail(email, /^Join .* on Pawhaven$/)
      expect(message.text).toContain('invited you to help')
      expect(message.text).toContain('as a staff member')
      const link = linkFrom(message, '/invitations/')

      const joiner = await browser.newContext({ javaScriptEnabled: js })
      const joinerPage = await joiner.newPage()
      await joinerPage.goto(link)
      await expect(joinerPage.getByRole('heading', { name: /^Join .* on Pawhaven$/ })).toBeVisible()
      await expect(joinerPage.getByLabel('Email', { exact: true })).toHaveValue(email)
      if (js) {
        await expectNoSeriousA11yViolations(joinerPage)
        await formHydrated(joinerPage, 'invitation-sign-up')
      }
      await joinerPage.getByLabel('Choose a password').fill('paws-and-claws-42')
      await joinerPage.getByLabel('Confirm Password').fill('paws-and-claws-42')
      await joinerPage.getByRole('button', { name: 'Create account and join' }).click()
      await expect(toast(joinerPage, /^Welcome to /)).toBeVisible()
      await expect(nav(joinerPage).getByRole('link', { name: 'Animals' })).toBeVisible()
      await expect(nav(joinerPage).getByRole('link', { name: 'Applications' })).toBeVisible()
      await expect(nav(joinerPage).getByRole('link', { name: 'Settings' })).toHaveCount(0)
      await expect(nav(joinerPage).getByRole('link', { name: 'Activity' })).toHaveCount(0)
      const base = new URL(joinerPage.url()).pathname
      expect((await joinerPage.goto(`${base}/settings`))?.status()).toBe(403)
      await joinerPage.goto(`${base}/team`)
      await expect(joinerPage.getByRole('form', { name: 'Invite someone' })).toHaveCount(0)
      await expect(joinerPage.getByRole('listitem').filter({ hasText: shelter.email })).toContainText('Owner')
      // No new shelter was made for them: they are on the owner's.
      const { data: members } = await admin().from('shelter_members').select('role').eq('shelter_id', shelter.shelterId)
      expect(members!.map((member) => member.role).sort()).toEqual(['owner', 'staff'])
      expect((await admin().from('shelter_profiles').select('id').eq('contact_email', email)).data).toEqual([])

      // The link works once.
      await joiner.clearCookies()
      await joinerPage.goto(link)
      await expect(joinerPage.getByRole('heading', { name: 'This invitation has already been used' })).toBeVisible()
      await joiner.close()

      // The owner sees them on the team and in the activity log, and makes them a volunteer.
      await page.goto(`${dashboardPath(shelter)}/team`)
      const row = page.getByRole('listitem').filter({ hasText: email }).first()
      await row.getByLabel(`Role of ${email}`).selectOption('volunteer')
      await row.getByRole('button', { name: `Change role of ${email}` }).click()
      await expect(toast(page, 'Role changed')).toBeVisible()
      await page.goto(`${dashboardPath(shelter)}/activity`)
      await expect(page.getByText(`${email} joined the team as staff`)).toBeVisible()
      await expect(page.getByText(`${shelter.email} changed ${email}'s role from staff to volunteer`)).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
    })

    test('someone with an account signs in to accept; revoked and resent links', async ({ page, shelter, users, signIn, browser }) => {
      const adopter = await users.adopter()
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/team`)
      await invite(page, adopter.email, 'volunteer')
      const first = linkFrom(await waitForEmail(adopter.email, /^Join /), '/invitations/')

      // Revoked, the link says so; resent, a new link works and the old one does not.
      const pending = page.getByRole('listitem').filter({ hasText: adopter.email })
      await pending.getByRole('button', { name: `Resend the invitation to ${adopter.email}` }).click()
      await expect(toast(page, 'Invitation sent again')).toBeVisible()
      const mailbox = async () =>
        (await fetch(`${process.env.E2E_SUPABASE_URL}/mailbox/api/messages?to=${encodeURIComponent(adopter.email)}`)).json()
      await expect.poll(async () => (await mailbox()).length).toBe(2)
      const second = linkFrom((await mailbox())[0], '/invitations/')
      expect(second).not.toBe(first)

      const joiner = await browser.newContext({ javaScriptEnabled: js })
      const joinerPage = await joiner.newPage()
      expect((await joinerPage.goto(first))?.status()).toBe(404)
      await joinerPage.goto(second)
      await joinerPage.getByRole('link', { name: 'Sign in to accept' }).click()
      if (js) await formHydrated(joinerPage, 'sign-in')
      await joinerPage.getByLabel('Email', { exact: true }).fill(adopter.email)
      await joinerPage.getByLabel('Password').fill(adopter.password)
      await joinerPage.getByRole('button', { name: 'Sign In' }).click()
      await expect(joinerPage.getByRole('button', { name: 'Join the team' })).toBeVisible()
      await joinerPage.getByRole('button', { name: 'Join the team' }).click()
      await expect(nav(joinerPage).getByRole('link', { name: 'Animals' })).toBeVisible()
      await expect(nav(joinerPage).getByRole('link', { name: 'Applications' })).toHaveCount(0)
      await joiner.close()

      await invite(page, 'never.joins@example.com', 'staff')
      const never = page.getByRole('listitem').filter({ hasText: 'never.joins@example.com' })
      await never.getByRole('button', { name: 'Revoke the invitation to never.joins@example.com' }).click()
      await expect(toast(page, 'Invitation revoked')).toBeVisible()
      await expect(page.getByRole('listitem').filter({ hasText: 'never.joins@example.com' })).toContainText('Revoked')
      const revokedLink = linkFrom(await waitForEmail('never.joins@example.com', /^Join /), '/invitations/')
      await page.goto(revokedLink)
      await expect(page.getByRole('heading', { name: 'This invitation was withdrawn' })).toBeVisible()
    })

    test('the last owner cannot leave, and an admin cannot touch owners', async ({ page, shelter, users, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/team`)
      const me = page.getByRole('listitem').filter({ hasText: '(you)' })
      await me.getByText('Leave shelter', { exact: true }).click()
      await me.getByRole('button', { name: 'Yes, leave shelter' }).click()
      await expect(me.getByText('A shelter must keep at least one owner')).toBeVisible()

      const adminUser = await users.adopter()
      await admin().from('shelter_members').insert({ shelter_id: shelter.shelterId, user_id: adminUser.id, role: 'admin' })
      await signIn(adminUser)
      await page.goto(`${dashboardPath(adminUser)}/team`)
      await expect(page.getByRole('form', { name: 'Invite someone' }).getByLabel('Role').locator('option')).toHaveText([
        'Admin',
        'Staff',
        'Volunteer',
      ])
      await expect(page.getByLabel(`Role of ${shelter.email}`)).toHaveCount(0)
      // The server refuses what the page does not offer.
      expect(
        (await page.request.post(`${dashboardPath(adminUser)}/team`, { form: { intent: 'remove', memberId: shelter.id } })).status(),
      ).toBe(400)
      expect((await admin().from('shelter_members').select('role').eq('user_id', shelter.id).single()).data?.role).toBe('owner')
    })
  })
}
