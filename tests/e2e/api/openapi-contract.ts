// Checks an answer of the push API against the OpenAPI document the app serves: the status is
// one the operation documents, the content type is the documented one, and the body validates
// against the documented schema (JSON Schema 2020-12, as OpenAPI 3.1 uses). Also what every API
// answer carries: no cookie, no caching.
import type { APIRequestContext, APIResponse } from '@playwright/test'
import Ajv2020 from 'ajv/dist/2020.js'
import { expect } from '#tests/e2e/fixtures.ts'

type Media = { schema?: Record<string, unknown> }
type Operation = { responses: Record<string, { content?: Record<string, Media> }> }
type Document = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> }

export async function loadContract(request: APIRequestContext) {
  const response = await request.get('/api/v1/openapi.json')
  expect(response.status()).toBe(200)
  const document = (await response.json()) as Document
  expect(document).toMatchObject({ openapi: '3.1.0' })
  // OpenAPI's own keywords (example, discriminator…) are not JSON Schema's: not strict.
  const ajv = new Ajv2020({ strict: false, allErrors: true })

  /** Asserts `response` is what the document says `method path` answers with its status. */
  return async function expectDocumented(response: APIResponse, method: string, path: string) {
    const headers = response.headers()
    expect(headers['set-cookie'], 'an API answer sets no cookie').toBeUndefined()
    expect(headers['cache-control']).toBe('no-store')
    const operation = document.paths[path]?.[method.toLowerCase()]
    expect(operation, `${method} ${path} is documented`).toBeTruthy()
    const documented = operation!.responses[String(response.status())]
    expect(documented, `${method} ${path} documents ${response.status()} (${await response.text()})`).toBeTruthy()
    if (!documented!.content) {
      expect(await response.text()).toBe('')
      return
    }
    const type = (headers['content-type'] ?? '').split(';')[0]!.trim()
    const media = documented!.content[type]
    expect(media, `${method} ${path} ${response.status()} documents ${type}`).toBeTruthy()
    const validate = ajv.compile({ ...media!.schema, components: document.components })
    const body = await response.json()
    expect(validate(body) ? [] : validate.errors, `${method} ${path} ${response.status()} body matches the document`).toEqual([])
  }
}
