// A ShelterManager ASM3 account pulled end to end (decision 041): the shelter adds
// it in the Sync tab (a bad account number comes back with the message and what was typed), a
// fake ASM3 service on this machine serves json_adoptable_animals_xp with two bonded animals and
// one bonded with an animal not in the list, and the pull links the two as one bonded group that
// the animal page shows as "Adopted together".
//
// The site's own worker never fetches a loopback address (so its pull of the fake service fails,
// and says why); the pull that reads the fake service is the same task run here with the
// private-address allowance the worker takes from SYNC_FETCH_ALLOW_PRIVATE in tests.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { asm3Bond, asm3Row } from '#app/sync/formats/pull-fixtures.ts'
import { pullSource } from '#worker/tasks/pull-source.ts'
import { admin, asNewVisitor, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, sidewaysOverflow, toast } from '#tests/e2e/helpers.ts'

let server: http.Server
let serviceUrl: string
const ROWS = [
  asm3Row(801, { ANIMALNAME: 'Salt', ...asm3Bond({ id: 802, name: 'Pepper' }) }),
  asm3Row(802, { ANIMALNAME: 'Pepper', ...asm3Bond({ id: 801, name: 'Salt' }) }),
  asm3Row(803, { ANIMALNAME: 'Solo', PETFINDERSPECIES: 'Cat', SPECIESNAME: 'Cat', ...asm3Bond({ id: 899, name: 'Gone' }) }),
].map((row) => ({ ...row, PHOTOURLS: [] }))

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://x')
    if (url.pathname !== '/asmservice' || url.searchParams.get('method') !== 'json_adoptable_animals_xp')
      return response.writeHead(404).end()
    if (url.searchParams.get('account') !== 'ab1234')
      return response.writeHead(500, { 'Content-Type': 'text/plain' }).end('ERROR: Invalid database')
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(ROWS))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/asmservice`
})
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

for (const js of [false, true]) {
  test.describe(`an ASM3 account with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('added with its account number; a pull links its bonded animals as one group', async ({ browser, page, shelter, signIn }) => {
      test.slow()
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/sync/pulls/new`)
      const form = page.getByRole('form', { name: 'ShelterManager ASM3' })
      await form.getByLabel('Name').fill('Our ASM3')
      await form.getByLabel('Account number').fill('ab 1234')
      await form.getByLabel('Service address (self-hosted ASM3 only)').fill(serviceUrl)
      await form.getByLabel('How often').selectOption('60')
      await form.getByRole('button', { name: 'Add ShelterManager ASM3' }).click()
      // Refused: the message under the field, and everything as typed.
      await expect(form.getByText('Your ASM3 account number is letters and digits, e.g. ab1234')).toBeVisible()
      await expect(form.getByLabel('Account number')).toHaveValue('ab 1234')
      await expect(form.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true')
      await expect(form.getByLabel('Name')).toHaveValue('Our ASM3')
      await expect(form.getByLabel('Service address (self-hosted ASM3 only)')).toHaveValue(serviceUrl)
      await expect(form.getByLabel('How often')).toHaveValue('60')
      if (js) await expectNoSeriousA11yViolations(page)

      await form.getByLabel('Account number').fill('ab1234')
      await form.getByRole('button', { name: 'Add ShelterManager ASM3' }).click()
      await expect(page.getByRole('heading', { name: 'Our ASM3', level: 1 })).toBeVisible()
      await expect(page.getByText(`ShelterManager ASM3, account ab1234 at ${serviceUrl}`)).toBeVisible()
      const settings = page.getByRole('form', { name: 'Settings' })
      await expect(settings.getByLabel('Account number')).toHaveValue('ab1234')
      await expect(settings.getByLabel('API key')).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)
      const { data: source } = await admin()
        .from('sync_sources')
        .select('id, kind, settings, key_ciphertext, pull_interval_minutes')
        .eq('shelter_id', shelter.shelterId)
        .eq('name', 'Our ASM3')
        .single()
      expect(source).toMatchObject({
        kind: 'asm3',
        settings: { account: 'ab1234', service_url: serviceUrl },
        key_ciphertext: null,
        pull_interval_minutes: 60,
      })

      // The site's worker refuses the loopback address and the page says why.
      await page.getByRole('button', { name: 'Run now' }).click()
      await expect(toast(page, 'Pulling now')).toBeVisible()
      await expect(async () => {
        await page.reload()
        await expect(page.getByText(/could not be fetched: refused/).first()).toBeVisible({ timeout: 1_000 })
      }).toPass({ timeout: 20_000 })

      // The pull task, allowed this machine's addresses: three animals, two of them bonded.
      const pulled = await pullSource(
        { source_id: source!.id, trigger: 'manual' },
        { supabase: admin() as unknown as SupabaseClient<Database> },
        { fetchPolicy: { allowPrivateAddresses: true } },
      )
      expect(pulled).toMatchObject({ outcome: 'applied', run: { status: 'succeeded', added: 3, failed: 0 } })
      await page.reload()
      await expect(page.getByRole('row').filter({ hasText: '3 added' })).toBeVisible()

      const { data: animals } = await admin()
        .from('animals')
        .select('id, external_id, bonded_group_id')
        .eq('source_id', source!.id)
        .order('external_id')
      const [salt, pepper, solo] = animals!
      expect(salt!.bonded_group_id).not.toBeNull()
      expect(pepper!.bonded_group_id).toBe(salt!.bonded_group_id)
      expect(solo!.bonded_group_id).toBeNull()

      // The public page says they go home together.
      const visitor = await browser.newContext({ javaScriptEnabled: js })
      await asNewVisitor(visitor)
      const publicPage = await visitor.newPage()
      await publicPage.goto(`/animals/${salt!.id}`)
      const together = publicPage.getByRole('region', { name: 'Adopted together' })
      await expect(together).toContainText('Salt and Pepper are a bonded pair: they go home together.')
      await together.getByRole('link', { name: 'Meet Pepper' }).click()
      await expect(publicPage.getByRole('heading', { level: 1, name: 'Pepper' })).toBeVisible()
      await publicPage.goto(`/animals/${solo!.id}`)
      await expect(publicPage.getByRole('heading', { level: 1, name: 'Solo' })).toBeVisible()
      await expect(publicPage.getByRole('region', { name: 'Adopted together' })).toHaveCount(0)
      await visitor.close()

      // The source's page fits a phone.
      await page.setViewportSize({ width: 360, height: 740 })
      await page.reload()
      expect(await sidewaysOverflow(page)).toEqual([])
    })
  })
}
