// Staff see the shelters that answer under half of their applications and questions in time (five
// or more judged), on the Shelters page of the staff console. With JavaScript on and off.
import { admin, COMPLETE_PROFILE, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('staff see a shelter slow to answer, and not one that answers in time', async ({ page, users, signIn }) => {
      const tag = Math.random().toString(36).slice(2, 8)
      const slow = await users.shelter({
        approved: true,
        profile: {
          ...COMPLETE_PROFILE,
          shelter_name: `Sleepy ${tag} Rescue`,
          response_judged: 8,
          response_median_hours: 100,
          response_on_time_percent: 25,
        },
      })
      await users.shelter({
        approved: true,
        profile: {
          ...COMPLETE_PROFILE,
          shelter_name: `Prompt ${tag} Rescue`,
          response_judged: 8,
          response_median_hours: 5,
          response_on_time_percent: 100,
        },
      })
      const staff = await users.adopter()
      await admin().from('staff_members').insert({ user_id: staff.id })
      await signIn(staff)

      await page.goto('/staff/shelters')
      const section = page.getByRole('region', { name: 'Slow to answer' })
      const row = section.getByRole('listitem').filter({ hasText: `Sleepy ${tag} Rescue` })
      await expect(row).toContainText('Usually answers within 5 days · 25 % answered (8 judged)')
      await expect(row.getByRole('link', { name: `Sleepy ${tag} Rescue` })).toHaveAttribute('href', `/staff/shelters/${slow.shelterId}`)
      await expect(section.getByText(`Prompt ${tag} Rescue`)).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)
    })
  })
}
