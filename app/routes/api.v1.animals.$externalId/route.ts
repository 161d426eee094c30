// One animal of the key's API source, by its external id: GET it, PUT it (add or replace),
// PATCH its status, DELETE it (archived). Writes take a read-write key and honour Idempotency-Key.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { archiveApiAnimal, getApiAnimal, putApiAnimal, setApiAnimalStatus } from '#app/api/animals.server.ts'
import { readBody, readJson, requireApiKey, type ApiCaller } from '#app/api/guard.server.ts'
import { idempotent } from '#app/api/idempotency.server.ts'
import { MAX_JSON_BYTES } from '#app/api/limits.ts'
import { answering, apiJson, methodNotAllowed, problem, validationProblem } from '#app/api/responses.server.ts'
import { statusPatchSchema } from '#app/api/schemas.ts'
import { pushAnimalSchema } from '#app/sync/pawhaven-json-schema.ts'

const notFound = () => problem(404, 'Your API source has no animal by this external id.', { type: 'not-found' })

async function currentAnimal(caller: ApiCaller, externalId: string, status = 200): Promise<Response> {
  const animal = await getApiAnimal(caller, externalId)
  return animal ? apiJson(animal, { status }) : notFound()
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return answering(async () => {
    const caller = await requireApiKey(request, { write: false })
    return currentAnimal(caller, params.externalId ?? '')
  })
}

export function action({ request, params }: ActionFunctionArgs) {
  return answering(async () => {
    const caller = await requireApiKey(request, { write: true })
    const externalId = params.externalId ?? ''
    switch (request.method) {
      case 'PUT': {
        const { bytes, value } = await readJson(request, MAX_JSON_BYTES)
        return idempotent(request, caller, bytes, async () => {
          // The id is the path's; a body may leave it out, but may not name another.
          const body = value && typeof value === 'object' && !Array.isArray(value) ? { external_id: externalId, ...value } : value
          const parsed = pushAnimalSchema.safeParse(body)
          if (!parsed.success) return validationProblem(parsed.error, 'The animal')
          if (parsed.data.external_id !== externalId.trim()) {
            return problem(422, 'The body’s external_id is not the one in the URL.', {
              type: 'validation',
              errors: [{ field: 'external_id', message: 'Not the one in the URL' }],
            })
          }
          const { outcome } = await putApiAnimal(caller, parsed.data)
          return currentAnimal(caller, parsed.data.external_id, outcome === 'added' ? 201 : 200)
        })
      }
      case 'PATCH': {
        const { bytes, value } = await readJson(request, MAX_JSON_BYTES)
        return idempotent(request, caller, bytes, async () => {
          const parsed = statusPatchSchema.safeParse(value)
          if (!parsed.success) return validationProblem(parsed.error, 'The change')
          if (!(await setApiAnimalStatus(caller, externalId, parsed.data.status))) return notFound()
          return currentAnimal(caller, externalId)
        })
      }
      case 'DELETE': {
        const bytes = await readBody(request, MAX_JSON_BYTES)
        return idempotent(request, caller, bytes, async () => {
          if (!(await archiveApiAnimal(caller, externalId))) return notFound()
          return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
        })
      }
      default:
        return methodNotAllowed(['GET', 'PUT', 'PATCH', 'DELETE'])
    }
  })
}
