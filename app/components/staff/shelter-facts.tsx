import { Link } from '@remix-run/react'
import type { StaffShelterDetail } from '#app/models/vetting.server.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { formatMeetingTime, US_TIME_ZONES } from '#app/utils/meeting-times.ts'
import { SHELTER_TYPE_LABELS, SHELTER_TYPES, isOneOf } from '#app/utils/vocabulary.ts'

const typeLabel = (type: string | null) => (type && isOneOf(SHELTER_TYPES, type) ? SHELTER_TYPE_LABELS[type] : (type ?? 'Not given'))
const zoneLabel = (zone: string) => US_TIME_ZONES.find((candidate) => candidate.value === zone)?.label ?? zone

function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-gray-600">{term}</dt>
          <dd className="break-words text-gray-900">{value || <span className="text-gray-500">Not given</span>}</dd>
        </div>
      ))}
    </dl>
  )
}

/** An address the shelter typed: a link that does not tell it who followed it. */
function ExternalLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline hover:text-brand-800">
      {href}
    </a>
  )
}

export function RequestFacts({ request }: { request: NonNullable<StaffShelterDetail['request']> }) {
  const { dateTime: when } = useDateTimeFormat()
  return (
    <Facts
      rows={[
        ['Organization type', typeLabel(request.organization_type)],
        ['EIN', request.ein],
        ['Website or social page', <ExternalLink key="website" href={request.website} />],
        ['Phone', request.phone],
        ['Veterinarian', `${request.vet_name}, ${request.vet_clinic}`],
        ["Veterinarian's phone", request.vet_phone],
        [
          `Preferred times (${zoneLabel(request.time_zone)})`,
          <ul key="times" className="list-disc pl-5">
            {request.preferred_times.map((time) => (
              <li key={time}>{formatMeetingTime(time, request.time_zone)}</li>
            ))}
          </ul>,
        ],
        ['Requested', when(request.requested_at)],
        ...(request.meeting_at
          ? [
              ['Meeting', `${formatMeetingTime(request.meeting_at, request.time_zone)} · ${request.meeting_details ?? ''}`] as [
                string,
                string,
              ],
            ]
          : []),
        ...(request.staff_message ? [['Last message to the shelter', request.staff_message] as [string, string]] : []),
      ]}
    />
  )
}

export function ProfileFacts({ profile }: { profile: StaffShelterDetail['profile'] }) {
  const { dateTime: when } = useDateTimeFormat()
  const place = [profile.address, [profile.city, profile.state].filter(Boolean).join(', '), profile.zip_code].filter(Boolean).join(' · ')
  return (
    <Facts
      rows={[
        ['Name', profile.shelter_name],
        ['Type', typeLabel(profile.shelter_type)],
        ['Contact email', profile.contact_email],
        ['Phone', profile.phone],
        ['Address', place],
        ['Website', profile.website ? <ExternalLink key="website" href={profile.website} /> : null],
        ['Capacity', profile.capacity === null ? null : String(profile.capacity)],
        ['Description', profile.description ? <span className="whitespace-pre-line">{profile.description}</span> : null],
        ['Account created', when(profile.created_at)],
        ['Approved', profile.approved_at ? when(profile.approved_at) : 'Not yet'],
      ]}
    />
  )
}

const ACTION_LABELS: Record<string, string> = {
  schedule_meeting: 'Scheduled the meeting',
  record_meeting: 'Recorded the meeting as held',
  approve: 'Approved',
  request_information: 'Asked for more information',
  reject: 'Rejected',
  suspend: 'Suspended',
  restore: 'Restored',
}

export function AuditEntries({
  entries,
  showShelter = false,
}: {
  entries: Array<StaffShelterDetail['log'][number]>
  showShelter?: boolean
}) {
  const { dateTime: when } = useDateTimeFormat()
  if (!entries.length) return <p className="mt-3 text-sm text-gray-600">No staff action yet.</p>
  return (
    <ol className="mt-3 flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-md border border-gray-200 p-3 text-sm">
          <p className="text-gray-900">
            <span className="font-semibold">{ACTION_LABELS[entry.action] ?? entry.action}</span>
            {showShelter ? (
              <>
                {' · '}
                {entry.shelter_id ? (
                  <Link to={`/staff/shelters/${entry.shelter_id}`} className="text-brand-700 underline hover:text-brand-800">
                    {entry.shelter_name}
                  </Link>
                ) : (
                  entry.shelter_name
                )}
              </>
            ) : null}
          </p>
          <p className="text-gray-600">
            {entry.staff_email} · <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
          </p>
          {entry.reason ? <p className="mt-1 whitespace-pre-line text-gray-800">{entry.reason}</p> : null}
        </li>
      ))}
    </ol>
  )
}
