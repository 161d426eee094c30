import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EmptyState, PageHeader } from '#app/components/dashboard/cards.tsx'
import { ChatIcon } from '#app/components/dashboard/icons.tsx'
import { DueBadge } from '#app/components/dashboard/due-badge.tsx'
import { LinkTabs } from '#app/components/dashboard/link-tabs.tsx'
import { Pagination } from '#app/components/listings/pagination.tsx'
import { ConversationRow } from '#app/components/messages/conversation-row.tsx'
import { SHELTER_PAGE_SIZE, getShelterConversations } from '#app/models/conversation.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'

const TABS = ['open', 'closed'] as const
type Tab = (typeof TABS)[number]
const LABELS: Record<Tab, string> = { open: 'Open', closed: 'Closed' }

// Messages hold adopters' words and names: for staff members and above, not volunteers.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const searchParams = new URL(request.url).searchParams
  const tab: Tab = TABS.find((value) => value === searchParams.get('tab')) ?? 'open'
  const page = Math.max(1, Math.min(1000, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1))
  const { conversations, total } = await getShelterConversations(supabase, { closed: tab === 'closed', page })
  const now = new Date().toISOString()
  return json({ tab, page, pageCount: Math.ceil(total / SHELTER_PAGE_SIZE), conversations, basePath, now }, { headers })
}

export default function DashboardMessages() {
  const { tab, page, pageCount, conversations, basePath, now } = useLoaderData<typeof loader>()
  const tabs = TABS.map((value) => ({ value, label: LABELS[value], to: `${basePath}/messages?tab=${value}` }))
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Messages"
        description="Questions from adopters about your animals: those waiting for an answer first, soonest deadline first; then the latest."
      />
      <LinkTabs label="Conversation status" tabs={tabs} selected={tab} idPrefix="messages" />
      <div
        id="messages-panel"
        role="tabpanel"
        aria-labelledby={`messages-tab-${tab}`}
        tabIndex={0}
        className="mt-4 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {conversations.length ? (
          <ul className="flex flex-col gap-3">
            {conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                to={`${basePath}/messages/${conversation.id}`}
                title={`${conversation.adopter_name} about ${conversation.animal_name}`}
                conversation={conversation}
                badge={
                  conversation.status === 'open' && !conversation.first_answered_at ? (
                    <DueBadge due={conversation.answer_due_at} now={now} />
                  ) : null
                }
              />
            ))}
          </ul>
        ) : (
          <EmptyState icon={<ChatIcon className="h-10 w-10" />} title={`No ${tab} conversations`}>
            <p className="mt-1 max-w-md text-sm text-gray-600">
              {tab === 'open'
                ? 'When adopters ask about your animals, their questions will appear here.'
                : 'Conversations you close will appear here.'}
            </p>
          </EmptyState>
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(number) => `${basePath}/messages?tab=${tab}&page=${number}`}
          label="Pages of conversations"
        />
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Messages | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
