// The push API's OpenAPI 3.1 document, generated from the zod schemas the routes validate with
// (app/api/schemas.ts, app/sync/pawhaven-json-schema.ts) by @asteasolutions/zod-to-openapi
// (docs/decisions/032-push-api.md). Served at /api/v1/openapi.json and rendered at /developers/api.
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { animalsFileSchema, pushAnimalSchema } from '#app/sync/pawhaven-json-schema.ts'
import { REQUESTS_PER_MINUTE } from '#app/api/limits.ts'
import {
  animalPageSchema,
  apiAnimalSchema,
  importQuerySchema,
  importRunSchema,
  pageQuerySchema,
  problemSchema,
  statusPatchSchema,
} from '#app/api/schemas.ts'

// Adds .openapi() to zod's schemas, which the registry uses to name them.
extendZodWithOpenApi(z)

function buildDocument() {
  const registry = new OpenAPIRegistry()
  const bearer = registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key made in the dashboard (Sync → API keys), sent as `Authorization: Bearer <key>`. A read key reads; a read-write key also changes.',
  })
  const Animal = registry.register('Animal', pushAnimalSchema)
  const StoredAnimal = registry.register('StoredAnimal', apiAnimalSchema)
  const Problem = registry.register('Problem', problemSchema)
  const ImportRun = registry.register('ImportRun', importRunSchema)
  const security = [{ [bearer.name]: [] }]
  const externalId = z.object({
    externalId: z.string().min(1).max(200).describe("The animal's id in your software (its external_id)."),
  })
  const idempotencyKey = z.object({
    'Idempotency-Key': z
      .string()
      .max(255)
      .optional()
      .describe(
        'Any unique string (a UUID): the same write sent again with it within 24 hours is answered as the first time, not done twice. Reusing it for another request is a 422.',
      ),
  })
  const problem = (description: string): ResponseConfig => ({ description, content: { 'application/problem+json': { schema: Problem } } })
  const json = (description: string, schema: z.ZodTypeAny): ResponseConfig => ({ description, content: { 'application/json': { schema } } })
  const errors = {
    401: problem('No key, or a wrong or revoked one (with WWW-Authenticate).'),
    429: problem(`More than ${REQUESTS_PER_MINUTE} requests in a minute with this key (with Retry-After).`),
  }
  const writeErrors = {
    ...errors,
    403: problem('A read key tried to write.'),
    409: problem('A request with this Idempotency-Key is still in progress.'),
    413: problem('The body is too large.'),
    422: problem('The body failed validation (each field named in errors), or the Idempotency-Key was used for another request.'),
  }

  registry.registerPath({
    method: 'get',
    path: '/api/v1/animals',
    summary: 'List the animals of your API source',
    security,
    request: { query: pageQuerySchema },
    responses: { 200: json('A page of animals.', animalPageSchema), 400: problem('A bad page or per_page.'), ...errors },
  })
  registry.registerPath({
    method: 'get',
    path: '/api/v1/animals/{externalId}',
    summary: 'Read one animal',
    security,
    request: { params: externalId },
    responses: { 200: json('The animal.', StoredAnimal), 404: problem('Your API source has no animal by this id.'), ...errors },
  })
  registry.registerPath({
    method: 'put',
    path: '/api/v1/animals/{externalId}',
    summary: 'Add or replace one animal',
    description:
      'The whole animal, as in a snapshot; its external_id must be the one in the path (or left out). Visible on its public page and in search at once. Nothing else changes.',
    security,
    request: { params: externalId, headers: idempotencyKey, body: { required: true, content: { 'application/json': { schema: Animal } } } },
    responses: {
      200: json('Updated (or unchanged).', StoredAnimal),
      201: json('Added.', StoredAnimal),
      400: problem('The body is not JSON.'),
      ...writeErrors,
    },
  })
  registry.registerPath({
    method: 'patch',
    path: '/api/v1/animals/{externalId}',
    summary: "Change an animal's status",
    security,
    request: {
      params: externalId,
      headers: idempotencyKey,
      body: { required: true, content: { 'application/json': { schema: statusPatchSchema } } },
    },
    responses: {
      200: json('The animal.', StoredAnimal),
      400: problem('The body is not JSON.'),
      404: problem('No such animal.'),
      ...writeErrors,
    },
  })
  registry.registerPath({
    method: 'delete',
    path: '/api/v1/animals/{externalId}',
    summary: 'Take an animal down',
    description: 'The animal leaves every public page; Pawhaven keeps it, archived. A later PUT lists it again.',
    security,
    request: { params: externalId, headers: idempotencyKey },
    responses: { 204: { description: 'Archived.' }, 404: problem('No such animal.'), ...writeErrors },
  })
  registry.registerPath({
    method: 'post',
    path: '/api/v1/imports',
    summary: 'Send a whole snapshot',
    description:
      'Every adoptable animal of your API source, through the same import as the dashboard: animals left out are archived; {"animals": []} (or a header-only CSV) removes them all; a snapshot that would remove more than half waits for a person. The body is our JSON (animalsFile) or, with ?format=, a file as your software exports it (with ?format=asm3-json, the JSON list ShelterManager ASM3’s json_adoptable_animals answers), up to 50 MB. It is stored and answered at once with the queued run; the run is read and applied in the background: GET its URL until its status is no longer queued, receiving or running.',
    security,
    request: {
      query: importQuerySchema,
      headers: idempotencyKey,
      body: {
        required: true,
        content: {
          'application/json': { schema: animalsFileSchema },
          'text/csv': { schema: z.string().describe('A Petfinder, Adopt-a-Pet or RescueGroups file, with ?format=.') },
        },
      },
    },
    responses: {
      202: {
        ...json('The run, queued, with its URL in Location.', ImportRun),
        headers: { Location: { description: 'The run: GET it for its progress and outcome.', schema: { type: 'string' } } },
      },
      ...writeErrors,
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/api/v1/imports/{id}',
    summary: 'Read an import run',
    security,
    request: { params: z.object({ id: z.string().uuid() }) },
    responses: { 200: json('The run.', ImportRun), 404: problem('No such run of your API source.'), ...errors },
  })

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Pawhaven push API',
      version: '1.0.0',
      description:
        'Keep your listings on Pawhaven current from your own software: add, change and take down animals one at a time, or send a whole snapshot. Every response is JSON; errors are problem details (RFC 9457).',
    },
    servers: [{ url: '/' }],
  })
}

export type OpenApiDocument = ReturnType<typeof buildDocument>

/**
 * The generator writes a nullable enum as `type: [..., 'null']` with an `enum` that lacks null,
 * which JSON Schema reads as "never null": null joins the enum, as the zod schema allows it.
 */
function allowNullInNullableEnums(node: unknown): void {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) return node.forEach(allowNullInNullableEnums)
  const schema = node as { type?: unknown; enum?: unknown[] }
  if (Array.isArray(schema.type) && schema.type.includes('null') && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null]
  }
  Object.values(node).forEach(allowNullInNullableEnums)
}

let document: OpenApiDocument | undefined
/** The document (built once: it depends on nothing but the schemas). */
export function openApiDocument(): OpenApiDocument {
  if (!document) {
    document = buildDocument()
    allowNullInNullableEnums(document)
  }
  return document
}
