// GET /api/v1/animals: a page of the animals the key's API source holds (archived ones too).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { listApiAnimals } from '#app/api/animals.server.ts'
import { requireApiKey } from '#app/api/guard.server.ts'
import { answering, apiJson, methodNotAllowed, validationProblem } from '#app/api/responses.server.ts'
import { pageQuerySchema } from '#app/api/schemas.ts'

export function loader({ request }: LoaderFunctionArgs) {
  return answering(async () => {
    const caller = await requireApiKey(request, { write: false })
    const url = new URL(request.url)
    const query = pageQuerySchema.safeParse(Object.fromEntries(url.searchParams))
    if (!query.success) return validationProblem(query.error, 'The query')
    const { page, per_page: perPage } = query.data
    const { animals, total } = await listApiAnimals(caller, { page, perPage })
    const next = page * perPage < total ? `/api/v1/animals?page=${page + 1}&per_page=${perPage}` : null
    return apiJson({ animals, page, per_page: perPage, total, next })
  })
}

export function action({ request }: ActionFunctionArgs) {
  return answering(async () => {
    await requireApiKey(request, { write: false })
    return methodNotAllowed(['GET'])
  })
}
