// Ten key pages pass the Nu HTML Checker (vnu.jar, tests/e2e/nu-html-checker.ts) with 0
// errors: as the server sends them (what a browser without JavaScript, a crawler or the
// checker's web form reads) and as the document stands once React has hydrated it. Skips, and
// says why, only where there is no Java.
import { expect } from '#tests/e2e/fixtures.ts'
import { JAVA_MISSING, javaAvailable, nuCheckerErrors } from '#tests/e2e/nu-html-checker.ts'
import { test, type World } from '#tests/e2e/listings/world.ts'

test.skip(!javaAvailable(), JAVA_MISSING)

const keyPages = (world: World) => [
  '/',
  '/search',
  '/search?view=map',
  `/animals/${world.animals.Alpha}`,
  `/shelters/${world.nyc.slug}`,
  '/shelters',
  '/animal-types',
  '/login',
  '/join',
  '/blog',
]

const noErrors = (world: World) => Object.fromEntries(keyPages(world).map((path) => [path, []]))

test('the checker runs and reports errors: an icon directly in a description list\u2019s group, a duplicate id', async () => {
  const page = (body: string) => `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`
  const errors = await nuCheckerErrors([
    { name: 'icon in a dl group', html: page('<dl><div><svg aria-hidden="true"></svg><dt>Shelter</dt><dd>Happy Tails</dd></div></dl>') },
    { name: 'duplicate id', html: page('<p id="a"></p><p id="a"></p>') },
    { name: 'valid', html: page('<dl><div><dt>Shelter</dt><dd>Happy Tails</dd></div></dl>') },
  ])
  expect(errors).toEqual({
    'icon in a dl group': [expect.stringMatching(/Element \u201csvg\u201d not allowed as child of element \u201cdiv\u201d/)],
    'duplicate id': [expect.stringMatching(/Duplicate ID \u201ca\u201d/)],
    valid: [],
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the key pages, as the server sends them, have 0 errors', async ({ page, world }) => {
    test.slow()
    const documents = []
    for (const path of keyPages(world)) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      documents.push({ name: path, html: await response!.text() })
    }
    expect(await nuCheckerErrors(documents)).toEqual(noErrors(world))
  })
})

test('the key pages, once hydrated, have 0 errors', async ({ page, world }) => {
  test.slow()
  const documents = []
  for (const path of keyPages(world)) {
    await page.goto(path)
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')))
    documents.push({ name: path, html: await page.content() })
  }
  expect(await nuCheckerErrors(documents)).toEqual(noErrors(world))
})
