// A new confirmation link, for an expired or used one (and for an email that never came).
import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, ButtonLink, TextLink } from '#app/components/auth/auth-card.tsx'
import { EmailLinkForm } from '#app/components/auth/email-link-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { UNEXPECTED, emailLinkErrors, type FormErrors } from '#app/utils/auth-errors.ts'
import { resendConfirmationSchema } from '#app/utils/auth-schemas.ts'
import { PendingFavoriteInputs } from '#app/components/auth/pending-favorite-inputs.tsx'
import { confirmationRedirect, pendingFavorite, pendingFavoriteFromUrl, pendingFavoriteQuery } from '#app/utils/pending-favorite.server.ts'
import { getSupabase } from '#app/utils/supabase.server.ts'
import { readForm } from '#app/utils/request.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const params = url.searchParams
  // From the 'Account Created!' screen: the address just used, and a pet to save at the end.
  const pending = pendingFavoriteFromUrl(url)
  return json({
    sent: params.get('status') === 'sent',
    expired: params.get('expired') === '1',
    email: params.get('email')?.slice(0, 254) ?? '',
    pending,
    query: pendingFavoriteQuery(pending),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = getSupabase(request)
  const submission = parseWithZod(await readForm(request), { schema: resendConfirmationSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers })

  const pending = pendingFavorite(submission.value.redirectTo, submission.value.save)
  let errors: FormErrors | null = null
  try {
    const { error } = await supabase.auth.resend({
      type: 'signup',
      email: submission.value.email,
      options: { emailRedirectTo: confirmationRedirect(request, pending) },
    })
    if (error) errors = emailLinkErrors(error)
  } catch {
    errors = { formErrors: [UNEXPECTED] }
  }
  if (errors) return json({ result: submission.reply(errors) }, { status: 400, headers })
  return redirect(`/auth/resend${pendingFavoriteQuery(pending, { status: 'sent' })}`, { headers })
}

export default function ResendConfirmationRoute() {
  const { sent, expired, email, pending, query } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (sent) {
    return (
      <AuthCard
        title="Check your email"
        description="If that address has an account waiting for confirmation, we've sent it a new link. Click it to confirm your email, then sign in."
      >
        <ButtonLink to={`/login${query}`}>Go to Sign In</ButtonLink>
        <p className="mt-6 text-center text-sm text-gray-600">
          Rather type the code from the email? <TextLink to={`/auth/verify-code${query}`}>Enter it here</TextLink>.
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={expired ? 'This link has expired' : 'Get a new confirmation link'}
      description={
        expired
          ? 'That confirmation link has expired or was already used. If you already confirmed your email, just sign in. Otherwise, enter your email and we will send you a new link.'
          : "Enter the email you signed up with and we'll send you a new confirmation link."
      }
      footer={
        <>
          Already confirmed? <TextLink to={`/login${query}`}>Sign in</TextLink>. Have a code from the email?{' '}
          <TextLink to={`/auth/verify-code${query}`}>Enter it</TextLink>
        </>
      }
    >
      <EmailLinkForm
        id="resend-confirmation"
        schema={resendConfirmationSchema}
        lastResult={actionData?.result}
        submitText="Send New Link"
        pendingText="Sending..."
        defaultEmail={email}
      >
        <PendingFavoriteInputs pending={pending} />
      </EmailLinkForm>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [{ title: 'Confirm Your Email | Pawhaven' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
