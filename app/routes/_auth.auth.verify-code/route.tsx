// The 6-digit code in the confirmation email ('Or enter this code: 906467'), typed instead of
// clicking the link: it confirms the address and signs the person in.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, TextLink } from '~/components/auth/auth-card'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { inputProps } from '~/components/auth/password-fields'
import { Field, FormErrorBox, SubmitButton } from '~/components/ui/forms'
import { useIsSubmitting } from '~/components/ui/pending'
import { UNEXPECTED, TOO_MANY_REQUESTS, type FormErrors } from '~/utils/auth-errors'
import { confirmationCodeSchema } from '~/utils/auth-schemas'
import { requireAnonymous } from '~/utils/auth.server'
import { readForm } from '~/utils/request.server'
import { redirectWithToast } from '~/utils/toast.server'

export const WRONG_CODE = 'That code is wrong or has expired. Check the newest email from us, or send a new link.'

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers } = await requireAnonymous(request, 'Welcome back!')
  const email = new URL(request.url).searchParams.get('email')?.slice(0, 254) ?? ''
  return json({ email }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = await requireAnonymous(request, 'Welcome back!')
  const submission = parseWithZod(await readForm(request), { schema: confirmationCodeSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers })

  let errors: FormErrors | null = null
  try {
    const { error } = await supabase.auth.verifyOtp({ email: submission.value.email, token: submission.value.code, type: 'email' })
    if (error) errors = { formErrors: [error.status === 429 ? TOO_MANY_REQUESTS : error.status && error.status >= 500 ? UNEXPECTED : WRONG_CODE] }
  } catch {
    errors = { formErrors: [UNEXPECTED] }
  }
  if (errors) return json({ result: submission.reply(errors) }, { status: 400, headers })
  return redirectWithToast('/', { type: 'success', description: 'Email confirmed! Welcome to Pawhaven.' }, { headers }, request)
}

export default function VerifyCodeRoute() {
  const { email } = useLoaderData<typeof loader>()
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
      <ConfirmationCodeForm email={email} lastResult={actionData?.result} />
    </AuthCard>
  )
}

/** Email and code, posted here from this page and from the 'Account Created!' screen. */
export function ConfirmationCodeForm({ email = '', lastResult }: { email?: string; lastResult?: SubmissionResult<string[]> }) {
  const submitting = useIsSubmitting()
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
    <Form method="post" action="/auth/verify-code" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrorBox id={form.errorId} errors={form.errors} />
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
