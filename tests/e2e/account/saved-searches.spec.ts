// Saved searches and their alerts, with JavaScript on and off: 'Email me new
// matches' on /search (signed out → sign in → back), /account/searches (rename, frequency,
// pause, resume, delete, open), the alert job emailing a newly listed match once, and
// unsubscribing from the email signed out — its link's page and the one-click POST (RFC 8058).
import { randomBytes } from 'node:crypto'
import { admin, expect, expectNoSeriousA11yViolations, linkFrom, test, waitForEmail } from '#tests/e2e/fixtures.ts'
import { formHydrated, toast } from '#tests/e2e/helpers.ts'

type Mail = Awaited<ReturnType<typeof waitForEmail>> & { headers?: Record<string, string> }

async function mailTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${process.env.E2E_SUPABASE_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`)
  return (await response.json()) as Mail[]
}

for (const js of [true, false]) {
  test.describe(`saved searches with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('saves a search from /search, emails a new match once, and unsubscribes signed out', async ({
      page,
      browser,
      adopter,
      shelter,
    }) => {
      const word = `alert${randomBytes(4).toString('hex')}`
      // The first search of a place remembers it for the home page (ph_last_place: a Set-Cookie,
      // so that response is private); signed out, the same page again is the same for everyone:
      // cacheable, nobody's data in it.
      await page.goto(`/search?location=78701&type=dog&q=${word}`)
      const response = await page.reload()
      expect(response?.headers()['cache-control']).toMatch(/^public/)
      await page.getByRole('link', { name: 'Email me new matches' }).click()
      await expect(page).toHaveURL(/\/login\?/)
      if (js) await formHydrated(page, 'sign-in')
      await page.getByLabel('Email', { exact: true }).fill(adopter.email)
      await page.getByLabel('Password').fill(adopter.password)
      await page.getByRole('button', { name: 'Sign In' }).click()

      // Back to the same search, to name it and choose how often.
      await expect(page).toHaveURL(new RegExp(`/account/searches/new\\?location=78701&type=dog&q=${word}$`))
      await expect(page.getByRole('heading', { name: 'Email me new matches' })).toBeVisible()
      if (js) {
        // After the sign-in toast has come and gone: a toast fading in or out has no contrast to
        // speak of. It shows once the page is hydrated, so "no toast" before then proves nothing.
        await formHydrated(page, 'new-saved-search')
        await expect(page.getByText('Successfully signed in!')).toBeVisible()
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
        await expectNoSeriousA11yViolations(page)
      }
      await expect(page.getByLabel('Name')).toHaveValue(new RegExp(`^Dogs matching “${word}” near `))
      await page.getByLabel('Name').fill('')
      await page.getByRole('button', { name: 'Save search' }).click()
      await expect(page.getByText('Give this search a name')).toBeVisible()
      await page.getByLabel('Name').fill(`Austin dogs ${word}`)
      // Leaving the field clears its error first, as a person's click would (the button moves up).
      await page.getByLabel('Name').blur()
      await page.getByLabel(/As they’re listed/).check()
      await page.getByRole('button', { name: 'Save search' }).click()
      await expect(toast(page, 'Search saved. We’ll email you new matches as they’re listed.')).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/search\\?location=78701&type=dog&q=${word}$`))

      await page.goto('/account/searches')
      await expect(page.getByRole('heading', { name: `Austin dogs ${word}` })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)
      const { data: saved } = await admin()
        .from('saved_searches')
        .select('id, query, filters, frequency')
        .eq('user_id', adopter.id)
        .single()
      expect(saved).toMatchObject({
        query: `location=78701&type=dog&q=${word}`,
        frequency: 'instant',
        filters: { type: 'dog', q: word, radius_miles: 100 },
      })

      // A shelter lists a matching dog (and a cat that does not match); the alert job runs.
      const { data: dog } = await admin()
        .from('animals')
        .insert({
          shelter_id: shelter.shelterId,
          name: `Rocket ${word}`,
          type: 'dog',
          age_group: 'young',
          description: `A happy ${word} pup`,
        })
        .select('id')
        .single()
      await admin()
        .from('animals')
        .insert({
          shelter_id: shelter.shelterId,
          name: `Whiskers ${word}`,
          type: 'cat',
          age_group: 'young',
          description: `A calm ${word} cat`,
        })
      await admin().from('saved_searches').update({ next_check_at: new Date().toISOString() }).eq('id', saved!.id)
      expect((await admin().rpc('run_saved_search_alerts', { batch_size: 200 })).error).toBeNull()
      const email: Mail = await waitForEmail(adopter.email, /matches “Austin dogs/)
      expect(email.subject).toBe(`Rocket ${word} matches “Austin dogs ${word}”`)
      expect(email.text).toContain(`/animals/${dog!.id}`)
      expect(email.text).not.toContain('Whiskers')

      // Checked again: nothing new, so no second email, and never the same dog twice.
      await admin().from('saved_searches').update({ next_check_at: new Date().toISOString() }).eq('id', saved!.id)
      expect((await admin().rpc('run_saved_search_alerts', { batch_size: 200 })).error).toBeNull()
      // The run queues its emails in the outbox as it goes: a second one would be there already.
      const { count: queued } = await admin()
        .from('email_outbox')
        .select('id', { count: 'exact', head: true })
        .eq('template', 'saved_search_alert')
        .eq('to_address', adopter.email.toLowerCase())
      expect(queued).toBe(1)
      expect((await mailTo(adopter.email)).filter((message) => message.subject.includes('Austin dogs'))).toHaveLength(1)

      // The email's headers offer one-click unsubscribe; its visible link works signed out.
      const unsubscribe = linkFrom(email, '/unsubscribe/')
      const [message] = (await mailTo(adopter.email)).filter((mail) => mail.subject.includes('Austin dogs'))
      expect(message!.headers).toMatchObject({
        'list-unsubscribe': `<${unsubscribe}>`,
        'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
      })
      const visitor = await browser.newContext({ javaScriptEnabled: js })
      const signedOut = await visitor.newPage()
      await signedOut.goto(unsubscribe)
      await expect(signedOut.getByRole('heading', { name: 'Unsubscribe from this search?' })).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(signedOut)
      await signedOut.getByRole('button', { name: 'Unsubscribe' }).click()
      await expect(signedOut.getByRole('heading', { name: 'You’re unsubscribed' })).toBeVisible()
      await visitor.close()
      expect((await admin().from('saved_searches').select('paused').eq('id', saved!.id).single()).data).toEqual({ paused: true })

      // A mail client's one-click POST: no cookies, no confirmation.
      await admin().from('saved_searches').update({ paused: false }).eq('id', saved!.id)
      const oneClick = await fetch(unsubscribe, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(oneClick.status).toBe(200)
      expect((await admin().from('saved_searches').select('paused').eq('id', saved!.id).single()).data).toEqual({ paused: true })
      expect(
        (
          await fetch(unsubscribe.replace(/[0-9a-f]{64}$/, 'f'.repeat(64)), {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          })
        ).status,
      ).toBe(404)
    })

    test('renames, re-times, pauses, resumes, opens and deletes a saved search', async ({ page, users, signIn }) => {
      const person = await users.adopter()
      await signIn(person)
      await admin()
        .from('saved_searches')
        .insert({
          user_id: person.id,
          name: 'Cats near Austin',
          query: 'type=cat&location=78701',
          filters: { type: 'cat' },
          frequency: 'daily',
        })
      await page.goto('/account/searches')
      await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Saved searches' }).waitFor()
      const card = page.getByRole('region', { name: 'Cats near Austin' })
      await expect(card.getByText('Emails: daily')).toBeVisible()
      const formId = `saved-search-${(await admin().from('saved_searches').select('id').eq('user_id', person.id).single()).data!.id}`
      if (js) await formHydrated(page, formId)

      await card.getByLabel('Name').fill('   ')
      await card.getByRole('button', { name: 'Save changes to Cats near Austin' }).click()
      await expect(page.getByText('Give this search a name')).toBeVisible()
      await page.getByRole('region', { name: 'Cats near Austin' }).getByLabel('Name').fill('Senior cats')
      await page.getByRole('region', { name: 'Cats near Austin' }).getByLabel('Name').blur()
      await page.getByRole('region', { name: 'Cats near Austin' }).getByLabel('Email me').selectOption('weekly')
      await page.getByRole('region', { name: 'Cats near Austin' }).getByRole('button', { name: 'Save changes to Cats near Austin' }).click()
      await expect(toast(page, 'Saved “Senior cats”')).toBeVisible()
      const renamed = page.getByRole('region', { name: 'Senior cats' })
      await expect(renamed.getByText('Emails: weekly')).toBeVisible()

      await renamed.getByRole('button', { name: 'Pause emails for Senior cats' }).click()
      await expect(toast(page, 'Paused emails for “Senior cats”')).toBeVisible()
      await expect(page.getByRole('region', { name: /Senior cats/ }).getByText('No emails while paused')).toBeVisible()
      await page
        .getByRole('region', { name: /Senior cats/ })
        .getByRole('button', { name: 'Resume emails for Senior cats' })
        .click()
      await expect(toast(page, 'Resumed emails for “Senior cats”')).toBeVisible()
      expect((await admin().from('saved_searches').select('name, frequency, paused').eq('user_id', person.id).single()).data).toEqual({
        name: 'Senior cats',
        frequency: 'weekly',
        paused: false,
      })

      await page
        .getByRole('region', { name: 'Senior cats' })
        .getByRole('link', { name: /^Open search/ })
        .click()
      await expect(page).toHaveURL(/\/search\?location=78701&type=cat$/)
      await page.goto('/account/searches')
      await page.getByRole('region', { name: 'Senior cats' }).getByRole('button', { name: 'Delete Senior cats' }).click()
      await expect(toast(page, 'Deleted “Senior cats”')).toBeVisible()
      await expect(page.getByText('No saved searches yet.')).toBeVisible()
    })
  })
}

test('an account at its limit of 25 saved searches is told so instead of getting the form', async ({ page, users, signIn }) => {
  const person = await users.adopter()
  for (let n = 0; n < 25; n += 1) {
    const { error } = await admin()
      .from('saved_searches')
      .insert({ user_id: person.id, name: `Search ${n + 1}`, query: '', filters: {}, frequency: 'weekly' })
    expect(error).toBeNull()
  }
  await signIn(person)
  await page.goto('/account/searches/new?type=dog')
  await expect(page.getByText('You already keep 25 saved searches, the most an account can.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save search' })).toHaveCount(0)
})
