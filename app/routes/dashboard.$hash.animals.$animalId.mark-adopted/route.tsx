import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ConfirmAdoptedForm, MarkAdoptedExplanation } from '#app/components/dashboard/animal-status.tsx'
import { Card, PageHeader, buttonClass } from '#app/components/dashboard/cards.tsx'
import { getShelterAnimal } from '#app/models/animal.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { invariantResponse, safeRedirect } from '#app/utils/misc.ts'

// 'Mark as adopted' confirmed without JavaScript (with it, a dialog asks the same). Confirming
// posts to the animal's route, whose action changes the status and goes back to `redirectTo`.
// Changing a status is for staff members and above.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const animal = await getShelterAnimal(supabase, profile.id, params.animalId ?? '')
  invariantResponse(animal, 'Animal not found', { status: 404, headers })
  const animalPath = `${basePath}/animals/${animal.id}`
  return json(
    {
      animal: { name: animal.name, status: animal.status },
      animalPath,
      // The list (with its filters) or the edit page: where the shelter came from.
      redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo'), animalPath),
    },
    { headers },
  )
}

export default function MarkAdopted() {
  const { animal, animalPath, redirectTo } = useLoaderData<typeof loader>()
  if (animal.status === 'adopted') {
    return (
      <div className="max-w-xl">
        <PageHeader title={`${animal.name} is adopted`} />
        <Card>
          <p className="text-sm text-gray-700">{animal.name} is already marked as adopted.</p>
          <Link to={redirectTo} className={`${buttonClass.secondary} mt-6`}>
            Back
          </Link>
        </Card>
      </div>
    )
  }
  return (
    <div className="max-w-xl">
      <PageHeader title={`Mark ${animal.name} as adopted?`} />
      <Card>
        <p className="text-sm text-gray-700">
          <MarkAdoptedExplanation name={animal.name} />
        </p>
        <ConfirmAdoptedForm
          animalPath={animalPath}
          redirectTo={redirectTo}
          cancel={
            <Link to={redirectTo} className={buttonClass.secondary}>
              Cancel
            </Link>
          }
        />
      </Card>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Mark ${data?.animal.name ?? 'Animal'} as adopted | Shelter Dashboard | Pawhaven` },
]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
