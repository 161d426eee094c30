// How quickly a shelter answers, where adopters look: its page, its card in the directory and the
// shelter card of its animals' pages; "New on Pawhaven" until five items can be judged. The
// figures are computed by the worker (tests/db/shelter-responsiveness.test.ts); here they are set
// on the profile through the service role.
import { admin, COMPLETE_PROFILE, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a shelter’s response time shows on its page, its directory card and its animals’ pages', async ({ page, users }) => {
      const name = `Swift ${Math.random().toString(36).slice(2, 8)} Rescue`
      const shelter = await users.shelter({ approved: true, profile: { ...COMPLETE_PROFILE, shelter_name: name } })
      const { data: animal, error } = await admin()
        .from('animals')
        .insert({ shelter_id: shelter.shelterId, name: 'Comet', type: 'dog', age_group: 'adult', status: 'available' })
        .select('id')
        .single()
      expect(error).toBeNull()

      // Too few items to judge yet. (Each page is visited once: a listing page may be cached.)
      await page.goto(`/shelters?q=${encodeURIComponent(name)}`)
      await expect(page.getByRole('article', { name }).getByText('New on Pawhaven')).toBeVisible()

      const figures = { response_judged: 17, response_median_hours: 30, response_on_time_percent: 94 }
      expect((await admin().from('shelter_profiles').update(figures).eq('id', shelter.shelterId)).error).toBeNull()
      const line = 'Usually answers within 2 days · 94 % answered'

      await page.goto(`/shelters/${shelter.slug}`)
      await expect(page.getByText(line)).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      await page.goto(`/animals/${animal!.id}`)
      await expect(page.getByRole('region', { name }).getByText(line)).toBeVisible()

      await page.goto(`/shelters?q=${encodeURIComponent(name.toLowerCase())}`)
      const card = page.getByRole('article', { name })
      await expect(card.getByText(line)).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
    })
  })
}
