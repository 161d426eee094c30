// The FTP drop from the Sync tab, with JavaScript on and off: add a source that comes by FTP,
// see its host, port, user name and password (once), send a Petfinder file to that address
// with a real FTP client, find its run on the source's page; a reset gives a new password. A
// photo sent before its listing waits, and shows on the animal's page once the listing comes.
import { Readable } from 'node:stream'
import type { Page } from '@playwright/test'
import { Client } from 'basic-ftp'
import sharp from 'sharp'
import { PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath } from '#tests/e2e/helpers.ts'

function detail(page: Page, term: string) {
  return page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]')
}

for (const js of [true, false]) {
  test.describe(`the FTP drop with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('add an FTP source, send it a file by FTP, reset its password', async ({ page, shelter, signIn }) => {
      test.slow()
      const token = `ftp${Date.now().toString(36)}${js ? 'on' : 'off'}`
      await signIn(shelter)
      await page.goto(dashboardPath(shelter) + '/sync')
      await page.getByLabel('Name').fill('ASM3 by FTP')
      await page.getByLabel('Format of its files').selectOption('petfinder')
      await page.getByLabel('How files come').selectOption('ftp')
      await page.getByRole('button', { name: 'Add source' }).click()
      await expect(page.getByRole('heading', { name: 'FTP source added' })).toBeVisible()
      await expect(page.getByText('Copy the password now: it is shown only this once.')).toBeVisible()
      const host = (await detail(page, 'Host').innerText()).trim()
      const port = Number((await detail(page, 'Port').innerText()).trim())
      const user = (await detail(page, 'User name').innerText()).trim()
      const password = (await detail(page, 'Password').innerText()).trim()
      expect(user).toMatch(/^pawhaven-[0-9a-f]{8}(-\d+)?$/)
      expect(password).toMatch(/^[A-Za-z0-9]{24}$/)
      await expect(detail(page, 'Encryption')).toContainText('FTPS (explicit TLS')
      if (js) await expectNoSeriousA11yViolations(page)

      const client = new Client(10_000)
      try {
        await client.access({ host, port, user, password, secure: true, secureOptions: { rejectUnauthorized: false } })
        await client.ensureDir('/import')
        const csv = [
          PETFINDER_HEADER,
          petfinderRow({
            ID: `${token}-1`,
            AnimalName: `${token} Pip`,
            PrimaryBreed: 'Beagle',
            Sex: 'F',
            Size: 'M',
            Age: 'Adult',
            Type: 'Dog',
            Status: 'A',
          }),
        ].join('\n')
        await client.uploadFrom(Readable.from([Buffer.from(csv)]), `${token}.csv`)
      } finally {
        client.close()
      }

      await page.getByRole('link', { name: 'Go to the source' }).click()
      await expect(page.getByRole('heading', { name: 'ASM3 by FTP', level: 1 })).toBeVisible()
      await expect(detail(page, 'User name')).toHaveText(user)
      await expect(detail(page, 'Password')).toContainText('Hidden')
      if (js) await expectNoSeriousA11yViolations(page)
      // The file's run shows at once, queued; the worker imports it a moment later.
      await expect(async () => {
        await page.reload()
        await expect(
          page
            .getByRole('row')
            .filter({ hasText: `${token}.csv` })
            .filter({ hasText: '1 added' }),
        ).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 30_000 })
      await page.goto(`/search?q=${token}`)
      await expect(page.getByRole('article', { name: `${token} Pip` })).toBeVisible()

      await page.goBack()
      // Resetting asks first, and says the software's password stops working.
      await page.getByText('Reset the password…').click()
      await expect(page.getByText(/The password your software uses now stops working at once/)).toBeVisible()
      await page.getByRole('button', { name: 'Reset the password' }).click()
      await expect(page.getByText('Copy the password now: it is shown only this once.')).toBeVisible()
      const fresh = (await detail(page, 'Password').innerText()).trim()
      expect(fresh).toMatch(/^[A-Za-z0-9]{24}$/)
      expect(fresh).not.toBe(password)
    })
  })
}

test('a photo sent by FTP before its listing shows on the animal page once the listing comes', async ({ page, shelter, signIn }) => {
  test.slow()
  const token = `ftpphoto${Date.now().toString(36)}`
  await signIn(shelter)
  await page.goto(dashboardPath(shelter) + '/sync')
  await page.getByLabel('Name').fill('ASM3 photos by FTP')
  await page.getByLabel('Format of its files').selectOption('petfinder')
  await page.getByLabel('How files come').selectOption('ftp')
  await page.getByRole('button', { name: 'Add source' }).click()
  await expect(page.getByRole('heading', { name: 'FTP source added' })).toBeVisible()
  const host = (await detail(page, 'Host').innerText()).trim()
  const port = Number((await detail(page, 'Port').innerText()).trim())
  const user = (await detail(page, 'User name').innerText()).trim()
  const password = (await detail(page, 'Password').innerText()).trim()

  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer()
  const csv = [
    PETFINDER_HEADER,
    petfinderRow({
      ID: token,
      AnimalName: `${token} Pip`,
      PrimaryBreed: 'Beagle',
      Sex: 'F',
      Size: 'M',
      Age: 'Adult',
      Type: 'Dog',
      Status: 'A',
    }),
  ].join('\n')
  const client = new Client(10_000)
  try {
    await client.access({ host, port, user, password, secure: true, secureOptions: { rejectUnauthorized: false } })
    // ASM3's order: the photos first, then (here in a session of its own) the listings file.
    await client.ensureDir('/import/photos')
    await client.uploadFrom(Readable.from([photo]), `${token}-1.jpg`)
    client.close()
    await client.access({ host, port, user, password, secure: true, secureOptions: { rejectUnauthorized: false } })
    await client.ensureDir('/import')
    await client.uploadFrom(Readable.from([Buffer.from(csv)]), `${token}.csv`)
  } finally {
    client.close()
  }

  // The listing's card shows the photo as soon as the file is imported and the photo placed.
  const card = page.getByRole('article', { name: `${token} Pip` })
  await expect(async () => {
    await page.goto(`/search?q=${token}`)
    await expect(card.locator('img[src^="/photos/"]')).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await page.goto((await card.getByRole('link', { name: `${token} Pip` }).getAttribute('href'))!)
  await expect(page.locator('main img[src^="/photos/"]').first()).toBeVisible()
  const src = await page.locator('main img[src^="/photos/"]').first().getAttribute('src')
  const served = await page.request.get(src!)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('image/webp')
  expect(served.headers()['x-content-type-options']).toBe('nosniff')
})
