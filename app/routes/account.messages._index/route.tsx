import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ConversationRow } from '#app/components/messages/conversation-row.tsx'
import { getMyConversations } from '#app/models/conversation.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  return json({ conversations: await getMyConversations(supabase) }, { headers })
}

export default function AccountMessages() {
  const { conversations } = useLoaderData<typeof loader>()
  return (
    <div>
      <h2 className="text-xl font-bold text-gray-900">Messages</h2>
      <p className="mt-1 text-sm text-gray-600">Your questions to shelters and their answers, the latest first.</p>
      {conversations.length ? (
        <ul className="mt-6 flex max-w-3xl flex-col gap-3">
          {conversations.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              to={`/account/messages/${conversation.id}`}
              title={`${conversation.animal_name} · ${conversation.shelter_name}`}
              conversation={conversation}
              badge={
                conversation.unanswered ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    The shelter has not answered yet
                  </span>
                ) : null
              }
            />
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-gray-700">
          No messages yet. Press &lsquo;Ask about&rsquo; on a pet&apos;s page to write to its shelter.{' '}
          <Link to="/search" className="font-medium text-brand-700 underline hover:text-brand-800">
            Find pets
          </Link>
        </p>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Messages | Your account | Pawhaven' }]
