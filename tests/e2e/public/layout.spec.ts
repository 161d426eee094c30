import { expect, test } from '#tests/e2e/fixtures.ts'
import { hydrated } from '#tests/e2e/helpers.ts'

const footerLinks = [
  ['Our Mission', '/about'],
  ['Contact Us', '/contact'],
  ['Find Pets', '/search'],
  ['Animal Types', '/animal-types'],
  ['Shelter Directory', '/shelter-directory'],
  ['Shelter Sign Up', '/shelter-signup'],
  ['Shelter Login', '/shelter-login'],
  ['Support', '/support'],
  ['Privacy Policy', '/privacy'],
  ['Terms of Service', '/terms'],
  ['Success Stories', '/success-stories'],
  ['Pet-Care Resources', '/blog'],
] as const

test('a signed-out visitor sees Find Pets, How It Works and Login in a sticky header', async ({ page }) => {
  await page.goto('/about')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Pawhaven' })).toHaveAttribute('href', '/')
  await expect(header.getByRole('link', { name: 'Find Pets' })).toHaveAttribute('href', '/search')
  await expect(header.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/how-it-works')
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  await expect(header.getByRole('button', { name: 'Sign Out' })).toHaveCount(0)

  expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('sticky')
  await page.mouse.wheel(0, 1500)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0)
})

test('a signed-in user sees Dashboard and Sign Out instead', async ({ page, users, signIn }) => {
  const user = await users.shelter()
  await signIn(user)
  await page.goto('/')
  const header = page.getByRole('banner')
  const hash = Buffer.from(user.id).toString('base64').replace(/[+/=]/g, '').slice(0, 8)
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', `/dashboard/${hash}`)
  await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  for (const name of ['Find Pets', 'How It Works', 'Login']) await expect(header.getByRole('link', { name })).toHaveCount(0)
})

test("the footer has the spec's ten links, the stories and the resources, and the subscribe box", async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const [name, href] of footerLinks) await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveCount(12)
  await expect(footer.getByLabel('Email address')).toBeVisible()
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible()
  await expect(footer.getByText("Adopt, Don't Shop. Save Lives.")).toBeVisible()
})

test('footer links lead to their pages, which open at the top', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Animal Types' }).click()
  await expect(page).toHaveURL(/\/animal-types$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the footer leads to the success stories and the pet-care resources', async ({ page }) => {
    const pages = [
      ['Success Stories', /\/success-stories$/, 'Happy tails, new beginnings'],
      ['Pet-Care Resources', /\/blog$/, 'The Pawhaven Blog'],
    ] as const
    for (const [name, url, heading] of pages) {
      await page.goto('/search')
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click()
      await expect(page).toHaveURL(url)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    }
  })
})

test('the construction banner sits fixed at the bottom centre of every page', async ({ page }) => {
  for (const path of ['/', '/support']) {
    await page.goto(path)
    const banner = page.getByText('Site under construction - More features coming soon!')
    await expect(banner).toBeVisible()
    const box = (await banner.boundingBox())!
    const viewport = page.viewportSize()!
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(20)
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40)
  }
})

test('the scroll-to-top button appears past 300 px and scrolls smoothly back up', async ({ page }) => {
  await page.goto('/blog')
  await hydrated(page)
  const button = page.getByRole('button', { name: 'Scroll to top' })
  await expect(button).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 250))
  await expect(button).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 1200))
  await expect(button).toBeVisible()
  await button.click()
  // Smooth: the page passes through the middle rather than jumping straight to the top.
  await expect.poll(() => page.evaluate(() => window.scrollY), { intervals: [16] }).toBeLessThan(1200)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(button).toHaveCount(0)
})

test.describe('the mobile menu at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const js of [true, false]) {
    test(`opens, lists the links and closes when one is chosen (JavaScript ${js ? 'on' : 'off'})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 360, height: 740 }, baseURL })
      const page = await context.newPage()
      await page.goto('/')
      if (js) await hydrated(page)
      const mobileNav = page.getByRole('navigation', { name: 'Mobile' })
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
      await expect(mobileNav).toBeHidden()
      await page.getByLabel('Toggle mobile menu').click()
      await expect(mobileNav.getByRole('link', { name: 'Find Pets' })).toBeVisible()
      await expect(mobileNav.getByRole('link', { name: 'Login' })).toBeVisible()
      await mobileNav.getByRole('link', { name: 'How It Works' }).click()
      await expect(page).toHaveURL(/\/how-it-works$/)
      await expect(mobileNav).toBeHidden()

      // Toggling twice closes it again.
      await page.getByLabel('Toggle mobile menu').click()
      await expect(mobileNav).toBeVisible()
      await page.getByLabel('Toggle mobile menu').click()
      await expect(mobileNav).toBeHidden()
      await context.close()
    })
  }

  test('Escape and a click elsewhere close it too', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' })
    await page.getByLabel('Toggle mobile menu').click()
    await expect(mobileNav).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(mobileNav).toBeHidden()
    await page.getByLabel('Toggle mobile menu').click()
    await expect(mobileNav).toBeVisible()
    // Well below the open menu, on the page itself.
    await page.mouse.click(180, 700)
    await expect(mobileNav).toBeHidden()
  })
})
