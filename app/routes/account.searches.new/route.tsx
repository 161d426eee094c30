// 'Email me new matches' on /search links here with the search's query: a signed-out visitor is
// sent to sign in and comes back (requireUser keeps the query), then names the search and picks
// how often to hear about it. /search itself stays the same page for everyone (and cacheable):
// the button is a plain link, with no JavaScript of its own.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { Field, FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { countSavedSearches, createSavedSearch, savedSearchChangeAllowed, searchToSave } from '#app/models/saved-search.server.ts'
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_HINTS,
  ALERT_FREQUENCY_LABELS,
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_NAME_MAX,
} from '#app/utils/alert-vocabulary.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const NewSavedSearchSchema = z.object({
  name: z
    .string({ required_error: 'Give this search a name' })
    .trim()
    .min(1, 'Give this search a name')
    .max(SAVED_SEARCH_NAME_MAX, `Keep the name to ${SAVED_SEARCH_NAME_MAX} characters`)
    .refine((name) => !/\p{Cc}/u.test(name), 'Use letters, numbers and punctuation only'),
  frequency: z.enum(ALERT_FREQUENCIES, { errorMap: () => ({ message: 'Choose how often we email you' }) }),
  query: z.string().max(2000).default(''),
})

const LIMIT_MESSAGE = `You already keep ${SAVED_SEARCH_LIMIT} saved searches, the most an account can. Delete one you no longer need, then save this one.`

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const [search, saved] = await Promise.all([searchToSave(new URL(request.url).searchParams), countSavedSearches(supabase)])
  const atLimit = saved >= SAVED_SEARCH_LIMIT
  return json({ query: search.query, defaultName: search.defaultName, ignoredLocation: search.ignoredLocation, atLimit }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  const submission = parseWithZod(await readForm(request), { schema: NewSavedSearchSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers })
  const limit = await savedSearchChangeAllowed(user.id)
  if (!limit.allowed) {
    return json(
      {
        result: submission.reply({ formErrors: ['You have saved a lot of searches in a short time. Please wait a minute and try again.'] }),
      },
      { status: 429, headers },
    )
  }
  // The filters are read again from the query, never taken from the form as they came.
  const search = await searchToSave(new URLSearchParams(submission.value.query))
  const saved = await createSavedSearch(supabase, {
    name: submission.value.name,
    frequency: submission.value.frequency,
    query: search.query,
    filters: search.filters,
  })
  if (saved === 'limit') return json({ result: submission.reply({ formErrors: [LIMIT_MESSAGE] }) }, { status: 400, headers })
  const when =
    submission.value.frequency === 'instant' ? 'as they’re listed' : submission.value.frequency === 'daily' ? 'once a day' : 'once a week'
  return redirectWithToast(
    `/search${search.query ? `?${search.query}` : ''}`,
    { type: 'success', description: `Search saved. We’ll email you new matches ${when}.` },
    { headers },
    request,
  )
}

export default function NewSavedSearch() {
  const { query, defaultName, ignoredLocation, atLimit } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()
  const [form, fields] = useForm({
    id: 'new-saved-search',
    lastResult: actionData?.result,
    constraint: getZodConstraint(NewSavedSearchSchema),
    defaultValue: { name: defaultName, frequency: 'instant', query },
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewSavedSearchSchema }),
  })
  const back = `/search${query ? `?${query}` : ''}`
  return (
    <div className="max-w-xl">
      <h2 className="text-xl font-bold text-gray-900">Email me new matches</h2>
      <p className="mt-1 text-sm text-gray-600">
        We’ll save this search and email you the pets listed after today that match it, never the same pet twice. You can change or stop it
        any time in{' '}
        <Link to="/account/searches" className="font-medium text-brand-700 underline hover:text-brand-800">
          Saved searches
        </Link>
        .
      </p>
      {ignoredLocation ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          We couldn’t find the location “{ignoredLocation}”, so this search covers every location. To search near a place,{' '}
          <Link to={back} className="font-semibold underline">
            go back
          </Link>{' '}
          and choose one.
        </p>
      ) : null}
      {atLimit ? (
        <div role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p>{LIMIT_MESSAGE}</p>
          <p className="mt-2">
            <Link to="/account/searches" className="font-semibold underline">
              Go to your saved searches
            </Link>
          </p>
        </div>
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          className="mt-6 flex flex-col gap-5 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
        >
          <FormErrorBox id={form.errorId} errors={form.errors} />
          <input type="hidden" name={fields.query.name} value={query} />
          <Field
            labelProps={{ children: 'Name' }}
            inputProps={{ ...fieldInputProps(fields.name, 'text', submitting), maxLength: SAVED_SEARCH_NAME_MAX }}
            errors={fields.name.errors}
          />
          <fieldset aria-describedby={fields.frequency.errors ? `${fields.frequency.id}-error` : undefined}>
            <legend className="text-sm font-medium text-gray-800">How often should we email you?</legend>
            <div className="mt-2 flex flex-col gap-2">
              {ALERT_FREQUENCIES.map((frequency) => (
                <label
                  key={frequency}
                  htmlFor={`frequency-${frequency}`}
                  className="flex flex-wrap items-baseline gap-x-2 text-sm text-gray-800"
                >
                  <input
                    id={`frequency-${frequency}`}
                    type="radio"
                    name={fields.frequency.name}
                    value={frequency}
                    defaultChecked={(fields.frequency.initialValue ?? 'instant') === frequency}
                    disabled={submitting}
                    className="mt-0.5 h-4 w-4 border-gray-300"
                  />
                  <span className="font-medium">{ALERT_FREQUENCY_LABELS[frequency]}</span>
                  <span className="text-xs text-gray-500">({ALERT_FREQUENCY_HINTS[frequency].toLowerCase()})</span>
                </label>
              ))}
            </div>
            {fields.frequency.errors ? (
              <p id={`${fields.frequency.id}-error`} className="mt-1 text-sm text-red-600">
                {fields.frequency.errors.join(' ')}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton pending={submitting} pendingText="Saving...">
              Save search
            </SubmitButton>
            <Link to={back} className="text-sm font-semibold text-brand-800 underline hover:text-brand-900">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Email me new matches | Your account | Pawhaven' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
