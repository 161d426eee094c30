// The saved-search alert as a mail program gets it, read from the embedded mailbox: each pet's
// photo from an absolute URL that answers (alt text, width and height), a hidden preheader, a
// 600 px layout of presentation tables, a link to the email settings, and the plain-text part.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { admin, expect, test, waitForEmail } from '#tests/e2e/fixtures.ts'

test('a new match arrives with its photo, a preheader, a table layout and the settings link', async ({ adopter, shelter }) => {
  const word = `photo${randomBytes(4).toString('hex')}`
  const { data: saved, error: saveError } = await admin()
    .from('saved_searches')
    .insert({
      user_id: adopter.id,
      name: `Dogs ${word}`,
      query: `type=dog&q=${word}`,
      filters: { type: 'dog', q: word },
      frequency: 'instant',
    })
    .select('id')
    .single()
  expect(saveError).toBeNull()

  const { data: dog, error: dogError } = await admin()
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name: `Pepper ${word}`, type: 'dog', age_group: 'young', description: `A sunny ${word} pup` })
    .select('id')
    .single()
  expect(dogError).toBeNull()
  const path = `${shelter.shelterId}/${dog!.id}/main.webp`
  const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .webp()
    .toBuffer()
  expect((await admin().storage.from('animal-photos').upload(path, picture, { contentType: 'image/webp' })).error).toBeNull()
  const { error: photoError } = await admin()
    .from('animal_photos')
    .insert({ animal_id: dog!.id, position: 0, storage_path: path, width: 1200, height: 900, alt: `Pepper ${word} in the sun` })
  expect(photoError).toBeNull()

  await admin().from('saved_searches').update({ next_check_at: new Date().toISOString() }).eq('id', saved!.id)
  expect((await admin().rpc('run_saved_search_alerts', { batch_size: 200 })).error).toBeNull()
  const email = await waitForEmail(adopter.email, new RegExp(`Pepper ${word} matches`))

  // The photo: an absolute address on the site that serves the picture, sized before it loads.
  const image = email.html.match(/<img src="([^"]+)" alt="([^"]*)" width="(\d+)" height="(\d+)"/)
  expect(image).not.toBeNull()
  const [, src, alt, width, height] = image!
  expect(src).toMatch(new RegExp(`^https?://[^/]+/photos/${shelter.shelterId}/${dog!.id}/main\\.webp\\?w=240$`))
  expect([alt, width, height]).toEqual([`Pepper ${word} in the sun`, '120', '90'])
  const served = await fetch(src!)
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('image/webp')

  // Hidden preheader first in the body; the panel is a 600 px presentation table, not a div.
  const body = email.html.slice(email.html.indexOf('<body'))
  expect(body).toMatch(new RegExp(`^<body[^>]*>\\s*<div style="display:none;[^"]*">Pepper ${word}: Young`))
  expect(email.html).toMatch(/<table role="presentation" width="600"/)
  expect(email.html).not.toMatch(/<div[^>]*max-width:[1-9]/)

  // Turning these emails off is a link to the settings page, in both parts.
  const settings = email.html.match(/<a href="([^"]+)"[^>]*>Turn these emails off<\/a>/)
  expect(settings?.[1]).toMatch(/^https?:\/\/[^/]+\/account\/settings$/)
  expect(email.text).toContain(`Turn these emails off: ${settings![1]}`)
  expect(email.text).toContain(`Pepper ${word}\nYoung`)
  expect(email.text).toContain(`/animals/${dog!.id}`)
  expect(email.text).not.toContain('<')
})
