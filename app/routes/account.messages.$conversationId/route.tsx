import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { log } from '#app/utils/log.server.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { MessageSchema } from '#app/models/message-schema.ts'
import { MessageForm, MessageList } from '#app/components/messages/thread.tsx'
import { conversationRefusal, getConversation, markConversationRead, sendMessage } from '#app/models/conversation.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { dashboardHash } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  const id = params.conversationId ?? ''
  const thread = await getConversation(supabase, id)
  if (!thread) throw new Response('This conversation does not exist, or it is not yours.', { status: 404, headers })
  // A shelter's side of a thread is read in its dashboard.
  if (thread.summary.side === 'shelter') throw redirect(`/dashboard/${dashboardHash(user.id)}/messages/${id}`, { headers })
  await markConversationRead(supabase, id)
  return json(thread, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const id = params.conversationId ?? ''
  const submission = parseWithZod(await readForm(request), { schema: MessageSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers })
  const error = await sendMessage(supabase, id, submission.value.message)
  if (error) {
    const refusal = conversationRefusal(error)
    if (!refusal) log.error({ code: error.code }, `send_message failed: ${error.message}`)
    return json(
      { result: submission.reply({ formErrors: [refusal ?? 'We couldn’t send your message. Please try again in a moment.'] }) },
      { status: error.code === 'PT429' ? 429 : refusal ? 400 : 500, headers },
    )
  }
  return redirectWithToast(`/account/messages/${id}`, { type: 'success', description: 'Message sent' }, { headers }, request)
}

export default function AccountConversation() {
  const { summary, messages } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const open = summary.status === 'open'
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/account/messages" className="font-medium text-brand-700 underline hover:text-brand-800">
            All messages
          </Link>
        </p>
        <h2 className="mt-2 text-xl font-bold text-gray-900">
          About{' '}
          {summary.animal_id ? (
            <Link to={`/animals/${summary.animal_id}`} className="text-brand-800 underline hover:text-brand-900">
              {summary.animal_name}
            </Link>
          ) : (
            summary.animal_name
          )}{' '}
          with {summary.shelter_name}
        </h2>
      </div>
      <MessageList messages={messages} side="adopter" names={{ adopter: 'You', shelter: summary.shelter_name }} />
      {open ? null : (
        <p className="rounded-md border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700">
          {summary.shelter_name} closed this conversation. To ask something new, use &lsquo;Ask about {summary.animal_name}&rsquo; on the
          pet&apos;s page.
        </p>
      )}
      {/* A reply refused because the thread closed meanwhile stays on the page, with the reason. */}
      {open || actionData ? (
        <section aria-labelledby="reply-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <h3 id="reply-heading" className="sr-only">
            Reply
          </h3>
          <MessageForm
            key={messages.at(-1)?.id}
            id="reply"
            lastResult={actionData?.result}
            label={`Reply to ${summary.shelter_name}`}
            submitLabel="Send reply"
          />
        </section>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.summary.animal_name} · ${data.summary.shelter_name} | Messages | Pawhaven` : 'Messages | Pawhaven' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
