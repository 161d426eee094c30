// The TypeScript types a client generates from our OpenAPI document with openapi-typescript, as
// a shelter's developer would (`npx openapi-typescript https://…/api/v1/openapi.json`), kept in
// tests/e2e/api/pawhaven-api.ts: the browser tests call the API through openapi-fetch with
// them, so a change to the document that breaks such a client fails typecheck or those tests.
// `npm run api:types` rewrites the file; under CI a stale file fails here. Fields with a default
// are optional in what a client sends: openapi-typescript's `defaultNonNullable: false`
// (`--default-non-nullable=false` on its command line) says so, as the document does.
import openapiTS, { astToString } from 'openapi-typescript'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '#app/api/openapi.ts'

const HEADER = `// Generated from /api/v1/openapi.json by openapi-typescript with --default-non-nullable=false (npm run api:types). Do not edit.\n`

describe('the types generated from the OpenAPI document', () => {
  it('are the ones the browser tests use', async () => {
    const document = structuredClone(openApiDocument()) as Parameters<typeof openapiTS>[0]
    const types = HEADER + astToString(await openapiTS(document, { defaultNonNullable: false }))
    await expect(types).toMatchFileSnapshot('../../tests/e2e/api/pawhaven-api.ts')
  })
})
