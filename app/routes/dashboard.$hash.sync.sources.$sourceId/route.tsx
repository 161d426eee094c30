// A source: send it a file (the same one the shelter's software sends Petfinder, Adopt-a-Pet or
// RescueGroups), see what the run did, and the source's runs of the last 30 days; a pulled
// source's controls and settings; an FTP source's credentials. Works without JavaScript: plain
// forms (multipart for a file), and the run's report on its own page. A file is stored and
// answered at once with its run's page: the worker reads and applies it (a 200,000-row file
// takes a minute, far longer than a request may).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { buttonClass, Card, CardTitle, PageHeader } from '#app/components/dashboard/cards.tsx'
import { FtpCredentials } from '#app/components/sync/ftp-credentials.tsx'
import { PullControls } from '#app/components/sync/pull-controls.tsx'
import { RunsTable } from '#app/components/sync/runs.tsx'
import { SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { ftpDropAddress, getFtpUsername, resetFtpPassword } from '#app/models/ftp.server.ts'
import { canStoreKeys, getPullState } from '#app/models/pull-sources.server.ts'
import { getRuns, getSource, getSourceSetting } from '#app/models/sync.server.ts'
import { queueStoredFile } from '#app/sync/stored-files.server.ts'
import { intervalLabel, PULL_INTERVALS, PULL_KIND_LABELS, type PullKind } from '#app/sync/pull-options.ts'
import { SNAPSHOT_FORMAT_LABELS, type SnapshotFormat } from '#app/sync/types.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { getServiceSupabase } from '#app/utils/supabase.server.ts'
import { readMultipart } from '#app/utils/multipart.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { pullAction } from '#app/routes/dashboard.$hash.sync.sources.$sourceId/pull-action.server.ts'

/** The largest listings file taken (the 50 MB: a 413 beyond it). */
const MAX_FILE_BYTES = 50 * 1024 * 1024

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const source = await getSource(supabase, profile.id, params.sourceId ?? '')
  const [runs, config, pull, ftpUsername] = await Promise.all([
    getRuns(supabase, profile.id, source.id),
    source.format === 'adoptapet' ? getSourceSetting(supabase, source.id, 'adoptapet_config') : null,
    getPullState(supabase, source.id),
    source.kind === 'ftp' ? getFtpUsername(supabase, source.id) : null,
  ])
  const ftp = ftpUsername ? { username: ftpUsername, address: ftpDropAddress() } : null
  return json({ basePath, source, runs, hasConfig: config !== null, pull, ftp, keysAvailable: canStoreKeys() }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const source = await getSource(supabase, profile.id, params.sourceId ?? '')
  const here = `${basePath}/sync/sources/${source.id}`
  // A file comes as multipart; anything else is a plain form: an FTP source's new password
  // (shown once, in this answer), or a pulled source's controls.
  if (!request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    if (source.kind === 'ftp') {
      const credentials = await resetFtpPassword(supabase, source.id)
      return json({ password: credentials.password }, { headers })
    }
    return pullAction(request, await readForm(request), supabase, source, here, headers)
  }
  const { files } = await readMultipart(request, {
    maxBodyBytes: MAX_FILE_BYTES + 1024 * 1024,
    maxFileBytes: MAX_FILE_BYTES,
    maxFiles: 2,
    tooLargeMessage: 'The file is too large: Pawhaven takes listings files of up to 50 MB.',
  })
  const file = files.find((part) => part.field === 'file')
  const config = files.find((part) => part.field === 'config' && part.filename) ?? null
  if (!file || !file.filename) return redirectWithToast(here, { type: 'error', description: 'Choose a file to send' }, { headers }, request)
  if (!source.format)
    return redirectWithToast(here, { type: 'error', description: 'This source does not take files' }, { headers }, request)
  const run = await queueStoredFile(
    supabase,
    getServiceSupabase(),
    source.id,
    { name: file.filename, bytes: file.bytes },
    { trigger: 'upload', config: config ? { name: config.filename, bytes: config.bytes } : null },
  )
  return redirectWithToast(
    `${basePath}/sync/runs/${run.id}`,
    { type: 'info', description: 'File received: importing it now' },
    { headers },
    request,
  )
}

const INTERVAL_OPTIONS = PULL_INTERVALS.map((minutes) => ({ value: String(minutes), label: intervalLabel(minutes) }))

export default function SyncSource() {
  const { basePath, source, runs, hasConfig, pull, ftp, keysAvailable } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const newPassword = actionData && 'password' in actionData ? actionData.password : null
  const settingsReply = actionData && 'settings' in actionData ? actionData.settings : null
  const submitting = useIsSubmitting()
  const format = source.format as SnapshotFormat | null
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={`${basePath}/sync`} className="font-medium text-brand-700 underline hover:text-brand-800">
            Back to Sync
          </Link>
        </p>
        <PageHeader
          title={source.name}
          description={
            format
              ? SNAPSHOT_FORMAT_LABELS[format]
              : pull
                ? `Pulled: ${intervalLabel(pull.pull_interval_minutes ?? 15).toLowerCase()}`
                : undefined
          }
        />
      </div>

      {pull ? (
        <PullControls
          pull={pull}
          kindLabel={PULL_KIND_LABELS[pull.kind as PullKind]}
          intervalOptions={INTERVAL_OPTIONS}
          keysAvailable={keysAvailable}
          reply={settingsReply}
        />
      ) : null}
      {ftp ? (
        <Card>
          <CardTitle id="ftp-heading">FTP drop</CardTitle>
          <p className="mt-2 mb-3 text-sm text-gray-700">
            Add Pawhaven to your software’s FTP publishing (beside Petfinder, Adopt-a-Pet or RescueGroups) with these details; nothing else
            changes.
          </p>
          <FtpCredentials address={ftp.address} username={ftp.username} password={newPassword} format={format} />
          {/* Asks first: the software in use keeps the old password until someone changes it there. */}
          <details className="mt-4">
            <summary className={`${buttonClass.secondary} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              Reset the password…
            </summary>
            <div className="mt-3 max-w-xl rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-gray-800">
              <p>
                The password your software uses now stops working at once: files it sends are refused until you put the new password in its
                FTP publishing settings. The new one is shown here only once.
              </p>
              <Form method="post" className="mt-3">
                <SubmitButton pending={submitting} pendingText="Resetting…">
                  Reset the password
                </SubmitButton>
              </Form>
            </div>
          </details>
        </Card>
      ) : null}

      {format ? (
        <Card>
          <CardTitle id="send-heading">Send a file</CardTitle>
          <p className="mt-2 text-sm text-gray-700">
            Send the whole list of adoptable animals, as your software exports it. Animals missing from the file leave your listings (they
            are kept, archived); an empty file removes them all. A file that would remove more than half waits for you to confirm.
          </p>
          <Form method="post" encType="multipart/form-data" aria-labelledby="send-heading" className="mt-4 flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor="sync-file" className="text-sm font-medium text-gray-800">
                {format === 'adoptapet' ? 'pets.csv' : 'Listings file'}
              </label>
              <input
                id="sync-file"
                name="file"
                type="file"
                required
                accept={format === 'pawhaven-json' || format === 'asm3-json' ? '.json,application/json' : '.csv,.txt,text/csv,text/plain'}
                disabled={submitting}
                className="text-sm text-gray-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
              />
            </div>
            {format === 'adoptapet' ? (
              <div className="flex flex-col gap-1">
                <label htmlFor="sync-config" className="text-sm font-medium text-gray-800">
                  import.cfg {hasConfig ? '(optional: we kept the last one you sent)' : '(needed the first time)'}
                </label>
                <input
                  id="sync-config"
                  name="config"
                  type="file"
                  accept=".cfg,.txt,text/plain"
                  disabled={submitting}
                  className="text-sm text-gray-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
                />
              </div>
            ) : null}
            <div>
              <SubmitButton pending={submitting} pendingText="Sending…">
                Import
              </SubmitButton>
            </div>
          </Form>
        </Card>
      ) : null}

      <section aria-labelledby="runs-heading" className="flex flex-col gap-3">
        <h2 id="runs-heading" className="text-lg font-semibold text-gray-900">
          Runs of the last 30 days
        </h2>
        {runs.length ? (
          <RunsTable runs={runs} basePath={basePath} />
        ) : (
          <p className="text-sm text-gray-700">{pull ? 'No pull yet.' : 'No file yet.'}</p>
        )}
      </section>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.source.name ?? 'Source'} | Sync | Shelter Dashboard | Pawhaven` },
]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
