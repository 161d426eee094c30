// A one-click answer from the stale-listing email, signed out: the link's signature and expiry
// are checked here (HMAC, app/utils/listing-answer-links.ts), its single use by the database.
// Opening the link shows the answer and one button: mail scanners that open links send nothing.
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, ButtonLink } from '#app/components/auth/auth-card.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { LISTING_ANSWER_LABELS, readListingAnswer, type ListingAnswer } from '#app/utils/listing-answer-links.ts'
import { readForm } from '#app/utils/request.server.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'

const NO_STORE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }

/** Why a link cannot be used, as the page says it, with its status. */
const REFUSALS = {
  forged: { status: 400, title: 'This link is not valid', text: 'It is not a link Pawhaven sent. Use the links in our email as they are.' },
  unknown: {
    status: 404,
    title: 'This link is not valid',
    text: 'Pawhaven has no answer link like it. Use the links in our email as they are.',
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    text: 'Answer links work for 14 days. Confirm the listing from your dashboard instead.',
  },
  used: {
    status: 409,
    title: 'This link was already used',
    text: 'Each answer link works once. Change the listing from your dashboard if needed.',
  },
} as const
type Refusal = keyof typeof REFUSALS

function readToken(token: string): { ok: true; nonce: string; answer: ListingAnswer } | { ok: false; refusal: Refusal } {
  const key = getEnv().SYNC_SECRET_KEY
  if (!key) throw new Response('Answer links cannot be checked right now.', { status: 503, headers: NO_STORE })
  const read = readListingAnswer(token, key, new Date())
  return read.ok ? { ok: true, nonce: read.nonce, answer: read.answer } : { ok: false, refusal: read.reason }
}

export async function loader({ params }: LoaderFunctionArgs) {
  const read = readToken(params.token ?? '')
  if (!read.ok) return json({ refusal: read.refusal, answer: null }, { status: REFUSALS[read.refusal].status, headers: NO_STORE })
  return json({ refusal: null, answer: read.answer }, { headers: NO_STORE })
}

export async function action({ request, params }: ActionFunctionArgs) {
  await readForm(request)
  const read = readToken(params.token ?? '')
  if (!read.ok) return json({ refusal: read.refusal, animalName: null }, { status: REFUSALS[read.refusal].status, headers: NO_STORE })
  const { data, error } = await getPublicSupabase().rpc('answer_listing_check', { nonce: read.nonce, answer: read.answer })
  if (error) throw new BackendError('answering for a listing', error)
  const outcome = data as { outcome: 'answered' | Refusal; animal_name?: string }
  if (outcome.outcome !== 'answered') {
    return json({ refusal: outcome.outcome, animalName: null }, { status: REFUSALS[outcome.outcome].status, headers: NO_STORE })
  }
  return json({ refusal: null, animalName: outcome.animal_name ?? null }, { headers: NO_STORE })
}

export const headers: HeadersFunction = () => NO_STORE

export default function ListingAnswerRoute() {
  const { refusal, answer } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()
  const shown = actionData?.refusal ?? refusal
  if (shown) {
    return (
      <AuthCard title={REFUSALS[shown].title} description={REFUSALS[shown].text}>
        <ButtonLink to="/login">Sign in to your dashboard</ButtonLink>
      </AuthCard>
    )
  }
  if (actionData?.animalName) {
    return (
      <AuthCard title="Thank you" description={`${actionData.animalName} is marked ${LISTING_ANSWER_LABELS[answer!].toLowerCase()}.`}>
        <ButtonLink to="/login">Sign in to your dashboard</ButtonLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Confirm your answer" description={`Your answer: ${LISTING_ANSWER_LABELS[answer!]}.`}>
      <Form method="post">
        <SubmitButton className="w-full" pending={submitting} pendingText="Sending...">
          Send this answer
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [{ title: 'Answer for a listing | Pawhaven' }, { name: 'robots', content: 'noindex' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
