import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { User } from '@supabase/supabase-js'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, TextLink } from '#app/components/auth/auth-card.tsx'
import { inputProps } from '#app/components/auth/password-fields.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Field, FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { UNEXPECTED, signInErrors, type FormErrors } from '#app/utils/auth-errors.ts'
import { signInSchema } from '#app/utils/auth-schemas.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { homeAfterSignIn } from '#app/utils/dashboard.server.ts'
import { combineHeaders, dashboardHash, safeRedirect } from '#app/utils/misc.ts'
import {
  pendingAnimalName,
  pendingFavorite,
  pendingFavoriteFromUrl,
  pendingFavoriteQuery,
  savePendingFavorite,
} from '#app/utils/pending-favorite.server.ts'
import { getSupabase } from '#app/utils/supabase.server.ts'
import { createToastHeaders, getToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { readForm } from '#app/utils/request.server.ts'

const hideFields = ['password']

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await getUser(request)
  const { redirectTo, save } = pendingFavoriteFromUrl(new URL(request.url))
  // A signed-out visitor who pressed a pet's heart: the page says why they are here, and
  // 'Create one' carries the pet on through sign-up.
  const saving = { name: await pendingAnimalName(supabase, save), joinQuery: pendingFavoriteQuery({ redirectTo, save }) }
  if (!user) return json({ redirectTo, save, saving, signedInAs: null }, { headers })

  // Someone sent here with an error (the dashboard guard's 'Access denied') stays to read it
  // and may sign in with another account; anyone else signed in goes home, as the spec says.
  const { toast } = await getToast(request)
  if (toast?.type !== 'error') {
    const home = await homeAfterSignIn(supabase, user)
    throw await redirectWithToast(home, { type: 'success', description: 'Welcome back!' }, { headers }, request)
  }
  const signedInAs = {
    email: user.email ?? '',
    dashboard: user.user_metadata?.user_type === 'shelter' ? `/dashboard/${dashboardHash(user.id)}` : null,
  }
  return json({ redirectTo, save, saving, signedInAs }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = getSupabase(request)
  const submission = parseWithZod(await readForm(request), { schema: signInSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields }) }, { status: 400, headers })
  }

  const { email, password } = submission.value
  const { redirectTo, save } = pendingFavorite(submission.value.redirectTo, submission.value.save)
  let errors: FormErrors | null = null
  let user: User | null = null
  try {
    const { data, error } = await supabase.auth.signInWithPassword({ email, password })
    if (error) errors = signInErrors(error)
    else user = data.user
  } catch {
    errors = { formErrors: [UNEXPECTED] }
  }
  if (errors || !user) return json({ result: submission.reply({ ...errors, hideFields }) }, { status: 400, headers })
  // The pet they pressed 'Save' on before signing in.
  const saved = await savePendingFavorite(supabase, save)
  const description = saved ? `Successfully signed in! ${saved}` : 'Successfully signed in!'
  const toastHeaders = await createToastHeaders({ type: 'success', description }, request)
  const to = redirectTo ? safeRedirect(redirectTo, '/') : await homeAfterSignIn(supabase, user)
  return redirect(to, { headers: combineHeaders(headers, toastHeaders) })
}

export default function LoginRoute() {
  const { redirectTo, save, saving, signedInAs } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()
  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult: actionData?.result,
    constraint: getZodConstraint(signInSchema),
    defaultValue: { redirectTo },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  })

  return (
    <AuthCard
      title={saving.name ? `Sign in to save ${saving.name}` : 'Sign in to Pawhaven'}
      description={
        saving.name
          ? `${saving.name} goes into your favorites as soon as you sign in. No account yet? Create one below, and we'll save ${saving.name} once you confirm your email.`
          : "Welcome back! Sign in to manage your account or your shelter's dashboard."
      }
      footer={
        <>
          Don't have an account? <TextLink to={`/join${saving.joinQuery}`}>Create one</TextLink>
        </>
      }
    >
      {signedInAs ? (
        <div role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          You're signed in as <strong>{signedInAs.email}</strong>.{' '}
          {signedInAs.dashboard ? (
            <>
              <Link to={signedInAs.dashboard} className="font-medium underline">
                Go to your dashboard
              </Link>
              , or sign in with another account below.
            </>
          ) : (
            'You can sign in with another account below.'
          )}
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
        {save ? <input type="hidden" name={fields.save.name} value={save} /> : null}
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...inputProps(fields.email, 'email', submitting), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Password' }}
          inputProps={{ ...inputProps(fields.password, 'password', submitting), autoComplete: 'current-password' }}
          errors={fields.password.errors}
        />
        <div className="-mt-2 text-right text-sm">
          <TextLink to="/forgot-password">Forgot password?</TextLink>
        </div>
        <SubmitButton pending={submitting} pendingText="Signing In..." className="bg-brand-700 hover:bg-brand-800">
          Sign In
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Sign In | Pawhaven' },
  { name: 'description', content: 'Sign in to your Pawhaven account.' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
