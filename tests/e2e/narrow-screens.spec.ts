// Every page at 360 px, the width of the smallest phones in common use: nothing may make the
// page scroll sideways or cut text off at the right. The content is the longest the demo data
// makes (shelter, city, street, pet, breed and colour names) and a description such as a
// shelter might paste: a 300-character word and a long URL.
import type { Locator, Page } from '@playwright/test'
import { CITIES } from '#scripts/lib/demo-data/cities.ts'
import { KINDS } from '#scripts/lib/demo-data/vocabulary.ts'
import { PET_NAMES, SHELTER_ORGANISATIONS, SHELTER_WORDS, STREETS } from '#scripts/lib/demo-data/words.ts'
import { admin, expect, test, type TestShelter, type UserFactory } from '#tests/e2e/fixtures.ts'
import { dashboardPath, sidewaysOverflow } from '#tests/e2e/helpers.ts'

const longest = (values: readonly string[]) => values.reduce((found, value) => (value.length > found.length ? value : found))

const CITY = CITIES.reduce((found, city) => (city.city.length > found.city.length ? city : found))
/** A demo shelter's name at its longest: word, organisation and (past the first round) city. */
const SHELTER_NAME = `${longest(SHELTER_WORDS)} ${longest(SHELTER_ORGANISATIONS.map((organisation) => organisation.name))} of ${CITY.city}`
const DOMAIN = SHELTER_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')
const BREEDS = KINDS.flatMap((kind) => kind.breeds.map((breed) => breed.name)).sort((a, b) => b.length - a.length)
const COLOURS = KINDS.flatMap((kind) => kind.colours.map((colour) => colour.label)).sort((a, b) => b.length - a.length)
const LONG_WORD = 'Woof'.repeat(75)
const LONG_URL = `https://www.${DOMAIN}.example.org/adoptions/${'very-long-path-segment/'.repeat(6)}photos?utm_source=pawhaven&utm_medium=listing`
const DESCRIPTION = `Our volunteers call this one ${LONG_WORD} and nothing else.\n\nMore photos and videos: ${LONG_URL} (ask us for more).`

type Place = { shelter: TestShelter; animalId: string; adoptedId: string; archivedId: string }

/** An approved shelter with the longest demo names, and an animal with the longest of the rest and six photos, listed, adopted and archived. */
async function longestShelter(users: UserFactory): Promise<Place> {
  const shelter = await users.shelter({
    name: SHELTER_NAME,
    approved: true,
    profile: {
      city: CITY.city,
      state: CITY.state,
      zip_code: CITY.zip,
      latitude: CITY.latitude,
      longitude: CITY.longitude,
      shelter_type: 'rescue_organization',
      address: `8999 ${longest(STREETS)}`,
      phone: `(${CITY.areaCode}) 555-0199`,
      contact_email: `adopt@${DOMAIN}.example.org`,
      website: `https://${DOMAIN}.example.org`,
      capacity: 299,
      description: `${SHELTER_NAME} is a volunteer-run rescue in ${CITY.city}, ${CITY.state}.\n\n${LONG_URL}`,
    },
  })
  const animal = {
    shelter_id: shelter.shelterId,
    name: longest(PET_NAMES),
    type: 'dog',
    primary_breed: BREEDS[0],
    secondary_breed: BREEDS[1],
    mixed_breed: true,
    age_group: 'senior',
    birth_date: '2015-09-01',
    sex: 'female',
    size: 'xlarge',
    primary_color: COLOURS[0],
    secondary_color: COLOURS[1],
    tertiary_color: COLOURS[2],
    coat: 'medium',
    special_needs: true,
    special_needs_notes: `Needs a daily pill. ${LONG_WORD}`,
    adoption_fee: 99999.99,
    description: DESCRIPTION,
  }
  // The listed one, then the same adopted and archived (their pages suggest animals nearby).
  const { data, error } = await admin()
    .from('animals')
    .insert(['available', 'adopted', 'archived'].map((status) => ({ ...animal, status })))
    .select('id')
  if (error) throw error
  const [animalId, adoptedId, archivedId] = data.map((row) => row.id as string) as [string, string, string]
  const { error: photoError } = await admin()
    .from('animal_photos')
    .insert(
      [animalId, adoptedId].flatMap((id) =>
        [0, 1, 2, 3, 4, 5].map((position) => ({
          animal_id: id,
          position,
          external_url: '/images/demo/dog-floppy-black.svg',
          alt: `${longest(PET_NAMES)}, photo ${position + 1}`,
        })),
      ),
    )
  if (photoError) throw photoError
  // A bonded companion with a name as long, so every page that names a pair shows the longest.
  const { data: companion, error: companionError } = await admin()
    .from('animals')
    .insert({ ...animal, name: `${longest(PET_NAMES)} the Second` })
    .select('id')
    .single()
  if (companionError) throw companionError
  const { data: group, error: groupError } = await admin()
    .from('bonded_groups')
    .insert({ shelter_id: shelter.shelterId })
    .select('id')
    .single()
  if (groupError) throw groupError
  const { error: bondError } = await admin().from('animals').update({ bonded_group_id: group.id }).in('id', [animalId, companion.id])
  if (bondError) throw bondError
  return { shelter, animalId, adoptedId, archivedId }
}

/** Loads each path and lists what overflows, for all of them at once. */
async function expectNoOverflow(page: Page, paths: string[]) {
  for (const path of paths) {
    const response = await page.goto(path)
    expect.soft(response?.status(), path).toBeLessThan(500)
    expect.soft(await sidewaysOverflow(page), path).toEqual([])
  }
}

test.use({ viewport: { width: 360, height: 740 } })

test('no public page is wider than a 360 px phone', async ({ page, users }) => {
  test.setTimeout(90_000)
  const { shelter, animalId, adoptedId, archivedId } = await longestShelter(users)
  // A saved search's signed-out unsubscribe page, named as long as the account page allows.
  const adopter = await users.adopter()
  const { data: search, error } = await admin()
    .from('saved_searches')
    .insert({
      user_id: adopter.id,
      name: `Dogs matching ${longest(PET_NAMES)} near ${CITY.city}`.padEnd(80, 'x').slice(0, 80),
      query: 'type=dog',
      filters: { type: 'dog' },
    })
    .select('unsubscribe_token')
    .single()
  if (error) throw error
  await expectNoOverflow(page, [
    `/unsubscribe/${search.unsubscribe_token}`,
    `/unsubscribe/${'f'.repeat(64)}`,
    '/',
    '/about',
    '/how-it-works',
    '/success-stories',
    '/blog',
    '/support',
    '/contact',
    '/privacy',
    '/terms',
    '/search',
    `/search?q=${encodeURIComponent(longest(PET_NAMES))}&location=${CITY.zip}`,
    // The Map view: nationwide, and around the longest city's ZIP (its markers' names are the longest).
    '/search?view=map',
    `/search?type=dog&breed=${encodeURIComponent('Terrier, Pit Bull')}&coat=short&color=Black&house_trained=yes&special_needs=yes&new_this_week=yes`,
    `/search?location=${CITY.zip}&distance=10&view=map`,
    '/animal-types',
    '/shelters',
    `/shelters?q=${encodeURIComponent(CITY.city)}`,
    `/shelters/${shelter.slug}`,
    `/animals/${animalId}`,
    `/animals/${adoptedId}`,
    `/animals/${archivedId}`,
    '/join',
    '/login',
    '/forgot-password',
    '/reset-password',
    '/auth/resend',
    '/auth/verify-code',
    '/no-such-page',
  ])
})

test('on a phone the animal page reads name, photo and facts before the description', async ({ page, users }) => {
  const { animalId } = await longestShelter(users)
  await page.goto(`/animals/${animalId}`)
  const top = async (locator: Locator) => (await locator.boundingBox())!.y
  const name = await top(page.getByRole('heading', { level: 1 }))
  const photo = await top(page.getByRole('img', { name: `${longest(PET_NAMES)}, photo 1` }))
  const facts = await top(page.getByRole('region', { name: 'Facts' }))
  const about = await top(page.getByRole('region', { name: `About ${longest(PET_NAMES)}` }))
  expect(name).toBeLessThan(photo)
  expect(photo).toBeLessThan(facts)
  expect(facts).toBeLessThan(about)
})

test('no dashboard page is wider than a 360 px phone', async ({ page, users, signIn }) => {
  test.setTimeout(90_000)
  const { shelter, animalId, adoptedId } = await longestShelter(users)
  await signIn(shelter)
  const base = dashboardPath(shelter)
  await expectNoOverflow(page, [
    base,
    `${base}/animals`,
    `${base}/animals?q=${encodeURIComponent(longest(PET_NAMES))}`,
    `${base}/animals?q=nothing-matches-this`,
    `${base}/animals/new`,
    `${base}/animals/${animalId}`,
    `${base}/animals/${animalId}/delete`,
    `${base}/animals/${animalId}/mark-adopted?redirectTo=${encodeURIComponent(`${base}/animals`)}`,
    `${base}/animals/${adoptedId}`,
    `${base}/applications`,
    `${base}/messages`,
    `${base}/analytics`,
    `${base}/sync`,
    `${base}/sync/keys`,
    `${base}/sync/pulls/new`,
    `${base}/settings`,
    `${base}/settings/questions`,
    `${base}/team`,
    `${base}/activity`,
  ])
})

test('no page of an adopter’s account is wider than a 360 px phone', async ({ page, users, adopter, signIn }) => {
  test.setTimeout(90_000)
  const { animalId } = await longestShelter(users)
  await signIn(adopter)
  await expectNoOverflow(page, [
    '/account',
    '/account/favorites',
    '/account/messages',
    '/account/applications',
    '/account/application',
    ...['contact', 'household', 'home', 'pets', 'experience', 'review'].map((step) => `/account/application/${step}`),
    '/account/settings',
    '/account/searches',
    `/account/searches/new?type=dog&location=${CITY.zip}&house_trained=yes&coat=long`,
    `/animals/${animalId}/ask`,
    `/animals/${animalId}/apply`,
  ])
})

test('the holding page of a shelter not yet vetted fits a 360 px phone', async ({ page, users, signIn }) => {
  const shelter = await users.shelter({ name: SHELTER_NAME, profile: { contact_email: `adopt@${DOMAIN}.example.org` } })
  await signIn(shelter)
  await expectNoOverflow(page, [dashboardPath(shelter)])
})
