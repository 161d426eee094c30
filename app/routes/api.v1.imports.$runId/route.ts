// GET /api/v1/imports/{id}: a run of the key's API source, with its failed rows.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getApiRun } from '#app/api/animals.server.ts'
import { requireApiKey } from '#app/api/guard.server.ts'
import { answering, apiJson, methodNotAllowed, problem } from '#app/api/responses.server.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
  return answering(async () => {
    const caller = await requireApiKey(request, { write: false })
    const run = await getApiRun(caller, params.runId ?? '')
    return run ? apiJson(run) : problem(404, 'Your API source has no run by this id.', { type: 'not-found' })
  })
}

export function action({ request }: ActionFunctionArgs) {
  return answering(async () => {
    await requireApiKey(request, { write: false })
    return methodNotAllowed(['GET'])
  })
}
