import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react'
import { AnimalForm } from '#app/components/dashboard/animal-form.tsx'
import { postWithProgress } from '#app/utils/upload-progress.ts'
import { AnimalLocationNotice } from '#app/components/dashboard/animal-location-notice.tsx'
import { BackToAnimals, PageHeader } from '#app/components/dashboard/cards.tsx'
import { addPhotos, createAnimal, readAnimalForm, shelterIsLocated } from '#app/models/animal.server.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// Adding animals is for staff members and above.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  return json({ basePath, located: shelterIsLocated(profile) }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const { submission, photoErrors, processed } = await readAnimalForm(supabase, request)
  if (!shelterIsLocated(profile)) {
    const result = submission.reply({ formErrors: ['Set your ZIP code in Settings before adding animals.'] })
    return json({ result, photoErrors }, { status: 400, headers })
  }
  if (submission.status !== 'success' || photoErrors.length) {
    return json({ result: submission.reply(), photoErrors }, { status: 400, headers })
  }

  const animal = submission.value
  let animalId: string
  try {
    animalId = await createAnimal(supabase, profile.id, animal)
  } catch (error) {
    logUnexpected(error)
    return json(
      { result: submission.reply({ formErrors: ["We couldn't add this animal. Please try again."] }), photoErrors },
      { status: 500, headers },
    )
  }
  try {
    await addPhotos(supabase, { shelterId: profile.id, animalId, animalName: animal.name }, processed)
  } catch (error) {
    logUnexpected(error)
    return redirectWithToast(
      `${basePath}/animals/${animalId}`,
      { type: 'error', description: `${animal.name} was added, but the photos could not be saved. Please add them again.` },
      { headers },
      request,
    )
  }
  return redirectWithToast(`${basePath}/animals`, { type: 'success', description: `${animal.name} was added` }, { headers }, request)
}

// With JavaScript the form goes up with a progress bar; the server's action answers it as ever.
export function clientAction({ request }: ClientActionFunctionArgs) {
  return postWithProgress(request, 'routes/dashboard.$hash.animals.new')
}

export default function NewAnimal() {
  const { basePath, located } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="max-w-5xl">
      <BackToAnimals basePath={basePath} />
      <PageHeader title="Add Animal" description="Everything adopters will see on the listing. Only the name, type and age are required." />
      {located ? (
        <AnimalForm
          id="animal-form"
          defaultValue={{ type: 'dog', status: 'available', age_group: 'adult', sex: 'unknown', size: 'medium' }}
          lastResult={actionData?.result}
          photoErrors={actionData?.photoErrors}
          submitLabel="Add Animal"
        />
      ) : (
        <AnimalLocationNotice settingsPath={`${basePath}/settings`} />
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Add Animal | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
