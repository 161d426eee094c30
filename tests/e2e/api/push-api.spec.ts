// The push API over HTTP, against the running app: keys (401 / 403), validation (422), size
// (413), the limit per key (429), PUT visible at once on the animal's page and in search,
// PATCH and DELETE, a whole snapshot (202 and its run), Idempotency-Key replays; every answer
// checked against the OpenAPI document the app serves.
import type { APIRequestContext } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { apiKey, bearer } from '#tests/e2e/api/keys.ts'
import { loadContract } from '#tests/e2e/api/openapi-contract.ts'

const ANIMALS = '/api/v1/animals'

function animal(token: string, externalId: string, fields: Record<string, unknown> = {}) {
  return {
    external_id: externalId,
    name: `${token} ${externalId}`,
    type: 'dog',
    primary_breed: 'Beagle',
    age_group: 'adult',
    sex: 'female',
    size: 'medium',
    description: `Pushed by ${token}.`,
    photos: [],
    ...fields,
  }
}

test.describe('the push API', () => {
  let expectDocumented: Awaited<ReturnType<typeof loadContract>>
  test.beforeEach(async ({ request }) => {
    expectDocumented ??= await loadContract(request)
  })

  test('keys: none, wrong or revoked is 401 with WWW-Authenticate; a read key writing is 403', async ({ request, shelter }) => {
    const none = await request.get(ANIMALS)
    expect(none.status()).toBe(401)
    expect(none.headers()['www-authenticate']).toMatch(/^Bearer realm="Pawhaven API"/)
    expect(none.headers()['content-type']).toBe('application/problem+json')
    await expectDocumented(none, 'get', ANIMALS)
    const wrong = await request.get(ANIMALS, { headers: bearer('phk_not-a-key') })
    expect(wrong.status()).toBe(401)
    expect(wrong.headers()['www-authenticate']).toContain('error="invalid_token"')
    await expectDocumented(wrong, 'get', ANIMALS)

    const readKey = await apiKey(shelter, 'read')
    const read = await request.get(ANIMALS, { headers: bearer(readKey) })
    expect(read.status()).toBe(200)
    await expectDocumented(read, 'get', ANIMALS)
    const write = await request.put(`${ANIMALS}/R1`, { headers: bearer(readKey), data: animal('x', 'R1') })
    expect(write.status()).toBe(403)
    expect(await write.json()).toMatchObject({ status: 403, title: 'Forbidden' })
    await expectDocumented(write, 'put', `${ANIMALS}/{externalId}`)

    // A revoked key stops at once.
    const admin = createClient(process.env.E2E_SUPABASE_URL ?? '', process.env.E2E_SERVICE_ROLE_KEY ?? '', {
      auth: { persistSession: false },
    })
    await admin.from('api_keys').update({ revoked_at: new Date().toISOString() }).eq('prefix', readKey.slice(0, 12))
    expect((await request.get(ANIMALS, { headers: bearer(readKey) })).status()).toBe(401)
  })

  test('a write sent by another site’s page in a browser is a 403 in problem details, and changes nothing', async ({
    request,
    shelter,
  }) => {
    const key = await apiKey(shelter)
    const crossSite = await request.put(`${ANIMALS}/X1`, {
      headers: { ...bearer(key), Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      data: animal('cross', 'X1'),
    })
    expect(crossSite.status()).toBe(403)
    expect(crossSite.headers()['content-type']).toContain('application/problem+json')
    expect(await crossSite.json()).toMatchObject({ type: '/developers/api#cross-site', title: 'Forbidden', status: 403 })
    await expectDocumented(crossSite, 'put', `${ANIMALS}/{externalId}`)
    // The same key from a server (no browser headers) works; the refused write did nothing.
    expect((await request.get(`${ANIMALS}/X1`, { headers: bearer(key) })).status()).toBe(404)
  })

  test('PUT adds an animal that shows at once on its page and in search; again is unchanged; PATCH and DELETE', async ({
    request,
    shelter,
  }) => {
    const key = await apiKey(shelter)
    const token = `api${Date.now().toString(36)}`
    const put = await request.put(`${ANIMALS}/P1`, { headers: bearer(key), data: animal(token, 'P1') })
    expect(put.status()).toBe(201)
    await expectDocumented(put, 'put', `${ANIMALS}/{externalId}`)
    const created = await put.json()
    expect(created).toMatchObject({
      external_id: 'P1',
      name: `${token} P1`,
      status: 'available',
      listed: true,
      url: `/animals/${created.id}`,
    })

    const page = await request.get(created.url)
    expect(page.status()).toBe(200)
    expect(await page.text()).toContain(`Pushed by ${token}.`)
    expect(await (await request.get(`/search?q=${token}`)).text()).toContain(`${token} P1`)

    const again = await request.put(`${ANIMALS}/P1`, { headers: bearer(key), data: animal(token, 'P1') })
    expect(again.status()).toBe(200)
    expect((await again.json()).updated_at).toBe(created.updated_at)
    // The URL names the animal: a body naming another is refused.
    const mismatch = await request.put(`${ANIMALS}/P1`, { headers: bearer(key), data: animal(token, 'P2') })
    expect(mismatch.status()).toBe(422)
    await expectDocumented(mismatch, 'put', `${ANIMALS}/{externalId}`)

    const got = await request.get(`${ANIMALS}/P1`, { headers: bearer(key) })
    await expectDocumented(got, 'get', `${ANIMALS}/{externalId}`)
    // Care answers left out are not known (null), and an explicit null is taken as such.
    expect(await got.json()).toMatchObject({ house_trained: null, spayed_neutered: null, vaccinations_current: null, special_needs: null })
    const listed = await request.get(`${ANIMALS}?per_page=1`, { headers: bearer(key) })
    await expectDocumented(listed, 'get', ANIMALS)
    expect(await listed.json()).toMatchObject({ total: 1, page: 1, per_page: 1, next: null })
    const careSaid = await request.put(`${ANIMALS}/P3`, {
      headers: bearer(key),
      data: animal(token, 'P3', { house_trained: false, special_needs: null }),
    })
    expect(careSaid.status()).toBe(201)
    expect(await careSaid.json()).toMatchObject({ house_trained: false, special_needs: null })

    const patched = await request.patch(`${ANIMALS}/P1`, { headers: bearer(key), data: { status: 'pending' } })
    expect(patched.status()).toBe(200)
    await expectDocumented(patched, 'patch', `${ANIMALS}/{externalId}`)
    expect(await patched.json()).toMatchObject({ status: 'pending', listed: true })
    const badPatch = await request.patch(`${ANIMALS}/P1`, { headers: bearer(key), data: { status: 'archived', name: 'x' } })
    expect(badPatch.status()).toBe(422)
    await expectDocumented(badPatch, 'patch', `${ANIMALS}/{externalId}`)

    const deleted = await request.delete(`${ANIMALS}/P1`, { headers: bearer(key) })
    expect(deleted.status()).toBe(204)
    await expectDocumented(deleted, 'delete', `${ANIMALS}/{externalId}`)
    // Archived: gone from its page (410) and from search.
    expect((await request.get(created.url)).status()).toBe(410)
    expect(await (await request.get(`/search?q=${token}`)).text()).not.toContain(`${token} P1`)
    expect(await (await request.get(`${ANIMALS}/P1`, { headers: bearer(key) })).json()).toMatchObject({ status: 'archived', listed: false })
    const missing = await request.delete(`${ANIMALS}/NOPE`, { headers: bearer(key) })
    expect(missing.status()).toBe(404)
    await expectDocumented(missing, 'delete', `${ANIMALS}/{externalId}`)
  })

  test('a body that fails validation is a 422 naming each field; not JSON is a 400; too large a 413', async ({ request, shelter }) => {
    const key = await apiKey(shelter)
    const invalid = await request.put(`${ANIMALS}/V1`, {
      headers: bearer(key),
      data: { name: '', type: 'dragon', age_group: 'adult', photos: ['not a url'] },
    })
    expect(invalid.status()).toBe(422)
    await expectDocumented(invalid, 'put', `${ANIMALS}/{externalId}`)
    const problem = await invalid.json()
    expect([...new Set(problem.errors.map((error: { field: string }) => error.field))].sort()).toEqual(['name', 'photos.0', 'type'])

    const notJson = await request.put(`${ANIMALS}/V1`, {
      headers: { ...bearer(key), 'Content-Type': 'application/json' },
      data: Buffer.from('{"name":'),
    })
    expect(notJson.status()).toBe(400)
    await expectDocumented(notJson, 'put', `${ANIMALS}/{externalId}`)

    const huge = await request.put(`${ANIMALS}/V1`, {
      headers: bearer(key),
      data: animal('big', 'V1', { description: 'x'.repeat(1_200_000) }),
    })
    expect(huge.status()).toBe(413)
    await expectDocumented(huge, 'put', `${ANIMALS}/{externalId}`)
    // A snapshot file over 50 MB.
    const hugeFile = await request.post('/api/v1/imports?format=petfinder', {
      headers: { ...bearer(key), 'Content-Type': 'text/csv' },
      data: Buffer.alloc(50 * 1024 * 1024 + 1, 'a'),
    })
    expect(hugeFile.status()).toBe(413)
    await expectDocumented(hugeFile, 'post', '/api/v1/imports')
  })

  test('a NUL in a text field is a 422 naming it, on PUT and PATCH, and nothing is written', async ({ request, shelter }) => {
    const key = await apiKey(shelter)
    for (const field of ['name', 'primary_breed', 'description', 'special_needs_notes']) {
      const put = await request.put(`${ANIMALS}/N1`, { headers: bearer(key), data: animal('nul', 'N1', { [field]: 'Rex\u0000' }) })
      expect(put.status(), field).toBe(422)
      await expectDocumented(put, 'put', `${ANIMALS}/{externalId}`)
      expect((await put.json()).errors, field).toEqual([expect.objectContaining({ field })])
    }
    expect((await request.get(`${ANIMALS}/N1`, { headers: bearer(key) })).status()).toBe(404)
    const patch = await request.patch(`${ANIMALS}/N1`, { headers: bearer(key), data: { status: 'adopted\u0000' } })
    expect(patch.status()).toBe(422)
    expect((await patch.json()).errors).toEqual([expect.objectContaining({ field: 'status' })])
  })

  test('POST /imports queues a whole snapshot: 202 with the run at once, which GET reads as the worker applies it', async ({
    request,
    shelter,
  }) => {
    const key = await apiKey(shelter)
    /** The run once the worker is done with it, read through the API as a client polls it. */
    const finished = async (location: string) => {
      let run: { status: string } = { status: 'queued' }
      await expect
        .poll(
          async () => {
            const read = await request.get(location, { headers: bearer(key) })
            await expectDocumented(read, 'get', '/api/v1/imports/{id}')
            run = await read.json()
            return run.status
          },
          { timeout: 30_000 },
        )
        .not.toMatch(/^(queued|receiving|running)$/)
      return run
    }
    const token = `snap${Date.now().toString(36)}`
    const posted = await request.post('/api/v1/imports', {
      headers: bearer(key),
      data: { animals: [animal(token, 'S1'), animal(token, 'S2'), { external_id: 'S3', name: 'Broken' }] },
    })
    expect(posted.status()).toBe(202)
    await expectDocumented(posted, 'post', '/api/v1/imports')
    const run = await posted.json()
    expect(posted.headers()['location']).toBe(`/api/v1/imports/${run.id}`)
    // Answered before anything is read: the web server only stores the file.
    expect(run).toMatchObject({ status: 'queued', format: 'pawhaven-json', added: 0, rows_read: null })

    const done = await finished(posted.headers()['location']!)
    expect(done).toMatchObject({ status: 'succeeded', added: 2, failed: 1, rows_read: 3, rows_applied: 2 })
    expect((done as unknown as { errors: unknown }).errors).toEqual([
      { line: 3, external_id: 'S3', reason: expect.stringContaining('type') },
    ])
    expect(await (await request.get(`/search?q=${token}`)).text()).toContain(`${token} S2`)

    // A file as the shelter's software exports it, with ?format=.
    const csv = await request.post('/api/v1/imports?format=petfinder', {
      headers: { ...bearer(key), 'Content-Type': 'text/csv' },
      data: 'not,a,petfinder,file\n1,2,3,4',
    })
    expect(csv.status()).toBe(202)
    await expectDocumented(csv, 'post', '/api/v1/imports')
    const csvRun = await csv.json()
    expect(csvRun).toMatchObject({ status: 'queued', format: 'petfinder' })
    expect(await finished(`/api/v1/imports/${csvRun.id}`)).toMatchObject({ status: 'failed', added: 0 })

    const empty = await request.post('/api/v1/imports', {
      headers: { ...bearer(key), 'Content-Type': 'application/json' },
      data: Buffer.alloc(0),
    })
    expect(empty.status()).toBe(422)
    await expectDocumented(empty, 'post', '/api/v1/imports')
    const badFormat = await request.post('/api/v1/imports?format=xls', { headers: bearer(key), data: {} })
    expect(badFormat.status()).toBe(422)
  })

  test('Idempotency-Key: the same write is answered once and replayed; the key with another body is a 422', async ({
    request,
    shelter,
  }) => {
    const key = await apiKey(shelter)
    const token = `idem${Date.now().toString(36)}`
    const headers = { ...bearer(key), 'Idempotency-Key': `${token}-1` }
    const first = await request.post('/api/v1/imports', { headers, data: { animals: [animal(token, 'I1')] } })
    expect(first.status()).toBe(202)
    const replayed = await request.post('/api/v1/imports', { headers, data: { animals: [animal(token, 'I1')] } })
    expect(replayed.status()).toBe(202)
    expect(replayed.headers()['idempotent-replayed']).toBe('true')
    expect(replayed.headers()['location']).toBe(first.headers()['location'])
    expect(await replayed.json()).toEqual(await first.json())
    await expectDocumented(replayed, 'post', '/api/v1/imports')

    const reused = await request.post('/api/v1/imports', { headers, data: { animals: [animal(token, 'I2')] } })
    expect(reused.status()).toBe(422)
    await expectDocumented(reused, 'post', '/api/v1/imports')
    expect(await reused.json()).toMatchObject({ type: '/developers/api#idempotency-key-reused' })
  })

  test('more than 120 requests a minute with one key is a 429 with Retry-After', async ({ request, shelter }) => {
    const key = await apiKey(shelter)
    const statuses: number[] = []
    let limited: Awaited<ReturnType<APIRequestContext['get']>> | undefined
    for (let batch = 0; batch < 7 && !limited; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => request.get(`${ANIMALS}?per_page=1`, { headers: bearer(key) })))
      statuses.push(...answers.map((answer) => answer.status()))
      limited = answers.find((answer) => answer.status() === 429)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(120)
    expect(limited).toBeTruthy()
    expect(Number(limited!.headers()['retry-after'])).toBeGreaterThan(0)
    await expectDocumented(limited!, 'get', ANIMALS)
  })
})
