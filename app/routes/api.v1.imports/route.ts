// POST /api/v1/imports: a whole snapshot of the key's API source, in our JSON or (with
// ?format=) a file as the shelter's software exports it. It is stored and answered at once,
// 202 with the queued run and its URL; the worker reads and applies it as it does an upload.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getApiRun, queueApiSnapshot } from '#app/api/animals.server.ts'
import { readBody, requireApiKey } from '#app/api/guard.server.ts'
import { idempotent } from '#app/api/idempotency.server.ts'
import { MAX_IMPORT_BYTES } from '#app/api/limits.ts'
import { answering, apiJson, methodNotAllowed, problem, validationProblem } from '#app/api/responses.server.ts'
import { importQuerySchema } from '#app/api/schemas.ts'

export function loader({ request }: LoaderFunctionArgs) {
  return answering(async () => {
    await requireApiKey(request, { write: false })
    return methodNotAllowed(['POST'])
  })
}

export function action({ request }: ActionFunctionArgs) {
  return answering(async () => {
    const caller = await requireApiKey(request, { write: true })
    if (request.method !== 'POST') return methodNotAllowed(['POST'])
    const query = importQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
    if (!query.success) return validationProblem(query.error, 'The query')
    const bytes = await readBody(request, MAX_IMPORT_BYTES)
    return idempotent(request, caller, bytes, async () => {
      // An empty body is more likely a client's mistake than the "remove all" an empty file means.
      if (bytes.byteLength === 0) {
        return problem(422, 'The body is empty. Send the snapshot; to take all your animals down, send {"animals": []}.', {
          type: 'empty-body',
        })
      }
      const run = await queueApiSnapshot(caller, query.data.format, bytes)
      const location = `/api/v1/imports/${run.id}`
      return apiJson(await getApiRun(caller, run.id), { status: 202, headers: { Location: location } })
    })
  })
}
