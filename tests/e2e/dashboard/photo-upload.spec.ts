// Photos on the add-animal form: a file that would be refused is stopped in the browser
// before it is sent, and any file name a computer can give a photo is accepted. A phone-sized
// photo is made smaller in the browser before it goes up, with a preview and a progress bar;
// without JavaScript the original goes up and the server makes it smaller.
import sharp from 'sharp'
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, toast } from '#tests/e2e/helpers.ts'

/** A 4000 × 3000 JPEG of noise: about 7 MB, as a phone's camera makes them. */
const phonePhoto = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 90 })
    .toBuffer()

const pngPhoto = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 160, b: 220 } } })
    .png()
    .toBuffer()

test('with JavaScript, a 12 MB photo is refused at the photo field before anything is uploaded', async ({ page, shelter, signIn }) => {
  await signIn(shelter)
  await page.goto(`${dashboardPath(shelter)}/animals/new`)
  await formHydrated(page, 'animal-form')
  await page.getByLabel('Name', { exact: true }).fill('Mittens')
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  await page.getByLabel('Photos').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(12 * 1024 * 1024) })
  await expect(page.getByText('huge.jpg is larger than 10 MB.')).toBeVisible()
  await page.getByRole('button', { name: 'Add Animal' }).click()
  await expect(page.getByLabel('Photos')).toBeFocused()
  await expect(page.getByLabel('Photos')).toHaveAttribute('aria-invalid', 'true')
  expect(posts).toEqual([])
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Mittens')
})

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a photo whose file name holds = and ; is accepted', async ({ page, shelter, signIn }) => {
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/animals/new`)
      if (js) await formHydrated(page, 'animal-form')
      await page.getByLabel('Name', { exact: true }).fill('Semi Colon')
      await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Cat' })
      await page.getByLabel('Photos').setInputFiles({ name: 'a=b; c=d.png', mimeType: 'image/png', buffer: await pngPhoto() })
      await page.getByRole('button', { name: 'Add Animal' }).click()
      await expect(page.getByText('Semi Colon').first()).toBeVisible()
      const { data } = await admin().from('animals').select('name, animal_photos(storage_path)').eq('shelter_id', shelter.shelterId)
      expect(data).toMatchObject([{ name: 'Semi Colon', animal_photos: [{ storage_path: expect.stringMatching(/\.webp$/) }] }])
    })
  })
}

test('with JavaScript, a phone photo is previewed, made smaller in the browser and uploaded with a progress bar', async ({
  page,
  shelter,
  signIn,
}) => {
  const original = await phonePhoto()
  expect(original.length).toBeGreaterThan(5 * 1024 * 1024)
  await signIn(shelter)
  await page.goto(`${dashboardPath(shelter)}/animals/new`)
  await formHydrated(page, 'animal-form')
  await page.getByLabel('Name', { exact: true }).fill('Big Picture')

  await page.getByLabel('Photos').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: original })
  const preview = page.getByRole('list', { name: 'Chosen photo previews' }).getByRole('img', { name: 'Preview of IMG_0001.jpg' })
  await expect(preview).toBeVisible()
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600)
  await expect(page.getByLabel('Photos')).not.toHaveAttribute('aria-invalid', 'true')

  // What the form will send: the field now holds the smaller photo.
  expect(
    await page.getByLabel('Photos').evaluate(async (input: HTMLInputElement) => {
      const file = input.files![0]!
      const bitmap = await createImageBitmap(file)
      return { name: file.name, type: file.type, width: bitmap.width, height: bitmap.height }
    }),
  ).toEqual({ name: 'IMG_0001.jpg', type: 'image/jpeg', width: 1600, height: 1200 })

  // A slow phone connection (about 2 Mbit/s up), so the upload takes a few seconds.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 })
  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('_data='))
  await page.getByRole('button', { name: 'Add Animal' }).click()
  const bar = page.getByRole('progressbar', { name: 'Uploading' })
  await expect(bar).toBeVisible()
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0)
  await expectNoSeriousA11yViolations(page)

  await expect(toast(page, 'Big Picture was added')).toBeVisible()
  await expect(bar).toHaveCount(0)
  // What went up: the smaller photo, a fraction of the original's bytes.
  const length = Number(await (await posted).headerValue('content-length'))
  expect(length).toBeGreaterThan(100_000)
  expect(length).toBeLessThan(original.length / 3)
  const { data } = await admin().from('animals').select('name, animal_photos(width, height)').eq('shelter_id', shelter.shelterId)
  expect(data).toEqual([{ name: 'Big Picture', animal_photos: [{ width: 1600, height: 1200 }] }])
})

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the original phone photo goes up whole and is stored made smaller', async ({ page, shelter, signIn }) => {
    const original = await phonePhoto()
    await signIn(shelter)
    await page.goto(`${dashboardPath(shelter)}/animals/new`)
    await page.getByLabel('Name', { exact: true }).fill('Full Size')
    await page.getByLabel('Photos').setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: original })
    const posted = page.waitForRequest((request) => request.method() === 'POST')
    await page.getByRole('button', { name: 'Add Animal' }).click()
    await expect(toast(page, 'Full Size was added')).toBeVisible()
    expect(Number(await (await posted).headerValue('content-length'))).toBeGreaterThan(original.length)
    const { data } = await admin().from('animals').select('name, animal_photos(width, height)').eq('shelter_id', shelter.shelterId)
    expect(data).toEqual([{ name: 'Full Size', animal_photos: [{ width: 1600, height: 1200 }] }])
  })
})
