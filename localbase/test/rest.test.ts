// REST conformance, reads: select syntax, embedding, order, limit/range, counts with
// Content-Range, single/maybeSingle, CSV (filters: rest-filters.test.ts). Driven through the real
// supabase-js client (raw fetch only where the client hides the wire).
import type { SupabaseClient } from '@supabase/supabase-js'
import { type Harness, startHarness } from '#localbase/test/harness.ts'
import { raw, REST_MIGRATIONS, STARTUP_TIMEOUT_MS, startRestHarness } from '#localbase/test/fixtures/rest/helpers.ts'

let h: Harness
let db: SupabaseClient

beforeAll(async () => {
  h = await startRestHarness()
  db = h.anon()
}, STARTUP_TIMEOUT_MS)
afterAll(async () => {
  await h?.stop()
})

const titles = (rows: { title: string }[] | null) => (rows ?? []).map((row) => row.title)

describe('select', () => {
  it('returns every column with PostgREST JSON types', async () => {
    const { data, error, status } = await db.from('books').select('*').eq('id', 1).single()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toMatchObject({
      id: 1,
      author_id: 1,
      title: 'A Wizard of Earthsea',
      pages: 183,
      price: 8.99,
      published_at: '1968-11-01T00:00:00+00:00',
      data: { series: 'Earthsea', order: 1 },
    })
    const { data: author } = await db.from('authors').select('born, tags, meta').eq('id', 1).single()
    expect(author).toEqual({ born: '1929-10-21', tags: ['fantasy', 'scifi'], meta: { country: 'US', awards: { hugo: 5 } } })
  })

  it('picks columns, renames them, casts them and follows JSON paths', async () => {
    const { data, error } = await db
      .from('authors')
      .select('name, country:meta->>country, hugo:meta->awards->hugo, born_text:born::text, id::text')
      .order('id')
      .limit(2)
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Ursula', country: 'US', hugo: 5, born_text: '1929-10-21', id: '1' },
      { name: 'Terry', country: 'UK', hugo: 0, born_text: '1948-04-28', id: '2' },
    ])
    const { data: unaliased } = await db.from('authors').select('meta->awards->>hugo').eq('id', 1).single()
    expect(unaliased).toEqual({ hugo: '5' })
  })

  it('reads views', async () => {
    const { data, error } = await db.from('book_titles').select('title').eq('id', 6)
    expect(error).toBeNull()
    expect(data).toEqual([{ title: 'Kindred' }])
  })
})

describe('embedding', () => {
  it('embeds a to-one resource as an object, or null when there is none', async () => {
    const { data, error } = await db.from('books').select('title, author:authors(name)').in('id', [1, 7]).order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { title: 'A Wizard of Earthsea', author: { name: 'Ursula' } },
      { title: 'Anonymous Tales', author: null },
    ])
  })

  it('embeds a to-many resource as an array, empty when there is none', async () => {
    const { data, error } = await db.from('authors').select('name, books(title)').in('name', ['Octavia', 'Nobody']).order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Octavia', books: [{ title: 'Kindred' }] },
      { name: 'Nobody', books: [] },
    ])
  })

  it('treats a foreign key that is also a unique key as one-to-one', async () => {
    const { data } = await db.from('authors').select('name, profiles(website)').in('id', [1, 2]).order('id')
    expect(data).toEqual([
      { name: 'Ursula', profiles: { website: 'https://ursula.example' } },
      { name: 'Terry', profiles: null },
    ])
  })

  it('filters, orders and limits inside an embed without dropping parents', async () => {
    const { data, error } = await db
      .from('authors')
      .select('name, books(title)')
      .eq('books.genre', 'scifi')
      .order('id', { referencedTable: 'books', ascending: false })
      .limit(1, { referencedTable: 'books' })
      .lte('id', 3)
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Ursula', books: [{ title: 'The Dispossessed' }] },
      { name: 'Terry', books: [] },
      { name: 'Octavia', books: [{ title: 'Kindred' }] },
    ])
  })

  it('drops parents without a match under !inner, in rows and in the count', async () => {
    const { data, count, error } = await db
      .from('authors')
      .select('name, books!inner(title)', { count: 'exact' })
      .eq('books.genre', 'scifi')
      .order('id')
    expect(error).toBeNull()
    expect(count).toBe(2)
    expect(data!.map((row) => row.name)).toEqual(['Ursula', 'Octavia'])
    const { data: toOne } = await db.from('books').select('title, authors!inner(name)').eq('authors.name', 'Terry').order('id')
    expect(titles(toOne)).toEqual(['Guards! Guards!', 'Small Gods'])
  })

  it('addresses an aliased embed by alias or by name, and embeds with no columns for filtering only', async () => {
    const byAlias = await db.from('books').select('title, author:authors!inner(name)').eq('author.name', 'Octavia')
    expect(byAlias.data).toEqual([{ title: 'Kindred', author: { name: 'Octavia' } }])
    const byName = await db.from('books').select('title, author:authors!inner(name)').eq('authors.name', 'Octavia')
    expect(byName.data).toEqual(byAlias.data)
    const filterOnly = await db.from('books').select('title, authors!inner()').eq('authors.name', 'Terry').order('id')
    expect(filterOnly.data).toEqual([{ title: 'Guards! Guards!' }, { title: 'Small Gods' }])
  })

  it('filters parents on whether an embed exists (is.null / not.is.null)', async () => {
    const { data: orphans } = await db.from('books').select('title, authors(name)').is('authors', null)
    expect(titles(orphans)).toEqual(['Anonymous Tales'])
    const { data: reviewed } = await db.from('books').select('title, reviews(stars)').not('reviews', 'is', null).order('id')
    expect(titles(reviewed)).toEqual(['A Wizard of Earthsea', 'Guards! Guards!', 'Kindred'])
  })

  it('needs a hint when two foreign keys lead to the same table', async () => {
    const ambiguous = await db.from('loans').select('id, people(name)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error?.code).toBe('PGRST201')
    expect(ambiguous.error?.details).toHaveLength(2)

    const { data, error } = await db
      .from('loans')
      .select('id, lender:people!lender_id(name), borrower:people!loans_borrower_id_fkey(name)')
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, lender: { name: 'Ada' }, borrower: { name: 'Bob' } },
      { id: 2, lender: { name: 'Bob' }, borrower: { name: 'Cy' } },
    ])
  })

  it('embeds through a self reference and through a key column', async () => {
    const { data: people } = await db.from('people').select('name, manager:people!manager_id(name)').order('id')
    expect(people).toEqual([
      { name: 'Ada', manager: null },
      { name: 'Bob', manager: { name: 'Ada' } },
      { name: 'Cy', manager: { name: 'Ada' } },
    ])
    const { data: books } = await db.from('books').select('title, author_id(name)').eq('id', 6)
    expect(books).toEqual([{ title: 'Kindred', author_id: { name: 'Octavia' } }])
  })

  it('nests embeds and spreads to-one embeds', async () => {
    const { data } = await db.from('authors').select('name, books(title, reviews(stars))').eq('id', 1).eq('books.id', 1).single()
    expect(data).toEqual({ name: 'Ursula', books: [{ title: 'A Wizard of Earthsea', reviews: [{ stars: 5 }, { stars: 4 }] }] })
    const { data: spread } = await db.from('books').select('title, ...authors(author_name:name)').eq('id', 4).single()
    expect(spread).toEqual({ title: 'Guards! Guards!', author_name: 'Terry' })
  })

  it('answers 400 PGRST200 when no relationship exists', async () => {
    const { error, status } = await db.from('authors').select('name, people(name)')
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'authors' and 'people' in the schema cache",
    })
  })
})

describe('order, limit and range', () => {
  it('orders by several columns with nulls first or last', async () => {
    const { data } = await db.from('books').select('id').order('price', { ascending: false, nullsFirst: false }).limit(3)
    expect(data).toEqual([{ id: 6 }, { id: 2 }, { id: 1 }])
    const { data: nullsFirst } = await db.from('books').select('id').order('genre', { nullsFirst: true }).order('id', { ascending: false })
    expect(nullsFirst!.map((row) => row.id)).toEqual([7, 5, 4, 1, 6, 3, 2])
    const { data: byJson } = await db.from('books').select('id').not('data->order', 'is', null).order('data->order', { ascending: false })
    expect(byJson).toEqual([{ id: 5 }, { id: 4 }, { id: 1 }])
  })

  it('pages with limit and range, and sends Content-Range', async () => {
    const { data } = await db.from('books').select('id').order('id').range(2, 3)
    expect(data).toEqual([{ id: 3 }, { id: 4 }])
    const response = await raw(h, '/books?select=id&order=id&offset=2&limit=2')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-range')).toBe('2-3/*')
    const viaHeader = await raw(h, '/books?select=id&order=id', { headers: { range: '1-2', 'range-unit': 'items' } })
    expect(viaHeader.body).toEqual([{ id: 2 }, { id: 3 }])
    const empty = await raw(h, '/books?select=id&id=gt.100')
    expect(empty.headers.get('content-range')).toBe('*/*')
  })

  it('counts exactly, answering 206 for a partial page and 200 for the whole', async () => {
    const partial = await db.from('books').select('id', { count: 'exact' }).order('id').range(0, 1)
    expect(partial.status).toBe(206)
    expect(partial.count).toBe(7)
    const rawPartial = await raw(h, '/books?select=id&limit=2&offset=1', { headers: { prefer: 'count=exact' } })
    expect(rawPartial.headers.get('content-range')).toBe('1-2/7')
    const whole = await db.from('books').select('id', { count: 'exact' })
    expect(whole.status).toBe(200)
    expect(whole.count).toBe(7)
    const planned = await db.from('books').select('id', { count: 'planned' }).eq('genre', 'scifi')
    expect(planned.count).toBe(3)
    const none = await raw(h, '/books?id=gt.100', { headers: { prefer: 'count=exact' } })
    expect(none.headers.get('content-range')).toBe('*/0')
  })

  it('answers HEAD with the count and no body', async () => {
    const { data, count, status } = await db.from('books').select('*', { count: 'exact', head: true }).eq('genre', 'fantasy')
    expect(status).toBe(200)
    expect(data).toBeNull()
    expect(count).toBe(3)
  })

  it('answers 416 PGRST103 when the offset is beyond the total', async () => {
    const { error, status } = await db.from('books').select('id', { count: 'exact' }).range(10, 12)
    expect(status).toBe(416)
    expect(error).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' })
    const response = await raw(h, '/books?offset=10', { headers: { prefer: 'count=exact' } })
    expect(response.headers.get('content-range')).toBe('*/7')
  })
})

describe('single, maybeSingle and other media types', () => {
  it('returns one object for single(), and 406 PGRST116 for zero or many rows', async () => {
    const one = await db.from('authors').select('name').eq('id', 2).single()
    expect(one.data).toEqual({ name: 'Terry' })
    const none = await db.from('authors').select('name').eq('id', 99).single()
    expect(none.status).toBe(406)
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
    const many = await db.from('authors').select('name').single()
    expect(many.status).toBe(406)
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' })
  })

  it('supports maybeSingle()', async () => {
    expect((await db.from('authors').select('name').eq('id', 99).maybeSingle()).data).toBeNull()
    expect((await db.from('authors').select('name').eq('id', 3).maybeSingle()).data).toEqual({ name: 'Octavia' })
    const many = await db.from('authors').select('name').maybeSingle()
    expect(many.error?.code).toBe('PGRST116')
  })

  it('writes CSV and strips nulls on request', async () => {
    const { data } = await db.from('authors').select('id, name, bio').in('id', [1, 2]).order('id').csv()
    expect(data).toBe('id,name,bio\n1,Ursula,Earthsea and beyond\n2,Terry,')
    const { data: stripped } = await db.from('authors').select('id, bio').eq('id', 2).stripNulls()
    expect(stripped).toEqual([{ id: 2 }])
  })

  it('caps reads at 1000 rows, as Supabase max_rows does', async () => {
    const { data, count, status } = await db.rpc('numbers', { n: 1500 }, { count: 'exact' })
    expect(data).toHaveLength(1000)
    expect(count).toBe(1500)
    expect(status).toBe(206)
  })
})

describe('db-max-rows', () => {
  let small: Harness
  beforeAll(async () => {
    small = await startHarness({ migrationsDir: REST_MIGRATIONS, seedFiles: [], maxRows: 2 })
  }, STARTUP_TIMEOUT_MS)
  afterAll(async () => {
    await small?.stop()
  })

  it('caps the root and every embedded list, so one nested request cannot return the database', async () => {
    const { data, error } = await small.anon().from('authors').select('id, books(id, reviews(id))').order('id')
    expect(error).toBeNull()
    expect(data).toHaveLength(2)
    const ursula = data!.find((author) => author.id === 1)!
    expect(ursula.books).toHaveLength(2) // of her three
    expect(ursula.books.every((book: { reviews: unknown[] }) => book.reviews.length <= 2)).toBe(true)
  })

  it('still lets a request ask for fewer', async () => {
    const { data } = await small.anon().from('authors').select('id, books(id)').eq('id', 1).limit(1, { foreignTable: 'books' })
    expect(data?.[0]?.books).toHaveLength(1)
  })
})
