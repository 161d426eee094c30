import { expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'

/** The public pages, with the one heading and a few texts each must show. */
const publicPages = [
  { path: '/', h1: "Adopt, Don't Shop. Save Lives.", texts: ['2023 U.S. Shelter Statistics', 'Newest Arrivals', 'Our Mission'] },
  { path: '/search', h1: 'Find Your Perfect Pet', texts: ['pets found', 'Location', 'Email me new matches'] },
  { path: '/animal-types', h1: 'Every kind of pet needs a home', texts: ['Small Animals', 'available'] },
  { path: '/shelters', h1: 'Find Shelters Near You', texts: ['City or ZIP code', 'All shelters'] },
  { path: '/shelter-directory', h1: 'Find Shelters Near You', texts: ['City or ZIP code'] },
  { path: '/success-stories', h1: 'Happy tails, new beginnings', texts: ['The Martinez Family', 'Shelly'] },
  { path: '/how-it-works', h1: 'Adoption made simple, for everyone', texts: ['Find your new best friend', 'Reach more adopters, free'] },
  { path: '/blog', h1: 'The Pawhaven Blog', texts: ['Your First Week with a Rescue Dog: A Day-by-Day Guide'] },
  { path: '/support', h1: 'How can we help?', texts: ['System Status', 'Frequently Asked Questions'] },
  { path: '/about', h1: 'Connecting every adoptable pet with a loving home', texts: ["I'm an Adopter", 'Our Mission'] },
  { path: '/privacy', h1: 'Privacy Policy', texts: ['March 1, 2024'] },
  { path: '/terms', h1: 'Terms of Service', texts: ['March 1, 2024'] },
  { path: '/contact', h1: 'Contact Us', texts: ['Send us a message', 'Email Support'] },
] as const

for (const width of [1440, 360]) {
  test.describe(`every public page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    for (const { path, h1, texts } of publicPages) {
      test(`${path} renders its content, one <h1>, landmarks and no sideways scroll`, async ({ page }) => {
        const response = await page.goto(path)
        expect(response?.status()).toBe(200)
        await expect(page).toHaveTitle(/Pawhaven/)
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
        for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible()
        await expect(page.getByRole('banner')).toBeVisible()
        await expect(page.getByRole('main')).toBeVisible()
        await expect(page.getByRole('contentinfo')).toBeVisible()
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow).toBeLessThanOrEqual(0)
        // Every picture is a real file that loaded.
        const broken = await page.evaluate(() =>
          [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src),
        )
        expect(broken).toEqual([])
        if (width === 1440) await expectNoSeriousA11yViolations(page)
      })
    }
  })
}

test('the home page shows the spec\u2019s hero, statistics, steps, placeholder rows and calls to action', async ({ page }) => {
  await page.goto('/')
  const hero = page.getByRole('form', { name: 'Search for pets' })
  await expect(hero.getByLabel('Location')).toBeVisible()
  await expect(hero.getByLabel('Animal type').locator('option')).toHaveText([
    'Any',
    'Dog',
    'Cat',
    'Rabbit',
    'Reptile',
    'Bird',
    'Small animal',
    'Horse',
    'Barnyard',
    'Other',
  ])
  await expect(hero.getByRole('button', { name: 'Search' })).toBeVisible()
  const statistics = [
    ['6.5M', 'Entered Shelters'],
    ['4.8M', 'Adopted'],
    ['690K', 'Euthanized'],
    ['1M', 'Still Need Homes'],
  ] as const
  for (const [value, label] of statistics) {
    await expect(page.getByText(value, { exact: true })).toBeVisible()
    await expect(page.getByText(label, { exact: true })).toBeVisible()
  }
  for (const step of ['Search', 'Connect', 'Adopt']) await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible()
  // Live animals when there are listings (demo data, other tests' shelters); the spec's
  // placeholder cards (8, then 6, with disabled buttons) only when there are none.
  for (const [name, cards] of [
    ['Newest Arrivals listings', 8],
    ['Waiting the Longest listings', 6],
  ] as const) {
    const row = page.getByRole('region', { name })
    const live = await row.getByRole('link').count()
    if (live) {
      await expect(row.getByRole('article')).toHaveCount(live)
      expect(live).toBeLessThanOrEqual(cards)
      await expect(row.getByRole('link').first()).toHaveAttribute('href', /^\/animals\//)
    } else {
      await expect(row.getByRole('heading', { name: 'Listings Coming Soon' })).toHaveCount(cards)
      for (const button of await row.getByRole('button', { name: 'Coming Soon' }).all()) await expect(button).toBeDisabled()
    }
  }
  await expect(page.getByRole('link', { name: 'Join as a Shelter' })).toHaveAttribute('href', '/join')
  await expect(page.getByRole('main').getByRole('link', { name: 'Shelter Login' })).toHaveAttribute('href', '/login')
  await expect(page.getByRole('heading', { name: 'Every adoptable animal deserves to be found' })).toBeVisible()
})

for (const js of [true, false]) {
  test(`the hero search is a GET form to /search (JavaScript ${js ? 'on' : 'off'})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByLabel('Location').first().fill('Austin, TX')
    await page.getByLabel('Animal type').first().selectOption('dog')
    await page.getByRole('button', { name: 'Search', exact: true }).first().click()
    await expect(page).toHaveURL(/\/search\?location=Austin%2C\+TX&type=dog$/)
    await expect(page.getByRole('heading', { name: /pets? found$/ })).toBeVisible()
    await expect(page.getByLabel('Location')).toHaveValue('Austin, TX')
    await expect(page.getByLabel('Animal type')).toHaveValue('dog')
    await context.close()
  })
}

test('/search offers the spec\u2019s filters (and the rest of the vocabulary) and keeps its filters in the URL', async ({ page }) => {
  await page.goto('/search')
  await expect(page.getByLabel('Animal type').locator('option')).toHaveText([
    'Any type',
    'Dogs',
    'Cats',
    'Rabbits',
    'Birds',
    'Small Animals',
    'Reptiles',
    'Horses',
    'Barnyard',
    'Other',
  ])
  await expect(page.getByLabel('Age').locator('option')).toHaveText([
    'Any age',
    'Young (0-2 years)',
    'Adult (3-7 years)',
    'Senior (8+ years)',
  ])
  await expect(page.getByLabel('Distance')).toHaveValue('100')

  await page.goto('/search?age=senior')
  await expect(page.getByLabel('Age')).toHaveValue('senior')

  await page.goto('/search?type=reptile')
  await expect(page.getByLabel('Animal type')).toHaveValue('reptile')

  const response = await page.goto('/search?type=unicorn&age=ancient&page=-4&distance=lots')
  expect(response?.status()).toBe(200)
  await expect(page.getByLabel('Animal type')).toHaveValue('')
  await expect(page.getByLabel('Age')).toHaveValue('')
  await expect(page.getByLabel('Distance')).toHaveValue('100')
})

test('/animal-types shows six categories with live counts, and Browse opens the search for the type', async ({ page }) => {
  await page.goto('/animal-types')
  const expected = [
    ['Dogs', 'dog'],
    ['Cats', 'cat'],
    ['Rabbits', 'rabbit'],
    ['Birds', 'bird'],
    ['Small Animals', 'small-animal'],
    ['Reptiles', 'reptile'],
  ]
  await expect(page.getByRole('article')).toHaveCount(6)
  for (const [name, type] of expected) {
    const card = page.getByRole('article', { name: name!, exact: true })
    await expect(card.getByText(/^[\d,]+ available$/)).toBeVisible()
    await expect(card.getByRole('link', { name: `Browse ${name}` })).toHaveAttribute('href', `/search?type=${type}`)
  }
  await page.getByRole('link', { name: 'Browse Cats' }).click()
  await expect(page).toHaveURL(/\/search\?type=cat$/)
  await expect(page.getByLabel('Animal type')).toHaveValue('cat')
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('/animal-types links the kinds beyond the six cards to their searches', async ({ page }) => {
      await page.goto('/animal-types')
      const more = page.getByRole('region', { name: 'More kinds of animals' })
      const kinds = [
        ['Horses', 'horse'],
        ['Barnyard animals', 'barnyard'],
        ['Other animals', 'other'],
      ] as const
      await expect(more.getByRole('link')).toHaveCount(kinds.length)
      for (const [name, type] of kinds) {
        const link = more.getByRole('link', { name: new RegExp(`^${name} \\([\\d,]+ available\\)$`) })
        await expect(link).toHaveAttribute('href', `/search?type=${type}`)
      }
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
      await more.getByRole('link', { name: /^Horses/ }).click()
      await expect(page).toHaveURL(/\/search\?type=horse$/)
      await expect(page.getByLabel('Animal type')).toHaveValue('horse')
    })
  })
}

test('the shelter directory searches by city or ZIP through the URL', async ({ page }) => {
  await page.goto('/shelter-directory')
  await page.getByLabel('City or ZIP code').fill('Chicago')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\?q=Chicago$/)
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/Chicago/)
  await expect(page.getByRole('link', { name: 'Show all shelters' })).toHaveAttribute('href', '/shelter-directory')
})

test('success stories show six before-and-after stories and the two buttons', async ({ page }) => {
  await page.goto('/success-stories')
  await expect(page.getByRole('article')).toHaveCount(6)
  await expect(page.getByRole('img', { name: /before adoption/ })).toHaveCount(6)
  await expect(page.getByRole('img', { name: /at home with/ })).toHaveCount(6)
  await expect(page.getByRole('link', { name: 'Find Your Pet' }).first()).toHaveAttribute('href', '/search')
  await page.getByRole('link', { name: 'Share Your Story' }).first().click()
  await expect(page).toHaveURL(/\/contact\?subject=general_inquiry$/)
  await expect(page.getByLabel('Subject')).toHaveValue('general_inquiry')
})

test('the support page shows the three channels, FAQ accordions and the system status', async ({ page }) => {
  await page.goto('/support')
  await expect(page.getByRole('heading', { name: 'Live Chat' })).toBeVisible()
  await expect(page.getByText('9 AM-9 PM EST')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Email Support' })).toBeVisible()
  await expect(page.getByText('Reply within 24 hours', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Phone Support' })).toBeVisible()
  await expect(page.getByText('Mon-Fri 9 AM-6 PM EST')).toBeVisible()

  for (const category of ['Getting Started', 'Account Management', 'Adoption Process']) {
    await expect(page.getByRole('heading', { name: category })).toBeVisible()
  }
  const answer = page.getByText(/published in 2-4 hours, whether you add them by hand/)
  await expect(answer).toBeHidden()
  await page.getByText('How long does it take for my listings to appear?').click()
  await expect(answer).toBeVisible()
  await page.getByText('What happens when an animal is adopted?').click()
  await expect(page.getByText(/The listing is archived/)).toBeVisible()

  const status = page.getByRole('region', { name: 'System Status' })
  for (const [service, state] of [
    ['Website', 'Operational'],
    ['Mobile App', 'Operational'],
    ['Search Engine', 'Operational'],
    ['Email Notifications', 'Maintenance'],
  ]) {
    await expect(status.getByRole('listitem').filter({ hasText: service })).toContainText(state!)
  }
  // 'Last updated' comes from the browser's clock once the page is live (not the server's UTC).
  await expect(status.getByTestId('status-updated')).not.toContainText('UTC')
})

test('privacy and terms carry their date and the spec\u2019s clauses', async ({ page }) => {
  await page.goto('/privacy')
  await expect(page.getByText('Last updated: March 1, 2024')).toBeVisible()
  await expect(page.getByText(/not intended for children under 13/)).toBeVisible()
  await page.goto('/terms')
  await expect(page.getByText('Last updated: March 1, 2024')).toBeVisible()
  await expect(page.getByRole('heading', { name: /Governing Law/ })).toBeVisible()
  await expect(page.getByText(/governed by the laws of the State of California/)).toBeVisible()
})

test('an unknown path is the 404 page, which logs the path to the console', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  const response = await page.goto('/no-such-pet-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect.poll(() => logged.some((line) => line.includes('/no-such-pet-page'))).toBe(true)
})
