// API keys: an owner or admin makes a key for the shelter's own software (read,
// or read and write), sees it once, and revokes it. Works without JavaScript: the new key is the
// action's answer, in a read-only field to select and copy; a Copy button comes with JavaScript.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { Card, CardTitle, EmptyState, PageHeader } from '#app/components/dashboard/cards.tsx'
import { cellClass, DataTable, wideOnlyClass } from '#app/components/ui/data-table.tsx'
import { ErrorList, Field, SelectField, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { createApiKey, getApiKeys, revokeApiKey } from '#app/models/api-keys.server.ts'
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, type ApiKeyScope } from '#app/utils/api-key-scopes.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'

const keyFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    name: z.string().trim().min(1, 'Give the key a name, e.g. the software that uses it').max(100, 'Keep the name to 100 characters'),
    scope: z.enum(API_KEY_SCOPES, { errorMap: () => ({ message: 'Choose what the key may do' }) }),
  }),
  z.object({ intent: z.literal('revoke'), keyId: z.string().uuid() }),
])

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const keys = await getApiKeys(supabase, profile.id)
  return json({ basePath, keys }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const form = Object.fromEntries(await readForm(request))
  const parsed = keyFormSchema.safeParse(form)
  const values = { name: String(form.name ?? ''), scope: String(form.scope ?? 'read_write') }
  if (!parsed.success) {
    return json({ values, created: null, error: parsed.error.issues[0]?.message ?? 'Check the form' }, { status: 400, headers })
  }
  if (parsed.data.intent === 'revoke') {
    await revokeApiKey(supabase, parsed.data.keyId)
    return redirectWithToast(
      `${basePath}/sync/keys`,
      { type: 'success', description: 'Key revoked: it no longer works' },
      { headers },
      request,
    )
  }
  const created = await createApiKey(supabase, parsed.data.name, parsed.data.scope)
  if ('refusal' in created) return json({ values, created: null, error: created.refusal }, { status: 400, headers })
  // Never stored by a cache: the one time this key is shown.
  headers.set('Cache-Control', 'no-store')
  return json({ values: { name: '', scope: 'read_write' }, created: { ...created, name: parsed.data.name }, error: null }, { headers })
}

const SCOPE_OPTIONS = API_KEY_SCOPES.map((value) => ({ value, label: API_KEY_SCOPE_LABELS[value] }))

export default function ApiKeys() {
  const { basePath, keys } = useLoaderData<typeof loader>()
  const format = useDateTimeFormat()
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting({ formIntent: 'create' })
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={`${basePath}/sync`} className="font-medium text-brand-700 underline hover:text-brand-800">
            Back to Sync
          </Link>
        </p>
        <PageHeader
          title="API keys"
          description="Let your own software keep your listings current through the Pawhaven API. Give each program its own key, so you can revoke one without stopping the others."
        />
        <p className="mt-2 text-sm">
          <Link to="/developers/api" className="font-medium text-brand-700 underline hover:text-brand-800">
            Read the API documentation
          </Link>
        </p>
      </div>

      {actionData?.created ? <NewKey name={actionData.created.name} apiKey={actionData.created.key} /> : null}

      <Card>
        <CardTitle id="create-key-heading">Create a key</CardTitle>
        <Form
          method="post"
          aria-labelledby="create-key-heading"
          className="mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
        >
          <input type="hidden" name="intent" value="create" />
          <Field
            labelProps={{ children: 'Name' }}
            inputProps={{
              name: 'name',
              defaultValue: actionData?.values.name ?? '',
              maxLength: 100,
              required: true,
              placeholder: 'e.g. Our shelter software',
              disabled: submitting,
            }}
          />
          <SelectField
            labelProps={{ children: 'What it may do' }}
            selectProps={{
              name: 'scope',
              defaultValue: (actionData?.values.scope as ApiKeyScope | undefined) ?? 'read_write',
              disabled: submitting,
            }}
            options={SCOPE_OPTIONS}
          />
          <SubmitButton pending={submitting} pendingText="Creating…">
            Create key
          </SubmitButton>
          <ErrorList id="create-key-error" errors={actionData?.error ? [actionData.error] : null} className="md:col-span-3" />
        </Form>
      </Card>

      <section aria-labelledby="keys-heading" className="flex flex-col gap-3">
        <h2 id="keys-heading" className="text-lg font-semibold text-gray-900">
          Your keys
        </h2>
        {keys.length ? (
          <DataTable
            caption="Your API keys"
            columns={[
              { label: 'Name' },
              { label: 'Key', wideOnly: true },
              { label: 'Access' },
              { label: 'Last used', wideOnly: true },
              { label: 'Actions', hidden: true },
            ]}
          >
            {keys.map((key) => {
              const lastUsed = key.last_used_at ? format.dateTime(key.last_used_at) : 'Never'
              return (
                <tr key={key.id}>
                  <th scope="row" className={`${cellClass} break-words text-left font-medium text-gray-900`}>
                    {key.name}
                    {/* On a phone, the two columns it has no room for. */}
                    <span className="mt-1 block font-normal text-gray-600 sm:hidden">
                      <span className="break-all font-mono">{key.prefix}…</span> · Last used: {lastUsed}
                    </span>
                  </th>
                  <td className={`${cellClass} ${wideOnlyClass} font-mono text-gray-700`}>{key.prefix}…</td>
                  <td className={`${cellClass} text-gray-700`}>{key.scope === 'read' ? 'Read' : 'Read and write'}</td>
                  <td className={`${cellClass} ${wideOnlyClass} text-gray-700`}>{lastUsed}</td>
                  <td className={`${cellClass} text-right`}>
                    {key.revoked_at ? (
                      <span className="text-gray-600">Revoked</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="keyId" value={key.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="revoke"
                          className="font-semibold text-red-700 underline hover:text-red-800"
                        >
                          Revoke<span className="sr-only"> {key.name}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              )
            })}
          </DataTable>
        ) : (
          <EmptyState title="No keys yet">
            <p className="mt-1 max-w-md text-sm text-gray-600">Create one above for each program that sends your listings.</p>
          </EmptyState>
        )}
      </section>
    </div>
  )
}

/** The new key, shown this once: selectable without JavaScript, a Copy button with it. */
function NewKey({ name, apiKey }: { name: string; apiKey: string }) {
  const [copied, setCopied] = useState(false)
  const [canCopy, setCanCopy] = useState(false)
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), [])
  return (
    <Card className="border-brand-300 bg-brand-50">
      <CardTitle id="new-key-heading">Your new key “{name}”</CardTitle>
      <p className="mt-2 text-sm text-gray-800">Copy it now and keep it somewhere safe: Pawhaven shows it only this once.</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Field
          className="min-w-0 flex-1"
          labelProps={{ children: 'API key' }}
          inputProps={{
            readOnly: true,
            value: apiKey,
            onFocus: (event) => event.currentTarget.select(),
            spellCheck: false,
            autoComplete: 'off',
          }}
        />
        {canCopy ? (
          <button
            type="button"
            className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 shadow-sm hover:bg-gray-50"
            onClick={() => navigator.clipboard.writeText(apiKey).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-gray-700" role="status">
        {copied ? 'The key is on your clipboard.' : null}
      </p>
    </Card>
  )
}

export const meta: MetaFunction = () => [{ title: 'API keys | Sync | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
