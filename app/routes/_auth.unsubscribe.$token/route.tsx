// The unsubscribe link of a saved-search alert (decision 037). It works signed out: the link's
// token names one saved search, and nothing else. A GET only shows what would stop and a
// button, so a mail scanner that follows links unsubscribes nobody; a POST stops the emails —
// the button's, or a mail client's one-click POST (RFC 8058: `List-Unsubscribe=One-Click`, no
// cookies, no confirmation). The search is paused, not deleted: its owner can resume it.
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, ButtonLink, TextLink } from '#app/components/auth/auth-card.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { searchForUnsubscribe, unsubscribeAllowed, unsubscribeSavedSearch } from '#app/models/saved-search.server.ts'
import { readForm, visitorIp } from '#app/utils/request.server.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'

const NO_STORE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }

function tooMany(retryAfterSeconds: number): Response {
  return new Response('Too many requests. Please wait a minute and try again.', {
    status: 429,
    headers: { ...NO_STORE, 'Retry-After': String(retryAfterSeconds) },
  })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const limit = await unsubscribeAllowed(visitorIp(request) ?? 'unknown')
  if (!limit.allowed) throw tooMany(limit.retryAfterSeconds)
  const search = await searchForUnsubscribe(getPublicSupabase(), params.token ?? '')
  return json({ search }, { status: search ? 200 : 404, headers: NO_STORE })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const limit = await unsubscribeAllowed(visitorIp(request) ?? 'unknown')
  if (!limit.allowed) throw tooMany(limit.retryAfterSeconds)
  // The button's form and a mail client's one-click POST are both forms; neither carries anything we need.
  await readForm(request)
  const name = await unsubscribeSavedSearch(getPublicSupabase(), params.token ?? '')
  return json({ unsubscribed: name }, { status: name ? 200 : 404, headers: NO_STORE })
}

export const headers: HeadersFunction = () => NO_STORE

export default function UnsubscribeRoute() {
  const { search } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()

  if (actionData?.unsubscribed) {
    return (
      <AuthCard
        title="You’re unsubscribed"
        description={`We won’t email you about “${actionData.unsubscribed}” again. The search stays in your account, paused, if you ever want it back.`}
      >
        <ButtonLink to="/account/searches">Manage your saved searches</ButtonLink>
      </AuthCard>
    )
  }
  if (!search) {
    return (
      <AuthCard
        title="This link doesn’t work anymore"
        description="The saved search it was for has been deleted, so it sends no more emails. You can see the searches you keep in your account."
      >
        <ButtonLink to="/account/searches">Your saved searches</ButtonLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Unsubscribe from this search?"
      description={
        search.paused
          ? `Emails for “${search.name}” are already off. There is nothing more to do.`
          : `We’ll stop emailing you new matches for “${search.name}”. Your other saved searches keep their emails.`
      }
      footer={
        <>
          Changed your mind? <TextLink to="/search">Keep looking for pets</TextLink>
        </>
      }
    >
      {search.paused ? (
        <ButtonLink to="/account/searches">Manage your saved searches</ButtonLink>
      ) : (
        <Form method="post">
          <SubmitButton className="w-full" pending={submitting} pendingText="Unsubscribing...">
            Unsubscribe
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [{ title: 'Unsubscribe | Pawhaven' }, { name: 'robots', content: 'noindex' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
