// A synced animal in the dashboard: the Animals tab says where it came from, its edit form
// shows its details read-only, its status stays the shelter's, and 'Detach' makes it editable.
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, toast } from '#tests/e2e/helpers.ts'

for (const js of [true, false]) {
  test.describe(`synced animals with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('read-only from their source until detached; the status stays the shelter’s', async ({ page, shelter, signIn }) => {
      const { data: source, error } = await admin()
        .from('sync_sources')
        .insert({ shelter_id: shelter.shelterId, kind: 'upload', format: 'petfinder', name: 'ShelterBuddy export' })
        .select('id')
        .single()
      if (error) throw error
      const row = {
        external_id: 'SB-1',
        name: 'Juniper',
        type: 'cat',
        age_group: 'young',
        sex: 'female',
        status: 'available',
        description: 'Shy at first.',
        photos: [],
      }
      const imported = await admin().rpc('import_snapshot', { source_id: source.id, animals: [row] })
      expect(imported.error).toBeNull()
      const { data: animal } = await admin().from('animals').select('id').eq('source_id', source.id).single()

      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/animals`)
      await expect(page.getByRole('article').or(page.getByRole('listitem')).filter({ hasText: 'Juniper' }).first()).toContainText(
        'From ShelterBuddy export',
      )
      await page.goto(`${dashboardPath(shelter)}/animals/${animal!.id}`)
      await expect(page.getByRole('heading', { name: 'From ShelterBuddy export' })).toBeVisible()
      await expect(page.getByLabel('Name', { exact: true })).toBeDisabled()
      await expect(page.getByLabel('Description')).toBeDisabled()
      await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)

      await page.getByRole('combobox', { name: 'Status' }).first().selectOption('pending')
      await page.getByRole('button', { name: 'Save status' }).click()
      await expect(toast(page, 'Juniper is now adoption pending')).toBeVisible()

      await page.getByRole('button', { name: 'Detach from ShelterBuddy export' }).click()
      await expect(toast(page, 'Juniper is yours to edit now')).toBeVisible()
      await expect(page.getByLabel('Name', { exact: true })).toBeEnabled()
      const { data } = await admin().from('animals').select('status, source_id').eq('id', animal!.id).single()
      expect(data).toEqual({ status: 'pending', source_id: null })
    })
  })
}
