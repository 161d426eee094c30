import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, ButtonLink, TextLink } from '#app/components/auth/auth-card.tsx'
import { NewPasswordFields } from '#app/components/auth/password-fields.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Field, FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { acceptInvitation, previewInvitation, teamRefusal } from '#app/models/team.server.ts'
import { invitationSignUpSchema } from '#app/utils/auth-schemas.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { combineHeaders, dashboardHash } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { getServiceSupabase } from '#app/utils/supabase.server.ts'
import { createToastHeaders } from '#app/utils/toast.server.ts'
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, isOneOf } from '#app/utils/vocabulary.ts'

const hideFields = ['password', 'confirmPassword']

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await getUser(request)
  const invitation = await previewInvitation(supabase, params.token ?? '')
  // Someone else's link must not linger in a shared cache or a Referer.
  const privateHeaders = combineHeaders(headers, { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' })
  if (!invitation)
    throw json('This invitation link is not valid. Check that you copied all of it, or ask for a new one.', {
      status: 404,
      headers: privateHeaders,
    })
  return json(
    {
      shelterName: invitation.shelter_name,
      email: invitation.email,
      role: isOneOf(MEMBER_ROLES, invitation.role) ? MEMBER_ROLE_LABELS[invitation.role] : invitation.role,
      state: invitation.state,
      hasAccount: invitation.has_account,
      signedInAs: user?.email?.toLowerCase() ?? null,
      path: new URL(request.url).pathname,
    },
    { headers: privateHeaders },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? ''
  const form = await readForm(request)
  const { user, supabase, headers } = await getUser(request)
  const invitation = await previewInvitation(supabase, token)
  if (!invitation || invitation.state !== 'open') return redirect(new URL(request.url).pathname, { headers })

  let member = user
  if (form.get('intent') === 'sign-up') {
    // The link reached this address, so the account needs no other confirmation of it.
    const submission = parseWithZod(form, { schema: invitationSignUpSchema })
    if (submission.status !== 'success') return json({ result: submission.reply({ hideFields }), error: null }, { status: 400, headers })
    if (invitation.has_account || user) return redirect(new URL(request.url).pathname, { headers })
    const { error: createError } = await getServiceSupabase().auth.admin.createUser({
      email: invitation.email,
      password: submission.value.password,
      email_confirm: true,
      user_metadata: { user_type: 'adopter', joined_by_invitation: true },
    })
    const signIn = createError
      ? null
      : await supabase.auth.signInWithPassword({ email: invitation.email, password: submission.value.password })
    if (createError || !signIn?.data.user) {
      logUnexpected(createError ?? signIn?.error)
      return json(
        { result: submission.reply({ formErrors: ["We couldn't create your account. Please try again."], hideFields }), error: null },
        { status: 500, headers },
      )
    }
    member = signIn.data.user
  }
  if (!member) return redirect(`/login?${new URLSearchParams({ redirectTo: new URL(request.url).pathname })}`, { headers })

  const error = await acceptInvitation(supabase, token)
  if (error) {
    const message = teamRefusal(error)
    if (!message) logUnexpected(error)
    return json({ error: message ?? 'That did not work. Please try again.' }, { status: message ? 400 : 500, headers })
  }
  const toast = await createToastHeaders({ type: 'success', description: `Welcome to ${invitation.shelter_name}!` }, request)
  return redirect(`/dashboard/${dashboardHash(member.id)}`, { headers: combineHeaders(headers, toast) })
}

export default function InvitationRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const title = `Join ${data.shelterName} on Pawhaven`

  if (data.state !== 'open') {
    const [heading, text] =
      data.state === 'accepted'
        ? ['This invitation has already been used', 'If it was you, sign in to open your shelter’s dashboard.']
        : data.state === 'expired'
          ? ['This invitation has expired', `Invitations work for 7 days. Ask someone at ${data.shelterName} to send you a new one.`]
          : ['This invitation was withdrawn', `Ask someone at ${data.shelterName} if you think this is a mistake.`]
    return (
      <AuthCard title={heading} description={text}>
        <ButtonLink to="/shelter-login">Sign in</ButtonLink>
      </AuthCard>
    )
  }

  const description = (
    <>
      You&apos;re invited to help {data.shelterName} list its animals, as <strong>{data.role.toLowerCase()}</strong>. The invitation is for{' '}
      <strong>{data.email}</strong>.
    </>
  )
  if (data.signedInAs === data.email) {
    return (
      <AuthCard title={title} description={description}>
        <AcceptForm error={actionData?.error ?? null} />
      </AuthCard>
    )
  }
  if (data.signedInAs) {
    return (
      <AuthCard title={title} description={description}>
        <p className="text-sm text-gray-700">
          You&apos;re signed in as <strong>{data.signedInAs}</strong>. Sign out, then open this link again and sign in as {data.email}.
        </p>
        <Form method="post" action="/logout" className="mt-4">
          <input type="hidden" name="redirectTo" value={data.path} />
          <SubmitButton className="w-full">Sign Out</SubmitButton>
        </Form>
      </AuthCard>
    )
  }
  if (data.hasAccount) {
    return (
      <AuthCard title={title} description={description}>
        <p className="text-sm text-gray-700">You already have a Pawhaven account with this address: sign in to accept.</p>
        <div className="mt-4">
          <ButtonLink to={`/login?${new URLSearchParams({ redirectTo: data.path })}`}>Sign in to accept</ButtonLink>
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={title}
      description={description}
      footer={
        <>
          Have an account with another address? <TextLink to="/login">Sign in</TextLink> and ask for an invitation to it.
        </>
      }
    >
      <SignUpForm
        email={data.email}
        result={actionData && 'result' in actionData ? actionData.result : undefined}
        error={actionData?.error ?? null}
      />
    </AuthCard>
  )
}

function AcceptForm({ error }: { error: string | null }) {
  const submitting = useIsSubmitting()
  return (
    <Form method="post" className="flex flex-col gap-4">
      {error ? <FormErrorBox errors={[error]} /> : null}
      <input type="hidden" name="intent" value="accept" />
      <SubmitButton pending={submitting} pendingText="Joining..." className="w-full">
        Join the team
      </SubmitButton>
    </Form>
  )
}

function SignUpForm({ email, result, error }: { email: string; result: SubmissionResult<string[]> | undefined; error: string | null }) {
  const submitting = useIsSubmitting()
  const [form, fields] = useForm({
    id: 'invitation-sign-up',
    lastResult: result,
    constraint: getZodConstraint(invitationSignUpSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invitationSignUpSchema }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormErrorBox id={form.errorId} errors={error ? [error, ...(form.errors ?? [])] : form.errors} />
      <input type="hidden" name="intent" value="sign-up" />
      <Field labelProps={{ children: 'Email' }} inputProps={{ type: 'email', value: email, readOnly: true, autoComplete: 'username' }} />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        disabled={submitting}
        passwordLabel="Choose a password"
      />
      <SubmitButton pending={submitting} pendingText="Joining..." className="w-full">
        Create account and join
      </SubmitButton>
    </Form>
  )
}

export const meta: MetaFunction = () => [{ title: 'Your invitation | Pawhaven' }, { name: 'robots', content: 'noindex' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: ({ error }) => <InvalidLink message={typeof error.data === 'string' ? error.data : ''} /> }}
    />
  )
}

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard title="This invitation link is not valid" description={message}>
      <ButtonLink to="/">Return to Home</ButtonLink>
    </AuthCard>
  )
}
