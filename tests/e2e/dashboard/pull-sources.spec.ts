// Scheduled pulls in the Sync tab, with JavaScript on and off: add a feed, 'Run now' (the worker
// pulls it: this feed is on a loopback address, which the worker refuses, so the run fails and
// says why), pause and resume, change how often; add a Shelterluv source whose key is never
// shown back, only "set", and can be replaced.
import { admin, expect, expectNoSeriousA11yViolations, test } from '../fixtures'
import { dashboardPath, toast } from '../helpers'

for (const js of [true, false]) {
  test.describe(`scheduled pulls with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('add a feed, run it now, see why it failed; pause, resume, change how often; a Shelterluv key is only ever "set"', async ({ page, shelter, signIn }) => {
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
      await page.getByRole('button', { name: 'Resume' }).click()
      await expect(toast(page, 'Resumed')).toBeVisible()
      await page.getByRole('form', { name: 'Pull interval' }).getByLabel('How often').selectOption('60')
      await page.getByRole('form', { name: 'Pull interval' }).getByRole('button', { name: 'Save' }).click()
      await expect(toast(page, 'Saved how often we pull')).toBeVisible()
      await expect(page.getByRole('combobox', { name: 'How often' })).toHaveValue('60')

      // A connector: its key goes in once and never comes back.
      const key = `sl-${Date.now().toString(36)}-secret`
      await page.goto(`${dashboardPath(shelter)}/sync/pulls/new`)
      const shelterluvForm = page.getByRole('form', { name: 'Shelterluv' })
      await shelterluvForm.getByLabel('Name').fill('Shelterluv')
      await shelterluvForm.getByLabel('API key').fill(key)
      await shelterluvForm.getByRole('button', { name: 'Add Shelterluv' }).click()
      await expect(page.getByRole('heading', { name: 'Shelterluv', level: 1 })).toBeVisible()
      await expect(page.getByLabel('API key: set. Replace it with')).toHaveValue('')
      expect(await page.content()).not.toContain(key)
      const { data } = await admin().from('sync_sources').select('key_ciphertext').eq('shelter_id', shelter.shelterId).eq('name', 'Shelterluv').single()
      expect(data!.key_ciphertext).toMatch(/^v1\./)
      expect(data!.key_ciphertext).not.toContain(key)
      await page.getByLabel('API key: set. Replace it with').fill(`${key}-2`)
      await page.getByRole('button', { name: 'Save key' }).click()
      await expect(toast(page, 'New key saved')).toBeVisible()
      if (js) {
        await page.reload()
        await expectNoSeriousA11yViolations(page)
      }
    })
  })
}
