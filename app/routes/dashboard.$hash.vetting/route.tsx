import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/dashboard/cards.tsx'
import { VettingRequestForm, type VettingDefaults } from '#app/components/dashboard/vetting-form.tsx'
import { vettingRequestSchema } from '#app/models/vetting-schema.ts'
import { getVettingRequest, refusal, requestVettingMeeting, type VettingRequest } from '#app/models/vetting.server.ts'
import type { Tables } from '#app/types/database.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { instantToZonedTime, timeZoneOfState } from '#app/utils/meeting-times.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readForm } from '#app/utils/request.server.ts'

/** A request can be sent or corrected until staff schedule the meeting (or ask a question). */
const OPEN_STATUSES: Array<VettingRequest['status'] | undefined> = [undefined, 'requested', 'information_requested']

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { minRole: 'admin' })
  if (profile.meeting_completed) throw redirect(basePath, { headers })
  const vetting = await getVettingRequest(supabase, profile.id)
  if (!OPEN_STATUSES.includes(vetting?.status)) throw redirect(basePath, { headers })
  const timeZone = vetting?.time_zone ?? timeZoneOfState(profile.state)
  return json(
    {
      defaultValue: vettingDefaults(profile, vetting),
      minTime: instantToZonedTime(new Date(), timeZone),
      staffMessage: vetting?.status === 'information_requested' ? vetting.staff_message : null,
      correcting: vetting?.status === 'requested',
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { minRole: 'admin' })
  if (profile.meeting_completed) throw redirect(basePath, { headers })
  const submission = parseWithZod(await readForm(request), { schema: vettingRequestSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers })

  const { error } = await requestVettingMeeting(supabase, submission.value)
  if (error) {
    const message = refusal(error)
    if (!message) logUnexpected(error)
    return json(
      { result: submission.reply({ formErrors: [message ?? "We couldn't send your request. Please try again."] }) },
      { status: message ? 400 : 500, headers },
    )
  }
  return redirectWithToast(basePath, { type: 'success', description: 'Meeting requested' }, { headers }, request)
}

export default function VettingRequestRoute() {
  const { defaultValue, minTime, staffMessage, correcting } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="max-w-4xl">
      <PageHeader
        title={correcting ? 'Change your meeting request' : 'Schedule your vetting meeting'}
        description="A short video or phone call with our team: we get to know your organization, and you get full access to the dashboard."
      />
      {staffMessage ? (
        <div className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">Our team asked for more information:</p>
          <p className="mt-1 whitespace-pre-line">{staffMessage}</p>
        </div>
      ) : null}
      <VettingRequestForm defaultValue={defaultValue} lastResult={actionData?.result} minTime={minTime} />
    </div>
  )
}

/** The last request's answers, or what the profile already says. */
function vettingDefaults(profile: Tables<'shelter_profiles'>, vetting: VettingRequest | null): VettingDefaults {
  // A name given at sign-up (or in Settings) is offered; the placeholder name is not.
  const organizationName = profile.shelter_name === 'New Shelter' ? '' : profile.shelter_name
  if (!vetting) {
    return {
      organization_name: organizationName,
      organization_type: profile.shelter_type ?? '',
      website: profile.website ?? '',
      phone: profile.phone ?? '',
      time_zone: timeZoneOfState(profile.state),
    }
  }
  const [first, second, third] = vetting.preferred_times.map((instant) => instantToZonedTime(instant, vetting.time_zone))
  return {
    organization_name: organizationName,
    organization_type: vetting.organization_type,
    ein: vetting.ein ?? '',
    website: vetting.website,
    vet_name: vetting.vet_name,
    vet_clinic: vetting.vet_clinic,
    vet_phone: vetting.vet_phone,
    phone: vetting.phone,
    time_zone: vetting.time_zone,
    preferred_time_1: first ?? '',
    preferred_time_2: second ?? '',
    preferred_time_3: third ?? '',
  }
}

export const meta: MetaFunction = () => [{ title: 'Schedule your vetting meeting | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
