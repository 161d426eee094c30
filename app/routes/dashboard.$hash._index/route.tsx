import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Card, CardTitle, StatCard, buttonClass } from '#app/components/dashboard/cards.tsx'
import { formatCapacity, formatLocation, formatShelterType, memberSinceYear } from '#app/utils/shelter-format.ts'
import { BellIcon, ChartIcon, ClipboardIcon, EyeIcon, GearIcon, HeartIcon, PawIcon, PlusIcon } from '#app/components/dashboard/icons.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { countShelterAnimals } from '#app/models/animal.server.ts'
import { getProfileViews } from '#app/models/analytics.server.ts'
import { getApplicationCounts } from '#app/models/application.server.ts'
import { requestFeatureNotice, wantsFeatureNotice } from '#app/models/shelter.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { PERIOD_DAYS } from '#app/utils/analytics.ts'
import { hasMemberRole } from '#app/utils/vocabulary.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, role, supabase, headers, basePath } = await requireShelter(request, params)
  // A shelter still waiting for vetting sees the holding page, not these figures.
  const [counts, applications, profileViews] = profile.meeting_completed
    ? await Promise.all([countShelterAnimals(supabase, profile.id), getApplicationCounts(supabase), getProfileViews(supabase)])
    : [null, null, null]
  const notifyRequested = profile.meeting_completed ? await wantsFeatureNotice(supabase, 'full_dashboard') : false
  return json(
    {
      basePath,
      role,
      notifyRequested,
      stats: {
        'Active Listings': counts?.active ?? 0,
        'Pending Applications': applications?.pending ?? 0,
        'Successful Adoptions': counts?.adopted ?? 0,
        'Profile Views': profileViews ?? 0,
      } as Record<string, number>,
      greetingName: profile.shelter_name || 'Shelter Admin',
      location: formatLocation(profile),
      memberSince: memberSinceYear(profile.created_at),
      organization: profile.shelter_name || 'Not set',
      type: formatShelterType(profile.shelter_type),
      capacity: formatCapacity(profile.capacity),
    },
    { headers },
  )
}

/** 'Get Notified': recorded once per account, said with a toast, and the button says so after. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true })
  const form = await readForm(request)
  if (form.get('intent') !== 'notify-full-dashboard') throw new Response('Unknown dashboard action', { status: 400, headers })
  await requestFeatureNotice(supabase, 'full_dashboard')
  return redirectWithToast(
    basePath,
    { type: 'success', description: "You're on the list: we'll email you as the full dashboard arrives." },
    { headers },
    request,
  )
}

// Live counts: listings (available + pending), applications waiting for a decision (new or in
// review), adopted animals, and views of the shelter's public page (the view beacon's, decision 036).
const STATS = [
  { label: 'Active Listings', Icon: PawIcon },
  { label: 'Pending Applications', Icon: ClipboardIcon },
  { label: 'Successful Adoptions', Icon: HeartIcon },
  { label: 'Profile Views', Icon: EyeIcon, note: `Your shelter page, last ${PERIOD_DAYS} days` },
]

export default function DashboardOverview() {
  const data = useLoaderData<typeof loader>()
  // Each quick action leads to its tab, for the roles that may use it (docs/teams.md).
  const quickActions = [
    { label: 'Add New Animal', to: `${data.basePath}/animals/new`, Icon: PlusIcon, minRole: 'staff' as const },
    { label: 'Review Applications', to: `${data.basePath}/applications`, Icon: ClipboardIcon, minRole: 'staff' as const },
    { label: 'Shelter Settings', to: `${data.basePath}/settings`, Icon: GearIcon, minRole: 'admin' as const },
    { label: 'View Analytics', to: `${data.basePath}/analytics`, Icon: ChartIcon, minRole: 'volunteer' as const },
  ].filter(({ minRole }) => hasMemberRole(data.role, minRole))
  const canEditProfile = hasMemberRole(data.role, 'admin')

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Welcome back, {data.greetingName}!</h1>
          <p className="mt-1 text-sm text-gray-600">{data.location}</p>
        </div>
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">Member since {data.memberSince}</span>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATS.map(({ label, Icon, note }) => (
          <StatCard key={label} label={label} value={(data.stats[label] ?? 0).toLocaleString('en-US')} note={note} icon={<Icon />} />
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardTitle>Quick Actions</CardTitle>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            {quickActions.map(({ label, to, Icon }) => (
              <Link key={label} to={to} className={`${buttonClass.secondary} justify-start`}>
                <Icon className="h-4 w-4" />
                {label}
              </Link>
            ))}
          </div>
        </Card>

        <Card>
          <CardTitle>Shelter Profile</CardTitle>
          <dl className="mt-4 flex flex-col gap-3 text-sm">
            <ProfileRow label="Organization" value={data.organization} />
            <ProfileRow label="Type" value={data.type} />
            <ProfileRow label="Capacity" value={data.capacity} />
          </dl>
          {canEditProfile ? (
            <Link to={`${data.basePath}/settings`} className={`${buttonClass.secondary} mt-4 w-full`}>
              Edit Profile
            </Link>
          ) : null}
        </Card>
      </div>

      <Card className="border-brand-200 bg-brand-50">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <CardTitle>Full Dashboard Coming Soon</CardTitle>
            <p className="mt-1 max-w-2xl text-sm text-gray-700">
              Your animals, applications, messages, sync and analytics are ready in the menu. We're building more for shelters and rescues:
              we'll let you know as each new tool arrives.
            </p>
          </div>
          <NotifyButton requested={data.notifyRequested} />
        </div>
      </Card>
    </div>
  )
}

function NotifyButton({ requested }: { requested: boolean }) {
  const submitting = useIsSubmitting()
  if (requested) {
    return (
      <p role="status" className="inline-flex items-center gap-2 text-sm font-semibold text-brand-800">
        <BellIcon className="h-4 w-4" />
        You'll be notified
      </p>
    )
  }
  return (
    <Form method="post">
      <button type="submit" name="intent" value="notify-full-dashboard" disabled={submitting} className={buttonClass.primary}>
        <BellIcon className="h-4 w-4" />
        Get Notified
      </button>
    </Form>
  )
}

function ProfileRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right font-medium text-gray-900">{value}</dd>
    </div>
  )
}

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
