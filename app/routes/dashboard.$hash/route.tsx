import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, Outlet, isRouteErrorResponse, useLoaderData, useMatches, useNavigation, useRouteError } from '@remix-run/react'
import { z } from 'zod'
import { HoldingPage, type VettingStatus } from '#app/components/dashboard/holding-page.tsx'
import { DashboardSidebar, SidebarToggle, useSidebarState } from '#app/components/dashboard/sidebar.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { getDashboardBadges } from '#app/models/application.server.ts'
import { bypassVetting, vettingBypassEnabled } from '#app/models/shelter.server.ts'
import { getVettingRequest, type VettingRequest } from '#app/models/vetting.server.ts'
import { requireShelter, sidebarCookie, sidebarOpen } from '#app/utils/dashboard.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { formatDate } from '#app/utils/date-time.ts'
import { formatMeetingTime } from '#app/utils/meeting-times.ts'
import { getReaderZone } from '#app/utils/reader-zone.server.ts'
import { VETTING_STATUSES, hasMemberRole, isOneOf } from '#app/utils/vocabulary.ts'
import { combineHeaders, invariantResponse, safeRedirect } from '#app/utils/misc.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readForm } from '#app/utils/request.server.ts'

export const handle: RouteHandle = { chrome: 'app' }

/** The pages a shelter waiting for vetting may open besides the holding page. */
const HOLDING_PAGES = ['routes/dashboard.$hash.settings', 'routes/dashboard.$hash.vetting', 'routes/dashboard.$hash.team']

/** The layout's own buttons: the sidebar toggle without JavaScript, and the vetting bypass. */
const DashboardIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('toggle-sidebar'), redirectTo: z.string().optional() }),
  z.object({ intent: z.literal('bypass-vetting') }),
])

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, profile, role, supabase, headers, basePath } = await requireShelter(request, params)
  const env = getEnv()
  const zone = await getReaderZone(request, { user, supabase })
  const holding = profile.meeting_completed
    ? null
    : {
        createdOn: formatDate(profile.created_at, zone),
        contactEmail: profile.contact_email || user.email || '',
        // The deployment switch and the database's own setting must both allow it, for an owner or admin.
        bypassEnabled: hasMemberRole(role, 'admin') && env.VETTING_BYPASS_ENABLED && (await vettingBypassEnabled(supabase)),
        supportEmail: env.SUPPORT_EMAIL,
        supportPhone: env.SUPPORT_PHONE,
        vetting: vettingStatus(await getVettingRequest(supabase, profile.id)),
        // Owners and admins ask for the meeting; the rest of the team sees where it stands.
        canRequestMeeting: hasMemberRole(role, 'admin'),
      }
  // The Messages and Applications tabs' counts, for those who read them.
  const counts = !holding && hasMemberRole(role, 'staff') ? await getDashboardBadges(supabase) : null
  const badges = {
    '/messages': { count: counts?.unread_messages ?? 0, label: 'unread' },
    '/applications': { count: counts?.new_applications ?? 0, label: 'new' },
  }
  return json(
    {
      basePath,
      shelterName: profile.shelter_name,
      sidebarOpen: sidebarOpen(request),
      holding,
      role,
      badges,
      // Staff took the shelter's listings off the site: every page of the dashboard says so.
      suspension: profile.suspended_at
        ? { since: formatDate(profile.suspended_at, zone), reason: profile.suspension_reason ?? '', supportEmail: env.SUPPORT_EMAIL }
        : null,
    },
    { headers: combineHeaders(headers, { 'Cache-Control': 'private, no-store' }) },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { role, supabase, headers, basePath } = await requireShelter(request, params)
  const submission = DashboardIntentSchema.safeParse(Object.fromEntries(await readForm(request)))
  invariantResponse(submission.success, 'Unknown dashboard action', { status: 400, headers })
  const intent = submission.data

  if (intent.intent === 'toggle-sidebar') {
    // The toggle's no-JavaScript path: flip the cookie and go back to the page it came from.
    const cookie = sidebarCookie(!sidebarOpen(request))
    return redirect(safeRedirect(intent.redirectTo, basePath), { headers: combineHeaders(headers, { 'Set-Cookie': cookie }) })
  }
  let description = 'Meeting requirement bypassed'
  try {
    if (!getEnv().VETTING_BYPASS_ENABLED || !hasMemberRole(role, 'admin')) description = 'Error bypassing meeting requirement'
    else if (!(await bypassVetting(supabase))) description = 'Error bypassing meeting requirement'
  } catch {
    description = 'An unexpected error occurred'
  }
  const type = description === 'Meeting requirement bypassed' ? 'success' : 'error'
  return redirectWithToast(basePath, { type, description }, { headers }, request)
}

/** Where the meeting request stands, in the words and times the holding page shows. */
function vettingStatus(request: VettingRequest | null): VettingStatus | null {
  if (!request || !isOneOf(VETTING_STATUSES, request.status)) return null
  return {
    status: request.status,
    preferredTimes: request.preferred_times.map((time) => formatMeetingTime(time, request.time_zone)),
    meetingAt: request.meeting_at ? formatMeetingTime(request.meeting_at, request.time_zone) : null,
    meetingDetails: request.meeting_details,
    staffMessage: request.staff_message,
  }
}

// Every dashboard page is personal: never cached by a browser or a proxy.
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'private, no-store',
})

export default function DashboardLayout() {
  const { basePath, shelterName, sidebarOpen: initialOpen, holding, role, badges, suspension } = useLoaderData<typeof loader>()
  const sidebar = useSidebarState(initialOpen)
  const loading = useNavigation().state === 'loading'
  // While it waits for its vetting meeting, a shelter can already fill in its profile and ask
  // for its meeting.
  const onHoldingPage = useMatches().some((match) => HOLDING_PAGES.includes(match.id))
  if (holding && onHoldingPage) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8 pb-24">
        <Link to={basePath} className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
          Back to your vetting status
        </Link>
        <div className="mt-4">
          <Outlet />
        </div>
      </div>
    )
  }
  if (holding) return <HoldingPage basePath={basePath} data={holding} />
  return (
    <div className="flex min-h-[calc(100vh-4rem)] bg-gray-50">
      <DashboardSidebar basePath={basePath} open={sidebar.open} role={role} badges={badges} />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-14 items-center gap-3 border-b border-gray-200 bg-white px-4">
          <SidebarToggle basePath={basePath} open={sidebar.open} onToggle={sidebar.toggle} />
          <span className="h-5 w-px bg-gray-200" aria-hidden="true" />
          <p className="truncate text-sm font-medium text-gray-700">
            {shelterName} <span className="text-gray-500">· Shelter Dashboard</span>
          </p>
          {loading ? (
            <span role="status" className="ml-auto flex items-center gap-2 text-sm text-gray-600">
              <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-gray-300 border-t-brand-700" />
              Loading...
            </span>
          ) : null}
        </div>
        <div className="flex-1 p-4 pb-24 sm:p-6 sm:pb-24">
          {suspension ? <SuspensionNotice shelterName={shelterName} {...suspension} /> : null}
          <Outlet />
        </div>
      </div>
    </div>
  )
}

/** What a suspended shelter must know on every page: its animals are off the site, why, and whom to ask. */
function SuspensionNotice({
  shelterName,
  since,
  reason,
  supportEmail,
}: {
  shelterName: string
  since: string
  reason: string
  supportEmail: string
}) {
  return (
    <section aria-labelledby="suspension-heading" className="mb-6 rounded-xl border border-red-300 bg-red-50 p-5 text-sm text-red-900">
      <h2 id="suspension-heading" className="text-base font-bold">
        {shelterName} is suspended
      </h2>
      <p className="mt-2">
        Since {since}, none of your animals appear on Pawhaven: not in search, not on your shelter page, and their pages are not found.
      </p>
      {reason ? <p className="mt-2">Reason given by the Pawhaven team: {reason}</p> : null}
      <p className="mt-2">
        To ask about it or to have your listings restored, write to{' '}
        <a href={`mailto:${supportEmail}`} className="font-semibold underline">
          {supportEmail}
        </a>
        .
      </p>
    </section>
  )
}

export const meta: MetaFunction = () => [{ title: 'Shelter Dashboard | Pawhaven' }, { name: 'robots', content: 'noindex' }]

export function ErrorBoundary() {
  const error = useRouteError()
  // requireShelter's profile errors carry the spec's message; anything else gets the general screen.
  if (isRouteErrorResponse(error) && typeof error.data?.message === 'string') {
    return <DashboardError message={error.data.message} notFound={error.status === 404} />
  }
  return <GeneralErrorBoundary />
}

function DashboardError({ message, notFound }: { message: string; notFound: boolean }) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{message}</h1>
      <p className="mt-4 max-w-xl text-gray-700">
        {notFound
          ? 'The dashboard is for shelter and rescue accounts, and this account has no shelter profile. If you signed up as a shelter, please contact support.'
          : 'We could not load your dashboard just now. Please try again in a moment.'}
      </p>
      <Link to="/" className="mt-6 font-medium text-brand-700 underline hover:text-brand-800">
        Return to Home
      </Link>
    </section>
  )
}
