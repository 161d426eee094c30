import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AuditEntries, ProfileFacts, RequestFacts } from '#app/components/staff/shelter-facts.tsx'
import { ListingActions, VettingActions, type StaffActionResult, type StaffIntent } from '#app/components/staff/vetting-actions.tsx'
import { VETTING_STATUS_LABELS, WaitingTime } from '#app/components/staff/waiting-time.tsx'
import { getShelterForStaff, refusal, runStaffAction, type StaffAction } from '#app/models/vetting.server.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { US_TIME_ZONES, instantToZonedTime, zonedTimeToInstant } from '#app/utils/meeting-times.ts'
import { invariantResponse } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { requireStaff } from '#app/utils/staff.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { MEMBER_ROLES, MEMBER_ROLE_LABELS, VETTING_STATUSES, isOneOf } from '#app/utils/vocabulary.ts'

const text = z.string().trim().max(2000).default('')

const StaffActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('schedule'), meetingAt: z.string().default(''), meetingDetails: text }),
  z.object({ intent: z.literal('record'), notes: text }),
  z.object({ intent: z.literal('approve'), notes: text }),
  z.object({ intent: z.literal('request-information'), message: text }),
  z.object({ intent: z.literal('reject'), reason: text }),
  z.object({ intent: z.literal('suspend'), reason: text }),
  z.object({ intent: z.literal('restore'), notes: text }),
])

const DONE: Record<StaffIntent, string> = {
  schedule: 'Meeting scheduled; the shelter has been emailed',
  record: 'Meeting recorded as held',
  approve: 'Shelter approved; the shelter has been emailed',
  'request-information': 'Question sent to the shelter',
  reject: 'Shelter rejected; the shelter has been emailed',
  suspend: 'Shelter suspended: its listings are hidden, and the shelter has been emailed',
  restore: 'Shelter restored: its listings are public again',
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireStaff(request)
  const detail = await getShelterForStaff(supabase, params.shelterId ?? '')
  invariantResponse(detail, 'Shelter not found', { status: 404, headers })
  const zone = detail.request?.time_zone ?? 'America/New_York'
  return json(
    {
      ...detail,
      zoneLabel: US_TIME_ZONES.find((candidate) => candidate.value === zone)?.label ?? zone,
      minTime: instantToZonedTime(new Date(), zone),
      waitedHours: detail.request ? (Date.now() - Date.parse(detail.request.requested_at)) / 3_600_000 : null,
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers } = await requireStaff(request)
  const form = Object.fromEntries(await readForm(request))
  const parsed = StaffActionSchema.safeParse(form)
  invariantResponse(parsed.success, 'Unknown staff action', { status: 400, headers })
  const submitted = parsed.data
  const values = Object.fromEntries(Object.entries(form).map(([name, value]) => [name, String(value)]))
  const fail = (error: string, status = 400) =>
    json({ result: { intent: submitted.intent, error, values } satisfies StaffActionResult }, { status, headers })

  let action: StaffAction
  if (submitted.intent === 'schedule') {
    const detail = await getShelterForStaff(supabase, params.shelterId ?? '')
    invariantResponse(detail?.request, 'Shelter not found', { status: 404, headers })
    const instant = zonedTimeToInstant(submitted.meetingAt, detail.request.time_zone)
    if (!instant) return fail('Choose a date and time for the meeting')
    action = { intent: 'schedule', meetingAt: instant.toISOString(), meetingDetails: submitted.meetingDetails }
  } else {
    action = submitted
  }

  const { error } = await runStaffAction(supabase, params.shelterId ?? '', action)
  if (error) {
    const message = refusal(error)
    if (!message) logUnexpected(error)
    return fail(message ?? 'That did not work. Please try again.', message ? 400 : 500)
  }
  return redirectWithToast(
    `/staff/shelters/${params.shelterId}`,
    { type: 'success', description: DONE[submitted.intent] },
    { headers },
    request,
  )
}

export default function StaffShelter() {
  const { profile, request, team, log, zoneLabel, minTime, waitedHours } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()?.result
  const status = request && isOneOf(VETTING_STATUSES, request.status) ? request.status : null
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link
          to={profile.meeting_completed ? '/staff/shelters' : '/staff'}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
        >
          {profile.meeting_completed ? 'Back to shelters' : 'Back to the queue'}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">{profile.shelter_name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-gray-700">
          <span>
            {profile.suspended_at
              ? 'Suspended'
              : profile.meeting_completed
                ? 'Approved'
                : status
                  ? VETTING_STATUS_LABELS[status]
                  : 'No meeting requested yet'}
          </span>
          {waitedHours !== null && status && !['approved', 'rejected'].includes(status) ? <WaitingTime hours={waitedHours} /> : null}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="flex flex-col gap-6">
          <Section title="What the shelter sent">
            {request ? <RequestFacts request={request} /> : <p className="mt-3 text-sm text-gray-600">No meeting request yet.</p>}
          </Section>
          <Section title="Profile">
            <ProfileFacts profile={profile} />
          </Section>
          <Section title="Team">
            <ul className="mt-3 flex flex-col gap-1 text-gray-900">
              {team.map((member) => (
                <li key={member.email} className="break-all">
                  {member.email}{' '}
                  <span className="text-sm text-gray-600">
                    · {isOneOf(MEMBER_ROLES, member.role) ? MEMBER_ROLE_LABELS[member.role] : member.role}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-gray-600">Owners and admins get the vetting emails.</p>
          </Section>
        </div>
        <div className="flex flex-col gap-6">
          {/* Keyed by where things stand: after a step, every box of the next starts empty. */}
          <Section title="Actions">
            {profile.meeting_completed ? (
              <div className="mt-3">
                {profile.suspended_at ? <p className="mb-3 text-sm text-gray-700">Suspended: {profile.suspension_reason}</p> : null}
                <ListingActions key={profile.suspended_at ?? 'listed'} suspended={Boolean(profile.suspended_at)} result={result} />
              </div>
            ) : (
              <VettingActions
                key={`${status}-${request?.meeting_held_at ?? ''}`}
                status={status}
                meetingHeld={Boolean(request?.meeting_held_at)}
                zoneLabel={zoneLabel}
                minTime={minTime}
                result={result}
              />
            )}
          </Section>
          <Section title="History">
            <AuditEntries entries={log} />
          </Section>
        </div>
      </div>
    </div>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile.shelter_name ?? 'Shelter'} | Staff console | Pawhaven` },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
