// The Sync tab: the shelter's sources (each a way its listings come in), a form to add one, and
// the runs of the last 30 days. For owners and admins: a source can take listings off the site.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Card, CardTitle, EmptyState, PageHeader } from '#app/components/dashboard/cards.tsx'
import { SyncIcon } from '#app/components/dashboard/icons.tsx'
import { FtpCredentials } from '#app/components/sync/ftp-credentials.tsx'
import { RunStatusBadge, RunsTable, runCounts } from '#app/components/sync/runs.tsx'
import { ErrorList, Field, SelectField, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { createFtpSource, ftpDropAddress } from '#app/models/ftp.server.ts'
import { createUploadSource, getRuns, getSources } from '#app/models/sync.server.ts'
import { noRunYet, pullScheduleLabel, sourceKindLabel } from '#app/sync/source-labels.ts'
import { SNAPSHOT_FORMATS, SNAPSHOT_FORMAT_LABELS } from '#app/sync/types.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { isOneOf } from '#app/utils/vocabulary.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const [sources, runs] = await Promise.all([getSources(supabase, profile.id), getRuns(supabase, profile.id)])
  const lastRun = Object.fromEntries(sources.map((source) => [source.id, runs.find((run) => run.source_id === source.id) ?? null]))
  return json({ basePath, sources, runs, lastRun, ftpAddress: ftpDropAddress() }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const form = await readForm(request)
  const name = String(form.get('name') ?? '').trim()
  const format = form.get('format')
  const kind = form.get('kind') === 'ftp' ? 'ftp' : 'upload'
  const values = { name, kind, format: typeof format === 'string' ? format : '' }
  if (!name) return json({ values, error: 'Give the source a name, e.g. the software it comes from' }, { status: 400, headers })
  if (name.length > 100) return json({ values, error: 'Keep the name to 100 characters' }, { status: 400, headers })
  if (!isOneOf(SNAPSHOT_FORMATS, format)) return json({ values, error: 'Choose the format of the files' }, { status: 400, headers })
  if (kind === 'ftp') {
    // The password is shown in this answer, once; the source's page has the rest.
    const added = await createFtpSource(supabase, name, format)
    if ('refusal' in added) return json({ values, error: added.refusal }, { status: 400, headers })
    return json({ values, error: null, ftp: { ...added, format } }, { headers })
  }
  const created = await createUploadSource(supabase, name, format)
  if ('refusal' in created) return json({ values, error: created.refusal }, { status: 400, headers })
  return redirect(`${basePath}/sync/sources/${created.source.id}`, { headers })
}

const KIND_OPTIONS = [
  { value: 'upload', label: 'Sent here in the browser' },
  { value: 'ftp', label: 'By FTP from your software' },
]
const FORMAT_OPTIONS = [
  { value: '', label: 'Choose a format' },
  ...SNAPSHOT_FORMATS.map((value) => ({ value, label: SNAPSHOT_FORMAT_LABELS[value] })),
]

export default function DashboardSync() {
  const { basePath, sources, runs, lastRun, ftpAddress } = useLoaderData<typeof loader>()
  const format = useDateTimeFormat()
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()
  const sourceNames = Object.fromEntries(sources.map((source) => [source.id, source.name]))
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Sync"
        description="Keep your listings current from the software you already use: send the same file you send Petfinder, Adopt-a-Pet or RescueGroups, and Pawhaven adds, updates and removes animals to match."
      />
      <p className="text-sm text-gray-700">
        Your own software can send listings too:{' '}
        <Link to={`${basePath}/sync/keys`} className="font-medium text-brand-700 underline hover:text-brand-800">
          API keys
        </Link>{' '}
        and the{' '}
        <Link to="/developers/api" className="font-medium text-brand-700 underline hover:text-brand-800">
          API documentation
        </Link>
        .
      </p>

      <section aria-labelledby="sources-heading" className="flex flex-col gap-3">
        <h2 id="sources-heading" className="text-lg font-semibold text-gray-900">
          Sources
        </h2>
        {sources.length ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {sources.map((source) => {
              const last = lastRun[source.id]
              const schedule = pullScheduleLabel(source)
              return (
                <li key={source.id}>
                  <Card>
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="text-base font-semibold text-gray-900">
                        <Link to={`${basePath}/sync/sources/${source.id}`} className="text-brand-800 underline hover:text-brand-900">
                          {source.name}
                        </Link>
                      </h3>
                      <span className="text-sm text-gray-600">{sourceKindLabel(source)}</span>
                    </div>
                    {schedule ? <p className="mt-1 text-sm text-gray-600">{schedule}</p> : null}
                    {source.last_pulled_at ? (
                      <p className="mt-2 text-sm text-gray-700">Last pull {format.dateTime(source.last_pulled_at)}</p>
                    ) : null}
                    {last ? (
                      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
                        Last run {format.dateTime(last.started_at)} <RunStatusBadge status={last.status} /> {runCounts(last)}
                      </p>
                    ) : source.last_pulled_at ? null : (
                      <p className="mt-2 text-sm text-gray-700">{noRunYet(source)}</p>
                    )}
                  </Card>
                </li>
              )
            })}
          </ul>
        ) : (
          <EmptyState icon={<SyncIcon className="h-10 w-10" />} title="No sources yet">
            <p className="mt-1 max-w-md text-sm text-gray-600">Add one below for each piece of software or file your listings come from.</p>
          </EmptyState>
        )}
      </section>

      {actionData && 'ftp' in actionData && actionData.ftp ? (
        <Card>
          <CardTitle id="ftp-created-heading">FTP source added</CardTitle>
          <div className="mt-3">
            <FtpCredentials
              address={ftpAddress}
              username={actionData.ftp.credentials.username}
              password={actionData.ftp.credentials.password}
              format={actionData.ftp.format}
            />
          </div>
          <p className="mt-3 text-sm">
            <Link
              to={`${basePath}/sync/sources/${actionData.ftp.sourceId}`}
              className="font-medium text-brand-700 underline hover:text-brand-800"
            >
              Go to the source
            </Link>
          </p>
        </Card>
      ) : null}

      <Card>
        <CardTitle id="add-source-heading">Add a source</CardTitle>
        <Form
          method="post"
          aria-labelledby="add-source-heading"
          className="mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
        >
          <Field
            labelProps={{ children: 'Name' }}
            inputProps={{
              name: 'name',
              defaultValue: actionData?.values.name ?? '',
              maxLength: 100,
              placeholder: 'e.g. ShelterBuddy export',
              disabled: submitting,
            }}
          />
          <SelectField
            labelProps={{ children: 'Format of its files' }}
            selectProps={{ name: 'format', defaultValue: actionData?.values.format ?? '', disabled: submitting }}
            options={FORMAT_OPTIONS}
          />
          <SelectField
            labelProps={{ children: 'How files come' }}
            selectProps={{ name: 'kind', defaultValue: actionData?.values.kind ?? 'upload', disabled: submitting }}
            options={KIND_OPTIONS}
          />
          <SubmitButton pending={submitting} pendingText="Adding…">
            Add source
          </SubmitButton>
          <ErrorList id="add-source-error" errors={actionData?.error ? [actionData.error] : null} className="md:col-span-4" />
        </Form>
        <p className="mt-4 text-sm text-gray-700">
          Or let Pawhaven fetch your list every few minutes:{' '}
          <Link to={`${basePath}/sync/pulls/new`} className="font-medium text-brand-700 underline hover:text-brand-800">
            add a scheduled pull (feed URL, Shelterluv, RescueGroups or ShelterManager ASM3)
          </Link>
        </p>
      </Card>

      {runs.length ? (
        <section aria-labelledby="runs-heading" className="flex flex-col gap-3">
          <h2 id="runs-heading" className="text-lg font-semibold text-gray-900">
            Runs of the last 30 days
          </h2>
          <RunsTable runs={runs} basePath={basePath} sourceNames={sourceNames} />
        </section>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Sync | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
