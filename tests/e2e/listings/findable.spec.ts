// Found and shared: the sitemap, robots.txt and icons; canonical URLs, OpenGraph and Twitter
// cards, share cards and schema.org JSON-LD on the public pages; one URL per search.
import type { APIRequestContext, Page } from '@playwright/test'
import { admin, expect, expectNoSeriousA11yViolations } from '#tests/e2e/fixtures.ts'
import { test } from '#tests/e2e/listings/world.ts'

type JsonLd = Record<string, unknown> & { '@type': string }

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
  return texts.map((text) => JSON.parse(text) as JsonLd)
}

const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`)

/** A PNG's size from its IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) }
}

async function expectShareCard(request: APIRequestContext, url: string) {
  const response = await request.get(url)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/png')
  expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 })
  return response
}

test.describe('for crawlers', () => {
  test('robots.txt keeps private areas out and names the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/plain/)
    const text = await response.text()
    expect(text).toContain('User-agent: *')
    for (const path of ['/dashboard', '/account', '/staff', '/api/', '/resources/']) expect(text).toContain(`Disallow: ${path}`)
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  })

  test('the sitemap lists the public pages, approved shelters and listed animals', async ({ request, baseURL, world }) => {
    const index = await request.get('/sitemap.xml')
    expect(index.status()).toBe(200)
    expect(index.headers()['content-type']).toMatch(/^application\/xml/)
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
    expect(files[0]).toBe(`${baseURL}/sitemaps/pages.xml`)
    expect(files.some((file) => /\/sitemaps\/shelters-[0-9a-f-]{36}\.xml$/.test(file))).toBe(true)
    expect(files.some((file) => /\/sitemaps\/animals-[0-9a-f-]{36}\.xml$/.test(file))).toBe(true)

    let all = ''
    for (const file of files) {
      const response = await request.get(new URL(file).pathname)
      expect(response.status()).toBe(200)
      all += await response.text()
    }
    expect(all).toContain(`<loc>${baseURL}/</loc>`)
    expect(all).toContain(`<loc>${baseURL}/search</loc>`)
    expect(all).toMatch(
      new RegExp(
        `<url><loc>${baseURL}/animals/${world.animals.Alpha}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+(Z|[+-]\\d\\d:\\d\\d)</lastmod></url>`,
      ),
    )
    expect(all).toContain(`${baseURL}/animals/${world.animals.Bravo}<`) // pending: still listed
    expect(all).toContain(`${baseURL}/shelters/${world.nyc.slug}<`)
    for (const hidden of ['Delta', 'Echo', 'Golf']) expect(all).not.toContain(world.animals[hidden]!)
    expect(all).not.toContain(world.unapproved.slug)
    expect((await request.get('/sitemaps/animals-nothing.xml')).status()).toBe(404)
  })

  test('favicon.ico, the icons and the web manifest are served', async ({ request }) => {
    const favicon = await request.get('/favicon.ico')
    expect(favicon.status()).toBe(200)
    expect(favicon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
    expect((await favicon.body()).readUInt16LE(2)).toBe(1) // an ICO
    const manifest = await request.get('/site.webmanifest')
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/)
    const icons = ((await manifest.json()) as { icons: Array<{ src: string; sizes: string }> }).icons
    for (const icon of [...icons, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const response = await request.get(icon.src)
      expect(response.headers()['content-type']).toBe('image/png')
      const { width, height } = pngSize(await response.body())
      expect(`${width}x${height}`).toBe(icon.sizes)
    }
  })
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('the home page: canonical, cards, WebSite with its search and the Organization', async ({ page, baseURL, request }) => {
      await page.goto('/')
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)
      await expect(meta(page, 'og:url')).toHaveAttribute('content', `${baseURL}/`)
      await expect(meta(page, 'og:image')).toHaveAttribute('content', `${baseURL}/og-image.png`)
      await expect(meta(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image')
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/site.webmanifest')
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png')
      await expectShareCard(request, `${baseURL}/og-image.png`)
      const data = await jsonLd(page)
      const site = data.find((item) => item['@type'] === 'WebSite')
      expect(site).toMatchObject({
        '@context': 'https://schema.org',
        url: `${baseURL}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${baseURL}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      })
      expect(data.find((item) => item['@type'] === 'Organization')).toMatchObject({ name: 'Pawhaven', url: `${baseURL}/` })
    })

    test('a search: one URL, a title that says what it shows, and the filter form goes to that URL', async ({ page, baseURL, world }) => {
      const response = await page.goto(`/search?location=&distance=100&q=${world.token}&type=dog&age=&size=&sex=&breed=&sort=recent`)
      expect(response?.status()).toBe(200)
      await expect(page).toHaveURL(`${baseURL}/search?type=dog&q=${world.token}`)
      await expect(page).toHaveTitle('Dogs across the US — 2 adoptable pets | Pawhaven')
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/search?type=dog&q=${world.token}`)
      await expect(meta(page, 'og:title')).toHaveAttribute('content', 'Dogs across the US — 2 adoptable pets | Pawhaven')
      await expect(meta(page, 'description')).toHaveAttribute('content', /^2 dogs up for adoption/)

      // The form, sent with its empty fields: the same normal URL, with or without JavaScript.
      const form = page.getByRole('form', { name: 'Search filters' })
      await form.getByLabel('Location').fill('10001')
      await form.getByRole('button', { name: 'Search' }).click()
      await expect(page).toHaveURL(`${baseURL}/search?location=10001&type=dog&q=${world.token}`)
      await expect(page).toHaveTitle('Dogs near New York, NY 10001 — 1 adoptable pet | Pawhaven')
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${baseURL}/search?location=10001&type=dog&q=${world.token}`,
      )
    })

    test('an animal page: canonical, its share card, an ItemPage by its shelter and breadcrumbs', async ({
      page,
      baseURL,
      world,
      request,
    }) => {
      await page.goto(`/animals/${world.animals.Alpha}`)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/animals/${world.animals.Alpha}`)
      await expect(meta(page, 'og:title')).toHaveAttribute('content', 'Meet Alpha | Pawhaven')
      await expect(meta(page, 'og:type')).toHaveAttribute('content', 'website')
      const image = await meta(page, 'og:image').getAttribute('content')
      expect(image).toMatch(new RegExp(`^${baseURL}/og/animals/${world.animals.Alpha}\\?v=[\\w-]+$`))
      await expect(meta(page, 'twitter:image')).toHaveAttribute('content', image!)
      const card = await expectShareCard(request, image!)
      expect(card.headers()['cache-control']).toBe('public, max-age=31536000, immutable')

      const data = await jsonLd(page)
      expect(data.find((item) => item['@type'] === 'ItemPage')).toMatchObject({
        url: `${baseURL}/animals/${world.animals.Alpha}`,
        name: 'Alpha',
        image,
        author: { '@type': 'AnimalShelter', name: world.nyc.name, url: `${baseURL}/shelters/${world.nyc.slug}` },
      })
      expect(data.find((item) => item['@type'] === 'BreadcrumbList')).toMatchObject({
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Find Pets', item: `${baseURL}/search` },
          { '@type': 'ListItem', position: 2, name: 'Alpha', item: `${baseURL}/animals/${world.animals.Alpha}` },
        ],
      })
      // axe runs in the page: only where scripts may run.
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
    })

    test('a shelter page: canonical, its share card, AnimalShelter with address and place', async ({ page, baseURL, world, request }) => {
      await page.goto(`/shelters/${world.nyc.slug}`)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/shelters/${world.nyc.slug}`)
      const image = await meta(page, 'og:image').getAttribute('content')
      expect(image).toMatch(new RegExp(`^${baseURL}/og/shelters/${world.nyc.slug}\\?v=[\\w-]+$`))
      await expectShareCard(request, image!)
      const data = await jsonLd(page)
      expect(data.find((item) => item['@type'] === 'AnimalShelter')).toMatchObject({
        name: world.nyc.name,
        url: `${baseURL}/shelters/${world.nyc.slug}`,
        telephone: '(212) 555-0147',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Test Street',
          addressLocality: 'New York',
          addressRegion: 'NY',
          postalCode: '10001',
          addressCountry: 'US',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 40.7465, longitude: -74.0014 },
      })
      expect(data.find((item) => item['@type'] === 'BreadcrumbList')).toMatchObject({
        itemListElement: [{ name: 'Shelter Directory', item: `${baseURL}/shelters` }, { name: world.nyc.name }],
      })
    })
  })
}

test('a name that closes the script element stays data in the JSON-LD', async ({ page, world }) => {
  const name = '</script><script>window.__ld = 1</script>'
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: world.nyc.id, name, type: 'cat', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  try {
    await page.goto(`/animals/${data.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    const item = (await jsonLd(page)).find((entry) => entry['@type'] === 'ItemPage')
    expect(item?.name).toBe(name)
    expect(await page.evaluate(() => (window as unknown as { __ld?: number }).__ld)).toBeUndefined()
    const html = await (await page.request.get(`/animals/${data.id}`)).text()
    expect(html).not.toContain('<script>window.__ld')
  } finally {
    // The world's shelters are shared by this worker's tests, which count their animals.
    await admin().from('animals').delete().eq('id', data.id)
  }
})
