import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ApplicationStatusBadge } from '#app/components/applications/application-parts.tsx'
import { EmptyState, PageHeader } from '#app/components/dashboard/cards.tsx'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { ClipboardIcon } from '#app/components/dashboard/icons.tsx'
import { DueBadge } from '#app/components/dashboard/due-badge.tsx'
import { LinkTabs } from '#app/components/dashboard/link-tabs.tsx'
import { Pagination } from '#app/components/listings/pagination.tsx'
import { cellClass, DataTable } from '#app/components/ui/data-table.tsx'
import { APPLICATIONS_PER_PAGE, getShelterApplications } from '#app/models/application.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { isOneOf } from '#app/utils/vocabulary.ts'
import { APPLICATION_STAGES, APPLICATION_STAGE_LABELS, type ApplicationStage } from '#app/utils/application-vocabulary.ts'

// Applications hold adopters' personal details: for staff members and above, not volunteers.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const search = new URL(request.url).searchParams
  const requested = search.get('tab')
  const tab: ApplicationStage = isOneOf(APPLICATION_STAGES, requested) ? requested : 'pending'
  const { rows, total, page } = await getShelterApplications(supabase, profile.id, tab, Number(search.get('page')))
  const now = new Date().toISOString()
  return json({ tab, basePath, rows, page, pageCount: Math.ceil(total / APPLICATIONS_PER_PAGE), total, now }, { headers })
}

const EMPTY_NOTE: Record<ApplicationStage, string> = {
  pending: 'When adopters apply for your animals, their applications will appear here.',
  approved: 'Applications you mark as approved will appear here.',
  rejected: 'Applications you mark as rejected will appear here.',
}

export default function DashboardApplications() {
  const { tab, basePath, rows, page, pageCount, total, now } = useLoaderData<typeof loader>()
  const format = useDateTimeFormat()
  const tabs = APPLICATION_STAGES.map((stage) => ({
    value: stage,
    label: APPLICATION_STAGE_LABELS[stage],
    to: `${basePath}/applications?tab=${stage}`,
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
        {rows.length ? (
          <>
            <p className="mb-3 text-sm text-gray-600">
              {total.toLocaleString('en-US')} {total === 1 ? 'application' : 'applications'}
              {tab === 'pending' ? ', those waiting for an answer first, soonest deadline first' : ', newest first'}
            </p>
            <DataTable
              caption={`${APPLICATION_STAGE_LABELS[tab]} applications`}
              columns={[{ label: 'Applicant' }, { label: 'Animal' }, { label: 'Received' }, { label: 'Status' }, { label: 'Due' }]}
            >
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={cellClass}>
                    <Link
                      to={`${basePath}/applications/${row.id}`}
                      aria-label={`${row.applicant_name}’s application for ${row.animal_name}`}
                      className="font-semibold text-brand-800 underline hover:text-brand-900"
                    >
                      {row.applicant_name}
                    </Link>
                  </td>
                  <td className={`${cellClass} text-gray-800`}>{row.animal_name}</td>
                  <td className={`whitespace-nowrap ${cellClass} text-gray-700`}>{format.date(row.created_at)}</td>
                  <td className={cellClass}>
                    <ApplicationStatusBadge status={row.status} audience="shelter" />
                  </td>
                  <td className={cellClass}>
                    {row.first_answered_at === null && tab === 'pending' ? <DueBadge due={row.answer_due_at} now={now} /> : null}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageCount={pageCount}
              label="Applications pages"
              hrefFor={(number) => `${basePath}/applications?${new URLSearchParams({ tab, page: String(number) })}`}
            />
          </>
        ) : (
          <EmptyState icon={<ClipboardIcon className="h-10 w-10" />} title={`No ${tab} applications`}>
            <p className="mt-1 max-w-md text-sm text-gray-600">{EMPTY_NOTE[tab]}</p>
          </EmptyState>
        )}
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Applications | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
