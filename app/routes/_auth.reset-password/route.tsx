import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { AuthCard } from '#app/components/auth/auth-card.tsx'
import { NewPasswordFields } from '#app/components/auth/password-fields.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { UNEXPECTED, newPasswordErrors, type FormErrors } from '#app/utils/auth-errors.ts'
import { resetPasswordSchema } from '#app/utils/auth-schemas.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import { createToastHeaders } from '#app/utils/toast.server.ts'
import { readForm } from '#app/utils/request.server.ts'

const hideFields = ['password', 'confirmPassword']

/** The reset link signed the person in; without that session there is nothing to reset. */
async function requireResetSession(request: Request) {
  const auth = await getUser(request)
  if (!auth.user) throw redirect('/forgot-password?expired=1', { headers: auth.headers })
  return { ...auth, user: auth.user }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, headers } = await requireResetSession(request)
  return json({ email: user.email ?? '' }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = await requireResetSession(request)
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields }) }, { status: 400, headers })
  }

  let errors: FormErrors | null = null
  try {
    const { error } = await supabase.auth.updateUser({ password: submission.value.password })
    if (error) errors = newPasswordErrors(error)
  } catch {
    errors = { formErrors: [UNEXPECTED] }
  }
  if (errors) return json({ result: submission.reply({ ...errors, hideFields }) }, { status: 400, headers })

  const toastHeaders = await createToastHeaders({ type: 'success', description: 'Your password has been updated.' }, request)
  return redirect('/', { headers: combineHeaders(headers, toastHeaders) })
}

export default function ResetPasswordRoute() {
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  })

  return (
    <AuthCard title="Choose a new password" description="Pick a password of at least 6 characters. You'll stay signed in.">
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          disabled={submitting}
          passwordLabel="New Password"
        />
        <SubmitButton pending={submitting} pendingText="Saving..." className="mt-2 bg-brand-700 hover:bg-brand-800">
          Save New Password
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [{ title: 'Choose a New Password | Pawhaven' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
