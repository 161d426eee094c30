// /account/searches: the searches a person saved, each with its emails' frequency; rename,
// change how often, pause or resume, delete, or open it as a search. Every button is a form
// of its own that works without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { Field, FormErrorBox, SelectField, SubmitButton } from '#app/components/ui/forms.tsx'
import { getAdopterSettings } from '#app/models/adopter.server.ts'
import {
  deleteSavedSearch,
  listSavedSearches,
  savedSearchChangeAllowed,
  updateSavedSearch,
  type SavedSearch,
} from '#app/models/saved-search.server.ts'
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, SAVED_SEARCH_LIMIT, SAVED_SEARCH_NAME_MAX } from '#app/utils/alert-vocabulary.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'

const EditSchema = z.object({
  intent: z.literal('update'),
  id: z.string().uuid(),
  name: z
    .string({ required_error: 'Give this search a name' })
    .trim()
    .min(1, 'Give this search a name')
    .max(SAVED_SEARCH_NAME_MAX, `Keep the name to ${SAVED_SEARCH_NAME_MAX} characters`)
    .refine((name) => !/\p{Cc}/u.test(name), 'Use letters, numbers and punctuation only'),
  frequency: z.enum(ALERT_FREQUENCIES, { errorMap: () => ({ message: 'Choose how often we email you' }) }),
})
const ButtonSchema = z.object({ intent: z.enum(['pause', 'resume', 'delete']), id: z.string().uuid() })

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const [searches, settings] = await Promise.all([listSavedSearches(supabase), getAdopterSettings(supabase)])
  return json({ searches, alertsOn: settings.email_alerts }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  const form = await readForm(request)
  const limit = await savedSearchChangeAllowed(user.id)
  const back = (description: string, type: 'success' | 'error' = 'success') =>
    redirectWithToast('/account/searches', { type, description }, { headers }, request)
  if (!limit.allowed) return back('You made a lot of changes in a short time. Please wait a minute and try again.', 'error')

  if (form.get('intent') === 'update') {
    const submission = parseWithZod(form, { schema: EditSchema })
    const id = String(form.get('id') ?? '')
    if (submission.status !== 'success') return json({ id, result: submission.reply() }, { status: 400, headers })
    const { name, frequency } = submission.value
    const saved = await updateSavedSearch(supabase, submission.value.id, { name, frequency })
    return saved ? back(`Saved “${saved.name}”`) : back('That saved search no longer exists', 'error')
  }
  const parsed = ButtonSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return back('That saved search no longer exists', 'error')
  const { intent, id } = parsed.data
  if (intent === 'delete') {
    const name = await deleteSavedSearch(supabase, id)
    return name ? back(`Deleted “${name}”`) : back('That saved search no longer exists', 'error')
  }
  const saved = await updateSavedSearch(supabase, id, { paused: intent === 'pause' })
  if (!saved) return back('That saved search no longer exists', 'error')
  return back(intent === 'pause' ? `Paused emails for “${saved.name}”` : `Resumed emails for “${saved.name}”`)
}

export default function SavedSearches() {
  const { searches, alertsOn } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="max-w-3xl">
      <h2 className="text-xl font-bold text-gray-900">Saved searches</h2>
      <p className="mt-1 text-sm text-gray-600">
        We email you the pets listed since your last email that match each search, never the same pet twice. You can keep up to{' '}
        {SAVED_SEARCH_LIMIT} ({searches.length} saved).
      </p>
      {!alertsOn ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          Emails for saved searches are turned off, so none of these send anything.{' '}
          <Link to="/account/settings" className="font-semibold underline">
            Turn them on in Settings
          </Link>
        </p>
      ) : null}
      {searches.length ? (
        <ul className="mt-6 flex flex-col gap-4">
          {searches.map((search) => (
            <li key={search.id}>
              <SavedSearchCard
                search={search}
                lastResult={actionData?.id === search.id ? (actionData.result as SubmissionResult<string[]>) : undefined}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-gray-700">
          No saved searches yet. Search for pets and choose ‘Email me new matches’ to hear about new ones as they’re listed.{' '}
          <Link to="/search" className="font-medium text-brand-700 underline hover:text-brand-800">
            Find pets
          </Link>
        </p>
      )}
    </div>
  )
}

function SavedSearchCard({ search, lastResult }: { search: SavedSearch; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation()
  const format = useDateTimeFormat()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === search.id
  const headingId = `saved-search-heading-${search.id}`
  const [form, fields] = useForm({
    id: `saved-search-${search.id}`,
    lastResult,
    constraint: getZodConstraint(EditSchema),
    defaultValue: { name: search.name, frequency: search.frequency },
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EditSchema }),
  })
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words text-lg font-semibold text-gray-900">
            {search.name}{' '}
            {search.paused ? (
              <span className="ml-1 rounded-full bg-gray-200 px-2 py-0.5 align-middle text-xs font-semibold text-gray-800">Paused</span>
            ) : null}
          </h3>
          <p className="text-sm text-gray-600">
            {search.paused ? 'No emails while paused' : `Emails: ${ALERT_FREQUENCY_LABELS[search.frequency].toLowerCase()}`} ·{' '}
            {search.last_emailed_at ? `last sent ${format.date(search.last_emailed_at, 'medium')}` : 'nothing sent yet'}
          </p>
        </div>
        <Link
          to={`/search${search.query ? `?${search.query}` : ''}`}
          className="rounded-md border border-brand-300 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Open search<span className="sr-only">: {search.name}</span>
        </Link>
      </div>

      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <FormErrorBox id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={search.id} />
        <Field
          labelProps={{ children: 'Name' }}
          inputProps={{ ...fieldInputProps(fields.name, 'text', busy), maxLength: SAVED_SEARCH_NAME_MAX }}
          errors={fields.name.errors}
        />
        <SelectField
          labelProps={{ children: 'Email me' }}
          selectProps={{ id: fields.frequency.id, name: fields.frequency.name, defaultValue: search.frequency, disabled: busy }}
          options={ALERT_FREQUENCIES.map((value) => ({ value, label: ALERT_FREQUENCY_LABELS[value] }))}
          errors={fields.frequency.errors}
        />
        <SubmitButton pending={busy && navigation.formData?.get('intent') === 'update'} pendingText="Saving...">
          Save<span className="sr-only"> changes to {search.name}</span>
        </SubmitButton>
      </Form>

      <div className="mt-3 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="id" value={search.id} />
          <button
            type="submit"
            name="intent"
            value={search.paused ? 'resume' : 'pause'}
            disabled={busy}
            className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-70"
          >
            {search.paused ? 'Resume emails' : 'Pause emails'}
            <span className="sr-only"> for {search.name}</span>
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="id" value={search.id} />
          <button
            type="submit"
            name="intent"
            value="delete"
            disabled={busy}
            className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 disabled:opacity-70"
          >
            Delete<span className="sr-only"> {search.name}</span>
          </button>
        </Form>
      </div>
    </section>
  )
}

export const meta: MetaFunction = () => [{ title: 'Saved searches | Your account | Pawhaven' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
