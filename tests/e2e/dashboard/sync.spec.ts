// The Sync tab end to end, with JavaScript on and off: add a source, upload the Petfinder file a
// shelter's software already makes, read the run's report (and its failed rows as CSV), find
// the animals in search; the same file again changes nothing; a file that would remove most
// listings waits for a person; a file that is not a listings file changes nothing. An upload
// answers at once with its run's page, which the worker's progress fills in: refreshed by hand
// without JavaScript, by itself with it.
import type { Page } from '@playwright/test'
import { PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, toast } from '#tests/e2e/helpers.ts'

function petfinderFile(token: string, ids: string[], extraRows: string[] = []): Buffer {
  const rows = ids.map((id) =>
    petfinderRow({
      ID: id,
      AnimalName: `${token} ${id}`,
      PrimaryBreed: 'Beagle',
      Sex: 'F',
      Size: 'M',
      Age: 'Adult',
      Type: 'Dog',
      Status: 'A',
      Desc: `Listed by ${token}.&#10;Loves walks.`,
    }),
  )
  return Buffer.from([PETFINDER_HEADER, ...rows, ...extraRows].join('\n'))
}

/** Sends a file, then waits on its run's page until the worker is done with it. */
async function upload(page: Page, js: boolean, name: string, buffer: Buffer, mimeType = 'text/csv') {
  await page.getByLabel('Listings file').setInputFiles({ name, mimeType, buffer })
  await page.getByRole('button', { name: 'Import' }).click()
  // Answered once the file is stored; the worker may be busy with another test's file meanwhile.
  await expect(page.getByRole('heading', { name: /^Run of / })).toBeVisible({ timeout: 20_000 })
  await untilOver(page, js)
}

/** While the run is in hand the page says so: with JavaScript it updates itself, without it a person refreshes. */
async function untilOver(page: Page, js: boolean) {
  const refresh = page.getByRole('link', { name: 'Refresh' })
  await expect(async () => {
    if (await refresh.isVisible()) {
      if (!js) await refresh.click()
      throw new Error('the run is still in hand')
    }
    // A page that did not load (the site busy with another test's import) is loaded again.
    if (!(await page.getByRole('heading', { name: /^Run of / }).isVisible())) {
      await page.reload()
      throw new Error('the run page did not load')
    }
  }).toPass({ timeout: 60_000, intervals: [250, 500, 1_000] })
}

const outcome = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

for (const js of [true, false]) {
  test.describe(`the Sync tab with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('upload a Petfinder file, read the report, find the animals; again changes nothing; a big drop is held; an image is refused', async ({
      page,
      shelter,
      signIn,
    }) => {
      test.slow()
      const token = `sync${Date.now().toString(36)}${js ? 'on' : 'off'}`
      await signIn(shelter)
      await page.goto(dashboardPath(shelter))
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Sync' }).click()
      await expect(page.getByRole('heading', { name: 'Sync', level: 1 })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await page.getByLabel('Name').fill('ASM3 export')
      await page.getByLabel('Format of its files').selectOption('petfinder')
      await page.getByRole('button', { name: 'Add source' }).click()
      await expect(page.getByRole('heading', { name: 'ASM3 export', level: 1 })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      const badRow = petfinderRow({ ID: 'BAD-1', AnimalName: 'Dragon', Type: 'Dragon', Status: 'A' })
      await upload(page, js, `${token}.csv`, petfinderFile(token, ['A1', 'A2', 'A3', 'A4'], [badRow]))
      await expect(outcome(page, 'Imported: 4 added, 0 updated, 0 removed, 1 rows could not be read')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Added' }).locator('xpath=../..')).toContainText('4')
      const failedRow = page.getByRole('row').filter({ hasText: 'BAD-1' })
      await expect(failedRow).toContainText('Dragon')
      const csv = await page.request.get((await page.getByRole('link', { name: 'Download them as CSV' }).getAttribute('href')) as string)
      expect(csv.headers()['content-type']).toContain('text/csv')
      expect(await csv.text()).toMatch(/^line,id,reason\r\n\d+,BAD-1,/)

      await page.goto(`/search?q=${token}`)
      await expect(page.getByRole('article', { name: `${token} A1` })).toBeVisible()
      await page
        .getByRole('article', { name: `${token} A1` })
        .getByRole('link', { name: `${token} A1` })
        .click()
      await expect(page.getByText('Loves walks.')).toBeVisible()

      // The same file again: nothing changes.
      await page.goto(dashboardPath(shelter) + '/sync')
      await page.getByRole('link', { name: 'ASM3 export' }).click()
      await upload(page, js, `${token}.csv`, petfinderFile(token, ['A1', 'A2', 'A3', 'A4']))
      await expect(outcome(page, 'Imported: 0 added, 0 updated, 0 removed')).toBeVisible()

      // A file cut short: it would remove three of four, so it waits; discarded, nothing changed.
      await page.getByRole('link', { name: 'Back to ASM3 export' }).click()
      await upload(page, js, 'short.csv', petfinderFile(token, ['A1']))
      await expect(page.getByText('This file would remove 3 of the 4 animals this source lists.')).toBeVisible()
      if (js) {
        // Scanned without its toast (one fading in can trip axe's contrast check).
        await page.reload()
        await expectNoSeriousA11yViolations(page)
      }
      await page.getByRole('button', { name: 'Discard it' }).click()
      await expect(toast(page, 'Discarded: nothing changed')).toBeVisible()
      await page.goto(`/search?q=${token}`)
      await expect(page.getByRole('article')).toHaveCount(4)

      // An image is not a listings file.
      await page.goto(dashboardPath(shelter) + '/sync')
      await page.getByRole('link', { name: 'ASM3 export' }).click()
      await upload(page, js, 'cat.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png')
      await expect(page.getByText('Failed: nothing changed')).toBeVisible()
      await expect(page.getByRole('alert').filter({ hasText: /image|PNG/i })).toBeVisible()

      // An empty file (the market's "remove all") empties the listings.
      await page.getByRole('link', { name: 'Back to ASM3 export' }).click()
      await upload(page, js, 'empty.csv', Buffer.from(PETFINDER_HEADER))
      await expect(outcome(page, 'Imported: 0 added, 0 updated, 4 removed')).toBeVisible()
      await page.goto(`/search?q=${token}`)
      await expect(page.getByRole('article')).toHaveCount(0)
    })
  })
}

test('staff members do not see the Sync tab', async ({ page, users, shelter, signIn }) => {
  const staff = await users.adopter()
  await admin().from('shelter_members').insert({ shelter_id: shelter.shelterId, user_id: staff.id, role: 'staff' })
  await signIn(staff)
  await page.goto(dashboardPath(staff))
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Sync' })).toHaveCount(0)
  const response = await page.goto(`${dashboardPath(staff)}/sync`)
  expect(response?.status()).toBe(403)
})

test('applying or discarding a run that is not held is a 409; one not the shelter’s, or not an id, a 404', async ({
  page,
  users,
  shelter,
  signIn,
}) => {
  const other = await users.shelter({ approved: true })
  const service = admin()
  async function runOf(owner: { shelterId: string }, status: string) {
    const source = await service
      .from('sync_sources')
      .insert({ shelter_id: owner.shelterId, kind: 'upload', format: 'petfinder', name: `Runs ${status}` })
      .select('id')
      .single()
    expect(source.error).toBeNull()
    const run = await service
      .from('import_runs')
      .insert({ source_id: source.data!.id, shelter_id: owner.shelterId, status, trigger: 'upload' })
      .select('id')
      .single()
    expect(run.error).toBeNull()
    return run.data!.id
  }
  const mine = await runOf(shelter, 'succeeded')
  const theirs = await runOf(other, 'held')
  await signIn(shelter)
  const decide = (runId: string, intent: 'apply' | 'discard') =>
    page.request.post(`${dashboardPath(shelter)}/sync/runs/${runId}`, { form: { intent }, maxRedirects: 0 })

  for (const intent of ['apply', 'discard'] as const) {
    const notHeld = await decide(mine, intent)
    expect(notHeld.status(), intent).toBe(409)
    expect(await notHeld.text()).toContain('This run is not waiting for a decision')
    expect((await decide(theirs, intent)).status(), intent).toBe(404)
    expect((await decide('not-an-id', intent)).status(), intent).toBe(404)
    expect((await decide(crypto.randomUUID(), intent)).status(), intent).toBe(404)
  }
  // The other shelter's held run is still waiting for its own people.
  expect((await service.from('import_runs').select('status').eq('id', theirs).single()).data!.status).toBe('held')
})
