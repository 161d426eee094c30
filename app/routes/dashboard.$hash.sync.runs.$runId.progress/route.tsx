// Where an open run is, as JSON, for the run page's live progress: small, so asking every second
// costs little, and a failed answer (a busy backend) only means the page asks again.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { getRun } from '#app/models/sync.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const { status, rows_read, rows_total, rows_applied } = await getRun(supabase, profile.id, params.runId ?? '')
  return json(
    { status, rows_read, rows_total, rows_applied },
    { headers: combineHeaders(headers, { 'Cache-Control': 'private, no-store' }) },
  )
}
