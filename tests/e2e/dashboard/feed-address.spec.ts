// A feed or ASM3 service address on a private, loopback or link-local network is refused by
// the form when it is saved, in plain words, with what was typed kept; nothing is added. (The
// harness lets the tests' own 127.0.0.1 through the forms, but no other private address.)
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath } from '#tests/e2e/helpers.ts'

for (const js of [true, false]) {
  test.describe(`private feed addresses with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a feed on a private address is refused in the form, in words', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/sync/pulls/new`)

      const feedForm = page.getByRole('form', { name: 'A feed URL' })
      await feedForm.getByLabel('Name').fill('Office feed')
      await feedForm.getByLabel('Feed address').fill('http://192.168.1.20/adoptable.csv')
      await feedForm.getByRole('button', { name: 'Add feed' }).click()
      await expect(
        feedForm.getByText(
          '192.168.1.20 is a private or local network address, which Pawhaven cannot reach from the internet. Enter an address that works from any computer.',
        ),
      ).toBeVisible()
      await expect(feedForm.getByLabel('Feed address')).toHaveValue('http://192.168.1.20/adoptable.csv')
      await expect(feedForm.getByLabel('Feed address')).toHaveAttribute('aria-invalid', 'true')
      await expect(feedForm.getByLabel('Name')).toHaveValue('Office feed')
      await expect(page.getByText(/Because, It is private/)).toHaveCount(0)
      if (js) await expectNoSeriousA11yViolations(page)

      // A name for this machine is looked up: localhost is 127.0.0.1.
      await feedForm.getByLabel('Feed address').fill('http://localhost:8080/adoptable.csv')
      await feedForm.getByRole('button', { name: 'Add feed' }).click()
      await expect(feedForm.getByText('localhost (127.0.0.1) is a private or local network address', { exact: false })).toBeVisible()

      // The cloud metadata address, as a self-hosted ASM3 service.
      const asm3Form = page.getByRole('form', { name: 'ShelterManager ASM3' })
      await asm3Form.getByLabel('Name').fill('ASM3')
      await asm3Form.getByLabel('Account number').fill('ab1234')
      await asm3Form.getByLabel('Service address (self-hosted ASM3 only)').fill('http://169.254.169.254/asmservice')
      await asm3Form.getByRole('button', { name: /^Add/ }).click()
      await expect(asm3Form.getByText('169.254.169.254 is a private or local network address', { exact: false })).toBeVisible()

      const { data: sources } = await admin().from('sync_sources').select('id').eq('shelter_id', shelter.shelterId)
      expect(sources).toEqual([])
    })
  })
}
