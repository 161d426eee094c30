import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EmptyState, PageHeader } from '~/components/dashboard/cards'
import { ClipboardIcon } from '~/components/dashboard/icons'
import { LinkTabs } from '~/components/dashboard/link-tabs'
import { requireShelter } from '~/utils/dashboard.server'

const STATUSES = ['pending', 'approved', 'rejected'] as const
type Status = (typeof STATUSES)[number]

// Applications hold adopters' personal details: for staff members and above, not volunteers.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const requested = new URL(request.url).searchParams.get('tab')
  const tab: Status = STATUSES.find((status) => status === requested) ?? 'pending'
  return json({ tab, basePath }, { headers })
}

const LABELS: Record<Status, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' }

export default function DashboardApplications() {
  const { tab, basePath } = useLoaderData<typeof loader>()
  const tabs = STATUSES.map((status) => ({
    value: status,
    label: LABELS[status],
    to: `${basePath}/applications?tab=${status}`,
  }))
  return (
    <div>
      <PageHeader title="Applications" description="Review and manage adoption applications for your animals." />
      <LinkTabs label="Application status" tabs={tabs} selected={tab} idPrefix="applications" />
      <div
        id="applications-panel"
        role="tabpanel"
        aria-labelledby={`applications-tab-${tab}`}
        tabIndex={0}
        className="mt-4 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <EmptyState icon={<ClipboardIcon className="h-10 w-10" />} title={`No ${tab} applications`}>
          <p className="mt-1 max-w-md text-sm text-gray-600">
            {tab === 'pending'
              ? 'When adopters apply for your animals, their applications will appear here.'
              : `Applications you mark as ${tab} will appear here.`}
          </p>
        </EmptyState>
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Applications | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '~/components/dashboard/tab-error-boundary'
