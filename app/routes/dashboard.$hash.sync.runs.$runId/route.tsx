// One run's report: what it did, the rows it could not read (and a CSV of them), and for a held
// run the choice to apply it after all or discard it. While the worker still has the run, the
// page says how far it got: a Refresh link without JavaScript; with it the page asks the run's
// progress route every second and, once the run is over, loads the report again.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Card, CardTitle, StatCard, buttonClass } from '#app/components/dashboard/cards.tsx'
import { RunStatusBadge, runOutcome, runProgress } from '#app/components/sync/runs.tsx'
import { isOpenRun } from '#app/sync/types.ts'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { decideHeldRun, getRun, getRunErrors, getSource, type RunSummary } from '#app/models/sync.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'

/** The failed rows shown on the page; the CSV has them all. */
const SHOWN_ERRORS = 200
/** How often the page asks for progress while the run is open (with JavaScript). */
const POLL_MS = 1_000

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const run = await getRun(supabase, profile.id, params.runId ?? '')
  const [source, errors] = await Promise.all([getSource(supabase, profile.id, run.source_id), getRunErrors(supabase, run.id)])
  return json({ basePath, run, source, errors: errors.slice(0, SHOWN_ERRORS), errorCount: errors.length }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const intent = (await readForm(request)).get('intent')
  if (intent !== 'apply' && intent !== 'discard') throw new Response('Unknown action', { status: 400, headers })
  const decided = await decideHeldRun(supabase, params.runId ?? '', intent === 'apply')
  const back = `${basePath}/sync/runs/${params.runId}`
  // Decided already (in another tab, or by another admin): the page shows the run as it is now.
  if ('refusal' in decided) return json({ refusal: decided.refusal }, { status: 409, headers })
  if (intent === 'discard')
    return redirectWithToast(back, { type: 'success', description: 'Discarded: nothing changed' }, { headers }, request)
  return redirect(`${basePath}/sync/runs/${decided.run.id}`, { headers })
}

export default function SyncRun() {
  const { basePath, run, source, errors, errorCount } = useLoaderData<typeof loader>()
  const format = useDateTimeFormat()
  const refusal = useActionData<typeof action>()?.refusal
  const submitting = useIsSubmitting()
  const progress = useLiveProgress(run, `${basePath}/sync/runs/${run.id}/progress`)
  const open = isOpenRun(progress.status)
  const outcome = runOutcome(run)
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={`${basePath}/sync/sources/${source.id}`} className="font-medium text-brand-700 underline hover:text-brand-800">
            Back to {source.name}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-gray-900">Run of {format.dateTime(run.started_at)}</h1>
          <RunStatusBadge status={progress.status} />
        </div>
        <p className="mt-1 text-sm text-gray-600">
          {source.name}
          {run.file_name ? ` · ${run.file_name}` : ''}
        </p>
      </div>

      {refusal ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {refusal}
        </p>
      ) : null}

      {open ? (
        <Card>
          <CardTitle>Importing your file</CardTitle>
          <p role="status" aria-live="polite" className="mt-2 text-gray-900">
            {runProgress(progress)}
          </p>
          <p className="mt-2 text-sm text-gray-700">
            You can leave this page: the import goes on, and this run shows what it did.{' '}
            <Link to="." reloadDocument className="font-semibold text-brand-800 underline hover:text-brand-900">
              Refresh
            </Link>
          </p>
        </Card>
      ) : null}

      {outcome ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-950">
          {outcome}
        </p>
      ) : null}

      {run.message ? (
        <p
          role={run.status === 'failed' ? 'alert' : undefined}
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        >
          {run.message}
        </p>
      ) : null}

      {run.status === 'held' ? (
        <Card>
          <CardTitle>Apply this file?</CardTitle>
          <p className="mt-2 text-sm text-gray-700">
            Nothing has changed yet. Apply it if those animals really are no longer available; discard it if the file was cut short or sent
            by mistake.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="apply" disabled={submitting} className={buttonClass.primary}>
              Apply the file
            </button>
            <button type="submit" name="intent" value="discard" disabled={submitting} className={buttonClass.secondary}>
              Discard it
            </button>
          </Form>
        </Card>
      ) : null}

      {run.status === 'succeeded' ? (
        <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
          <StatCard label="Added" value={run.added} />
          <StatCard label="Updated" value={run.updated} />
          <StatCard label="Unchanged" value={run.unchanged} />
          <StatCard label="Removed" value={run.removed} note="Archived: off every public page, kept for you" />
          <StatCard label="Failed rows" value={run.failed} />
        </div>
      ) : null}

      {/* Only once the run is over: while it reads, "the other rows were imported" is not true yet. */}
      {errorCount && !open ? (
        <section aria-labelledby="errors-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="errors-heading" className="text-lg font-semibold text-gray-900">
              Rows we could not read ({errorCount})
            </h2>
            <a
              href={`${basePath}/sync/runs/${run.id}/errors`}
              download
              className="text-sm font-semibold text-brand-800 underline hover:text-brand-900"
            >
              Download them as CSV
            </a>
          </div>
          <p className="text-sm text-gray-600">The other rows were imported. Fix these in your software; the next file brings them in.</p>
          <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Rows we could not read</caption>
              <thead className="bg-gray-50 text-left text-gray-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Line
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    ID
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {errors.map((error, index) => (
                  <tr key={index}>
                    <td className="px-4 py-2 text-gray-800">{error.line ?? '—'}</td>
                    <td className="px-4 py-2 text-gray-800">{error.external_id ?? '—'}</td>
                    <td className="px-4 py-2 text-gray-800">{error.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  )
}

type Progress = Pick<RunSummary, 'status' | 'rows_read' | 'rows_total' | 'rows_applied'>

/**
 * The run's progress, asked for every second while it is open and the tab is visible; when the
 * run is over the page's data is loaded again (its counts, its failed rows). An answer that
 * fails (a backend busy with the import) is skipped: the next second asks again, and the page
 * keeps what it shows rather than turning into an error page.
 */
function useLiveProgress(run: Progress, url: string): Progress {
  const [progress, setProgress] = useState<Progress>(run)
  const [asked, setAsked] = useState(0)
  const revalidator = useRevalidator()
  useEffect(() => setProgress(run), [run])
  const open = isOpenRun(progress.status)
  const reportOpen = isOpenRun(run.status)
  useEffect(() => {
    if (!open) {
      if (reportOpen && revalidator.state === 'idle') revalidator.revalidate()
      return
    }
    let stopped = false
    const timer = setTimeout(async () => {
      try {
        if (document.visibilityState === 'visible') {
          const response = await fetch(url, { headers: { Accept: 'application/json' } })
          // Signed out (sent to sign in) or the run gone: asking again cannot help; Refresh shows why.
          if (response.redirected || (response.status >= 400 && response.status < 500)) return
          if (response.ok && !stopped) setProgress((await response.json()) as Progress)
        }
      } catch {
        // Asked again in a second.
      }
      if (!stopped) setAsked((count) => count + 1)
    }, POLL_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [open, reportOpen, asked, url, revalidator])
  return progress
}

export const meta: MetaFunction = () => [{ title: 'Sync run | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
