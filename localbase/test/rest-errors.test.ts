// REST conformance, failures: PostgREST's error codes and statuses (wire doc 3.3), JWT and
// schema-header errors, SQL-injection attempts through every part of a request, and the
// schema cache noticing tables created after start.
import type { SupabaseClient } from '@supabase/supabase-js'
import { signJwt } from '#localbase/src/jwt.ts'
import type { Harness } from '#localbase/test/harness.ts'
import { expectErrorShape, raw, STARTUP_TIMEOUT_MS, startRestHarness, userToken } from '#localbase/test/fixtures/rest/helpers.ts'

let h: Harness
let db: SupabaseClient

beforeAll(async () => {
  h = await startRestHarness()
  db = h.anon()
}, STARTUP_TIMEOUT_MS)
afterAll(async () => {
  await h?.stop()
})

const enc = encodeURIComponent

describe('error codes', () => {
  it('answers 404 PGRST205 for an unknown table', async () => {
    const { error, status } = await db.from('unicorns').select()
    expect(status).toBe(404)
    expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.unicorns' in the schema cache" })
    expectErrorShape(error)
  })

  it('answers 400 PGRST100 for malformed syntax', async () => {
    const cases = [
      '/authors?select=id,,name',
      '/authors?select=name,books(title',
      '/authors?id=1',
      '/authors?id=foo.1',
      '/authors?id=in.1,2',
      '/authors?bio=is.maybe',
      '/authors?order=id.sideways',
      `/authors?or=${enc('(id.eq.1')}`,
      `/authors?or=${enc('id.eq.1')}`,
      '/authors?limit=ten',
      `/authors?tags=cs(any).${enc('{a}')}`,
    ]
    for (const path of cases) {
      const response = await raw(h, path)
      expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 400, code: 'PGRST100' })
      expectErrorShape(response.body)
      expect(response.body.message).toMatch(/^"failed to parse /)
    }
  })

  it('answers 400 42703 for unknown columns in select, filters and order', async () => {
    for (const path of ['/authors?select=nope', '/authors?nope=eq.1', '/authors?order=nope', `/authors?or=${enc('(nope.eq.1)')}`]) {
      const response = await raw(h, path)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ code: '42703', details: null, hint: null, message: 'column authors.nope does not exist' })
    }
  })

  it('answers 406 PGRST106 for a schema that is not exposed', async () => {
    const { error, status } = await db.schema('private').from('authors').select()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: private' })
    const write = await raw(h, '/items', { method: 'POST', body: '{"name":"x"}', headers: { 'content-profile': 'auth' } })
    expect(write.status).toBe(406)
    expect(write.body.code).toBe('PGRST106')
  })

  it('answers 401 PGRST301 for a bad token and PGRST303 for an expired one', async () => {
    const forged = await signJwt({ role: 'service_role' }, 'a-different-secret-that-is-long-enough-1234')
    const bad = await raw(h, '/authors', { token: forged })
    expect(bad.status).toBe(401)
    expect(bad.body.code).toBe('PGRST301')
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    const garbage = await raw(h, '/authors', { token: 'not.a-jwt' })
    expect(garbage.body).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2' })

    const expired = await signJwt(
      { sub: crypto.randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 120 },
      h.lb.config.jwtSecret,
    )
    const response = await raw(h, '/authors', { token: expired })
    expect(response.status).toBe(401)
    expect(response.body).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' })
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT expired"')
  })

  it('answers 406 PGRST107 for an unsupported Accept and 405 for PUT', async () => {
    const accept = await raw(h, '/authors', { headers: { accept: 'application/xml' } })
    expect(accept.status).toBe(406)
    expect(accept.body.code).toBe('PGRST107')
    const put = await raw(h, '/authors?id=eq.1', { method: 'PUT', body: '{"id":1,"name":"x"}' })
    expect(put.status).toBe(405)
  })

  it('answers 400 PGRST200 for a missing relationship and 404 PGRST202 for a missing function', async () => {
    const rel = await raw(h, '/books?select=title,reviewers(name)')
    expect(rel.status).toBe(400)
    expect(rel.body.code).toBe('PGRST200')
    const fn = await raw(h, '/rpc/nothing_here', { method: 'POST', body: '{}' })
    expect(fn.status).toBe(404)
    expect(fn.body).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nothing_here without parameters in the schema cache',
    })
  })
})

describe('SQL injection attempts', () => {
  async function authorsIntact() {
    const { count, error } = await h.service().from('authors').select('*', { count: 'exact', head: true })
    expect(error).toBeNull()
    expect(count).toBe(4)
  }

  it('cannot inject through select, casts, JSON paths, embeds or order', async () => {
    const attempts: [string, number][] = [
      [`/authors?select=${enc('id,name;drop table authors')}`, 400],
      [`/authors?select=${enc('"name""; drop table authors; --"')}`, 400],
      [`/authors?select=${enc('id::text);drop table authors;--')}`, 400],
      [`/authors?select=${enc('id::pg_sleep')}`, 400],
      [`/authors?select=${enc("meta->>x';drop table authors;--")}`, 400],
      [`/authors?select=${enc("meta->>x';delete;--")}`, 200],
      [`/authors?select=${enc('name,books!fk;drop table authors(title)')}`, 400],
      [`/authors?order=${enc('id;drop table authors')}`, 400],
      [`/authors?order=${enc("meta->>x'); drop table authors; --")}`, 400],
      [`/${enc('authors;drop table authors')}`, 404],
      [`/${enc('authors"')}`, 404],
      [`/rpc/${enc('add_numbers(1,2);drop table authors;--')}`, 404],
    ]
    for (const [path, status] of attempts) {
      expect({ path, status: (await raw(h, path)).status }).toEqual({ path, status })
    }
    await authorsIntact()
  })

  it('binds filter values as parameters', async () => {
    const values = [
      `eq.${enc("x' or '1'='1")}`,
      `eq.${enc("x'); drop table authors; --")}`,
      `in.(${enc('"x\') or true --",1')})`,
      `like.${enc("%' or 1=1 --")}`,
      `fts(${enc('"english\'); drop table authors; --"')}).x`,
    ]
    for (const value of values) {
      const response = await raw(h, `/authors?name=${value}`)
      expect(response.status === 200 ? response.body : []).toEqual([])
    }
    const { data } = await db.from('authors').select('name').or(`name.eq.${'"x\\",name.neq.\\"y"'}`)
    expect(data).toEqual([])
    await authorsIntact()
  })

  it('validates payload keys, columns, on_conflict and rpc argument names', async () => {
    const insert = await raw(h, '/items', {
      method: 'POST',
      body: JSON.stringify({ name: 'x', 'qty) values (1); drop table authors; --': 1 }),
    })
    expect(insert.body.code).toBe('PGRST204')
    const columns = await raw(h, `/items?columns=${enc('name);drop table authors;--')}`, { method: 'POST', body: '[{"name":"x"}]' })
    expect(columns.body.code).toBe('PGRST100')
    const conflict = await raw(h, `/items?on_conflict=${enc('sku) do nothing; drop table authors; --')}`, {
      method: 'POST',
      body: '{"name":"x"}',
      headers: { prefer: 'resolution=merge-duplicates' },
    })
    expect(conflict.body.code).toBe('PGRST100')
    const rpc = await raw(h, '/rpc/add_numbers', {
      method: 'POST',
      body: JSON.stringify({ a: 1, b: 2, 'a := 1); drop table authors; --': 3 }),
    })
    expect(rpc.body.code).toBe('PGRST202')
    const rpcGet = await raw(h, `/rpc/add_numbers?a=1&b=${enc('2); drop table authors; --')}`)
    expect(rpcGet.status).toBe(400)
    expect(rpcGet.body.code).toBe('22P02')
    const updated = await raw(h, `/items?id=eq.${enc('1 or 1=1')}`, { method: 'PATCH', body: '{"note":"x"}' })
    expect(updated.body.code).toBe('22P02')
    await authorsIntact()
  })
})

describe('schema cache', () => {
  it('picks up a table announced with NOTIFY pgrst', async () => {
    expect((await raw(h, '/authors?limit=1')).status).toBe(200)
    await h.lb.db.exec(`create table announced (id int primary key); notify pgrst, 'reload schema'`)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const response = await raw(h, '/announced')
    expect(response.status).toBe(200)
    expect(response.body).toEqual([])
  })

  it('reloads on a miss once the cache is a second old', async () => {
    await h.lb.db.exec(`create table unannounced (id int primary key, label text)`)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const { data, error } = await db.from('unannounced').insert({ id: 1, label: 'late' }).select()
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 1, label: 'late' }])
  })

  it('accepts a user token for reads', async () => {
    const response = await raw(h, '/authors?select=id&limit=1', { token: await userToken(h, crypto.randomUUID()) })
    expect(response.status).toBe(200)
  })
})
