import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { admin, AUSTIN, expect, expectNoSeriousA11yViolations, test, type TestUser } from '#tests/e2e/fixtures.ts'
import { dashboardPath, formHydrated, hydrated, toast } from '#tests/e2e/helpers.ts'

async function animalsOf(user: TestUser) {
  const { data, error } = await admin()
    .from('animals')
    .select(
      'id, name, status, listed, latitude, primary_breed, house_trained, spayed_neutered, special_needs, good_with_dogs, adoption_fee, animal_photos (position, storage_path, width)',
    )
    .eq('owner_id', user.id)
    .order('name')
  if (error) throw error
  return data
}

const pngPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 110, b: 60 } } })
    .png()
    .toBuffer()

/** A URL pattern for a path (and query) at the end of the URL. */
const endsWith = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

function statCard(page: Page, label: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: label, exact: true }) })
}

for (const js of [true, false]) {
  test.describe(`dashboard animals with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a shelter adds an animal with a photo, edits it, marks it adopted and deletes it', async ({ page, shelter, signIn }) => {
      test.slow()
      await signIn(shelter)
      const base = dashboardPath(shelter)

      await page.goto(`${base}/animals`)
      await expect(page.getByRole('heading', { name: 'Animals', level: 1 })).toBeVisible()
      await expect(page.getByText('No animals listed yet')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      await page.getByRole('link', { name: 'Add Your First Animal' }).click()
      await expect(page).toHaveURL(new RegExp(`${base}/animals/new$`))
      await expect(page.getByRole('heading', { name: 'Add Animal', level: 1 })).toBeVisible()
      if (js) {
        await expectNoSeriousA11yViolations(page)
        await formHydrated(page, 'animal-form')
      }

      await page.getByLabel('Name', { exact: true }).fill('Biscuit')
      await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Dog' })
      await page.getByLabel('Age', { exact: true }).selectOption({ label: 'Young (0-2 years)' })
      await page.getByLabel('Primary Breed').fill('Beagle')
      // Each care question is Yes / No / Not sure, Not sure to start with.
      const care = (question: string) => page.getByRole('group', { name: question, exact: true })
      for (const question of [
        'Good with Children',
        'Good with Dogs',
        'Good with Cats',
        'House-trained',
        'Spayed / neutered',
        'Vaccinations current',
        'Special needs',
      ]) {
        await expect(care(question).getByLabel('Not sure', { exact: true })).toBeChecked()
      }
      await care('House-trained').getByLabel('Yes', { exact: true }).check()
      await care('Good with Dogs').getByLabel('No', { exact: true }).check()
      await page.getByLabel('Adoption Fee ($)').fill('150')
      await page.getByLabel('Description').fill('Loves long walks.\n\nAnd longer naps.')
      // Notes without a Yes to special needs: refused, and what was chosen stays chosen.
      await page.getByLabel('Special Needs Notes').fill('A daily pill.')
      await page.getByRole('button', { name: 'Add Animal' }).click()
      await expect(care('Special needs').getByText('Answer Yes to special needs, or clear the notes')).toBeVisible()
      await expect(care('House-trained').getByLabel('Yes', { exact: true })).toBeChecked()
      await expect(care('Good with Dogs').getByLabel('No', { exact: true })).toBeChecked()
      await expect(care('Spayed / neutered').getByLabel('Not sure', { exact: true })).toBeChecked()
      await expect(page.getByLabel('Special Needs Notes')).toHaveValue('A daily pill.')
      if (js) await formHydrated(page, 'animal-form')
      await care('Special needs').getByLabel('Yes', { exact: true }).check()
      await page.getByLabel('Photos').setInputFiles({ name: 'biscuit.png', mimeType: 'image/png', buffer: await pngPhoto() })
      await page.getByRole('button', { name: 'Add Animal' }).click()

      await expect(toast(page, 'Biscuit was added')).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`${base}/animals$`))
      await expect(page.getByRole('link', { name: 'Biscuit', exact: true })).toBeVisible()
      const [added] = await animalsOf(shelter)
      expect(added).toMatchObject({
        name: 'Biscuit',
        status: 'available',
        listed: true,
        primary_breed: 'Beagle',
        house_trained: true,
        adoption_fee: 150,
      })
      // Not sure is stored as not known, never as no.
      expect(added).toMatchObject({ spayed_neutered: null, special_needs: true, good_with_dogs: 'no' })
      expect(added!.latitude).toBeCloseTo(AUSTIN.latitude, 3)
      expect(added!.animal_photos).toHaveLength(1)
      const path = added!.animal_photos[0]!.storage_path as string
      expect(path).toMatch(new RegExp(`^${shelter.shelterId}/${added!.id}/[0-9a-f]+\\.webp$`))

      // The photo route serves it as WebP, resized on request, cacheable for good.
      const photo = await page.request.get(`/photos/${path}?w=300`)
      expect(photo.status()).toBe(200)
      expect(photo.headers()['content-type']).toBe('image/webp')
      expect(photo.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
      expect((await sharp(await photo.body()).metadata()).width).toBe(64)
      const again = await page.request.get(`/photos/${path}?w=300`, { headers: { 'If-None-Match': photo.headers()['etag']! } })
      expect(again.status()).toBe(304)
      expect((await page.request.get(`/photos/${shelter.shelterId}/${added!.id}/missing.webp`)).status()).toBe(404)
      expect((await page.request.get('/photos/../../etc/passwd')).status()).toBe(404)

      await page.goto(base)
      await expect(statCard(page, 'Active Listings').getByText('1', { exact: true })).toBeVisible()

      // Edit: a second photo, then made the main one.
      await page.goto(`${base}/animals`)
      await page.getByRole('link', { name: 'Edit Biscuit' }).click()
      await expect(page.getByRole('heading', { name: 'Edit Biscuit', level: 1 })).toBeVisible()
      await expect(page.getByLabel('Primary Breed')).toHaveValue('Beagle')
      await expect(page.getByRole('group', { name: 'House-trained' }).getByLabel('Yes', { exact: true })).toBeChecked()
      await expect(page.getByRole('group', { name: 'Spayed / neutered' }).getByLabel('Not sure', { exact: true })).toBeChecked()
      if (js) await formHydrated(page, 'animal-form')
      await page.getByLabel('Add Photos').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: await pngPhoto() })
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Biscuit was saved')).toBeVisible()
      const photoOrder = async () => {
        const [animal] = await animalsOf(shelter)
        return [...animal!.animal_photos].sort((a, b) => a.position - b.position).map((photo) => photo.storage_path as string)
      }
      const [first, second] = await photoOrder()
      expect(first).toBe(path)
      await expect(page.getByLabel('Main photo: photo 1')).toBeChecked()
      if (js) await formHydrated(page, 'animal-form')
      await page.getByLabel('Main photo: photo 2').check()
      // The last save's toast may still show: wait for this save's answer instead.
      await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes(`/animals/${added!.id}`)),
        page.getByRole('button', { name: 'Save Changes' }).click(),
      ])
      expect(await photoOrder()).toEqual([second, first])
      await expect(page.getByLabel('Main photo: photo 1')).toBeChecked()

      // Then a new name, and both photos removed.
      if (js) await formHydrated(page, 'animal-form')
      await page.getByLabel('Name', { exact: true }).fill('Biscuit Jr')
      await page.getByLabel('Remove photo 1').check()
      await page.getByLabel('Remove photo 2').check()
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Biscuit Jr was saved')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Edit Biscuit Jr', level: 1 })).toBeVisible()
      expect(await animalsOf(shelter)).toMatchObject([{ name: 'Biscuit Jr', animal_photos: [] }])

      // Mark as adopted from the list, once confirmed (in a dialog with JavaScript, on a page of
      // its own without): out of search, counted as an adoption.
      await page.goto(`${base}/animals`)
      if (js) await hydrated(page)
      await page.getByRole('button', { name: 'Mark Biscuit Jr as adopted' }).click()
      if (js) {
        const dialog = page.getByRole('dialog', { name: 'Mark Biscuit Jr as adopted?' })
        await expect(dialog).toBeVisible()
        await expectNoSeriousA11yViolations(page)
        await dialog.getByRole('button', { name: 'Mark as adopted' }).click()
      } else {
        await expect(page).toHaveURL(new RegExp(`${base}/animals/${added!.id}/mark-adopted\\?redirectTo=`))
        await expect(page.getByRole('heading', { name: 'Mark Biscuit Jr as adopted?' })).toBeVisible()
        expect(await animalsOf(shelter)).toMatchObject([{ status: 'available' }])
        await page.getByRole('button', { name: 'Mark as adopted' }).click()
      }
      await expect(toast(page, 'Biscuit Jr was marked as adopted')).toBeVisible()
      await expect(page.getByRole('list', { name: 'Your animals' }).getByText('Adopted', { exact: true })).toBeVisible()
      expect(await animalsOf(shelter)).toMatchObject([{ status: 'adopted', listed: false }])
      await page.goto(base)
      await expect(statCard(page, 'Successful Adoptions').getByText('1', { exact: true })).toBeVisible()
      await expect(statCard(page, 'Active Listings').getByText('0', { exact: true })).toBeVisible()

      // Delete, confirmed in a dialog with JavaScript and on a page of its own without.
      await page.goto(`${base}/animals`)
      await page.getByRole('link', { name: 'Delete Biscuit Jr' }).click()
      if (js) {
        const dialog = page.getByRole('dialog', { name: 'Delete Biscuit Jr?' })
        await expect(dialog).toBeVisible()
        await expectNoSeriousA11yViolations(page)
        await dialog.getByRole('button', { name: 'Delete Animal' }).click()
      } else {
        await expect(page).toHaveURL(new RegExp(`${base}/animals/${added!.id}/delete$`))
        await expect(page.getByRole('heading', { name: 'Delete Biscuit Jr?' })).toBeVisible()
        await page.getByRole('button', { name: 'Delete Animal' }).click()
      }
      await expect(toast(page, 'Biscuit Jr was deleted')).toBeVisible()
      await expect(page.getByText('No animals listed yet')).toBeVisible()
      expect(await animalsOf(shelter)).toEqual([])
    })

    test('mark as adopted asks first: one click changes nothing, Cancel goes back, confirming does it', async ({
      page,
      shelter,
      signIn,
    }) => {
      await signIn(shelter)
      const { data, error } = await admin()
        .from('animals')
        .insert({ shelter_id: shelter.shelterId, name: 'Pepper', type: 'dog', age_group: 'adult' })
        .select('id')
        .single()
      if (error) throw error
      const edit = `${dashboardPath(shelter)}/animals/${data.id}`
      const confirm = async () => {
        await page.getByRole('button', { name: 'Mark Pepper as adopted' }).click()
        if (!js) await expect(page).toHaveURL(endsWith(`${edit}/mark-adopted?redirectTo=${encodeURIComponent(edit)}`))
        return js ? page.getByRole('dialog', { name: 'Mark Pepper as adopted?' }) : page.getByRole('main')
      }
      await page.goto(edit)
      if (js) await hydrated(page)
      let asking = await confirm()
      await expect(asking.getByRole('heading', { name: 'Mark Pepper as adopted?' })).toBeVisible()
      await expect(asking.getByText('Pepper leaves search and counts as a successful adoption.', { exact: false })).toBeVisible()
      expect(await animalsOf(shelter)).toMatchObject([{ status: 'available', listed: true }])
      await asking.getByRole(js ? 'button' : 'link', { name: 'Cancel' }).click()
      await expect(page).toHaveURL(endsWith(edit))
      await expect(page.getByRole('heading', { name: 'Edit Pepper', level: 1 })).toBeVisible()
      expect(await animalsOf(shelter)).toMatchObject([{ status: 'available', listed: true }])

      asking = await confirm()
      await asking.getByRole('button', { name: 'Mark as adopted' }).click()
      await expect(toast(page, 'Pepper was marked as adopted')).toBeVisible()
      await expect(page).toHaveURL(endsWith(edit))
      await expect(page.getByRole('button', { name: 'Mark Pepper as adopted' })).toHaveCount(0)
      expect(await animalsOf(shelter)).toMatchObject([{ status: 'adopted', listed: false }])
    })

    test('a photo of the wrong type or size is refused and the typed fields are kept', async ({ page, shelter, signIn }) => {
      test.slow()
      await signIn(shelter)
      await page.goto(`${dashboardPath(shelter)}/animals/new`)
      if (js) await formHydrated(page, 'animal-form')
      await page.getByLabel('Name', { exact: true }).fill('Mittens')
      await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Cat' })
      await page.getByLabel('Primary Breed').fill('Domestic Short Hair')
      await page.getByLabel('Description').fill('A quiet lap cat.')

      await page.getByLabel('Photos').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
      await page.getByRole('button', { name: 'Add Animal' }).click()
      await expect(page.getByText('notes.txt is not a JPEG, PNG or WebP image.')).toBeVisible()
      await expect(page.getByLabel('Photos')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Mittens')
      await expect(page.getByLabel('Type', { exact: true })).toHaveValue('cat')
      await expect(page.getByLabel('Primary Breed')).toHaveValue('Domestic Short Hair')
      await expect(page.getByLabel('Description')).toHaveValue('A quiet lap cat.')

      await page
        .getByLabel('Photos')
        .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) })
      await page.getByRole('button', { name: 'Add Animal' }).click()
      await expect(page.getByText('huge.jpg is larger than 10 MB.')).toBeVisible()
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Mittens')

      // A missing name is a field error, with nothing saved.
      await page.getByLabel('Photos').setInputFiles([])
      await page.getByLabel('Name', { exact: true }).fill('')
      await page.getByRole('button', { name: 'Add Animal' }).click()
      await expect(page.getByText('Name is required')).toBeVisible()
      expect(await animalsOf(shelter)).toEqual([])
    })

    test('the list filters by name and by status', async ({ page, shelter, signIn }) => {
      test.slow()
      const shelter_id = shelter.shelterId
      const { error } = await admin()
        .from('animals')
        .insert([
          { shelter_id, name: 'Biscuit', type: 'dog', age_group: 'young', status: 'available' },
          { shelter_id, name: 'Biscotti', type: 'dog', age_group: 'adult', status: 'pending' },
          { shelter_id, name: 'Mittens', type: 'cat', age_group: 'senior', status: 'adopted' },
        ])
      expect(error).toBeNull()
      await signIn(shelter)
      const base = dashboardPath(shelter)
      await page.goto(`${base}/animals`)
      const list = page.getByRole('list', { name: 'Your animals' })
      await expect(list.getByRole('listitem')).toHaveCount(3)
      if (js) await expectNoSeriousA11yViolations(page)

      await page.getByPlaceholder('Search animals...').fill('bisc')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await expect(page).toHaveURL(/[?&]q=bisc/)
      await expect(list.getByRole('listitem')).toHaveCount(2)
      await expect(list.getByRole('link', { name: 'Mittens' })).toHaveCount(0)

      await page.getByLabel('Status').selectOption({ label: 'Adoption pending' })
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await expect(page).toHaveURL(/status=pending/)
      await expect(list.getByRole('listitem')).toHaveCount(1)
      await expect(list.getByRole('link', { name: 'Biscotti', exact: true })).toBeVisible()

      await page.goto(`${base}/animals?q=zzz`)
      await expect(page.getByText('No animals match your search')).toBeVisible()
      await page.goto(`${base}/animals?status=adopted&q=%25`)
      await expect(page.getByText('No animals match your search')).toBeVisible()
      await page.goto(`${base}/animals?status=adopted`)
      await expect(list.getByRole('link', { name: 'Mittens', exact: true })).toBeVisible()
    })

    test('only an approved shelter with a location publishes', async ({ page, context, users, signIn }) => {
      // Waiting for vetting: the holding page explains, and a direct post adds nothing.
      const waiting = await users.shelter()
      await signIn(waiting)
      await page.goto(`${dashboardPath(waiting)}/animals/new`)
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(waiting)}$`))
      await expect(page.getByRole('heading', { name: 'Welcome to Pawhaven!' })).toBeVisible()
      const post = await page.request.post(`${dashboardPath(waiting)}/animals/new`, {
        multipart: { name: 'Sneaky', type: 'dog', age_group: 'adult' },
        maxRedirects: 0,
      })
      expect(post.status()).toBe(302)
      expect(await animalsOf(waiting)).toEqual([])

      // Approved but without a ZIP code: told to set it in Settings.
      await context.clearCookies()
      const unplaced = await users.shelter({ approved: true })
      await signIn(unplaced)
      await page.goto(`${dashboardPath(unplaced)}/animals`)
      await expect(page.getByText('Add your ZIP code to publish animals')).toBeVisible()
      await page.getByRole('link', { name: 'Add Your First Animal' }).click()
      await expect(page.getByText('Add your ZIP code to publish animals')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Add Animal' })).toHaveCount(0)
      await page.getByRole('link', { name: 'Settings', exact: true }).last().click()
      await expect(page).toHaveURL(new RegExp(`${dashboardPath(unplaced)}/settings$`))
    })

    test("a shelter cannot open another shelter's animal", async ({ page, shelter: owner, users, signIn }) => {
      const { data } = await admin()
        .from('animals')
        .insert({ shelter_id: owner.shelterId, name: 'Rex', type: 'dog', age_group: 'adult' })
        .select('id')
        .single()
      const other = await users.shelter({ approved: true, profile: AUSTIN })
      await signIn(other)
      const response = await page.goto(`${dashboardPath(other)}/animals/${data!.id}`)
      expect(response?.status()).toBe(404)
      const deleted = await page.request.post(`${dashboardPath(other)}/animals/${data!.id}/delete`, { form: {}, maxRedirects: 0 })
      expect(deleted.status()).toBe(302)
      expect(await animalsOf(owner)).toHaveLength(1)
    })
  })
}
