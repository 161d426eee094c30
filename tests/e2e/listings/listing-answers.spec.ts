// The stale-listing email in the embedded mailbox and its one-click answers, signed out: a
// listing unconfirmed for 45 days leaves search, its team gets links per answer, one click (and
// its button) confirms it back into search; a forged link and a replayed one are refused.
import { admin, expect, expectNoSeriousA11yViolations, test, waitForEmail } from '#tests/e2e/fixtures.ts'

const DAY = 24 * 60 * 60 * 1000

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })

    test('a stale listing comes back with one click from the email', async ({ page, users }) => {
      const shelter = await users.shelter({
        name: `Answer Rescue ${js}`,
        approved: true,
        profile: { zip_code: '78701', city: 'Austin', state: 'TX' },
      })
      const name = `Juniper ${js ? 'J' : 'N'}${Date.now() % 100000}`
      const { data: animal, error } = await admin()
        .from('animals')
        .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
        .select('id')
        .single()
      expect(error).toBeNull()
      await admin()
        .from('animals')
        .update({ confirmed_at: new Date(Date.now() - 46 * DAY).toISOString() })
        .eq('id', animal!.id)
      const { error: runError } = await admin().rpc('keep_listings_fresh', {})
      expect(runError).toBeNull()

      const email = await waitForEmail(shelter.email, /Out of search until you confirm/, 20_000)
      expect(email.subject).toContain(name)
      const links = (email.text.match(/https?:\/\/\S+/g) ?? []).filter((url) => new URL(url).pathname.startsWith('/listing-answers/'))
      expect(links).toHaveLength(3)
      const still = new URL(links[0]!).pathname

      await page.setViewportSize({ width: 360, height: 800 })
      await page.goto(`/animals/${animal!.id}`)
      await expect(page.getByText('This pet may no longer be available.')).toBeVisible()

      // A link whose answer was changed is not ours.
      const [nonce, , expires, signature] = still.replace('/listing-answers/', '').split('.')
      const forged = await page.goto(`/listing-answers/${nonce}.adopted.${expires}.${signature}`)
      expect(forged?.status()).toBe(400)
      await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible()

      await page.goto(still)
      await expect(page.getByText('Your answer: Still available.')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await page.getByRole('button', { name: 'Send this answer' }).click()
      await expect(page.getByText(`${name} is marked still available.`)).toBeVisible()

      // (Another address than before: the browser may keep a listing page for 30 s.)
      await page.goto(`/animals/${animal!.id}?answered=1`)
      await expect(page.getByText('Confirmed by the shelter just now')).toBeVisible()
      await expect(page.getByText('This pet may no longer be available.')).toHaveCount(0)

      // The same link again: used once already.
      await page.goto(still)
      await page.getByRole('button', { name: 'Send this answer' }).click()
      await expect(page.getByRole('heading', { name: 'This link was already used' })).toBeVisible()
    })
  })
}
