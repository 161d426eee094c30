// REST conformance, /rpc: argument passing (POST body, GET query, arrays, json, an unnamed
// json parameter, defaults), the result shapes (scalar, composite, SETOF, TABLE, void),
// filters and counts on set results, and the errors PostgREST gives.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Harness } from '#localbase/test/harness.ts'
import { expectErrorShape, raw, STARTUP_TIMEOUT_MS, startRestHarness, userClient } from '#localbase/test/fixtures/rest/helpers.ts'

let h: Harness
let db: SupabaseClient

beforeAll(async () => {
  h = await startRestHarness()
  db = h.anon()
}, STARTUP_TIMEOUT_MS)
afterAll(async () => {
  await h?.stop()
})

describe('arguments and result shapes', () => {
  it('returns a scalar as bare JSON, by POST and by GET', async () => {
    expect(await db.rpc('add_numbers', { a: 2, b: 3 })).toMatchObject({ data: 5, status: 200, error: null })
    expect((await db.rpc('add_numbers', { a: 2, b: 40 }, { get: true })).data).toBe(42)
    const response = await raw(h, '/rpc/add_numbers?a=1&b=2')
    expect(response.text).toBe('3')
    expect((await db.rpc('hello')).data).toBe('hello world')
    expect((await db.rpc('hello', { name: 'Ada' }, { get: true })).data).toBe('hello Ada')
  })

  it('passes array and json arguments', async () => {
    expect((await db.rpc('sum_array', { xs: [1, 2, 3] })).data).toBe(6)
    expect((await db.rpc('sum_array', { xs: [4, 5] }, { get: true })).data).toBe(9)
    const payload = { nested: { list: [1, 'two', null], flag: true } }
    expect((await db.rpc('echo_json', { payload })).data).toEqual(payload)
    expect((await db.rpc('echo_json', { payload: 'plain' })).data).toBe('plain')
    expect((await db.rpc('echo_json', { payload: 5 })).data).toBe(5)
    expect((await db.rpc('echo_json', { payload: null })).data).toBeNull()
    expect((await db.rpc('hello', { name: true })).data).toBe('hello true')
    expect((await db.rpc('hello', { name: { a: [1] } })).data).toBe('hello {"a":[1]}')
    // A single unnamed json parameter receives the whole body.
    expect((await db.rpc('raw_json', { inner: { deep: 1 } })).data).toEqual({ deep: 1 })
    const array = await raw(h, '/rpc/raw_json', { method: 'POST', body: '[{"inner": 1}]' })
    expect(array.body).toBeNull()
  })

  it('returns a composite as an object and SETOF / TABLE results as arrays', async () => {
    expect((await db.rpc('first_author').select('id, name')).data).toEqual({ id: 1, name: 'Ursula' })
    const { data: books } = await db.rpc('books_by', { author: 'Terry' }).select('title')
    expect(books).toEqual([{ title: 'Guards! Guards!' }, { title: 'Small Gods' }])
    const { data: stats } = await db.rpc('author_stats')
    expect(stats).toContainEqual({ author: 'Nobody', book_count: 0 })
    expect((await db.rpc('numbers', { n: 3 })).data).toEqual([1, 2, 3])
  })

  it('filters, orders, limits, counts and embeds set results like a table', async () => {
    const { data, count, status } = await db
      .rpc('books_by', { author: 'Ursula' }, { count: 'exact' })
      .select('title, author:authors(name)')
      .gt('pages', 200)
      .order('pages', { ascending: false })
      .limit(1)
    expect(status).toBe(206)
    expect(count).toBe(2)
    expect(data).toEqual([{ title: 'The Dispossessed', author: { name: 'Ursula' } }])
    const response = await raw(h, '/rpc/numbers?n=10&numbers=gte.4&order=numbers.desc&limit=2')
    expect(response.body).toEqual([10, 9])
    expect(response.headers.get('content-range')).toBe('0-1/*')
    const single = await db.rpc('books_by', { author: 'Octavia' }).select('title').single()
    expect(single.data).toEqual({ title: 'Kindred' })
    const notSingle = await db.rpc('books_by', { author: 'Terry' }).single()
    expect(notSingle.error?.code).toBe('PGRST116')
  })

  it('answers head requests with the count and no body', async () => {
    const viaHead = await db.rpc('books_by', { author: 'Ursula' }, { head: true, count: 'exact' })
    expect(viaHead).toMatchObject({ data: null, count: 3, status: 200, error: null })
    // Object arguments cannot travel in a query string: supabase-js POSTs with return=minimal.
    const viaPost = await db.rpc('echo_json', { payload: { a: 1 } }, { head: true })
    expect(viaPost).toMatchObject({ data: null, status: 200, error: null })
  })

  it('answers 204 for a void function, which may write', async () => {
    const message = `hello-${Date.now()}`
    const result = await db.rpc('log_message', { message })
    expect(result.status).toBe(204)
    expect(result.data).toBeNull()
    expect(result.error).toBeNull()
    const { data } = await h.service().from('inbox').select('message').eq('message', message)
    expect(data).toEqual([{ message }])
  })

  it('runs a stable void function, whose result nobody reads', async () => {
    expect((await db.rpc('check_positive', { n: 1 })).status).toBe(204)
    expect((await db.rpc('check_positive', { n: 0 })).error).toMatchObject({ code: '22023', message: 'not positive' })
  })

  it('runs as the caller', async () => {
    expect((await db.rpc('whoami')).data).toBe('anon')
    const { client, userId } = await userClient(h)
    expect((await client.rpc('whoami')).data).toBe(userId)
  })
})

describe('errors', () => {
  it('answers 404 PGRST202 for an unknown function or argument set', async () => {
    const unknown = await db.rpc('no_such_function', { a: 1 })
    expect(unknown.status).toBe(404)
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_function(a) in the schema cache',
    })
    expectErrorShape(unknown.error)
    const wrongArgs = await db.rpc('add_numbers', { a: 1, c: 2 })
    expect(wrongArgs.status).toBe(404)
    expect(wrongArgs.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add_numbers(a, c) in the schema cache',
    })
    const missing = await db.rpc('add_numbers', { a: 1 })
    expect(missing.error?.code).toBe('PGRST202')
  })

  it('maps raise exception to 400 P0001 with its hint, and rolls back the call', async () => {
    const { error, status } = await db.rpc('fail_with', { msg: 'no luck' })
    expect(status).toBe(400)
    expect(error).toEqual({ code: 'P0001', details: null, hint: 'try again', message: 'no luck' })
    const name = `never-${Date.now()}`
    expect((await db.rpc('add_item_then_fail', { item_name: name })).error?.message).toBe('rolled back')
    const { data } = await h.service().from('items').select('id').eq('name', name)
    expect(data).toEqual([])
  })

  it('answers a raised SQLSTATE with PostgREST’s status: PTnnn is nnn, P0001 400, other P0 codes 500', async () => {
    const cases: [state: string, status: number][] = [
      ['PT404', 404],
      ['PT409', 409],
      ['PT429', 429],
      ['PT4X4', 500],
      ['P0001', 400],
      ['P0002', 500],
      ['55000', 500],
      ['54000', 500],
      ['53400', 500],
      ['53300', 503],
      ['57P01', 503],
      ['21000', 500],
      ['22023', 400],
    ]
    for (const [state, status] of cases) {
      const answer = await db.rpc('raise_with', { state, msg: `refused with ${state}` })
      expect({ state, status: answer.status, error: answer.error }).toEqual({
        state,
        status,
        error: { code: state, message: `refused with ${state}`, details: null, hint: null },
      })
    }
  })

  it('answers raise sqlstate PGRST with the error and status the function words, or PGRST121', async () => {
    const worded = await raw(h, '/rpc/raise_with', {
      method: 'POST',
      body: JSON.stringify({
        state: 'PGRST',
        msg: JSON.stringify({ code: '123', message: 'Payment Required', details: 'Quota exceeded', hint: 'Upgrade your plan' }),
        detail: JSON.stringify({ status: 402, headers: { 'X-Powered-By': 'Nerd Rage' } }),
      }),
    })
    expect(worded.status).toBe(402)
    expect(worded.headers.get('x-powered-by')).toBe('Nerd Rage')
    expect(worded.body).toEqual({ code: '123', message: 'Payment Required', details: 'Quota exceeded', hint: 'Upgrade your plan' })
    const garbled = await raw(h, '/rpc/raise_with', { method: 'POST', body: JSON.stringify({ state: 'PGRST', msg: 'not json' }) })
    expect(garbled.status).toBe(500)
    expect(garbled.body.code).toBe('PGRST121')
  })

  it('refuses writes through GET (405 25006) and methods other than GET/POST (405)', async () => {
    const { error, status } = await db.rpc('log_message', { message: 'by get' }, { get: true })
    expect(status).toBe(405)
    expect(error?.code).toBe('25006')
    const patch = await raw(h, '/rpc/add_numbers', { method: 'PATCH', body: '{}' })
    expect(patch.status).toBe(405)
    expect(patch.body.code).toBe('PGRST101')
  })

  it('maps a missing EXECUTE grant to 401 for anon and passes for users with it', async () => {
    const anon = await db.rpc('secret_value')
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
    const { client } = await userClient(h)
    expect((await client.rpc('secret_value')).data).toBe('classified')
  })

  it('rejects a body that is not a JSON object', async () => {
    const response = await raw(h, '/rpc/add_numbers', { method: 'POST', body: 'not json' })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('PGRST102')
  })
})
