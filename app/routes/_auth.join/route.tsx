import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, ButtonLink, TextLink } from '#app/components/auth/auth-card.tsx'
import { NewPasswordFields, inputProps } from '#app/components/auth/password-fields.tsx'
import { PendingFavoriteInputs } from '#app/components/auth/pending-favorite-inputs.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ConfirmationCodeForm } from '#app/routes/_auth.auth.verify-code/route.tsx'
import { ErrorList, Field, FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { tellOwnerOfRepeatedSignUp } from '#app/models/sign-up.server.ts'
import { UNEXPECTED, signUpErrors, type FormErrors } from '#app/utils/auth-errors.ts'
import { ROLES, signUpSchema, type PendingFavorite } from '#app/utils/auth-schemas.ts'
import { requireAnonymous } from '#app/utils/auth.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import {
  confirmationRedirect,
  pendingAnimalName,
  pendingFavorite,
  pendingFavoriteFromUrl,
  pendingFavoriteQuery,
  savePendingFavorite,
} from '#app/utils/pending-favorite.server.ts'
import { createToastHeaders } from '#app/utils/toast.server.ts'
import { readForm } from '#app/utils/request.server.ts'

// The passwords never travel back to the page in a reply.
const hideFields = ['password', 'confirmPassword']

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAnonymous(request, 'Welcome!')
  // After a sign-up the action redirects here, so a refresh never posts the form again.
  const url = new URL(request.url)
  const created = url.searchParams.get('status') === 'created'
  // The address just used, for the confirmation code's form on the 'Account Created!' screen.
  const email = created ? (url.searchParams.get('email')?.slice(0, 254) ?? '') : ''
  // The footer's 'Shelter Sign Up' starts on the shelter role; /join keeps the spec's adopter.
  const defaultRole: 'adopter' | 'shelter' = url.pathname === '/shelter-signup' ? 'shelter' : 'adopter'
  // A visitor who pressed a pet's heart: the pet is saved once they confirm their address.
  const pending = pendingFavoriteFromUrl(url)
  const saving = { name: await pendingAnimalName(supabase, pending.save), query: pendingFavoriteQuery(pending) }
  const resendQuery = pendingFavoriteQuery(pending, email ? { email } : {})
  return json({ created, email, defaultRole, pending, saving, resendQuery }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = await requireAnonymous(request, 'Welcome!')
  const submission = parseWithZod(await readForm(request), { schema: signUpSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields }) }, { status: 400, headers })
  }

  const { email, password, role } = submission.value
  const pending = pendingFavorite(submission.value.redirectTo, submission.value.save)
  let errors: FormErrors | null = null
  let signedIn = false
  try {
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: {
        data: role === 'shelter' ? { user_type: 'shelter', shelter_name: 'New Shelter' } : { user_type: 'adopter' },
        // The confirmation link ends on the page the visitor came from, saving their pet.
        emailRedirectTo: confirmationRedirect(request, pending),
      },
    })
    // An address that already has a confirmed account gets the same answer as a new one, and
    // Auth sends nothing: the form must not tell anyone who has an account, and the owner hears
    // of it from our own outbox. Only a backend without confirmations says 'User already registered'.
    if (error) errors = signUpErrors(error)
    // A backend with confirmations off signs the new account in at once.
    signedIn = Boolean(data.session)
    if (!error && !signedIn) await tellOwnerOfRepeatedSignUp(email)
  } catch {
    errors = { formErrors: [UNEXPECTED] }
  }
  if (errors) return json({ result: submission.reply({ ...errors, hideFields }) }, { status: 400, headers })

  const saved = signedIn ? await savePendingFavorite(supabase, pending.save) : null
  const description = signedIn
    ? ['Account created! Welcome to Pawhaven.', saved].filter(Boolean).join(' ')
    : 'Account created! Please check your email to verify your account.'
  const toastHeaders = await createToastHeaders({ type: 'success', description }, request)
  const next = signedIn
    ? pending.redirectTo || '/'
    : `${new URL(request.url).pathname}${pendingFavoriteQuery(pending, { status: 'created', email })}`
  return redirect(next, { headers: combineHeaders(headers, toastHeaders) })
}

export default function JoinRoute() {
  const { created, email, defaultRole, pending, saving, resendQuery } = useLoaderData<typeof loader>()
  return created ? (
    <AccountCreated email={email} pending={pending} signInQuery={saving.query} resendQuery={resendQuery} />
  ) : (
    <SignUpForm defaultRole={defaultRole} pending={pending} saving={saving} />
  )
}

function SignUpForm({
  defaultRole,
  pending,
  saving,
}: {
  defaultRole: 'adopter' | 'shelter'
  pending: PendingFavorite
  saving: { name: string | null; query: string }
}) {
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()
  const [form, fields] = useForm({
    id: 'sign-up',
    lastResult: actionData?.result,
    constraint: getZodConstraint(signUpSchema),
    defaultValue: { role: defaultRole },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
  })

  return (
    <AuthCard
      title="Create your account"
      description={
        saving.name
          ? `Create your free account to save ${saving.name}: we'll save ${saving.name} to your favorites as soon as you confirm your email.`
          : "Join Pawhaven to find your new best friend, or to list the animals in your care. It's free."
      }
      footer={
        <>
          Already have an account? <TextLink to={`/login${saving.query}`}>Sign in</TextLink>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <PendingFavoriteInputs pending={pending} />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...inputProps(fields.email, 'email', submitting), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} disabled={submitting} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-800">I am</legend>
          {ROLES.map((role) => (
            <label
              key={role.value}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                {...getInputProps(fields.role, { type: 'radio', value: role.value })}
                id={`${fields.role.id}-${role.value}`}
                disabled={submitting}
                className="h-4 w-4 accent-brand-700"
              />
              {role.label}
            </label>
          ))}
          <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
        </fieldset>
        <SubmitButton pending={submitting} pendingText="Creating Account..." className="mt-2 bg-brand-700 hover:bg-brand-800">
          Create Account
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}

function AccountCreated({
  email,
  pending,
  signInQuery,
  resendQuery,
}: {
  email: string
  pending: PendingFavorite
  signInQuery: string
  resendQuery: string
}) {
  return (
    <AuthCard
      title="Account Created!"
      description="We've sent you a verification email. Click the link in it to confirm your address, then sign in."
    >
      <div className="flex flex-col gap-3">
        <ButtonLink to={`/login${signInQuery}`}>Go to Sign In</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Return Home
        </ButtonLink>
      </div>
      <section aria-labelledby="code-heading" className="mt-6 border-t border-gray-200 pt-6">
        <h2 id="code-heading" className="text-base font-semibold text-gray-900">
          Or enter the code from the email
        </h2>
        <div className="mt-3">
          <ConfirmationCodeForm email={email} pending={pending} />
        </div>
      </section>
      <p className="mt-6 text-center text-sm text-gray-600">
        No email after a few minutes? Check your spam folder, or <TextLink to={`/auth/resend${resendQuery}`}>send the link again</TextLink>.
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Create Account | Pawhaven' },
  { name: 'description', content: 'Create a free Pawhaven account to adopt a pet or to list the animals in your shelter or rescue.' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
