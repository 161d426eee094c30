// The push API through a client generated from our OpenAPI document, as a shelter's developer
// would make one: openapi-typescript's types (tests/e2e/api/pawhaven-api.ts, kept equal to the
// document by app/api/client-types.test.ts) and openapi-fetch. Every call below is typed by the
// document: a renamed field or path fails typecheck before it fails here.
import createApiClient from 'openapi-fetch'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { apiKey, bearer } from '#tests/e2e/api/keys.ts'
import type { components, paths } from '#tests/e2e/api/pawhaven-api.ts'

type ImportRun = components['schemas']['ImportRun']

test('a generated client adds, reads, changes and archives an animal, and sends a snapshot it follows to the end', async ({
  baseURL,
  shelter,
}) => {
  const api = createApiClient<paths>({ baseUrl: baseURL, headers: bearer(await apiKey(shelter)) })
  const token = `gen${Date.now().toString(36)}`
  const juniper: components['schemas']['Animal'] = {
    external_id: 'G1',
    name: `${token} Juniper`,
    type: 'dog',
    primary_breed: 'Beagle',
    age_group: 'adult',
    sex: 'female',
    size: 'medium',
    status: 'available',
    photos: [],
  }

  const put = await api.PUT('/api/v1/animals/{externalId}', { params: { path: { externalId: 'G1' } }, body: juniper })
  expect(put.response.status).toBe(201)
  expect(put.data).toMatchObject({ external_id: 'G1', name: `${token} Juniper`, listed: true })

  const read = await api.GET('/api/v1/animals/{externalId}', { params: { path: { externalId: 'G1' } } })
  expect(read.data?.url).toMatch(/^\/animals\/[0-9a-f-]{36}$/)

  const patched = await api.PATCH('/api/v1/animals/{externalId}', { params: { path: { externalId: 'G1' } }, body: { status: 'pending' } })
  expect(patched.data).toMatchObject({ status: 'pending' })

  // A refusal comes back as the document's problem details, typed as such.
  const refused = await api.PUT('/api/v1/animals/{externalId}', {
    params: { path: { externalId: 'G2' } },
    body: { ...juniper, external_id: 'G2', name: '' },
  })
  expect(refused.response.status).toBe(422)
  expect(refused.error).toMatchObject({ status: 422, errors: [expect.objectContaining({ field: 'name' })] })

  const page = await api.GET('/api/v1/animals', { params: { query: { per_page: 10 } } })
  expect(page.data?.animals.map((animal) => animal.external_id)).toEqual(['G1'])

  const archived = await api.DELETE('/api/v1/animals/{externalId}', { params: { path: { externalId: 'G1' } } })
  expect(archived.response.status).toBe(204)

  // A whole snapshot: answered queued, then followed through its URL as the document says.
  const posted = await api.POST('/api/v1/imports', {
    body: { animals: [{ ...juniper, external_id: 'G3', name: `${token} Basil` }] },
  })
  expect(posted.response.status).toBe(202)
  expect(posted.data?.status).toBe('queued')
  let run: ImportRun | undefined = posted.data
  await expect
    .poll(
      async () => {
        run = (await api.GET('/api/v1/imports/{id}', { params: { path: { id: posted.data!.id } } })).data
        return run?.status
      },
      { timeout: 30_000 },
    )
    .toBe('succeeded')
  // The snapshot named only G3: G1, already archived, is not counted again.
  expect(run).toMatchObject({ added: 1, failed: 0, rows_read: 1, errors: [] })
})
