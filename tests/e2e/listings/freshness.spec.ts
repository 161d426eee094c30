// The animal page says when its listing was last confirmed and how; a stale listing (out of
// search for going unconfirmed) keeps its page, which says it may no longer be available.
import { admin, COMPLETE_PROFILE, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'

const DAY = 24 * 60 * 60 * 1000

async function handEntered(shelterId: string, name: string, fields: { confirmed_at: string; stale_at?: string }) {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelterId, name, type: 'dog', age_group: 'adult', primary_breed: 'Beagle' })
    .select('id')
    .single()
  if (error) throw error
  // The service role writes the confirmation as given (as the worker and one-click answers do).
  const backdated = await admin().from('animals').update(fields).eq('id', data.id)
  if (backdated.error) throw backdated.error
  return data.id as string
}

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })

    test('a listing says when the shelter last updated it, and a stale one that it may be gone', async ({ page, users }) => {
      // A shelter of its own: the listing specs' shared world is only read.
      const shelter = await users.shelter({ approved: true, profile: COMPLETE_PROFILE })
      const fresh = await handEntered(shelter.shelterId, `Clover ${js}`, {
        confirmed_at: new Date(Date.now() - 3 * DAY - 60_000).toISOString(),
      })
      await page.setViewportSize({ width: 360, height: 800 })
      await page.goto(`/animals/${fresh}`)
      await expect(page.getByText('Updated by the shelter 3 days ago')).toBeVisible()
      await expect(page.getByText('This pet may no longer be available.')).toHaveCount(0)

      const fortySix = new Date(Date.now() - 46 * DAY).toISOString()
      const stale = await handEntered(shelter.shelterId, `Thistle ${js}`, { confirmed_at: fortySix, stale_at: new Date().toISOString() })
      const response = await page.goto(`/animals/${stale}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByText('This pet may no longer be available.')).toBeVisible()
      await expect(page.getByText('Updated by the shelter 46 days ago')).toBeVisible()
      // Out of search: its name finds the fresh one and not the stale one.
      await page.goto(`/search?q=${encodeURIComponent(`Clover ${js}`)}`)
      await expect(page.locator(`a[href^="/animals/${fresh}"]`).first()).toBeVisible()
      // Its card says the same as its page.
      await expect(page.getByRole('article', { name: `Clover ${js}` }).getByText('Updated by the shelter 3 days ago')).toBeVisible()
      await page.goto(`/search?q=${encodeURIComponent(`Thistle ${js}`)}`)
      await expect(page.locator(`a[href^="/animals/${stale}"]`)).toHaveCount(0)
      if (js) {
        await page.goto(`/animals/${stale}`)
        await expectNoSeriousA11yViolations(page)
      }
    })
  })
}
