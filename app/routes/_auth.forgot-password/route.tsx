import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, ButtonLink, TextLink } from '#app/components/auth/auth-card.tsx'
import { EmailLinkForm } from '#app/components/auth/email-link-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { UNEXPECTED, emailLinkErrors, type FormErrors } from '#app/utils/auth-errors.ts'
import { forgotPasswordSchema } from '#app/utils/auth-schemas.ts'
import { getSupabase } from '#app/utils/supabase.server.ts'
import { readForm } from '#app/utils/request.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  return json({ sent: params.get('status') === 'sent', expired: params.get('expired') === '1' })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = getSupabase(request)
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers })

  let errors: FormErrors | null = null
  try {
    // The emailed link goes through /auth/confirm, which signs the person in and then opens this page.
    const { error } = await supabase.auth.resetPasswordForEmail(submission.value.email, {
      redirectTo: new URL('/reset-password', request.url).toString(),
    })
    if (error) errors = emailLinkErrors(error)
  } catch {
    errors = { formErrors: [UNEXPECTED] }
  }
  if (errors) return json({ result: submission.reply(errors) }, { status: 400, headers })
  // The same answer whether or not the address has an account.
  return redirect('/forgot-password?status=sent', { headers })
}

export default function ForgotPasswordRoute() {
  const { sent, expired } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (sent) {
    return (
      <AuthCard
        title="Check your email"
        description="If an account exists for that address, we've sent it a link to choose a new password."
      >
        <ButtonLink to="/login">Back to Sign In</ButtonLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={expired ? 'This link has expired' : 'Reset your password'}
      description={
        expired
          ? 'That password reset link has expired or was already used. Enter your email and we will send you a new one.'
          : "Enter the email address of your account and we'll send you a link to choose a new password."
      }
      footer={
        <>
          Remembered it? <TextLink to="/login">Sign in</TextLink>
        </>
      }
    >
      <EmailLinkForm
        id="forgot-password"
        schema={forgotPasswordSchema}
        lastResult={actionData?.result}
        submitText="Send Reset Link"
        pendingText="Sending..."
      />
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [{ title: 'Reset Password | Pawhaven' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
