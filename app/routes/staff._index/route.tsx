import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { VETTING_STATUS_LABELS, WaitingTime } from '#app/components/staff/waiting-time.tsx'
import { cellClass, DataTable } from '#app/components/ui/data-table.tsx'
import { getVettingQueue } from '#app/models/vetting.server.ts'
import { formatMeetingTime } from '#app/utils/meeting-times.ts'
import { SHELTER_TYPE_LABELS, SHELTER_TYPES, isOneOf } from '#app/utils/vocabulary.ts'
import { requireStaff } from '#app/utils/staff.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireStaff(request)
  const queue = await getVettingQueue(supabase)
  const now = Date.now()
  return json(
    {
      shelters: queue.map((row) => ({
        id: row.shelter_id,
        name: row.shelter_name,
        place: [row.city, row.state].filter(Boolean).join(', '),
        type: isOneOf(SHELTER_TYPES, row.organization_type) ? SHELTER_TYPE_LABELS[row.organization_type] : row.organization_type,
        status: VETTING_STATUS_LABELS[row.status] ?? row.status,
        meeting: row.meeting_at ? formatMeetingTime(row.meeting_at, row.time_zone) : null,
        waitedHours: (now - Date.parse(row.requested_at)) / 3_600_000,
      })),
    },
    { headers },
  )
}

export default function VettingQueue() {
  const { shelters } = useLoaderData<typeof loader>()
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Vetting queue</h1>
      <p className="mt-1 text-sm text-gray-600">
        Shelters waiting for a decision, the longest-waiting first. We promise an answer within 24-48 hours of a request.
      </p>
      {shelters.length === 0 ? (
        <p className="mt-8 rounded-xl border border-gray-200 bg-white p-6 text-gray-700">No shelter is waiting. Nice work.</p>
      ) : (
        <DataTable
          className="mt-6"
          caption="Shelters waiting for vetting"
          columns={[{ label: 'Shelter' }, { label: 'Type' }, { label: 'Status' }, { label: 'Waiting' }]}
        >
          {shelters.map((shelter) => (
            <tr key={shelter.id}>
              <td className={cellClass}>
                <Link to={`/staff/shelters/${shelter.id}`} className="font-medium text-brand-700 underline hover:text-brand-800">
                  {shelter.name}
                </Link>
                {shelter.place ? <div className="text-gray-600">{shelter.place}</div> : null}
              </td>
              <td className={`${cellClass} text-gray-800`}>{shelter.type}</td>
              <td className={`${cellClass} text-gray-800`}>
                {shelter.status}
                {shelter.meeting ? <div className="text-gray-600">{shelter.meeting}</div> : null}
              </td>
              <td className={`${cellClass} text-gray-800`}>
                <WaitingTime hours={shelter.waitedHours} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Vetting queue | Staff console | Pawhaven' }]
