import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { dangerButtonClass } from '#app/components/dashboard/animal-delete-dialog.tsx'
import { Card, PageHeader, buttonClass } from '#app/components/dashboard/cards.tsx'
import { deleteAnimal, getShelterAnimal } from '#app/models/animal.server.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { invariantResponse } from '#app/utils/misc.ts'

// The delete confirmation without JavaScript (with it, a dialog asks the same and posts here).
// Deleting is for staff members and above.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const animal = await getShelterAnimal(supabase, profile.id, params.animalId ?? '')
  invariantResponse(animal, 'Animal not found', { status: 404, headers })
  return json({ basePath, animal: { id: animal.id, name: animal.name } }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const animal = await getShelterAnimal(supabase, profile.id, params.animalId ?? '')
  if (!animal) {
    return redirectWithToast(`${basePath}/animals`, { type: 'error', description: 'This animal was already deleted' }, { headers }, request)
  }
  const deleted = await deleteAnimal(supabase, animal).catch((error) => {
    logUnexpected(error)
    return false
  })
  return deleted
    ? redirectWithToast(`${basePath}/animals`, { type: 'success', description: `${animal.name} was deleted` }, { headers }, request)
    : redirectWithToast(
        `${basePath}/animals/${animal.id}`,
        { type: 'error', description: "We couldn't delete this animal. Please try again." },
        { headers },
        request,
      )
}

export default function DeleteAnimal() {
  const { basePath, animal } = useLoaderData<typeof loader>()
  const deleting = useNavigation().state === 'submitting'
  return (
    <div className="max-w-xl">
      <PageHeader title={`Delete ${animal.name}?`} />
      <Card>
        <p className="text-sm text-gray-700">
          The listing and its photos are removed for good. To keep the record, mark the animal as adopted or archive it instead.
        </p>
        <Form method="post" className="mt-6 flex justify-end gap-3">
          <Link to={`${basePath}/animals/${animal.id}`} className={buttonClass.secondary}>
            Cancel
          </Link>
          <button type="submit" className={dangerButtonClass} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete Animal'}
          </button>
        </Form>
      </Card>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Delete ${data?.animal.name ?? 'Animal'} | Shelter Dashboard | Pawhaven` },
]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
