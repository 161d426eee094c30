// A run's failed rows as a CSV download, for the shelter to fix at its source.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getRun, getRunErrors } from '#app/models/sync.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const run = await getRun(supabase, profile.id, params.runId ?? '')
  const errors = await getRunErrors(supabase, run.id)
  const lines = ['line,id,reason', ...errors.map((error) => [error.line, error.external_id, error.reason].map(csvField).join(','))]
  return new Response(lines.join('\r\n') + '\r\n', {
    headers: combineHeaders(headers, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="failed-rows-${run.started_at.slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    }),
  })
}
