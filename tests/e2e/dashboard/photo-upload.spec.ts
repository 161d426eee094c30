// Photos on the add-animal form: a file that would be refused is stopped in the browser
// before it is sent, and any file name a computer can give a photo is accepted.
import sharp from 'sharp'
import { admin, expect, test } from '../fixtures'
import { dashboardPath, formHydrated } from '../helpers'

const pngPhoto = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 160, b: 220 } } }).png().toBuffer()

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
