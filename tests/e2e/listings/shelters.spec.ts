import { admin, expect, expectNoSeriousA11yViolations } from '#tests/e2e/fixtures.ts'
import { test } from '#tests/e2e/listings/world.ts'

test('the directory finds shelters near a ZIP, with distance and a live animal count', async ({ page, world }) => {
  await page.goto('/shelter-directory?q=10001')
  await expect(page.getByRole('heading', { name: /shelters? within 100 miles of New York, NY 10001/ })).toBeVisible()
  const card = page.getByRole('article', { name: world.nyc.name })
  // Alpha (available), Bravo (pending) and Charlie; not the adopted or archived ones.
  await expect(card.getByText('3 animals', { exact: true })).toBeVisible()
  await expect(card.getByText(/New York, NY 10001 · \d+\.\d mi/)).toBeVisible()
  await expect(card.getByRole('link', { name: '(212) 555-0147' })).toHaveAttribute('href', 'tel:+12125550147')
  await expect(card.getByRole('link', { name: /rescue\.example/ })).toHaveAttribute('href', 'https://rescue.example/')
  await expect(card.getByRole('link', { name: /^View Animals/ })).toHaveAttribute('href', `/shelters/${world.nyc.slug}`)
  await expect(card.getByRole('link', { name: /^Contact Shelter/ })).toHaveAttribute('href', /^mailto:shelter-/)
  // Far away and unapproved shelters are not listed.
  await expect(page.getByRole('article', { name: world.sf.name })).toHaveCount(0)
  await expect(page.getByRole('article', { name: world.unapproved.name })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  await page.goto(`/shelters?q=${encodeURIComponent('San Francisco, CA')}`)
  await expect(page.getByRole('article', { name: world.sf.name }).getByText('26 animals', { exact: true })).toBeVisible()

  // A name or city that is no known place is matched as words.
  await page.goto(`/shelters?q=${world.token}`)
  await expect(page.getByRole('article')).toHaveCount(2)
})

test('View Animals opens the shelter page with its available animals', async ({ page, world }) => {
  await page.goto('/shelters?q=10001')
  await page
    .getByRole('article', { name: world.nyc.name })
    .getByRole('link', { name: /^View Animals/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/shelters/${world.nyc.slug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(world.nyc.name)
  await expect(page.getByText('1 Test Street, New York, NY 10001')).toBeVisible()
  await expect(page.getByRole('heading', { name: /3 pets found/ })).toBeVisible()
  const region = page.getByRole('region', { name: new RegExp(`Animals at ${world.nyc.name}`) })
  expect((await region.getByRole('article').getByRole('heading').allTextContents()).sort()).toEqual(['Alpha', 'Bravo', 'Charlie'])
  await expect(page.getByRole('link', { name: 'Contact Shelter' })).toHaveAttribute('href', /^mailto:/)
  await expectNoSeriousA11yViolations(page)

  await page.goto(`/shelters/${world.sf.slug}`)
  await expect(page.getByRole('heading', { name: /26 pets found/ })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Animal list pagination' }).getByRole('link', { name: 'Next' })).toBeVisible()
})

test('an unapproved or unknown shelter has no page', async ({ page, world }) => {
  expect((await page.goto(`/shelters/${world.unapproved.slug}`))?.status()).toBe(404)
  expect((await page.goto('/shelters/no-such-shelter-000000'))?.status()).toBe(404)
})

test('/animal-types shows live counts, and Browse opens the search for that type', async ({ page }) => {
  const count = async () => {
    const { data, error } = await admin().rpc('animal_type_counts')
    if (error) throw error
    const rabbit = (data as Array<{ type: string; available: number; pending: number }>).find((row) => row.type === 'rabbit')!
    return Number(rabbit.available) + Number(rabbit.pending)
  }
  const before = await count()
  await page.goto('/animal-types')
  const shown = Number(
    (await page
      .getByRole('article', { name: 'Rabbits' })
      .getByText(/available$/)
      .textContent())!.replace(/\D/g, ''),
  )
  const after = await count()
  // Other tests may list animals at the same time: the page shows a count between the two reads.
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after))
  expect(shown).toBeLessThanOrEqual(Math.max(before, after))
  expect(shown).toBeGreaterThanOrEqual(1)
  await page.getByRole('link', { name: 'Browse Rabbits' }).click()
  await expect(page).toHaveURL(/\/search\?type=rabbit$/)
  await expect(page.getByLabel('Animal type')).toHaveValue('rabbit')
})

test('the home page rows show live animals', async ({ page }) => {
  await page.goto('/')
  const newest = page.getByRole('region', { name: 'Newest Arrivals listings' })
  await expect(newest.getByRole('heading', { name: 'Listings Coming Soon' })).toHaveCount(0)
  await expect(newest.getByRole('article')).toHaveCount(8)
  await expect(newest.getByRole('link').first()).toHaveAttribute('href', /^\/animals\//)
  await expect(page.getByRole('region', { name: 'Waiting the Longest listings' }).getByRole('article')).toHaveCount(6)
})

test("a shelter's address follows its new name, and the old one answers 301 to it", async ({ page, request, users }) => {
  const shelter = await users.shelter({
    name: 'Old Name Rescue',
    approved: true,
    profile: { zip_code: '10001', city: 'New York', state: 'NY', latitude: 40.75, longitude: -73.99 },
  })
  const oldSlug = shelter.slug
  await admin().from('shelter_profiles').update({ shelter_name: 'New Name Rescue' }).eq('id', shelter.shelterId)
  const { data } = await admin().from('shelter_profiles').select('slug').eq('id', shelter.shelterId).single()
  expect(data!.slug).toMatch(/^new-name-rescue-/)

  const old = await request.get(`/shelters/${oldSlug}?page=1`, { maxRedirects: 0 })
  expect(old.status()).toBe(301)
  expect(old.headers().location).toBe(`/shelters/${data!.slug}?page=1`)
  await page.goto(`/shelters/${oldSlug}`)
  await expect(page).toHaveURL(new RegExp(`/shelters/${data!.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'New Name Rescue' })).toBeVisible()
})

test('an approved shelter stays out of the directory until it has a name and a location', async ({ page, users }) => {
  const token = `Zq${Date.now().toString(36)}`
  const shelter = await users.shelter({ approved: true })
  const update = async (changes: Record<string, unknown>) => {
    const { error } = await admin().from('shelter_profiles').update(changes).eq('id', shelter.shelterId)
    expect(error).toBeNull()
  }
  // Each look is a new address: the directory may be cached by the browser for a minute.
  const look = (step: number) => page.goto(`/shelters?q=${token}&step=${step}`)
  await update({ city: token })
  await look(1)
  await expect(page.getByRole('heading', { name: `No shelters found near ${token}` })).toBeVisible()

  await update({ shelter_name: `${token} Rescue` })
  await look(2)
  await expect(page.getByRole('heading', { name: `No shelters found near ${token}` })).toBeVisible() // named, still nowhere

  await update({ zip_code: '78701', state: 'TX', latitude: 30.27, longitude: -97.74 })
  await look(3)
  await expect(page.getByRole('article', { name: `${token} Rescue` })).toBeVisible()
})
