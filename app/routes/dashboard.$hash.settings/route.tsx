import { parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/dashboard/cards.tsx'
import { ApplicationQuestionsLink } from '#app/components/dashboard/application-questions-link.tsx'
import { ShelterSettingsForm, type SettingsDefaults, type ZipCheck } from '#app/components/dashboard/settings-form.tsx'
import { shelterSettingsSchema } from '#app/models/shelter-settings-schema.ts'
import type { Tables } from '#app/types/database.ts'
import { updateShelterSettings } from '#app/models/shelter.server.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { lookupZip, zipMatchesPlace } from '#app/utils/zip.server.ts'
import { readForm } from '#app/utils/request.server.ts'

// The shelter's profile is for its owners and admins.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, headers, basePath } = await requireShelter(request, params, { minRole: 'admin' })
  return json({ defaultValue: settingsDefaults(profile), savedAt: profile.updated_at, basePath }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { minRole: 'admin' })
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: shelterSettingsSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers })

  const settings = submission.value
  // The ZIP code places the shelter on the map for distance searches.
  const place = settings.zip_code ? await lookupZip(settings.zip_code) : null
  if (settings.zip_code && !place) {
    return json(
      { result: submission.reply({ fieldErrors: { zip_code: ["We couldn't find this ZIP code. Please check it."] } }) },
      { status: 400, headers },
    )
  }

  // A ZIP code of another city would put the shelter there in distance searches: say where it
  // is and save it only once confirmed (or corrected). An address saved before is not asked again.
  const addressChanged =
    settings.zip_code !== (profile.zip_code ?? undefined) ||
    settings.city !== (profile.city ?? undefined) ||
    settings.state !== (profile.state ?? undefined)
  if (
    place &&
    addressChanged &&
    form.get('zip_confirmed') !== place.zip &&
    !(await zipMatchesPlace(place, settings.city, settings.state))
  ) {
    const zipCheck = { zip: place.zip, city: place.city, state: place.state }
    return json({ result: submission.reply(), zipCheck }, { status: 400, headers })
  }

  const saved = await updateShelterSettings(supabase, profile.id, settings, place).catch((error) => {
    logUnexpected(error)
    return null
  })
  if (!saved) {
    return json(
      { result: submission.reply({ formErrors: ["We couldn't save your changes. Please try again."] }) },
      { status: saved === null ? 500 : 404, headers },
    )
  }
  return redirectWithToast(`${basePath}/settings`, { type: 'success', description: 'Settings saved' }, { headers }, request)
}

export default function DashboardSettings() {
  const { defaultValue, savedAt, basePath } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="max-w-4xl">
      <PageHeader title="Settings" description="Your shelter's public profile: adopters see these details on your listings." />
      {/* A save starts the form afresh from what was stored (e.g. the phone number as we format it). */}
      <ShelterSettingsForm
        key={savedAt}
        defaultValue={defaultValue}
        lastResult={actionData?.result}
        zipCheck={actionData && 'zipCheck' in actionData ? (actionData.zipCheck as ZipCheck) : undefined}
      />
      <ApplicationQuestionsLink basePath={basePath} />
    </div>
  )
}

/** The form's starting values: the saved profile, with blanks for what is not set. */
function settingsDefaults(profile: Tables<'shelter_profiles'>): SettingsDefaults {
  return {
    shelter_name: profile.shelter_name,
    shelter_type: profile.shelter_type ?? '',
    description: profile.description ?? '',
    contact_email: profile.contact_email ?? '',
    phone: profile.phone ?? '',
    address: profile.address ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zip_code: profile.zip_code ?? '',
    website: profile.website ?? '',
    ein: profile.ein ?? '',
    capacity: profile.capacity === null ? '' : String(profile.capacity),
    response_days: String(profile.response_days),
  }
}

export const meta: MetaFunction = () => [{ title: 'Settings | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
