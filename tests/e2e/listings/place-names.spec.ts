// Searching by a city's name: 'New York, NY' at the city's own centre, a city alone that names
// one place ('Chicago'), and a name several places share ('Springfield'), whose choices the
// results page offers as links.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, type UserFactory } from '#tests/e2e/fixtures.ts'
import { hydrated } from '#tests/e2e/helpers.ts'
import { test } from '#tests/e2e/listings/world.ts'

const SPRINGFIELD_IL = { zip_code: '62701', city: 'Springfield', state: 'IL', latitude: 39.8, longitude: -89.6495 }
const CHICAGO = { zip_code: '60601', city: 'Chicago', state: 'IL', latitude: 41.8858, longitude: -87.6181 }

/** An approved shelter at `place` with one listed dog, found by `q=<token>` alone. */
async function listDogAt(users: UserFactory, place: typeof CHICAGO, dogName: string) {
  const token = `zq${Math.random().toString(36).slice(2, 9)}`
  const shelter = await users.shelter({ name: `${place.city} ${token} Rescue`, approved: true, profile: place })
  const { error } = await admin()
    .from('animals')
    .insert(
      {
        shelter_id: shelter.shelterId,
        name: dogName,
        type: 'dog',
        age_group: 'adult',
        sex: 'male',
        size: 'medium',
        description: `Listed for test ${token}.`,
      },
      { defaultToNull: false },
    )
  if (error) throw error
  return token
}

const milesShown = async (page: Page, animal: string) =>
  Number.parseFloat(
    (await page
      .getByRole('article', { name: animal })
      .getByText(/^\d+\.\d mi$/)
      .textContent()) ?? 'NaN',
  )

test('a city and state searches from the city itself, not miles away', async ({ page, world }) => {
  await page.goto(`/search?q=${world.token}&location=${encodeURIComponent('New York, NY')}&distance=10`)
  await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
  await expect(page.getByText('Within 10 miles of New York City, NY')).toBeVisible()
  // The Chelsea shelter (ZIP 10001) is about 2.5 miles from the city's centre.
  expect(await milesShown(page, 'Alpha')).toBeLessThan(5)
})

test('a city alone that names one place searches near it', async ({ page, users }) => {
  const token = await listDogAt(users, CHICAGO, 'Wrigley')
  await page.goto('/search')
  await page.getByLabel('Location').fill('chicago')
  await page.getByLabel('Keywords').fill(token)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('heading', { name: '1 pet found' })).toBeVisible()
  await expect(page.getByText('Within 100 miles of Chicago, IL')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await milesShown(page, 'Wrigley')).toBeLessThan(5)
})

test('a name several places share offers them; following one searches near it', async ({ page, users }) => {
  const token = await listDogAt(users, SPRINGFIELD_IL, 'Lincoln')
  await page.goto(`/search?q=${token}&location=Springfield&type=dog`)
  const choices = page.getByRole('region', { name: 'Which Springfield do you mean?' })
  const links = choices.getByRole('listitem').getByRole('link')
  await expect(links.first()).toHaveText('Springfield, MO')
  for (const state of ['IL', 'MA', 'OR', 'OH'])
    await expect(choices.getByRole('link', { name: `Springfield, ${state}`, exact: true })).toBeVisible()
  // Not the unknown-location message; until a choice is made, every location is searched.
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: '1 pet found' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await choices.getByRole('link', { name: 'Springfield, IL', exact: true }).click()
  await expect(page.getByText('Within 100 miles of Springfield, IL')).toBeVisible()
  const params = new URL(page.url()).searchParams
  expect([params.get('location'), params.get('q'), params.get('type')]).toEqual(['Springfield, IL', token, 'dog'])
  await expect(page.getByLabel('Location')).toHaveValue('Springfield, IL')
  await expect(page.getByRole('region', { name: /^Which Springfield/ })).toHaveCount(0)
  expect(await milesShown(page, 'Lincoln')).toBeLessThan(5)

  // Springfield, MO is over 200 miles from this shelter.
  await page.goto(`/search?q=${token}&location=${encodeURIComponent('Springfield, MO')}`)
  await expect(page.getByRole('heading', { name: '0 pets found' })).toBeVisible()
})

test('a misspelt place offers the known one spelt nearly the same', async ({ page, world }) => {
  await page.goto('/search')
  await hydrated(page)
  await page.getByLabel('Location').fill('San Fransisco')
  await page.getByLabel('Keywords').fill(world.token)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const notice = page.getByRole('alert')
  await expect(notice).toContainText('We couldn’t find the location “San Fransisco”.')
  await expect(notice).toContainText('Did you mean San Francisco, CA?')
  await expectNoSeriousA11yViolations(page)

  await notice.getByRole('link', { name: 'San Francisco, CA', exact: true }).click()
  await expect(page.getByText('Within 100 miles of San Francisco, CA')).toBeVisible()
  const params = new URL(page.url()).searchParams
  expect([params.get('location'), params.get('q')]).toEqual(['San Francisco, CA', world.token])
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: /^[1-9]\d* pets? found$/ })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the place choices are plain links', async ({ page, world }) => {
    await page.goto('/search')
    await page.getByLabel('Location').fill('springfield')
    await page.getByLabel('Keywords').fill(world.token)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page
      .getByRole('region', { name: 'Which Springfield do you mean?' })
      .getByRole('link', { name: 'Springfield, MA', exact: true })
      .click()
    expect(new URL(page.url()).searchParams.get('location')).toBe('Springfield, MA')
    await expect(page.getByText('Within 100 miles of Springfield, MA')).toBeVisible()
    // The world's New York shelter is about 120 miles away.
    await expect(page.getByRole('heading', { name: '0 pets found' })).toBeVisible()
  })

  test('a misspelt place’s suggestion is a plain link to the same search', async ({ page, world }) => {
    await page.goto(`/search?q=${world.token}&location=${encodeURIComponent('Sna Diego')}&type=dog`)
    const notice = page.getByRole('alert')
    await expect(notice).toContainText('Did you mean San Diego, CA?')
    await notice.getByRole('link', { name: 'San Diego, CA', exact: true }).click()
    const params = new URL(page.url()).searchParams
    expect([params.get('location'), params.get('q'), params.get('type')]).toEqual(['San Diego, CA', world.token, 'dog'])
    await expect(page.getByText('Within 100 miles of San Diego, CA')).toBeVisible()
    await expect(page.getByLabel('Location')).toHaveValue('San Diego, CA')
  })
})
