import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { createClient } from '@supabase/supabase-js'
import { accountProfileSchema, changePasswordSchema, deleteAccountSchema } from '#app/routes/account.settings/settings-schemas.ts'
import { NewPasswordFields } from '#app/components/auth/password-fields.tsx'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { Field, FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { deleteAccount, getAdopterSettings, isOnShelterTeam, saveAdopterSettings } from '#app/models/adopter.server.ts'
import type { Database } from '#app/types/database.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import { readForm, visitorIp } from '#app/utils/request.server.ts'
import { createToastHeaders, redirectWithToast } from '#app/utils/toast.server.ts'

const hideFields = ['currentPassword', 'password', 'confirmPassword']

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  const settings = await getAdopterSettings(supabase)
  return json({ email: user.email ?? '', settings, onTeam: await isOnShelterTeam(supabase, user.id) }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  const form = await readForm(request)
  const intent = form.get('intent')

  if (intent === 'profile') {
    const submission = parseWithZod(form, { schema: accountProfileSchema })
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400, headers })
    const { intent: _intent, ...settings } = submission.value
    await saveAdopterSettings(supabase, { ...settings, display_name: settings.display_name || null, zip_code: settings.zip_code || null })
    return redirectWithToast('/account/settings', { type: 'success', description: 'Settings saved' }, { headers }, request)
  }

  if (intent === 'password') {
    const submission = parseWithZod(form, { schema: changePasswordSchema })
    if (submission.status !== 'success') return json({ intent, result: submission.reply({ hideFields }) }, { status: 400, headers })
    // The current password is checked on a separate, throwaway session, then that session ends.
    const env = getEnv()
    const ip = visitorIp(request)
    const checker = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: ip ? { 'Sb-Forwarded-For': ip } : {} },
    })
    const { error: wrong } = await checker.auth.signInWithPassword({ email: user.email ?? '', password: submission.value.currentPassword })
    if (wrong) {
      return json(
        { intent, result: submission.reply({ fieldErrors: { currentPassword: ['That is not your current password'] }, hideFields }) },
        { status: 400, headers },
      )
    }
    await checker.auth.signOut({ scope: 'local' })
    const { error } = await supabase.auth.updateUser({ password: submission.value.password })
    if (error)
      return json(
        { intent, result: submission.reply({ formErrors: ["We couldn't change your password. Please try again."], hideFields }) },
        { status: 500, headers },
      )
    return redirectWithToast('/account/settings', { type: 'success', description: 'Password changed' }, { headers }, request)
  }

  if (intent === 'delete') {
    const submission = parseWithZod(form, { schema: deleteAccountSchema })
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400, headers })
    if (submission.value.confirmEmail.toLowerCase() !== (user.email ?? '').toLowerCase()) {
      return json(
        { intent, result: submission.reply({ fieldErrors: { confirmEmail: ['Type the email address of this account'] } }) },
        { status: 400, headers },
      )
    }
    if (await isOnShelterTeam(supabase, user.id)) {
      return json(
        {
          intent,
          result: submission.reply({
            formErrors: ['Your account is on a shelter’s team: leave the team (or hand the shelter to another owner) first.'],
          }),
        },
        { status: 400, headers },
      )
    }
    await deleteAccount(user.id)
    await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined)
    const toast = await createToastHeaders({ type: 'success', description: 'Your account and everything in it are deleted' }, request)
    return redirect('/', { headers: combineHeaders(headers, toast) })
  }
  return json({ intent: null, result: undefined }, { status: 400, headers })
}

export default function AccountSettings() {
  const { email, settings, onTeam } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string): LastResult => (actionData?.intent === intent ? (actionData.result as LastResult) : undefined)
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <ProfileForm settings={settings} lastResult={resultFor('profile')} />
      <PasswordForm lastResult={resultFor('password')} />
      <DeleteForm email={email} onTeam={onTeam} lastResult={resultFor('delete')} />
    </div>
  )
}

type LastResult = SubmissionResult<string[]> | undefined

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

function ProfileForm({
  settings,
  lastResult,
}: {
  settings: {
    display_name: string | null
    zip_code: string | null
    email_messages: boolean
    email_applications: boolean
    email_alerts: boolean
  }
  lastResult: LastResult
}) {
  const submitting = useIsSubmitting({ formIntent: 'profile' })
  const [form, fields] = useForm({
    id: 'account-profile',
    lastResult,
    constraint: getZodConstraint(accountProfileSchema),
    defaultValue: { display_name: settings.display_name ?? '', zip_code: settings.zip_code ?? '' },
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountProfileSchema }),
  })
  const emailChoices = [
    { name: fields.email_messages.name, label: 'New messages from shelters', checked: settings.email_messages },
    { name: fields.email_applications.name, label: 'Changes to my adoption applications', checked: settings.email_applications },
    { name: fields.email_alerts.name, label: 'New pets for my saved searches', checked: settings.email_alerts },
  ]
  return (
    <Section id="profile-heading" title="Your details">
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="profile" />
        <Field
          labelProps={{ children: 'Name (shelters see it when you write to them)' }}
          inputProps={{ ...fieldInputProps(fields.display_name, 'text', submitting), autoComplete: 'name' }}
          errors={fields.display_name.errors}
        />
        <Field
          labelProps={{ children: 'Home ZIP code' }}
          inputProps={{
            ...fieldInputProps(fields.zip_code, 'text', submitting),
            autoComplete: 'postal-code',
            inputMode: 'numeric',
            maxLength: 5,
          }}
          errors={fields.zip_code.errors}
        />
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Email me about</legend>
          <div className="mt-2 flex flex-col gap-2">
            {emailChoices.map((choice) => (
              <label key={choice.name} className="flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  name={choice.name}
                  defaultChecked={choice.checked}
                  disabled={submitting}
                  className="h-4 w-4 rounded border-gray-300"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <SubmitButton pending={submitting} pendingText="Saving...">
            Save settings
          </SubmitButton>
        </div>
      </Form>
    </Section>
  )
}

function PasswordForm({ lastResult }: { lastResult: LastResult }) {
  const submitting = useIsSubmitting({ formIntent: 'password' })
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  })
  return (
    <Section id="password-heading" title="Password">
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="password" />
        <Field
          labelProps={{ children: 'Current password' }}
          inputProps={{ ...fieldInputProps(fields.currentPassword, 'password', submitting), autoComplete: 'current-password' }}
          errors={fields.currentPassword.errors}
        />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          disabled={submitting}
          passwordLabel="New password"
        />
        <div>
          <SubmitButton pending={submitting} pendingText="Changing...">
            Change password
          </SubmitButton>
        </div>
      </Form>
    </Section>
  )
}

function DeleteForm({ email, onTeam, lastResult }: { email: string; onTeam: boolean; lastResult: LastResult }) {
  const submitting = useIsSubmitting({ formIntent: 'delete' })
  const [form, fields] = useForm({
    id: 'delete-account',
    lastResult,
    constraint: getZodConstraint(deleteAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
  })
  return (
    <Section id="delete-heading" title="Delete your account">
      <p className="mt-2 text-sm text-gray-700">
        This deletes your account and everything personal in it: your settings, saved pets, application profile, the answers and notes in
        applications you sent (open ones are withdrawn) and the text of your messages to shelters. Shelters keep only a record that an
        application or a conversation existed. It cannot be undone.
        {onTeam ? ' Your account is on a shelter’s team: leave the team (or hand the shelter to another owner) first.' : ''}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="delete" />
        <Field
          labelProps={{ children: `Type ${email} to confirm` }}
          inputProps={{ ...fieldInputProps(fields.confirmEmail, 'email', submitting), autoComplete: 'off' }}
          errors={fields.confirmEmail.errors}
        />
        <div>
          <SubmitButton pending={submitting} pendingText="Deleting..." className="bg-red-700 hover:bg-red-800">
            Delete my account
          </SubmitButton>
        </div>
      </Form>
    </Section>
  )
}

export const meta: MetaFunction = () => [{ title: 'Settings | Your account | Pawhaven' }]
