// API keys in the Sync tab, with JavaScript on and off: an owner creates a key, sees it once in
// a field to copy, the key works on the API; the list shows only its prefix; revoked, it stops.
import { expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, hydrated, sidewaysOverflow, toast } from '#tests/e2e/helpers.ts'

for (const js of [true, false]) {
  test.describe(`API keys with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('create a key (shown once), use it, revoke it', async ({ page, request, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/sync`)
      if (js) await hydrated(page)
      await page.getByRole('link', { name: 'API keys' }).click()
      await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible()
      await expect(page.getByText('No keys yet')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      await page.getByLabel('Name').fill('Shelter software')
      await page.getByLabel('What it may do').selectOption('read_write')
      await page.getByRole('button', { name: 'Create key' }).click()
      await expect(page.getByRole('heading', { name: 'Your new key “Shelter software”' })).toBeVisible()
      const field = page.getByLabel('API key')
      const key = await field.inputValue()
      expect(key).toMatch(/^phk_[0-9a-f]{48}$/)
      await expect(field).toHaveAttribute('readonly', '')
      await expect(page.getByRole('button', { name: 'Copy' })).toHaveCount(js ? 1 : 0)
      const row = page.getByRole('row').filter({ hasText: 'Shelter software' })
      await expect(row).toContainText(`${key.slice(0, 12)}…`)
      await expect(row).toContainText('Read and write')
      if (js) await expectNoSeriousA11yViolations(page)

      const authorized = { headers: { Authorization: `Bearer ${key}` } }
      expect((await request.get('/api/v1/animals', authorized)).status()).toBe(200)

      // Shown once: the page again lists the key without it.
      await page.goto(`${dashboardPath(shelter)}/sync/keys`)
      await expect(page.getByLabel('API key')).toHaveCount(0)
      expect(await page.content()).not.toContain(key)

      await page.getByRole('row').filter({ hasText: 'Shelter software' }).getByRole('button', { name: 'Revoke Shelter software' }).click()
      await expect(toast(page, 'Key revoked: it no longer works')).toBeVisible()
      await expect(page.getByRole('row').filter({ hasText: 'Shelter software' })).toContainText('Revoked')
      expect((await request.get('/api/v1/animals', authorized)).status()).toBe(401)
    })

    test('on a 360 px phone the keys list fits, and Revoke is on the screen', async ({ page, shelter, signIn }) => {
      await page.setViewportSize({ width: 360, height: 740 })
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/sync/keys`)
      if (js) await hydrated(page)
      await page.getByLabel('Name').fill('Adoption software on the front desk')
      await page.getByRole('button', { name: 'Create key' }).click()
      await expect(page.getByRole('heading', { name: /^Your new key/ })).toBeVisible()
      const table = page.getByRole('table', { name: 'Your API keys' })
      const row = table.getByRole('row').filter({ hasText: 'Adoption software on the front desk' })
      // The key's prefix and when it was last used move under its name.
      await expect(row.getByRole('rowheader')).toContainText('Last used: Never')
      const fits = await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth)
      expect(fits).toBe(true)
      // Scrolled to, it is on the screen whole: nothing sideways to scroll to find it.
      const revoke = row.getByRole('button', { name: 'Revoke Adoption software on the front desk' })
      await revoke.scrollIntoViewIfNeeded()
      await expect(revoke).toBeInViewport({ ratio: 1 })
      expect(await sidewaysOverflow(page)).toEqual([])
    })
  })
}

test('the API documentation is generated from the OpenAPI document', async ({ page }) => {
  await page.goto('/developers/api')
  await expect(page.getByRole('heading', { name: 'The Pawhaven API', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'PUT /api/v1/animals/{externalId}' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Animal', exact: true })).toBeVisible()
  await expect(page.getByRole('row', { name: /external_id \(required\)/ }).first()).toContainText('stable over its life')
  await expectNoSeriousA11yViolations(page)
})
