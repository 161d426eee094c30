import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Card, PageHeader } from '#app/components/dashboard/cards.tsx'
import { getActivity } from '#app/models/team.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { formatDateTime } from '#app/utils/date-time.ts'
import { getReaderZone } from '#app/utils/reader-zone.server.ts'
import { describeActivity } from '#app/routes/dashboard.$hash.activity/describe.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, profile, supabase, headers } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const zone = await getReaderZone(request, { user, supabase })
  const entries = await getActivity(supabase, profile.id)
  return json(
    {
      entries: entries.map((entry) => ({
        id: entry.id,
        who: entry.actor_email,
        what: describeActivity(entry.action, entry.subject, (entry.details ?? {}) as Record<string, unknown>),
        at: entry.created_at,
        when: formatDateTime(entry.created_at, zone),
      })),
    },
    { headers },
  )
}

export default function DashboardActivity() {
  const { entries } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Activity"
        description="Who added, edited, changed, bonded or deleted which animal, what each sync brought, and who changed the settings or the team. The latest 100 changes."
      />
      <Card>
        {entries.length ? (
          <ol className="divide-y divide-gray-100">
            {entries.map((entry) => (
              <li key={entry.id} className="py-3 text-sm">
                <p className="text-gray-900">
                  <span className="font-medium">{entry.who}</span> {entry.what}
                </p>
                <p className="text-gray-600">
                  <time dateTime={entry.at}>{entry.when}</time>
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-gray-600">Nothing yet: changes to animals, settings and the team will show here.</p>
        )}
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Activity | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
