// The response promise kept: an application and a question the shelter left past its deadline.
// The deadline job (public.keep_response_promises, called here as the worker does rather than
// waiting for its schedule) closes the application; the adopter's email, read from the embedded
// mailbox, says the shelter did not answer in time and links a similar pet near the place of
// their last saved search; their Messages page says the shelter has not answered the question.
// With JavaScript on and off; axe with it on.
import { randomBytes } from 'node:crypto'
import { COMPLETE_PROFILE, admin, expect, expectNoSeriousA11yViolations, test, waitForEmail } from '#tests/e2e/fixtures.ts'

const DAY = 24 * 60 * 60 * 1000
/** Anchorage, AK: no other test's shelter is there, so the nearby pets are this test's own. */
const ANCHORAGE = { latitude: 61.2181, longitude: -149.9003, zip_code: '99501', city: 'Anchorage', state: 'AK' }

async function addAnimal(shelterId: string, name: string): Promise<string> {
  const { data, error } = await admin()
    .from('animals')
    .insert({ shelter_id: shelterId, name, type: 'dog', age_group: 'young' })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

for (const js of [true, false]) {
  test.describe(`a promise not kept, with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('the application is closed kindly, with similar pets by email, and the question shows as not answered', async ({
      page,
      adopter,
      shelter,
      users,
      signIn,
    }) => {
      const word = randomBytes(3).toString('hex')
      const name = `${js ? 'Clover' : 'Thistle'} ${word}`
      const applied = await addAnimal(shelter.shelterId, name)
      const far = await users.shelter({
        approved: true,
        profile: { ...COMPLETE_PROFILE, ...ANCHORAGE, shelter_name: 'Northern Lights Rescue' },
      })
      const nearby = await addAnimal(far.shelterId, `Aurora ${word}`)
      const saved = await admin()
        .from('saved_searches')
        .insert({
          user_id: adopter.id,
          name: 'Dogs near Anchorage',
          query: 'location=Anchorage%2C+AK&distance=25',
          filters: { lat: ANCHORAGE.latitude, lon: ANCHORAGE.longitude, radius_miles: 25 },
          frequency: 'weekly',
        })
      expect(saved.error).toBeNull()

      // Both were sent 6 days ago under the shelter's 5-day promise, and never answered.
      const created_at = new Date(Date.now() - 6 * DAY).toISOString()
      const application = await admin()
        .from('applications')
        .insert({
          shelter_id: shelter.shelterId,
          animal_id: applied,
          animal_name: name,
          applicant_id: adopter.id,
          applicant_name: 'Ana Reyes',
          snapshot: {},
          created_at,
        })
        .select('id')
        .single()
      expect(application.error).toBeNull()
      const conversation = await admin()
        .from('conversations')
        .insert({
          shelter_id: shelter.shelterId,
          animal_id: applied,
          animal_name: name,
          adopter_id: adopter.id,
          created_at,
          last_message_at: created_at,
        })
        .select('id')
        .single()
      expect(conversation.error).toBeNull()

      expect((await admin().rpc('keep_response_promises', {})).error).toBeNull()
      const closed = await admin().from('applications').select('status').eq('id', application.data!.id).single()
      expect(closed.data!.status).toBe('closed')

      const email = await waitForEmail(adopter.email, new RegExp(`did not answer your application for ${name} in time`))
      expect(email.subject).toBe(`Lone Star Paws Rescue did not answer your application for ${name} in time`)
      expect(email.text).toContain('So that you are not left waiting, we closed it.')
      expect(email.text).toContain(`Aurora ${word}\n`)
      expect(email.text).toMatch(new RegExp(`https?://[^/\\s]+/animals/${nearby}`))
      expect(email.text).not.toContain(`/animals/${applied}`)
      const more = email.html.match(/<a href="([^"]+)"[^>]*>See more dogs nearby<\/a>/)
      expect(more?.[1]).toMatch(/\/search\?type=dog&amp;location=Anchorage%2C\+AK&amp;distance=25&amp;sort=distance$/)

      // The adopter's Messages page: the question the shelter let pass is marked.
      await signIn(adopter)
      await page.goto('/account/messages')
      const row = page.getByRole('listitem').filter({ hasText: `${name} · Lone Star Paws Rescue` })
      await expect(row.getByText('The shelter has not answered yet')).toBeVisible()
      if (js) await expectNoSeriousA11yViolations(page)

      // The application is closed, so the adopter may apply for the pet again.
      const again = await admin().from('applications').insert({
        shelter_id: shelter.shelterId,
        animal_id: applied,
        animal_name: name,
        applicant_id: adopter.id,
        applicant_name: 'Ana Reyes',
        snapshot: {},
      })
      expect(again.error).toBeNull()
    })
  })
}
