// REST conformance, writes: insert (single, bulk, columns/missing), upsert, update and
// delete with every return mode, the statuses and Content-Range of wire doc 3.2, and
// atomicity: a failing request leaves nothing behind.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Harness } from '#localbase/test/harness.ts'
import { raw, STARTUP_TIMEOUT_MS, startRestHarness } from '#localbase/test/fixtures/rest/helpers.ts'

let h: Harness
let db: SupabaseClient
let service: SupabaseClient

beforeAll(async () => {
  h = await startRestHarness()
  db = h.anon()
  service = h.service()
}, STARTUP_TIMEOUT_MS)
afterAll(async () => {
  await h?.stop()
})

let counter = 0
const unique = (prefix: string) => `${prefix}-${++counter}`

async function itemsNamed(name: string) {
  const { data } = await service.from('items').select('*').eq('name', name).order('id')
  return data ?? []
}

describe('insert', () => {
  it('inserts one object with defaults for omitted columns and an empty body', async () => {
    const name = unique('single')
    const { data, error, status } = await db.from('items').insert({ name })
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toBeNull()
    expect(await itemsNamed(name)).toMatchObject([{ name, qty: 1, note: 'none', tags: null }])
  })

  it('returns the inserted rows with select(), single() and embeds', async () => {
    const name = unique('repr')
    const { data, status } = await db
      .from('items')
      .insert({ name, tags: ['a', 'b'], attrs: { x: [1, { y: true }] } })
      .select()
      .single()
    expect(status).toBe(201)
    expect(data).toMatchObject({ name, qty: 1, tags: ['a', 'b'], attrs: { x: [1, { y: true }] } })
    expect(typeof data.id).toBe('number')

    const { data: book } = await db
      .from('books')
      .insert({ title: unique('Book'), author_id: 3, pages: 10 })
      .select('title, author:authors(name)')
      .single()
    expect(book!.author).toEqual({ name: 'Octavia' })
  })

  it('bulk-inserts with NULL for missing keys (columns= is the union of keys)', async () => {
    const name = unique('bulk')
    const { error } = await db.from('items').insert([
      { name, tags: ['x'] },
      { name, note: 'given' },
    ])
    expect(error).toBeNull()
    expect((await itemsNamed(name)).map(({ tags, note }) => ({ tags, note }))).toEqual([
      { tags: ['x'], note: null },
      { tags: null, note: 'given' },
    ])
  })

  it('fills defaults per row with defaultToNull: false', async () => {
    const name = unique('defaults')
    const { data, error } = await db
      .from('items')
      .insert(
        [
          { name, qty: 5 },
          { name, note: 'given' },
        ],
        { defaultToNull: false },
      )
      .select('qty, note')
    expect(error).toBeNull()
    expect(data).toEqual([
      { qty: 5, note: 'none' },
      { qty: 1, note: 'given' },
    ])
  })

  it('counts inserted rows and sends Content-Range */*, or */n with a count', async () => {
    const name = unique('count')
    const { count, status } = await db.from('items').insert([{ name }, { name }], { count: 'exact' })
    expect(status).toBe(201)
    expect(count).toBe(2)
    const plain = await raw(h, '/items', { method: 'POST', body: JSON.stringify({ name }) })
    expect(plain.status).toBe(201)
    expect(plain.text).toBe('')
    expect(plain.headers.get('content-range')).toBe('*/*')
    const counted = await raw(h, '/items', { method: 'POST', body: JSON.stringify([{ name }]), headers: { prefer: 'count=exact' } })
    expect(counted.headers.get('content-range')).toBe('*/1')
  })

  it('answers return=headers-only with a Location', async () => {
    const response = await raw(h, '/items', {
      method: 'POST',
      body: JSON.stringify({ name: unique('loc') }),
      headers: { prefer: 'return=headers-only' },
    })
    expect(response.status).toBe(201)
    expect(response.text).toBe('')
    expect(response.headers.get('location')).toMatch(/^\/items\?id=eq\.\d+$/)
  })

  it('leaves no partial rows when one row of a bulk insert fails', async () => {
    const name = unique('atomic')
    const { error, status } = await db.from('items').insert([
      { name, qty: 1 },
      { name, qty: 2 },
      { name, qty: -1 },
    ])
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(await itemsNamed(name)).toEqual([])
  })

  it('rolls back on single() with more than one row, and on tx=rollback', async () => {
    const name = unique('single-fail')
    const { error, status } = await db.from('items').insert([{ name }, { name }]).select().single()
    expect(status).toBe(406)
    expect(error?.code).toBe('PGRST116')
    expect(await itemsNamed(name)).toEqual([])

    const rolledBack = unique('rollback')
    const result = await db.from('items').insert({ name: rolledBack }).select('name').rollback()
    expect(result.status).toBe(201)
    expect(result.data).toEqual([{ name: rolledBack }])
    expect(await itemsNamed(rolledBack)).toEqual([])
  })

  it('maps constraint errors: 23505 and 23503 to 409, 23502 and 22P02 to 400', async () => {
    const sku = unique('sku')
    await db.from('items').insert({ name: 'x', sku })
    const duplicate = await db.from('items').insert({ name: 'y', sku })
    expect(duplicate.status).toBe(409)
    expect(duplicate.error).toMatchObject({ code: '23505', details: `Key (sku)=(${sku}) already exists.` })
    const foreign = await db.from('books').insert({ title: 'orphan', author_id: 999 })
    expect(foreign.status).toBe(409)
    expect(foreign.error?.code).toBe('23503')
    const notNull = await db.from('items').insert({ qty: 1 })
    expect(notNull.status).toBe(400)
    expect(notNull.error?.code).toBe('23502')
    const badInput = await db.from('items').insert({ name: 'z', qty: 'many' })
    expect(badInput.status).toBe(400)
    expect(badInput.error?.code).toBe('22P02')
  })
})

describe('upsert', () => {
  it('merges duplicates on the primary key: 201 when inserting, 200 when only updating', async () => {
    const { data: created } = await db
      .from('items')
      .insert({ name: unique('upsert') })
      .select('id')
      .single()
    const merged = await db.from('items').upsert({ id: created!.id, name: 'merged' }).select('id, name')
    expect(merged.status).toBe(200)
    expect(merged.data).toEqual([{ id: created!.id, name: 'merged' }])
    const mixed = await db
      .from('items')
      .upsert([
        { id: created!.id, name: 'again' },
        { id: 100000 + counter, name: 'fresh' },
      ])
      .select('name')
    expect(mixed.status).toBe(201)
    expect(mixed.data).toEqual([{ name: 'again' }, { name: 'fresh' }])
  })

  it('upserts on another unique column with onConflict, or ignores duplicates', async () => {
    const sku = unique('sku')
    await db.from('items').insert({ name: 'first', sku, qty: 1 })
    const { data } = await db.from('items').upsert({ sku, name: 'second', qty: 7 }, { onConflict: 'sku' }).select('name, qty')
    expect(data).toEqual([{ name: 'second', qty: 7 }])
    const ignored = await db
      .from('items')
      .upsert({ sku, name: 'third', qty: 9 }, { onConflict: 'sku', ignoreDuplicates: true })
      .select('name')
    expect(ignored.error).toBeNull()
    expect(ignored.data).toEqual([])
    const { data: stored } = await service.from('items').select('name, qty').eq('sku', sku).single()
    expect(stored).toEqual({ name: 'second', qty: 7 })
  })
})

describe('update and delete', () => {
  it('updates filtered rows: 204 and 0-(n-1)/* without representation, 200 with it', async () => {
    const name = unique('update')
    await db.from('items').insert([
      { name, qty: 1 },
      { name, qty: 2 },
      { name: 'other', qty: 2 },
    ])
    const response = await raw(h, `/items?name=eq.${name}`, { method: 'PATCH', body: JSON.stringify({ note: 'patched' }) })
    expect(response.status).toBe(204)
    expect(response.text).toBe('')
    expect(response.headers.get('content-range')).toBe('0-1/*')

    const { data, status, count } = await db
      .from('items')
      .update({ qty: 3 }, { count: 'exact' })
      .eq('name', name)
      .gt('qty', 1)
      .select('qty, note')
    expect(status).toBe(200)
    expect(count).toBe(1)
    expect(data).toEqual([{ qty: 3, note: 'patched' }])

    const nothing = await db.from('items').update({ qty: 4 }).eq('name', 'no-such-item').select()
    expect(nothing.data).toEqual([])
    const nothingRaw = await raw(h, '/items?name=eq.no-such-item', { method: 'PATCH', body: '{"qty":4}' })
    expect(nothingRaw.headers.get('content-range')).toBe('*/*')
  })

  it('deletes filtered rows, returning them with select()', async () => {
    const name = unique('delete')
    await db.from('items').insert([{ name }, { name }])
    const { data, status } = await db.from('items').delete().eq('name', name).select('name')
    expect(status).toBe(200)
    expect(data).toEqual([{ name }, { name }])
    expect(await itemsNamed(name)).toEqual([])
    const minimal = await raw(h, '/items?name=eq.nothing', { method: 'DELETE', headers: { prefer: 'count=exact' } })
    expect(minimal.status).toBe(204)
    expect(minimal.headers.get('content-range')).toBe('*/0')
  })

  it('refuses UPDATE and DELETE without a filter (400 21000), as pg-safeupdate on Supabase', async () => {
    const update = await db.from('items').update({ note: 'everything' })
    expect(update.status).toBe(400)
    expect(update.error).toEqual({ code: '21000', details: null, hint: null, message: 'UPDATE requires a WHERE clause' })
    const remove = await db.from('items').delete()
    expect(remove.error).toEqual({ code: '21000', details: null, hint: null, message: 'DELETE requires a WHERE clause' })
    const { count } = await service.from('items').select('*', { count: 'exact', head: true }).eq('note', 'everything')
    expect(count).toBe(0)
  })

  it('rolls back an update that affects more rows than maxAffected', async () => {
    const name = unique('max')
    await db.from('items').insert([{ name }, { name }])
    // What supabase-js's .maxAffected(1) sends (its types allow it only for PostgREST 13 schemas).
    const response = await raw(h, `/items?name=eq.${name}`, {
      method: 'PATCH',
      body: JSON.stringify({ note: 'changed' }),
      headers: { prefer: 'handling=strict, max-affected=1' },
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' })
    expect((await itemsNamed(name)).map((row) => row.note)).toEqual(['none', 'none'])
  })

  it('rejects unknown payload columns (PGRST204) and malformed JSON (PGRST102)', async () => {
    const unknown = await db.from('items').insert({ name: 'x', colour: 'red' })
    expect(unknown.status).toBe(400)
    expect(unknown.error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'colour' column of 'items' in the schema cache",
    })
    const update = await db.from('items').update({ colour: 'red' }).eq('id', 1)
    expect(update.error?.code).toBe('PGRST204')
    const malformed = await raw(h, '/items', { method: 'POST', body: '{"name": ' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' })
  })

  it('answers an empty PATCH with no rows and changes nothing', async () => {
    const name = unique('empty-patch')
    await db.from('items').insert({ name })
    const { data, error } = await db.from('items').update({}).eq('name', name).select('name')
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect(await itemsNamed(name)).toHaveLength(1)
  })

  it('limits an update with order and limit', async () => {
    const name = unique('limited')
    await db.from('items').insert([
      { name, qty: 1 },
      { name, qty: 2 },
      { name, qty: 3 },
    ])
    const response = await raw(h, `/items?name=eq.${name}&order=qty.desc&limit=1`, {
      method: 'PATCH',
      body: JSON.stringify({ note: 'top' }),
      headers: { prefer: 'return=representation' },
    })
    expect(response.body).toMatchObject([{ qty: 3, note: 'top' }])
  })
})
