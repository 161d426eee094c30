// How much one REST request may ask for: embeds at most three levels deep, and an answer of at
// most maxAnswerBytes (a few kilobytes here, 8 MB by default), refused with a PostgREST-shaped
// 400 rather than built and sent whole. PostgREST leaves both to the database's statement
// timeout; the embedded database serves one statement at a time, so localbase bounds them.
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { expectErrorShape, raw, REST_MIGRATIONS, STARTUP_TIMEOUT_MS } from '#localbase/test/fixtures/rest/helpers.ts'

const MAX_ANSWER_BYTES = 4096
let h: Harness

beforeAll(async () => {
  h = await startHarness({ migrationsDir: REST_MIGRATIONS, seedFiles: [], maxAnswerBytes: MAX_ANSWER_BYTES })
  // Enough reviews that every author with all their books and reviews is well over the bound.
  await h.lb.db.query(`insert into reviews (book_id, stars, body) select 1, 5, repeat('A classic. ', 20) from generate_series(1, 40)`)
}, STARTUP_TIMEOUT_MS)
afterAll(async () => {
  await h?.stop()
})

const select = (value: string) => `/authors?select=${encodeURIComponent(value)}`

describe('the embed depth', () => {
  it('takes three levels of embeds', async () => {
    const response = await raw(h, select('id,books(id,reviews(id,books(id)))') + '&id=eq.1')
    expect(response.status).toBe(200)
    expect(response.body[0].books[0].reviews[0].books).toEqual({ id: 1 })
  })

  it('refuses a fourth with 400 LB001, for any role, in a read or a write', async () => {
    const deep = 'id,books(id,reviews(id,books(id,authors(id))))'
    const read = await raw(h, select(deep))
    expect(read.status).toBe(400)
    expectErrorShape(read.body)
    expect(read.body).toMatchObject({ code: 'LB001', message: 'The select embeds resources 4 levels deep; at most 3 are allowed' })
    expect(read.body.hint).toMatch(/Embed fewer levels/)
    const asService = await raw(h, select(deep), { token: h.lb.keys.serviceRoleKey, headers: { apikey: h.lb.keys.serviceRoleKey } })
    expect(asService.body.code).toBe('LB001')
    const write = await raw(h, `/books?select=${encodeURIComponent('id,authors(id,books(id,reviews(id,books(id))))')}`, {
      method: 'POST',
      body: JSON.stringify({ author_id: 1, title: 'Too deep' }),
      token: h.lb.keys.serviceRoleKey,
      headers: { apikey: h.lb.keys.serviceRoleKey, prefer: 'return=representation' },
    })
    expect(write.body.code).toBe('LB001')
    // Refused before anything was written.
    expect((await h.lb.db.query(`select 1 from books where title = 'Too deep'`)).rows).toEqual([])
  })
})

describe('the size of an answer', () => {
  it('answers what fits', async () => {
    const response = await raw(h, select('id,name,books(id,title)'))
    expect(response.status).toBe(200)
    expect(response.body.length).toBeGreaterThan(0)
  })

  it('refuses an answer over the bound with 400 LB002, saying how large it would be', async () => {
    const response = await raw(h, select('*,books(*,reviews(*))'))
    expect(response.status).toBe(400)
    expectErrorShape(response.body)
    expect(response.body).toMatchObject({
      code: 'LB002',
      message: expect.stringMatching(/^The answer would be \d+ kB; at most 4 kB are allowed$/),
    })
    expect(response.headers.get('proxy-status')).toBe('PostgREST; error=LB002')
    // A page of it fits.
    const page = await raw(h, select('*,books(*,reviews(*))') + '&books.reviews.limit=2')
    expect(page.status).toBe(200)
  })
})
