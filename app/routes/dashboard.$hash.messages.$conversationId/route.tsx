import { parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { log } from '#app/utils/log.server.ts'
import { BondedGroupNote } from '#app/components/dashboard/bonded-companions.tsx'
import { buttonClass, PageHeader } from '#app/components/dashboard/cards.tsx'
import { MessageSchema } from '#app/models/message-schema.ts'
import { MessageForm, MessageList } from '#app/components/messages/thread.tsx'
import { FormErrorBox } from '#app/components/ui/forms.tsx'
import { companionsOf } from '#app/models/bonded.server.ts'
import {
  changeConversation,
  conversationRefusal,
  getConversation,
  markConversationRead,
  sendMessage,
  type ConversationChange,
} from '#app/models/conversation.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { invariantResponse } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const ChangeSchema = z.object({ intent: z.enum(['close', 'reopen', 'block', 'unblock']) })

const DONE: Record<ConversationChange | 'reply', string> = {
  reply: 'Reply sent',
  close: 'Conversation closed',
  reopen: 'Conversation reopened',
  block: 'Sender blocked: they can no longer write to your shelter',
  unblock: 'Sender unblocked',
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const id = params.conversationId ?? ''
  const thread = await getConversation(supabase, id)
  if (!thread || thread.summary.side !== 'shelter')
    throw new Response('This conversation does not exist, or it is not your shelter’s.', { status: 404, headers })
  const animalId = thread.summary.animal_id
  // An animal of a bonded group: the conversation is about its companions too.
  const [companions] = await Promise.all([
    animalId ? companionsOf(supabase, [animalId]).then((found) => found.get(animalId) ?? []) : [],
    markConversationRead(supabase, id),
  ])
  return json({ ...thread, basePath, companions: companions.map(({ id, name, status }) => ({ id, name, status })) }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const id = params.conversationId ?? ''
  const form = await readForm(request)
  const back = `${basePath}/messages/${id}`

  if (form.get('intent') === 'reply') {
    const submission = parseWithZod(form, { schema: MessageSchema })
    if (submission.status !== 'success') return json({ intent: 'reply', result: submission.reply() }, { status: 400, headers })
    const error = await sendMessage(supabase, id, submission.value.message)
    if (error) {
      const refusal = conversationRefusal(error)
      if (!refusal) log.error({ code: error.code }, `send_message failed: ${error.message}`)
      return json(
        {
          intent: 'reply',
          result: submission.reply({ formErrors: [refusal ?? 'We couldn’t send your reply. Please try again in a moment.'] }),
        },
        { status: refusal ? 400 : 500, headers },
      )
    }
    return redirectWithToast(back, { type: 'success', description: DONE.reply }, { headers }, request)
  }

  const parsed = ChangeSchema.safeParse(Object.fromEntries(form))
  invariantResponse(parsed.success, 'Unknown message action', { status: 400, headers })
  const error = await changeConversation(supabase, parsed.data.intent, id)
  if (error) {
    const refusal = conversationRefusal(error)
    if (!refusal) log.error({ code: error.code }, `${parsed.data.intent} failed: ${error.message}`)
    return json(
      { intent: parsed.data.intent, error: refusal ?? 'That did not work. Please try again.' },
      { status: refusal ? 400 : 500, headers },
    )
  }
  return redirectWithToast(back, { type: 'success', description: DONE[parsed.data.intent] }, { headers }, request)
}

export default function DashboardConversation() {
  const { summary, messages, basePath, companions } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const open = summary.status === 'open'
  const about = summary.animal_id ? (
    <Link to={`${basePath}/animals/${summary.animal_id}`} className="text-brand-800 underline hover:text-brand-900">
      {summary.animal_name}
    </Link>
  ) : (
    summary.animal_name
  )
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={`${basePath}/messages`} className="font-medium text-brand-700 underline hover:text-brand-800">
            All messages
          </Link>
        </p>
        <PageHeader title={`${summary.adopter_name} about ${summary.animal_name}`} />
        <p className="-mt-4 text-sm text-gray-700">
          About {about} · {open ? 'Open' : 'Closed'}
          {summary.blocked ? ' · Sender blocked' : ''}
          {summary.adopter_deleted ? ' · This person deleted their account' : ''}
        </p>
        <BondedGroupNote basePath={basePath} companions={companions} what="This conversation" />
      </div>
      {actionData && 'error' in actionData ? <FormErrorBox errors={[actionData.error]} /> : null}
      <div className="flex flex-wrap gap-3">
        <ChangeButton
          intent={open ? 'close' : 'reopen'}
          label={open ? 'Close conversation' : 'Reopen conversation'}
          hidden={summary.adopter_deleted && !open}
        />
        {summary.adopter_deleted ? null : summary.blocked ? (
          <ChangeButton intent="unblock" label="Unblock sender" hidden={false} />
        ) : (
          <BlockSender name={summary.adopter_name} shelter={summary.shelter_name} />
        )}
      </div>
      <MessageList messages={messages} side="shelter" names={{ adopter: summary.adopter_name, shelter: summary.shelter_name }} />
      {open ? null : (
        <p className="rounded-md border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700">
          This conversation is closed. Reopen it to reply.
        </p>
      )}
      {/* A reply refused because the thread closed meanwhile stays on the page, with the reason. */}
      {open || (actionData && 'result' in actionData) ? (
        <section aria-labelledby="reply-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="reply-heading" className="sr-only">
            Reply
          </h2>
          <MessageForm
            key={messages.at(-1)?.id}
            id="reply"
            intent="reply"
            lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
            label={`Reply to ${summary.adopter_name}`}
            submitLabel="Send reply"
          />
        </section>
      ) : null}
    </div>
  )
}

function ChangeButton({ intent, label, hidden }: { intent: ConversationChange; label: string; hidden: boolean }) {
  if (hidden) return null
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={buttonClass.secondary}>
        {label}
      </button>
    </Form>
  )
}

/**
 * Blocking asks first and says what it does: a disclosure (no JavaScript needed) whose button
 * is the one that blocks.
 */
function BlockSender({ name, shelter }: { name: string; shelter: string }) {
  return (
    <details className="group">
      <summary className={`${buttonClass.secondary} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>Block sender…</summary>
      <div className="mt-3 max-w-xl rounded-md border border-red-200 bg-red-50 p-4 text-sm text-gray-800">
        <p>
          Blocking {name} closes every open conversation with them and stops them writing to {shelter} again, about any animal. They are
          told only when they next try to write. You can unblock them here at any time.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="block" />
          <button type="submit" className={buttonClass.danger}>
            Block {name}
          </button>
        </Form>
      </div>
    </details>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.summary.adopter_name} about ${data.summary.animal_name} | Messages | Shelter Dashboard | Pawhaven`
      : 'Messages | Shelter Dashboard | Pawhaven',
  },
]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
