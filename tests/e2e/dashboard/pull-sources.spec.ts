// Scheduled pulls in the Sync tab, with JavaScript on and off: add a feed, 'Run now' (the worker
// pulls it: this feed is on a loopback address, which the worker refuses, so the run fails and
// says why), pause, edit its settings in place (a refused address keeps what was typed), see it
// in the Sync tab's list, resume; add a Shelterluv source whose key is never shown back, only
// "set": left blank it stays, typed it is replaced.
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, toast } from '#tests/e2e/helpers.ts'

for (const js of [true, false]) {
  test.describe(`scheduled pulls with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('add a feed, run it now, see why it failed; pause, edit its settings, resume; a Shelterluv key is only ever "set"', async ({
      page,
      shelter,
      signIn,
    }) => {
      test.slow()
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/sync`)
      await page.getByRole('link', { name: /add a scheduled pull/ }).click()
      await expect(page.getByRole('heading', { name: 'Add a scheduled pull', level: 1 })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      const feedForm = page.getByRole('form', { name: 'A feed URL' })
      await feedForm.getByLabel('Name').fill('ASM3 feed')
      await feedForm.getByLabel('Feed address').fill('http://127.0.0.1:9/adoptable.csv')
      await feedForm.getByRole('button', { name: 'Add feed' }).click()
      await expect(page.getByRole('heading', { name: 'ASM3 feed', level: 1 })).toBeVisible()
      await expect(page.getByText('Feed URL: http://127.0.0.1:9/adoptable.csv')).toBeVisible()
      await expect(page.getByTestId('pull-state')).toHaveText('Active')
      if (js) await expectNoSeriousA11yViolations(page)

      await page.getByRole('button', { name: 'Run now' }).click()
      await expect(toast(page, 'Pulling now')).toBeVisible()
      // The worker runs it within a second or two: the run and the error show on the page.
      await expect(async () => {
        await page.reload()
        await expect(page.getByText(/could not be fetched: refused/).first()).toBeVisible({ timeout: 1_000 })
      }).toPass({ timeout: 20_000 })
      await expect(page.getByRole('row').filter({ hasText: 'Failed: nothing changed' }).first()).toBeVisible()

      await page.getByRole('button', { name: 'Pause' }).click()
      await expect(toast(page, 'Paused')).toBeVisible()
      await expect(page.getByTestId('pull-state')).toHaveText('Paused')

      // Its settings, edited in place and checked as when it was added: a refused address
      // comes back with the error and what was typed.
      const settings = page.getByRole('form', { name: 'Settings' })
      await expect(settings.getByLabel('Feed address')).toHaveValue('http://127.0.0.1:9/adoptable.csv')
      await settings.getByLabel('Feed address').fill('ftp://127.0.0.1/adoptable.csv')
      await settings.getByLabel('How often').selectOption('60')
      await settings.getByRole('button', { name: 'Save settings' }).click()
      await expect(settings.getByText('The address must start with https:// or http://')).toBeVisible()
      await expect(settings.getByLabel('Feed address')).toHaveValue('ftp://127.0.0.1/adoptable.csv')
      await expect(settings.getByLabel('Feed address')).toHaveAttribute('aria-invalid', 'true')
      await expect(settings.getByLabel('How often')).toHaveValue('60')
      if (js) {
        // The 'Paused' toast mid-fade would be scanned too.
        await expect(toast(page, 'Paused')).toBeHidden({ timeout: 10_000 })
        await expectNoSeriousA11yViolations(page)
      }
      await settings.getByLabel('Feed address').fill('http://127.0.0.1:9/new-feed.csv')
      await settings.getByLabel('Name').fill('ASM3 adoptable feed')
      await settings.getByRole('button', { name: 'Save settings' }).click()
      await expect(toast(page, 'Saved: the next pull uses these settings')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'ASM3 adoptable feed', level: 1 })).toBeVisible()
      await expect(page.getByText('Feed URL: http://127.0.0.1:9/new-feed.csv')).toBeVisible()
      await expect(page.getByRole('combobox', { name: 'How often' })).toHaveValue('60')
      // A new address forgets the old one's failures.
      const { data: feedRow } = await admin()
        .from('sync_sources')
        .select('settings, consecutive_failures, pull_interval_minutes')
        .eq('shelter_id', shelter.shelterId)
        .eq('name', 'ASM3 adoptable feed')
        .single()
      expect(feedRow).toEqual({ settings: { url: 'http://127.0.0.1:9/new-feed.csv' }, consecutive_failures: 0, pull_interval_minutes: 60 })

      // The Sync tab names the way in and says where the pull stands.
      await page.getByRole('link', { name: 'Back to Sync' }).click()
      const feedCard = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'ASM3 adoptable feed' }) })
      await expect(feedCard).toContainText('Feed URL')
      await expect(feedCard).toContainText('Every hour · Paused')
      await expect(feedCard).toContainText('Last pull')
      await expect(feedCard).not.toContainText('No file yet')
      await feedCard.getByRole('link', { name: 'ASM3 adoptable feed' }).click()
      await page.getByRole('button', { name: 'Resume' }).click()
      await expect(toast(page, 'Resumed')).toBeVisible()

      // A connector: its key goes in once and never comes back.
      const key = `sl-${Date.now().toString(36)}-secret`
      await page.goto(`${dashboardPath(shelter)}/sync/pulls/new`)
      const shelterluvForm = page.getByRole('form', { name: 'Shelterluv' })
      await shelterluvForm.getByLabel('Name').fill('Shelterluv')
      await shelterluvForm.getByLabel('API key').fill(key)
      await shelterluvForm.getByRole('button', { name: 'Add Shelterluv' }).click()
      await expect(page.getByRole('heading', { name: 'Shelterluv', level: 1 })).toBeVisible()
      const keyField = page.getByRole('form', { name: 'Settings' }).getByLabel('API key')
      await expect(keyField).toHaveValue('')
      await expect(page.getByText('Set, and never shown. Leave blank to keep it, or enter a new one.')).toBeVisible()
      expect(await page.content()).not.toContain(key)
      const storedKey = async () =>
        (
          await admin()
            .from('sync_sources')
            .select('key_ciphertext, pull_interval_minutes')
            .eq('shelter_id', shelter.shelterId)
            .eq('name', 'Shelterluv')
            .single()
        ).data!
      const first = await storedKey()
      expect(first.key_ciphertext).toMatch(/^v1\./)
      expect(first.key_ciphertext).not.toContain(key)
      // Left blank, the key stays; a new one replaces it, and is not shown either.
      await page.getByRole('form', { name: 'Settings' }).getByLabel('How often').selectOption('30')
      await page.getByRole('form', { name: 'Settings' }).getByRole('button', { name: 'Save settings' }).click()
      await expect(toast(page, 'Saved')).toBeVisible()
      await expect.poll(storedKey).toEqual({ key_ciphertext: first.key_ciphertext, pull_interval_minutes: 30 })
      await page.getByRole('form', { name: 'Settings' }).getByLabel('API key').fill(`${key}-2`)
      await page.getByRole('form', { name: 'Settings' }).getByRole('button', { name: 'Save settings' }).click()
      await expect(toast(page, 'Saved')).toBeVisible()
      await expect(page.getByRole('form', { name: 'Settings' }).getByLabel('API key')).toHaveValue('')
      expect((await storedKey()).key_ciphertext).not.toBe(first.key_ciphertext)
      expect(await page.content()).not.toContain(`${key}-2`)
      await page.getByRole('link', { name: 'Back to Sync' }).click()
      await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Shelterluv' }) })).toContainText('Shelterluv')
      if (js) {
        await page.reload()
        await expectNoSeriousA11yViolations(page)
      }
    })
  })
}
