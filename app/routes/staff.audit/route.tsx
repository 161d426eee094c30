import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AuditEntries } from '#app/components/staff/shelter-facts.tsx'
import { getAuditEntries } from '#app/models/vetting.server.ts'
import { requireStaff } from '#app/utils/staff.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireStaff(request)
  return json({ entries: await getAuditEntries(supabase) }, { headers })
}

export default function StaffAudit() {
  const { entries } = useLoaderData<typeof loader>()
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Audit log</h1>
      <p className="mt-1 text-sm text-gray-600">Every staff action, newest first: who, what, on which shelter, when and why.</p>
      <div className="mt-4 max-w-3xl">
        <AuditEntries entries={entries} showShelter />
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Audit log | Staff console | Pawhaven' }]
