// The Map view of /search: the same search drawn on a US map made on the server,
// markers that are links to the animal or to the list of their place, a list of the same
// places, and a List/Map switch of two links — with JavaScript and without; on a 360 px phone,
// markers, their counts and the map's city names large enough to read and to tap.
import type { Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations, type UserFactory } from '#tests/e2e/fixtures.ts'
import { test } from '#tests/e2e/listings/world.ts'

const map = (page: Page) => page.locator('figure svg')
const places = (page: Page) => page.getByRole('region', { name: 'On the map' })
const marker = (page: Page, name: string) => map(page).getByRole('link', { name, exact: true })

/** Tabs until the element named `name` has focus (at most `limit` presses); its name, or null. */
async function tabTo(page: Page, name: string, limit = 60): Promise<string | null> {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null,
    )
    if (focused === name) return focused
  }
  return null
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('the switch shows the same search on a map, nationwide, and back as a list', async ({ page, world }) => {
      await page.goto(`/search?q=${world.token}`)
      const views = page.getByRole('navigation', { name: 'Results view' })
      await expect(views.getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page')
      await views.getByRole('link', { name: 'Map' }).click()
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${world.token}&view=map$`))
      await expect(views.getByRole('link', { name: 'Map' })).toHaveAttribute('aria-current', 'page')
      await expect(views.getByRole('link', { name: 'List' })).not.toHaveAttribute('aria-current', /.*/)
      // Adopted, archived and unapproved animals are no more on the map than in the list.
      await expect(page.getByRole('heading', { name: '29 pets found' })).toBeVisible()
      await expect(map(page)).toHaveAccessibleName('Map of 29 pets found in the United States')
      await expect(map(page)).toHaveAccessibleDescription(/Each marker is a link to an animal or to the list of the pets near it/)
      await expect(marker(page, '3 animals near New York, NY')).toHaveCount(1)
      await expect(marker(page, '26 animals near San Francisco, CA')).toHaveCount(1)
      await expect(places(page).getByRole('link')).toHaveText(['26 animals near San Francisco, CA', '3 animals near New York, NY'])

      // A search from the map stays on the map.
      await page.getByLabel('Animal type').selectOption('dog')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await expect(page.getByRole('heading', { name: '2 pets found' })).toBeVisible()
      expect(new URL(page.url()).searchParams.get('view')).toBe('map')
      await expect(places(page).getByRole('link')).toHaveText([
        'Alpha, Beagle in New York, NY',
        'Foxtrot, Labrador Retriever in San Francisco, CA',
      ])

      await views.getByRole('link', { name: 'List' }).click()
      await expect(page).toHaveURL(new RegExp(`/search\\?type=dog&q=${world.token}$`))
      await expect(page.getByRole('article')).toHaveCount(2)
    })

    test('around a place: the circle, one marker for a shelter\u2019s animals, linking to their list', async ({ page, world }) => {
      await page.goto(`/search?q=${world.token}&location=10001&distance=25&view=map`)
      await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
      await expect(map(page)).toHaveAccessibleName('Map of 3 pets found in 25 miles around New York, NY 10001')
      // The geography is an image of its own, drawn for this place and distance: the circle too.
      const outlines = page.locator('figure img')
      await expect(outlines).toHaveAttribute('src', '/resources/map.svg?location=10001&distance=25')
      await expect.poll(() => outlines.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(975)
      const svg = await (await page.request.get('/resources/map.svg?location=10001&distance=25')).text()
      expect(svg.match(/stroke-dasharray/g)).toHaveLength(1)
      await marker(page, '3 animals near New York, NY').click()
      // The same search as a list, narrowed to the marker's place.
      await expect(page).toHaveURL(new RegExp(`/search\\?location=10001&distance=10&q=${world.token}$`))
      await expect(page.getByRole('heading', { name: '3 pets found' })).toBeVisible()
      await expect(page.getByRole('article')).toHaveCount(3)
    })

    test('a marker of one animal links to the animal, by mouse and by keyboard', async ({ page, world }) => {
      await page.goto(`/search?q=${world.token}&type=rabbit&location=10001&view=map`)
      await expect(page.getByRole('heading', { name: '1 pet found' })).toBeVisible()
      await marker(page, 'Charlie, Holland Lop in New York, NY').click()
      await expect(page).toHaveURL(new RegExp(`/animals/${world.animals.Charlie}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Charlie')

      await page.goto(`/search?q=${world.token}&type=rabbit&location=10001&view=map`)
      expect(await tabTo(page, 'Charlie, Holland Lop in New York, NY')).toBe('Charlie, Holland Lop in New York, NY')
      // The focused marker shows its ring.
      const ring = map(page).locator('a:focus circle').nth(1)
      await expect(ring).not.toHaveCSS('stroke', 'rgba(0, 0, 0, 0)')
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/animals/${world.animals.Charlie}$`))
    })
  })
}

test('the map pages pass an axe scan, nationwide and around a place', async ({ page, world }) => {
  for (const path of [
    `/search?q=${world.token}&view=map`,
    `/search?q=${world.token}&location=10001&distance=25&view=map`,
    '/search?view=map&q=nomatchatall',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: /pets? found$/ })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  }
  await expect(page.getByText('No pets match these filters yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Show all pets' })).toHaveAttribute('href', '/search?view=map')
})

const EAST_COAST = [
  { city: 'New York', state: 'NY', zip_code: '10001', latitude: 40.7465, longitude: -74.0014, animals: 3 },
  { city: 'Philadelphia', state: 'PA', zip_code: '19103', latitude: 39.9513, longitude: -75.1741, animals: 2 },
  { city: 'Boston', state: 'MA', zip_code: '02108', latitude: 42.3576, longitude: -71.0684, animals: 1 },
]

/**
 * Approved shelters in New York, Philadelphia (80 miles away) and Boston (190), with animals
 * whose descriptions carry a token of their own: `q=<token>` finds exactly these six.
 */
async function eastCoast(users: UserFactory): Promise<string> {
  const token = `zp${Math.random().toString(36).slice(2, 9)}`
  for (const { animals, ...place } of EAST_COAST) {
    const name = `${place.city} ${token} Rescue`
    const shelter = await users.shelter({
      name,
      profile: {
        ...place,
        meeting_completed: true,
        phone: '(212) 555-0147',
        website: 'https://rescue.example',
        description: `${name} finds homes for animals.`,
        address: '1 Test Street',
      },
    })
    const rows = Array.from({ length: animals }, (_, index) => ({
      shelter_id: shelter.shelterId,
      name: `${place.city} ${['Ace', 'Bea', 'Cy'][index]}`,
      type: 'dog',
      age_group: 'adult',
      sex: 'female',
      size: 'medium',
      primary_breed: 'Beagle',
      description: `Listed for test ${token}.`,
    }))
    const { error } = await admin().from('animals').insert(rows, { defaultToNull: false })
    if (error) throw error
  }
  return token
}

/** The map as drawn: the shown markers' names and circles, the height of every text shown, its width. */
function measureMap(page: Page) {
  return map(page).evaluate((svg) => {
    // Shown unless it or a group it is in is not displayed (one set of markers per width).
    const shown = (element: Element): boolean =>
      element === svg || (getComputedStyle(element).display !== 'none' && shown(element.parentElement!))
    return {
      width: svg.getBoundingClientRect().width,
      markers: [...svg.querySelectorAll('a')].filter(shown).map((link) => {
        const circle = link.querySelector('circle')!.getBoundingClientRect()
        return { label: link.getAttribute('aria-label')!, width: circle.width, height: circle.height }
      }),
      texts: [...svg.querySelectorAll('text')]
        .filter(shown)
        .map((text) => ({ text: text.textContent, height: text.getBoundingClientRect().height })),
    }
  })
}

/** The places a marker's or a listed line's name names: 'New York, NY', 'Philadelphia, PA'. */
function placesNamed(labels: string[]): string[] {
  return labels.flatMap((label) => label.replace(/^.*? (near|in) /, '').match(/[A-Z][A-Za-z. ]+, [A-Z]{2}/g) ?? []).sort()
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled })

      test('the map is the screen\u2019s width, its markers 44 px, its texts 12 px, and the list names every place on it', async ({
        page,
        users,
      }) => {
        const token = await eastCoast(users)
        for (const { path, found, markers, listed } of [
          // Nationwide, on a phone, the three cities' markers would overlap: one marker names all
          // three, and each has its own line beside the map.
          {
            path: `/search?q=${token}&view=map`,
            found: '6 pets found',
            markers: ['6 animals near New York, NY, Philadelphia, PA and Boston, MA'],
            listed: ['3 animals near New York, NY', '2 animals near Philadelphia, PA', 'Boston Ace, Beagle in Boston, MA'],
          },
          // Around New York, Philadelphia is a marker of its own; Boston is too far.
          {
            path: `/search?q=${token}&location=10001&view=map`,
            found: '5 pets found',
            markers: ['3 animals near New York, NY', '2 animals near Philadelphia, PA'],
            listed: ['3 animals near New York, NY', '2 animals near Philadelphia, PA'],
          },
        ]) {
          await page.goto(path)
          await expect(page.getByRole('heading', { name: found })).toBeVisible()
          const drawn = await measureMap(page)
          expect(drawn.width).toBe(360)
          expect(drawn.markers.map((marker) => marker.label)).toEqual(markers)
          for (const marker of drawn.markers) {
            expect(marker.width, marker.label).toBeGreaterThanOrEqual(44)
            expect(marker.height, marker.label).toBeGreaterThanOrEqual(44)
          }
          // The markers' counts, and the names of the cities drawn to orient by.
          expect(drawn.texts.filter((text) => /^\d+$/.test(text.text ?? ''))).toHaveLength(markers.length)
          for (const text of drawn.texts) expect(text.height, text.text ?? '').toBeGreaterThanOrEqual(12)
          await expect(places(page).getByRole('link')).toHaveText(listed)
          expect(placesNamed(listed)).toEqual(placesNamed(drawn.markers.map((marker) => marker.label)))
        }
        await places(page).getByRole('link', { name: '2 animals near Philadelphia, PA' }).click()
        await expect(page).toHaveURL(new RegExp(`/search\\?location=19103&distance=25&q=${token}$`))
        await expect(page.getByRole('heading', { name: '2 pets found' })).toBeVisible()
      })
    })
  }

  test('the phone\u2019s map pages pass an axe scan', async ({ page, users }) => {
    const token = await eastCoast(users)
    for (const path of [
      `/search?q=${token}&location=10001&view=map`,
      `/search?q=${token}&view=map`,
      '/search?location=Austin%2C+TX&distance=25&view=map',
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: /pets? found$/ })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
  })
})
