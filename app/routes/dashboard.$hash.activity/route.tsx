import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Card, PageHeader } from '~/components/dashboard/cards'
import { getActivity } from '~/models/team.server'
import { requireShelter } from '~/utils/dashboard.server'
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, STATUS_LABELS, ANIMAL_STATUSES, isOneOf } from '~/utils/vocabulary'

const roleName = (role: unknown) => (isOneOf(MEMBER_ROLES, role) ? MEMBER_ROLE_LABELS[role].toLowerCase() : String(role))
const statusName = (status: unknown) => (isOneOf(ANIMAL_STATUSES, status) ? STATUS_LABELS[status] : String(status))

/** One line of the log in words: "added Biscuit", "changed Ana's role from staff to admin". */
function describe(action: string, subject: string, details: Record<string, unknown>): string {
  switch (action) {
    case 'animal_added':
      return `added ${subject}`
    case 'animal_edited':
      return `edited ${subject}${Array.isArray(details.fields) ? ` (${details.fields.map((field) => String(field).replaceAll('_', ' ')).join(', ')})` : ''}`
    case 'animal_status_changed':
      return `changed ${subject} from ${statusName(details.from)} to ${statusName(details.to)}`
    case 'animal_deleted':
      return `deleted ${subject}`
    case 'settings_changed':
      return `changed the settings${Array.isArray(details.fields) ? ` (${details.fields.map((field) => String(field).replaceAll('_', ' ')).join(', ')})` : ''}`
    case 'member_invited':
      return `invited ${subject} as ${roleName(details.role)}`
    case 'invitation_resent':
      return `sent the invitation to ${subject} again`
    case 'invitation_revoked':
      return `revoked the invitation to ${subject}`
    case 'member_joined':
      return `joined the team as ${roleName(details.role)}`
    case 'member_role_changed':
      return `changed ${subject}'s role from ${roleName(details.from)} to ${roleName(details.to)}`
    case 'member_removed':
      return `removed ${subject} from the team`
    case 'member_left':
      return 'left the team'
    default:
      return action.replaceAll('_', ' ')
  }
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const entries = await getActivity(supabase, profile.id)
  return json(
    {
      entries: entries.map((entry) => ({
        id: entry.id,
        who: entry.actor_email,
        what: describe(entry.action, entry.subject, (entry.details ?? {}) as Record<string, unknown>),
        at: entry.created_at,
        when: `${when.format(new Date(entry.created_at))} UTC`,
      })),
    },
    { headers },
  )
}

export default function DashboardActivity() {
  const { entries } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-4xl">
      <PageHeader title="Activity" description="Who added, edited, changed or deleted which animal, and who changed the settings or the team. The latest 100 changes." />
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

export { DashboardTabErrorBoundary as ErrorBoundary } from '~/components/dashboard/tab-error-boundary'
