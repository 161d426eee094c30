// REST conformance, horizontal filtering: every operator, negation, quantifiers, JSON
// paths, logic trees and filters inside embeds, through supabase-js's filter builders.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Harness } from '#localbase/test/harness.ts'
import { raw, STARTUP_TIMEOUT_MS, startRestHarness } from '#localbase/test/fixtures/rest/helpers.ts'

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

describe('filters', () => {
  const ids = (rows: { id: number }[] | null) => (rows ?? []).map((row) => row.id)

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(ids((await db.from('books').select('id').eq('pages', 400)).data)).toEqual([5])
    expect(ids((await db.from('books').select('id').neq('genre', 'fantasy').order('id')).data)).toEqual([2, 3, 6])
    expect(ids((await db.from('books').select('id').gt('pages', 387).order('id')).data)).toEqual([4, 5])
    expect(ids((await db.from('books').select('id').gte('pages', 387).order('id')).data)).toEqual([3, 4, 5])
    expect(ids((await db.from('books').select('id').lt('pages', 183).order('id')).data)).toEqual([7])
    expect(ids((await db.from('books').select('id').lte('price', 8.49).order('id')).data)).toEqual([4, 5, 7])
  })

  it('matches patterns with like, ilike (* or %), match and imatch', async () => {
    expect(titles((await db.from('books').select('title').like('title', '*Earth*')).data)).toEqual(['A Wizard of Earthsea'])
    expect(titles((await db.from('books').select('title').ilike('title', '%guards%')).data)).toEqual(['Guards! Guards!'])
    expect(titles((await db.from('books').select('title').match({ genre: 'fantasy', author_id: 2 }).order('id')).data)).toEqual([
      'Guards! Guards!',
      'Small Gods',
    ])
    expect(titles((await db.from('books').select('title').filter('title', 'match', '^The').order('id')).data)).toEqual([
      'The Left Hand of Darkness',
      'The Dispossessed',
    ])
    expect(titles((await db.from('books').select('title').filter('title', 'imatch', '^the d')).data)).toEqual(['The Dispossessed'])
    expect(titles((await db.from('books').select('title').likeAnyOf('title', ['*Gods*', 'Kind*']).order('id')).data)).toEqual([
      'Small Gods',
      'Kindred',
    ])
    expect(titles((await db.from('books').select('title').ilikeAllOf('title', ['*the*', '*hand*'])).data)).toEqual([
      'The Left Hand of Darkness',
    ])
  })

  it('tests with is null / not_null / true / false / unknown', async () => {
    expect(ids((await db.from('books').select('id').is('price', null)).data)).toEqual([3])
    expect(ids((await db.from('books').select('id').not('genre', 'is', null).order('id')).data)).toEqual([1, 2, 3, 4, 5, 6])
    const { body } = await raw(h, '/books?select=id&published_at=is.not_null&genre=is.null')
    expect(body).toEqual([])
    const { data: yes } = await h.service().from('notes').select('id').is('is_public', true)
    expect(yes).toEqual([])
    expect((await raw(h, '/notes?is_public=is.false')).status).toBe(200)
    expect((await raw(h, '/notes?is_public=is.unknown')).status).toBe(200)
  })

  it('takes in lists with quoted values, and not.in', async () => {
    expect(ids((await db.from('authors').select('id').in('name', ['Terry', 'a,b', 'Octavia"s']).order('id')).data)).toEqual([2])
    expect(ids((await db.from('books').select('id').in('id', [])).data)).toEqual([])
    expect(ids((await db.from('books').select('id').not('id', 'in', '(1,2,3,4,5)').order('id')).data)).toEqual([6, 7])
    const { body } = await raw(h, `/authors?select=id&name=in.(${encodeURIComponent('"Terry","Ursula"')})&order=id`)
    expect(body).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('compares arrays and jsonb with cs, cd and ov', async () => {
    const names = (rows: { name: string }[] | null) => (rows ?? []).map((row) => row.name)
    expect(names((await db.from('authors').select('name').contains('tags', ['fantasy']).order('id')).data)).toEqual(['Ursula', 'Terry'])
    expect(names((await db.from('authors').select('name').containedBy('tags', ['scifi', 'fantasy']).order('id')).data)).toEqual([
      'Ursula',
      'Octavia',
      'Nobody',
    ])
    expect(names((await db.from('authors').select('name').overlaps('tags', ['humor', 'scifi']).order('id')).data)).toEqual([
      'Ursula',
      'Terry',
      'Octavia',
    ])
    expect(
      names(
        (
          await db
            .from('authors')
            .select('name')
            .contains('meta', { awards: { hugo: 5 } })
        ).data,
      ),
    ).toEqual(['Ursula'])
  })

  it('searches text with fts, plfts, phfts and wfts, with and without a config', async () => {
    expect(titles((await db.from('books').select('title').textSearch('search', 'guard')).data)).toEqual(['Guards! Guards!'])
    expect(
      titles((await db.from('books').select('title').textSearch('search', 'small gods', { type: 'plain', config: 'english' })).data),
    ).toEqual(['Small Gods'])
    expect(
      titles((await db.from('books').select('title').textSearch('search', 'left hand', { type: 'phrase', config: 'english' })).data),
    ).toEqual(['The Left Hand of Darkness'])
    expect(
      titles(
        (
          await db
            .from('books')
            .select('title')
            .textSearch('title', 'darkness or kindred', { type: 'websearch', config: 'english' })
            .order('id')
        ).data,
      ),
    ).toEqual(['The Left Hand of Darkness', 'Kindred'])
  })

  it('filters on JSON paths and with isdistinct', async () => {
    expect(ids((await db.from('books').select('id').eq('data->>series', 'Discworld').order('id')).data)).toEqual([4, 5])
    expect(ids((await db.from('books').select('id').gt('data->order', 5).order('id')).data)).toEqual([4, 5])
    expect(ids((await db.from('books').select('id').isDistinct('genre', 'fantasy').order('id')).data)).toEqual([2, 3, 6, 7])
  })

  it('combines with or, and, not and nesting', async () => {
    expect(ids((await db.from('books').select('id').or('pages.gt.400,title.eq.Kindred').order('id')).data)).toEqual([4, 6])
    expect(ids((await db.from('books').select('id').or('genre.eq.scifi,and(pages.gt.400,price.lt.8.5)').order('id')).data)).toEqual([
      2, 3, 4, 6,
    ])
    expect(ids((await db.from('books').select('id').or('title.eq."Guards! Guards!",id.in.(6,7)').order('id')).data)).toEqual([4, 6, 7])
    const negated = await raw(
      h,
      `/books?select=id&not.and=${encodeURIComponent('(genre.eq.fantasy,pages.lt.400)')}&genre=not.is.null&order=id`,
    )
    expect(negated.body).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }, { id: 6 }])
    const nestedNot = await raw(
      h,
      `/books?select=id&or=${encodeURIComponent('(not.and(id.gt.1,id.lt.7),data->>series.eq.Hainish)')}&order=id`,
    )
    expect(nestedNot.body).toEqual([{ id: 1 }, { id: 2 }, { id: 7 }])
  })

  it('applies or inside an embed', async () => {
    const { data } = await db
      .from('books')
      .select('id, reviews(stars)')
      .or('stars.eq.4,body.eq.Powerful', { referencedTable: 'reviews' })
      .in('id', [1, 6])
      .order('id')
    expect(data).toEqual([
      { id: 1, reviews: [{ stars: 4 }] },
      { id: 6, reviews: [{ stars: 5 }] },
    ])
  })
})
