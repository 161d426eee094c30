// How the Sync tab shows a run: its outcome in words and its counts.
import { Link } from '@remix-run/react'
import { isOpenRun } from '#app/sync/types.ts'
import { cn } from '#app/utils/misc.ts'
import type { RunSummary } from '#app/models/sync.server.ts'
import { cellClass, DataTable } from '#app/components/ui/data-table.tsx'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'

const STATUS: Record<string, { label: string; className: string }> = {
  queued: { label: 'Waiting its turn', className: 'bg-blue-100 text-blue-900' },
  receiving: { label: 'Reading', className: 'bg-blue-100 text-blue-900' },
  running: { label: 'Applying', className: 'bg-blue-100 text-blue-900' },
  succeeded: { label: 'Done', className: 'bg-green-100 text-green-800' },
  failed: { label: 'Failed: nothing changed', className: 'bg-red-100 text-red-900' },
  held: { label: 'Waiting for you', className: 'bg-amber-100 text-amber-900' },
  confirmed: { label: 'Confirmed', className: 'bg-gray-200 text-gray-800' },
  discarded: { label: 'Discarded', className: 'bg-gray-200 text-gray-800' },
}

export function RunStatusBadge({ status }: { status: string }) {
  const { label, className } = STATUS[status] ?? { label: status, className: 'bg-gray-200 text-gray-800' }
  return <span className={cn('inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', className)}>{label}</span>
}

/** '3 added, 1 updated, 40 unchanged, 2 removed, 1 failed' (what a held run would remove, in its own words). */
export function runCounts(run: Pick<RunSummary, 'status' | 'added' | 'updated' | 'unchanged' | 'removed' | 'failed'>): string {
  if (run.status === 'failed') return 'Nothing changed'
  if (run.status === 'held') return `Would remove ${run.removed}`
  if (run.status === 'discarded' || run.status === 'confirmed') return 'See the run it led to'
  if (isOpenRun(run.status)) return 'In progress'
  const parts = [`${run.added} added`, `${run.updated} updated`, `${run.unchanged} unchanged`, `${run.removed} removed`]
  if (run.failed) parts.push(`${run.failed} failed`)
  return parts.join(', ')
}

const count = new Intl.NumberFormat('en-US')

/** Where an open run is, in a shelter's words: 'Reading your file: 120,000 rows read'. */
export function runProgress(run: Pick<RunSummary, 'status' | 'rows_read' | 'rows_total' | 'rows_applied'>): string {
  if (run.status === 'queued') return 'Your file is saved and waiting its turn: reading starts in a moment.'
  if (run.status === 'receiving') return `Reading your file: ${count.format(run.rows_read ?? 0)} rows read`
  if (run.status === 'running') {
    const total = run.rows_total === null ? '' : ` of ${count.format(run.rows_total)}`
    return `Applying: ${count.format(run.rows_applied ?? 0)}${total} animals`
  }
  return ''
}

/** What a finished run did, as one sentence: 'Imported: 4 added, 0 updated, 0 removed, 1 rows could not be read'. */
export function runOutcome(run: Pick<RunSummary, 'status' | 'added' | 'updated' | 'removed' | 'failed'>): string | null {
  if (run.status !== 'succeeded') return null
  return `Imported: ${run.added} added, ${run.updated} updated, ${run.removed} removed${run.failed ? `, ${run.failed} rows could not be read` : ''}`
}

export function RunsTable({ runs, basePath, sourceNames }: { runs: RunSummary[]; basePath: string; sourceNames?: Record<string, string> }) {
  const format = useDateTimeFormat()
  return (
    <DataTable
      caption="Runs of the last 30 days"
      columns={[
        { label: 'Started' },
        ...(sourceNames ? [{ label: 'Source' }] : []),
        { label: 'File' },
        { label: 'Outcome' },
        { label: 'Changes' },
      ]}
    >
      {runs.map((run) => (
        <tr key={run.id}>
          <td className={`whitespace-nowrap ${cellClass}`}>
            <Link to={`${basePath}/sync/runs/${run.id}`} className="font-semibold text-brand-800 underline hover:text-brand-900">
              {format.dateTime(run.started_at)}
            </Link>
          </td>
          {sourceNames ? <td className={`${cellClass} text-gray-800`}>{sourceNames[run.source_id] ?? ''}</td> : null}
          <td className={`max-w-[14rem] truncate ${cellClass} text-gray-700`}>{run.file_name ?? '—'}</td>
          <td className={cellClass}>
            <RunStatusBadge status={run.status} />
          </td>
          <td className={`${cellClass} text-gray-700`}>{runCounts(run)}</td>
        </tr>
      ))}
    </DataTable>
  )
}
