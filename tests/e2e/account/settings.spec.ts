// /account/settings: details and email choices, a new password, and deleting the account with
// everything personal. With JavaScript on and off.
import { admin, expect, expectNoSeriousA11yViolations, test, waitForEmail } from '#tests/e2e/fixtures.ts'
import { formHydrated, toast } from '#tests/e2e/helpers.ts'

for (const js of [true, false]) {
  test.describe(`account settings with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('saves the name, ZIP and email choices, and changes the password', async ({ page, adopter, signIn }) => {
      await signIn(adopter)
      await page.goto('/account/settings')
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, 'account-profile')
      }
      await page.getByLabel('Name (shelters see it when you write to them)').fill('Ana Ruiz')
      await page.getByLabel('Home ZIP code').fill('78701')
      await page.getByLabel('New pets for my saved searches').uncheck()
      await page.getByRole('button', { name: 'Save settings' }).click()
      await expect(toast(page, 'Settings saved')).toBeVisible()
      await expect(page.getByLabel('Home ZIP code')).toHaveValue('78701')
      await expect(page.getByLabel('New pets for my saved searches')).not.toBeChecked()
      expect(
        (
          await admin()
            .from('adopter_profiles')
            .select('display_name, zip_code, email_messages, email_alerts')
            .eq('user_id', adopter.id)
            .single()
        ).data,
      ).toEqual({
        display_name: 'Ana Ruiz',
        zip_code: '78701',
        email_messages: true,
        email_alerts: false,
      })

      const password = page.getByRole('region', { name: 'Password' })
      await password.getByLabel('Current password').fill('not-my-password')
      await password.getByLabel('New password').fill('a-brand-new-one-9')
      await password.getByLabel('Confirm Password').fill('a-brand-new-one-9')
      await password.getByRole('button', { name: 'Change password' }).click()
      await expect(password.getByText('That is not your current password')).toBeVisible()
      await password.getByLabel('Current password').fill(adopter.password)
      await password.getByLabel('New password').fill('a-brand-new-one-9')
      await password.getByLabel('Confirm Password').fill('a-brand-new-one-9')
      await password.getByRole('button', { name: 'Change password' }).click()
      await expect(toast(page, 'Password changed')).toBeVisible()
      const anon = (await import('@supabase/supabase-js')).createClient(process.env.E2E_SUPABASE_URL!, process.env.E2E_ANON_KEY!, {
        auth: { persistSession: false },
      })
      expect((await anon.auth.signInWithPassword({ email: adopter.email, password: 'a-brand-new-one-9' })).error).toBeNull()
      // The owner hears of it, with what to do if it was not them.
      const notice = await waitForEmail(adopter.email, /password was changed/)
      expect(notice.text).toContain("If it wasn't you")
      expect(notice.text).toContain('support@pawhaven.org')
    })

    test('deletes the account and what is personal in it; a shelter team member leaves first', async ({ page, users, shelter, signIn }) => {
      const person = await users.adopter()
      await signIn(person)
      const { data: animal } = await admin()
        .from('animals')
        .insert({ shelter_id: shelter.shelterId, name: 'Clover', type: 'cat', age_group: 'adult' })
        .select('id')
        .single()
      await admin().from('favorites').insert({ user_id: person.id, animal_id: animal!.id })
      await page.goto('/account/settings')
      const region = page.getByRole('region', { name: 'Delete your account' })
      await region.getByLabel(`Type ${person.email} to confirm`).fill('someone.else@example.com')
      await region.getByRole('button', { name: 'Delete my account' }).click()
      await expect(region.getByText('Type the email address of this account')).toBeVisible()
      await region.getByLabel(`Type ${person.email} to confirm`).fill(person.email)
      await region.getByRole('button', { name: 'Delete my account' }).click()
      await expect(toast(page, 'Your account and everything in it are deleted')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
      expect((await admin().auth.admin.getUserById(person.id)).data.user).toBeNull()
      const notice = await waitForEmail(person.email, /account was deleted/)
      expect(notice.text).toContain("If it wasn't you who deleted it, write to us at support@pawhaven.org")
      expect((await admin().from('favorites').select('animal_id').eq('user_id', person.id)).data).toEqual([])

      // The shelter's owner is on its team: deleting would take the shelter along, so it is refused.
      await signIn(shelter)
      await page.goto('/account/settings')
      await expect(
        page.getByText('Your account is on a shelter’s team: leave the team (or hand the shelter to another owner) first.').first(),
      ).toBeVisible()
      await page.getByLabel(`Type ${shelter.email} to confirm`).fill(shelter.email)
      await page.getByRole('button', { name: 'Delete my account' }).click()
      await expect(page.getByRole('alert')).toContainText('leave the team')
      expect((await admin().auth.admin.getUserById(shelter.id)).data.user).not.toBeNull()
    })
  })
}
