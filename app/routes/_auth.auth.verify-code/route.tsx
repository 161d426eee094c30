// The 6-digit code in the confirmation email ('Or enter this code: 906467'), typed instead of
// clicking the link: it confirms the address and signs the person in.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, TextLink } from '#app/components/auth/auth-card.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { inputProps } from '#app/components/auth/password-fields.tsx'
import { Field, FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { UNEXPECTED, TOO_MANY_REQUESTS, type FormErrors } from '#app/utils/auth-errors.ts'
import { PendingFavoriteInputs } from '#app/components/auth/pending-favorite-inputs.tsx'
import { confirmationCodeSchema, type PendingFavorite } from '#app/utils/auth-schemas.ts'
import { requireAnonymous } from '#app/utils/auth.server.ts'
import { pendingFavorite, pendingFavoriteFromUrl, savePendingFavorite } from '#app/utils/pending-favorite.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export const WRONG_CODE = 'That code is wrong or has expired. Check the newest email from us, or send a new link.'

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers } = await requireAnonymous(request, 'Welcome back!')
  const url = new URL(request.url)
  const email = url.searchParams.get('email')?.slice(0, 254) ?? ''
  return json({ email, pending: pendingFavoriteFromUrl(url) }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = await requireAnonymous(request, 'Welcome back!')
  const submission = parseWithZod(await readForm(request), { schema: confirmationCodeSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers })

  let errors: FormErrors | null = null
  try {
    const { error } = await supabase.auth.verifyOtp({ email: submission.value.email, token: submission.value.code, type: 'email' })
    if (error)
      errors = { formErrors: [error.status === 429 ? TOO_MANY_REQUESTS : error.status && error.status >= 500 ? UNEXPECTED : WRONG_CODE] }
  } catch {
    errors = { formErrors: [UNEXPECTED] }
  }
  if (errors) return json({ result: submission.reply(errors) }, { status: 400, headers })
  // A visitor who signed up to save a pet: saved now, and back to the page they were on.
  const pending = pendingFavorite(submission.value.redirectTo, submission.value.save)
  const saved = await savePendingFavorite(supabase, pending.save)
  const description = ['Email confirmed! Welcome to Pawhaven.', saved].filter(Boolean).join(' ')
  return redirectWithToast(pending.redirectTo || '/', { type: 'success', description }, { headers }, request)
}

export default function VerifyCodeRoute() {
  const { email, pending } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <AuthCard
      title="Enter your code"
      description="Type the 6-digit code from your confirmation email to confirm your address and sign in."
      footer={
        <>
          No code, or it expired? <TextLink to="/auth/resend">Send a new link</TextLink>
        </>
      }
    >
      <ConfirmationCodeForm email={email} pending={pending} lastResult={actionData?.result} />
    </AuthCard>
  )
}

/**
 * Email and code, posted here from this page and from the 'Account Created!' screen (with the
 * address just used, and the pet a visitor signed up to save).
 */
export function ConfirmationCodeForm({
  email = '',
  pending,
  lastResult,
}: {
  email?: string
  pending?: PendingFavorite
  lastResult?: SubmissionResult<string[]>
}) {
  const submitting = useIsSubmitting()
  // In the action's address too, so the page that answers a wrong code still carries them.
  const carried = pending?.save ? `?${new URLSearchParams({ redirectTo: pending.redirectTo, save: pending.save })}` : ''
  const [form, fields] = useForm<{ email: string; code: string }>({
    id: 'confirmation-code',
    lastResult,
    defaultValue: { email },
    constraint: getZodConstraint(confirmationCodeSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmationCodeSchema }),
  })
  return (
    <Form method="post" action={`/auth/verify-code${carried}`} className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrorBox id={form.errorId} errors={form.errors} />
      {pending ? <PendingFavoriteInputs pending={pending} /> : null}
      <Field
        labelProps={{ children: 'Email' }}
        inputProps={{ ...inputProps(fields.email, 'email', submitting), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <Field
        labelProps={{ children: 'Confirmation code' }}
        inputProps={{ ...inputProps(fields.code, 'text', submitting), inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 12 }}
        errors={fields.code.errors}
      />
      <SubmitButton pending={submitting} pendingText="Checking..." className="bg-brand-700 hover:bg-brand-800">
        Confirm Email
      </SubmitButton>
    </Form>
  )
}

export const meta: MetaFunction = () => [{ title: 'Enter Your Code | Pawhaven' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
