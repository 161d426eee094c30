import { admin, expect, expectNoSeriousA11yViolations } from '#tests/e2e/fixtures.ts'
import { test } from '#tests/e2e/listings/world.ts'

test('the animal page shows the gallery, facts, flags, description, status and the shelter', async ({ page, baseURL, world }) => {
  const response = await page.goto(`/animals/${world.animals.Alpha}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alpha')
  await expect(page.getByText('Available', { exact: true })).toBeVisible()
  await expect(page).toHaveTitle(/Alpha, Beagle for adoption in New York, NY/)

  const facts = page.getByRole('region', { name: 'Facts' })
  for (const [term, value] of [
    ['Type', 'Dog'],
    ['Breed', 'Beagle'],
    ['Age', 'Young'],
    ['Sex', 'Male'],
    ['Size', 'Small'],
    ['Color', 'Tricolor'],
    ['Adoption fee', '$150'],
  ] as const) {
    await expect(facts.getByText(term, { exact: true })).toBeVisible()
    await expect(facts.getByText(value, { exact: true })).toBeVisible()
  }
  const flags = page.getByRole('region', { name: 'Good with' })
  await expect(flags.getByText('Children', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Yes')
  await expect(flags.getByText('Cats', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('No')
  await expect(flags.getByText('House-trained: yes')).toHaveCount(1)
  await expect(flags.getByText('Spayed / neutered: no')).toHaveCount(1)
  // Special needs were never answered: not shown as "no", but as a question for the shelter.
  await expect(flags.getByText('Special needs: no')).toHaveCount(0)
  await expect(flags.getByText('Ask the shelter about: Special needs.')).toBeVisible()

  // The description is text in paragraphs: the markup in it shows as typed and never runs.
  const about = page.getByRole('region', { name: 'About Alpha' })
  await expect(about.locator('p')).toHaveCount(2)
  await expect(about.locator('p').first()).toContainText('<script>window.__injected = true</script><b>not bold</b>')
  await expect(about.locator('b, script')).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined()

  // Shelter card: contact links and its page.
  const shelter = page.getByRole('region', { name: world.nyc.name })
  await expect(shelter.getByRole('link', { name: 'Contact Shelter' })).toHaveAttribute('href', /^mailto:.+\?subject=Adopting%20Alpha/)
  await expect(shelter.getByRole('link', { name: 'Call (212) 555-0147' })).toHaveAttribute('href', 'tel:+12125550147')
  await expect(shelter.getByRole('link', { name: `More animals at ${world.nyc.name}` })).toHaveAttribute(
    'href',
    `/shelters/${world.nyc.slug}`,
  )

  // Share: a link that counts the share and comes back to this page (the script adds Web Share or copying).
  await expect(page.getByRole('link', { name: /^Share/ })).toHaveAttribute('href', `/resources/share?animal=${world.animals.Alpha}`)
  // Open Graph, with the share card (a PNG made from the photo) as an absolute URL.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`^${baseURL}/og/animals/${world.animals.Alpha}\\?v=[\\w-]+$`),
  )
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Meet Alpha | Pawhaven')
  await expectNoSeriousA11yViolations(page)
})

test('the gallery works with the keyboard', async ({ page, world }) => {
  await page.goto(`/animals/${world.animals.Alpha}`)
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')))
  const main = page.getByRole('img', { name: 'Alpha sitting on the grass' })
  await expect(main).toBeVisible()
  const first = page.getByRole('link', { name: 'Show photo 1 of 2' })
  const second = page.getByRole('link', { name: 'Show photo 2 of 2' })
  await expect(first).toHaveAttribute('aria-current', 'true')
  await second.focus()
  await page.keyboard.press('Enter')
  await expect(second).toHaveAttribute('aria-current', 'true')
  await expect(first).not.toHaveAttribute('aria-current', /.*/)
  await expect(page.getByRole('img', { name: 'Alpha with a ball' })).toBeVisible()
  // Swapped in place: the page did not load again.
  expect(new URL(page.url()).search).toBe('')
  await page.keyboard.press('ArrowRight')
  await expect(first).toHaveAttribute('aria-current', 'true')
  await expect(first).toBeFocused()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('each photo of the gallery is a link to the page showing it', async ({ page, world }) => {
    await page.goto(`/animals/${world.animals.Alpha}`)
    await expect(page.getByRole('img', { name: 'Alpha sitting on the grass' })).toBeVisible()
    await expect(page.getByRole('img', { name: 'Alpha with a ball' })).toHaveCount(0)
    const second = page.getByRole('link', { name: 'Show photo 2 of 2' })
    await expect(second).toHaveAttribute('href', '?photo=2#photos')
    await second.click()
    await expect(page).toHaveURL(new RegExp(`/animals/${world.animals.Alpha}\\?photo=2#photos$`))
    await expect(page.getByRole('img', { name: 'Alpha with a ball' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Show photo 2 of 2' })).toHaveAttribute('aria-current', 'true')
    await page.getByRole('link', { name: 'Show photo 1 of 2' }).click()
    await expect(page.getByRole('img', { name: 'Alpha sitting on the grass' })).toBeVisible()
    // A number past the photos shows the first.
    await page.goto(`/animals/${world.animals.Alpha}?photo=9`)
    await expect(page.getByRole('img', { name: 'Alpha sitting on the grass' })).toBeVisible()
  })

  test('Share leads to the link to copy and the ways to send it', async ({ page, baseURL, world }) => {
    await page.goto(`/animals/${world.animals.Alpha}`)
    const share = page.getByRole('region', { name: 'Share Alpha' })
    await expect(share).toBeHidden()
    await page.getByRole('link', { name: /^Share/ }).click()
    await expect(page).toHaveURL(`${baseURL}/animals/${world.animals.Alpha}#share`)
    await expect(share).toBeVisible()
    const address = `${baseURL}/animals/${world.animals.Alpha}`
    await expect(share.getByLabel('Link to copy')).toHaveValue(address)
    const ways = share.getByRole('list', { name: 'Share by' })
    await expect(ways.getByRole('link', { name: 'Email', exact: true })).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent('Alpha on Pawhaven')}&body=${encodeURIComponent(address)}`,
    )
    await expect(ways.getByRole('link', { name: 'Facebook', exact: true })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`,
    )
    await expect(ways.getByRole('link', { name: 'X', exact: true })).toHaveAttribute(
      'href',
      new RegExp(`url=${encodeURIComponent(address)}`),
    )
    await expect(ways.getByRole('link', { name: 'Text message', exact: true })).toHaveAttribute('href', /^sms:/)
  })
})

test('share copies the link where Web Share is missing', async ({ page, context, baseURL, world }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
  })
  await page.goto(`/animals/${world.animals.Alpha}`)
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')))
  await page.getByRole('link', { name: /^Share/ }).click()
  await expect(page.getByText('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/animals/${world.animals.Alpha}`)
  await expect(page).toHaveURL(`${baseURL}/animals/${world.animals.Alpha}`)
})

test('a pending animal says so', async ({ page, world }) => {
  await page.goto(`/animals/${world.animals.Bravo}`)
  await expect(page.getByText('Adoption pending', { exact: true })).toBeVisible()
})

test('unapproved and unknown animals are not found', async ({ page, world }) => {
  for (const id of [world.animals.Golf, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    const response = await page.goto(`/animals/${id}`)
    expect(response?.status(), id).toBe(404)
    await expect(page.getByText('Oops! Page not found')).toBeVisible()
  }
})

test('an adopted animal keeps its page, marked adopted, out of search engines, with available animals nearby', async ({ page, world }) => {
  const response = await page.goto(`/animals/${world.animals.Delta}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delta')
  await expect(page.getByText('Adopted — Delta found a home', { exact: true })).toBeVisible()
  await expect(page.getByText('Adopted', { exact: true })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
  // Nothing to ask about adopting it any more; its shelter's other animals are a click away.
  await expect(page.getByRole('link', { name: 'Contact Shelter' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Good with' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: `More animals at ${world.nyc.name}` })).toHaveAttribute('href', `/shelters/${world.nyc.slug}`)
  await expect(page.getByRole('region', { name: 'About Delta' })).toContainText(`Listed for test ${world.token}.`)
  // The shelter's words were written while Delta waited (they may invite a visit): the page says so.
  await expect(page.getByRole('region', { name: 'About Delta' }).locator('p').first()).toHaveText(
    'Delta has found a home. The shelter wrote this while Delta was still waiting for one:',
  )

  // Available dogs nearest its shelter first: Alpha, at the same address; never Bravo, whose adoption is pending.
  const nearby = page.getByRole('region', { name: 'Available animals nearby' })
  const cards = nearby.getByRole('article')
  await expect(cards).not.toHaveCount(0)
  expect(await cards.count()).toBeLessThanOrEqual(4)
  // (By its address: another worker's world may have its own Alpha in the same city.)
  await expect(nearby.locator(`a[href="/animals/${world.animals.Alpha}"]`)).toHaveText('Alpha')
  await expect(nearby.locator(`a[href="/animals/${world.animals.Bravo}"], a[href="/animals/${world.animals.Delta}"]`)).toHaveCount(0)
  await expect(nearby.getByRole('link', { name: 'See more pets looking for a home' })).toHaveAttribute(
    'href',
    '/search?location=10001&type=dog',
  )
  // Each card has its heart, as every result card does.
  await expect(
    nearby
      .getByRole('article')
      .filter({ has: page.locator(`a[href="/animals/${world.animals.Alpha}"]`) })
      .getByRole('button', { name: 'Save Alpha' }),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('an archived animal is gone (410): a friendly page with available animals nearby, and nothing about it', async ({ page, world }) => {
  const response = await page.goto(`/animals/${world.animals.Echo}`)
  expect(response?.status()).toBe(410)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This pet is no longer listed')
  await expect(page.getByText('Oops! Page not found')).toHaveCount(0)
  await expect(page).toHaveTitle('No longer listed | Pawhaven')
  await expect(page.locator(`a[href="/animals/${world.animals.Echo}"]`)).toHaveCount(0)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  const nearby = page.getByRole('region', { name: 'Available animals nearby' })
  await expect(nearby.locator(`a[href="/animals/${world.animals.Alpha}"]`)).toHaveText('Alpha')
  await expect(nearby.locator(`a[href="/animals/${world.animals.Bravo}"]`)).toHaveCount(0)
  await expect(nearby.getByRole('button', { name: 'Save Alpha' }).first()).toBeVisible()
  // Never kept: were the shelter to list it again, its page would answer at once.
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await expectNoSeriousA11yViolations(page)
})

test('a listing its shelter takes down and restores answers at once, in no cache', async ({ page, users }) => {
  const shelter = await users.shelter({ approved: true })
  const takeDown = {
    archived: (id: string) => admin().from('animals').update({ status: 'archived' }).eq('id', id),
    hidden: () => admin().from('shelter_profiles').update({ meeting_completed: false }).eq('id', shelter.shelterId),
  }
  const restore = {
    archived: (id: string) => admin().from('animals').update({ status: 'available' }).eq('id', id),
    hidden: () => admin().from('shelter_profiles').update({ meeting_completed: true }).eq('id', shelter.shelterId),
  }
  for (const [how, answer] of [
    ['archived', 410],
    ['hidden', 404],
  ] as const) {
    // A listing of its own each time: the browser may keep a listed page for its 30 s.
    const name = `Comet ${how}`
    const { data, error } = await admin()
      .from('animals')
      .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult' })
      .select('id')
      .single()
    if (error) throw error
    const listed = await page.request.get(`/animals/${data.id}`)
    expect(listed.status()).toBe(200)
    expect(listed.headers()['cache-control']).toBe('public, max-age=30, s-maxage=30')

    await takeDown[how](data.id).throwOnError()
    const away = await page.goto(`/animals/${data.id}`)
    expect(away?.status(), how).toBe(answer)
    expect(away?.headers()['cache-control'], how).toBe('private, no-store')
    await restore[how](data.id).throwOnError()
    const back = await page.goto(`/animals/${data.id}`)
    expect(back?.status(), how).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  }
})

test('web addresses in a description are links for people, not for search engines; nothing else is', async ({ page, users }) => {
  const shelter = await users.shelter({ approved: true })
  const description = [
    'See her videos at https://videos.example.org/luna?list=1, or www.rescue.example.com.',
    'Not links: javascript:alert(1) mailto:adopt@rescue.example data:text/html,hi rescue.example adopt@rescue.example',
  ].join('\n\n')
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name: 'Luna', type: 'cat', age_group: 'young', description })
    .select('id')
    .single()
  if (error) throw error
  await page.goto(`/animals/${data.id}`)
  const about = page.getByRole('region', { name: 'About Luna' })
  await expect(about.locator('p')).toHaveText([description.split('\n\n')[0]!, description.split('\n\n')[1]!])
  const links = about.getByRole('link')
  await expect(links).toHaveText(['https://videos.example.org/luna?list=1', 'www.rescue.example.com'])
  await expect(links.first()).toHaveAttribute('href', 'https://videos.example.org/luna?list=1')
  await expect(links.last()).toHaveAttribute('href', 'http://www.rescue.example.com/')
  for (const link of await links.all()) await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener')
})

for (const js of [true, false]) {
  test.describe(`care answers not known, with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('are never shown as "no": the page says to ask the shelter', async ({ page, world }) => {
      // Bravo's shelter said only that she is good with cats.
      await page.goto(`/animals/${world.animals.Bravo}`)
      const flags = page.getByRole('region', { name: 'Good with' })
      await expect(flags.getByText('Cats', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Yes')
      await expect(flags.getByText('Children', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Ask the shelter')
      await expect(flags.getByText(/: no$/)).toHaveCount(0)
      await expect(flags.getByRole('listitem')).toHaveCount(0)
      await expect(
        flags.getByText('Ask the shelter about: House-trained, Spayed / neutered, Vaccinations current, Special needs.'),
      ).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
    })
  })
}
