import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { log } from '#app/utils/log.server.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AnimalBreadcrumb } from '#app/components/listings/animal-breadcrumb.tsx'
import { Container } from '#app/components/marketing/ui.tsx'
import { ASK_HONEYPOT, MessageSchema } from '#app/models/message-schema.ts'
import { MessageForm } from '#app/components/messages/thread.tsx'
import { conversationRefusal, startConversation } from '#app/models/conversation.server.ts'
import { bondedGroupOf } from '#app/models/bonded.server.ts'
import { getListedAnimal } from '#app/models/listing.server.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { clearDraft, keepDraft, readDraft } from '#app/routes/_listings.animals.$animalId_.ask/draft.server.ts'

// The form may hold a kept draft: this page is never cached.
const PRIVATE = { 'Cache-Control': 'private, no-store' }

async function requireListedAnimal(animalId: string | undefined) {
  const animal = await getListedAnimal(getPublicSupabase(), animalId ?? '')
  if (!animal) throw new Response('This pet is not listed on Pawhaven (any more).', { status: 404, headers: PRIVATE })
  return animal
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const animal = await requireListedAnimal(params.animalId)
  const [{ user, headers }, bonded] = await Promise.all([getUser(request), bondedGroupOf(getPublicSupabase(), animal)])
  return json(
    {
      animal: { id: animal.id, name: animal.name, shelterName: animal.shelter.shelter_name },
      bonded,
      signedIn: user !== null,
      draft: await readDraft(request),
    },
    { headers: combineHeaders(headers, PRIVATE) },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const animal = await requireListedAnimal(params.animalId)
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: MessageSchema })
  const fail = (message: string, status: number, headers?: Headers) =>
    json({ result: submission.reply({ formErrors: [message] }) }, { status, headers })
  if (form.get(ASK_HONEYPOT)) return fail('Form not submitted properly', 400)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })

  const { user, supabase, headers } = await getUser(request)
  if (!user) {
    // Kept while they sign in, and back in the form when they return here.
    const keep = await keepDraft(request, submission.value.message)
    if (!keep) return fail('Your message is too long to keep while you sign in: sign in first, then write it here.', 400, headers)
    const back = new URLSearchParams({ redirectTo: new URL(request.url).pathname })
    return redirect(`/login?${back}`, { headers: combineHeaders(headers, { 'Set-Cookie': keep }) })
  }

  const started = await startConversation(supabase, animal.id, submission.value.message)
  if ('error' in started) {
    const refusal = conversationRefusal(started.error)
    if (!refusal) log.error({ code: started.error.code }, `start_conversation failed: ${started.error.message}`)
    const status = started.error.code === 'PT429' ? 429 : refusal ? 400 : 500
    return fail(refusal ?? 'We couldn’t send your message. Please try again in a moment.', status, headers)
  }
  return redirectWithToast(
    `/account/messages/${started.id}`,
    { type: 'success', description: `Message sent to ${animal.shelter.shelter_name}` },
    { headers: combineHeaders(headers, { 'Set-Cookie': await clearDraft(request) }) },
    request,
  )
}

export const headers: HeadersFunction = () => PRIVATE

export default function AskAboutAnimal() {
  const { animal, bonded, signedIn, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Container className="py-10 sm:py-14">
      <AnimalBreadcrumb animal={animal} page="Ask" />
      <div className="mt-6 max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Ask about {animal.name}</h1>
        <p className="mt-3 text-gray-700">
          Your message goes to {animal.shelterName}. Their answer comes to your account&apos;s Messages, and we email you when it does.
        </p>
        {bonded ? (
          <p className="mt-3 text-gray-700">
            {bonded.names} are a bonded {bonded.kind} and go home together: ask about any of them here, and it all goes in one conversation.
          </p>
        ) : null}
        {signedIn ? null : (
          <p className="mt-3 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-gray-800">
            You&apos;ll sign in (or create an account) before it is sent. What you write here is kept for an hour while you do.
          </p>
        )}
        {signedIn && draft ? (
          <p role="status" className="mt-3 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-gray-800">
            We kept your message while you signed in. Check it, then send it.
          </p>
        ) : null}
        <div className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <MessageForm
            id="ask-shelter"
            lastResult={actionData?.result}
            label="Your message"
            submitLabel={signedIn ? 'Send message' : 'Sign in to send'}
            defaultMessage={draft}
            honeypot
          />
        </div>
      </div>
    </Container>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Ask about ${data.animal.name} | Pawhaven` : 'Pet not found | Pawhaven' },
  { name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
