// The key pages' HTML is valid, as the Nu HTML Checker would have it (tests/e2e/html-validity.ts):
// the markup the server sends (what a browser without JavaScript, a crawler or the checker
// reads) and the document once React has hydrated it.
import { expect } from '#tests/e2e/fixtures.ts'
import { htmlErrors } from '#tests/e2e/html-validity.ts'
import { test } from '#tests/e2e/listings/world.ts'

test('the checker flags an icon placed directly in a description list\u2019s group', async () => {
  const errors = await htmlErrors(
    '<!doctype html><html lang="en"><head><title>t</title></head><body><dl><div><svg aria-hidden="true"></svg><dt>Shelter</dt><dd>Happy Tails</dd></div></dl></body></html>',
  )
  expect(errors).toEqual([expect.stringMatching(/^pawhaven-nu\/dl-group-content .*<svg>/)])
  expect(
    await htmlErrors('<!doctype html><html lang="en"><head><title>t</title></head><body><p id="a"></p><p id="a"></p></body></html>'),
  ).toEqual([expect.stringMatching(/^no-dup-id /)])
})

const keyPages = (world: { animals: Record<string, string>; nyc: { slug: string } }) => [
  '/',
  '/search',
  // The Map view: its markers and city names are markup the server writes as a string.
  '/search?location=10001&view=map',
  `/animals/${world.animals.Alpha}`,
  `/shelters/${world.nyc.slug}`,
  '/about',
  '/login',
  '/join',
  '/animal-types',
  '/shelters',
  '/blog',
]

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the key pages\u2019 HTML, as the server sends it, has no errors', async ({ page, world }) => {
    test.slow()
    for (const path of keyPages(world)) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      expect(await htmlErrors(await response!.text(), path), path).toEqual([])
    }
  })
})

test('the key pages\u2019 HTML, once hydrated, has no errors', async ({ page, world }) => {
  test.slow()
  for (const path of keyPages(world)) {
    await page.goto(path)
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')))
    expect(await htmlErrors(await page.content(), path), path).toEqual([])
  }
})
