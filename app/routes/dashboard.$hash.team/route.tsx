import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { PageHeader } from '#app/components/dashboard/cards.tsx'
import { InvitationsList, InviteForm, MembersList, type TeamResult } from '#app/components/dashboard/team.tsx'
import { changeTeam, getInvitations, getTeam, invitationState, teamRefusal, type TeamChange } from '#app/models/team.server.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { requireMemberRole, requireShelter } from '#app/utils/dashboard.server.ts'
import { formatDate } from '#app/utils/date-time.ts'
import { getReaderZone } from '#app/utils/reader-zone.server.ts'
import { invariantResponse } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { MEMBER_ROLES, hasMemberRole, isOneOf } from '#app/utils/vocabulary.ts'

const role = z.enum(MEMBER_ROLES, { errorMap: () => ({ message: 'Choose a role' }) })
const id = z.string().uuid()

const TeamChangeSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite'), email: z.string().trim().max(254), role }),
  z.object({ intent: z.literal('resend'), invitationId: id }),
  z.object({ intent: z.literal('revoke'), invitationId: id }),
  z.object({ intent: z.literal('change-role'), memberId: id, role }),
  z.object({ intent: z.literal('remove'), memberId: id }),
  z.object({ intent: z.literal('leave') }),
])

const DONE: Record<TeamChange['intent'], string> = {
  invite: 'Invitation sent',
  resend: 'Invitation sent again',
  revoke: 'Invitation revoked',
  'change-role': 'Role changed',
  remove: 'Member removed',
  leave: 'You left the shelter',
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, profile, role: viewer, supabase, headers } = await requireShelter(request, params)
  const zone = await getReaderZone(request, { user, supabase })
  const canManage = hasMemberRole(viewer, 'admin')
  const [team, invitations] = await Promise.all([getTeam(supabase), canManage ? getInvitations(supabase, profile.id) : []])
  return json(
    {
      shelterName: profile.shelter_name,
      viewer,
      canManage,
      members: team.flatMap((member) =>
        isOneOf(MEMBER_ROLES, member.role)
          ? [
              {
                userId: member.user_id,
                email: member.email,
                role: member.role,
                joinedOn: formatDate(member.joined_at, zone),
                isYou: member.user_id === user.id,
              },
            ]
          : [],
      ),
      invitations: invitations.flatMap((invitation) =>
        isOneOf(MEMBER_ROLES, invitation.role)
          ? [
              {
                id: invitation.id,
                email: invitation.email,
                role: invitation.role,
                sentOn: formatDate(invitation.sent_at, zone),
                expiresOn: formatDate(invitation.expires_at, zone),
                state: invitationState(invitation),
                invitedBy: invitation.invited_by_email,
              },
            ]
          : [],
      ),
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireShelter(request, params)
  const { supabase, headers, basePath } = context
  const form = Object.fromEntries(await readForm(request))
  const parsed = TeamChangeSchema.safeParse(form)
  invariantResponse(parsed.success, 'Unknown team action', { status: 400, headers })
  const change = parsed.data
  // Everyone may leave; the rest is for owners and admins (the database checks again).
  if (change.intent !== 'leave') requireMemberRole(context, 'admin')

  const error = await changeTeam(supabase, change)
  if (error) {
    const message = teamRefusal(error)
    if (!message) logUnexpected(error)
    // The row the error belongs to: the member's, the invitation's, or (leaving) the person's own.
    const target =
      'memberId' in change
        ? change.memberId
        : 'invitationId' in change
          ? change.invitationId
          : change.intent === 'leave'
            ? context.user.id
            : undefined
    const values = Object.fromEntries(Object.entries(form).map(([name, value]) => [name, String(value)]))
    return json(
      { result: { intent: change.intent, target, error: message ?? 'That did not work. Please try again.', values } satisfies TeamResult },
      { status: message ? 400 : 500, headers },
    )
  }
  if (change.intent === 'leave') {
    return redirectWithToast('/', { type: 'success', description: DONE.leave }, { headers }, request)
  }
  return redirectWithToast(`${basePath}/team`, { type: 'success', description: DONE[change.intent] }, { headers }, request)
}

export default function DashboardTeam() {
  const { shelterName, viewer, canManage, members, invitations } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()?.result
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        title="Team"
        description={`The people who run ${shelterName} on Pawhaven. Owners and admins invite people and manage roles; each person belongs to one shelter.`}
      />
      {canManage ? <InviteForm viewer={viewer} result={result} /> : null}
      <MembersList members={members} viewer={viewer} canManage={canManage} result={result} />
      {canManage ? <InvitationsList invitations={invitations} viewer={viewer} result={result} /> : null}
      <RolesExplained />
    </div>
  )
}

function RolesExplained() {
  return (
    <section aria-labelledby="roles-heading" className="rounded-xl border border-gray-200 bg-white p-5 text-sm text-gray-700 shadow-sm">
      <h2 id="roles-heading" className="text-lg font-semibold text-gray-900">
        What each role can do
      </h2>
      <dl className="mt-3 grid gap-2 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-gray-900">Owner</dt>
        <dd>Everything, including making other owners and the team itself.</dd>
        <dt className="font-semibold text-gray-900">Admin</dt>
        <dd>Everything but ownership: settings, the team, animals, applications.</dd>
        <dt className="font-semibold text-gray-900">Staff</dt>
        <dd>Animals (add, edit, mark adopted, delete), messages and applications.</dd>
        <dt className="font-semibold text-gray-900">Volunteer</dt>
        <dd>Sees the dashboard; edits animals&apos; photos and notes, such as a foster&apos;s updates.</dd>
      </dl>
    </section>
  )
}

export const meta: MetaFunction = () => [{ title: 'Team | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
