import { Form } from '@remix-run/react'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { Field, FormErrorBox, SelectField, SubmitButton } from '#app/components/ui/forms.tsx'
import { MEMBER_ROLES, MEMBER_ROLE_LABELS, type MemberRole } from '#app/utils/vocabulary.ts'
import { buttonClass, Card, CardTitle } from '#app/components/dashboard/cards.tsx'

export type TeamMember = { userId: string; email: string; role: MemberRole; joinedOn: string; isYou: boolean }
export type TeamInvitation = {
  id: string
  email: string
  role: MemberRole
  sentOn: string
  expiresOn: string
  state: string
  invitedBy: string
}
/** What the last change said, and which form it came from, so that form shows it and keeps its text. */
export type TeamResult = { intent: string; target?: string; error: string; values?: Record<string, string> } | undefined

/** The roles a manager may give: owners give any; admins all but owner. */
export function assignableRoles(viewer: MemberRole): MemberRole[] {
  return viewer === 'owner' ? [...MEMBER_ROLES] : MEMBER_ROLES.filter((role) => role !== 'owner')
}

const roleOptions = (roles: MemberRole[]) => roles.map((role) => ({ value: role, label: MEMBER_ROLE_LABELS[role] }))

export function InviteForm({ viewer, result }: { viewer: MemberRole; result: TeamResult }) {
  const submitting = useIsSubmitting({ formIntent: 'invite' })
  const mine = result?.intent === 'invite' ? result : undefined
  return (
    <Card>
      <CardTitle id="invite-heading">Invite someone</CardTitle>
      <p className="mt-1 text-sm text-gray-600">We email them a link to join your team. It works once, for 7 days.</p>
      <Form method="post" aria-labelledby="invite-heading" className="mt-4 flex flex-col gap-4">
        {mine ? <FormErrorBox errors={[mine.error]} /> : null}
        <input type="hidden" name="intent" value="invite" />
        <div className="grid gap-4 md:grid-cols-[1fr_12rem_auto] md:items-end">
          <Field
            labelProps={{ children: 'Email address' }}
            inputProps={{
              name: 'email',
              type: 'email',
              required: true,
              autoComplete: 'off',
              defaultValue: mine?.values?.email ?? '',
              disabled: submitting,
            }}
          />
          <SelectField
            labelProps={{ children: 'Role' }}
            selectProps={{ name: 'role', defaultValue: mine?.values?.role ?? 'staff', disabled: submitting }}
            options={roleOptions(assignableRoles(viewer))}
          />
          <SubmitButton pending={submitting} pendingText="Sending...">
            Send invitation
          </SubmitButton>
        </div>
      </Form>
    </Card>
  )
}

export function MembersList({
  members,
  viewer,
  canManage,
  result,
}: {
  members: TeamMember[]
  viewer: MemberRole
  canManage: boolean
  result: TeamResult
}) {
  return (
    <Card>
      <CardTitle>Members</CardTitle>
      <ul className="mt-4 divide-y divide-gray-100">
        {members.map((member) => {
          const mayChange = canManage && (viewer === 'owner' || member.role !== 'owner')
          const error = result && result.target === member.userId ? result.error : null
          return (
            <li key={member.userId} className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between">
              <div className="min-w-0">
                <p className="break-all font-medium text-gray-900">
                  {member.email}
                  {member.isYou ? <span className="ml-2 text-sm font-normal text-gray-600">(you)</span> : null}
                </p>
                <p className="text-sm text-gray-600">
                  {MEMBER_ROLE_LABELS[member.role]} · joined {member.joinedOn}
                </p>
                {error ? <FormErrorBox errors={[error]} /> : null}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {mayChange ? (
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="change-role" />
                    <input type="hidden" name="memberId" value={member.userId} />
                    <label htmlFor={`role-${member.userId}`} className="sr-only">
                      Role of {member.email}
                    </label>
                    <select
                      id={`role-${member.userId}`}
                      name="role"
                      defaultValue={member.role}
                      className="rounded-md border border-gray-300 px-2 py-1.5 text-sm"
                    >
                      {roleOptions(assignableRoles(viewer)).map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className={buttonClass.secondary}>
                      Change role<span className="sr-only"> of {member.email}</span>
                    </button>
                  </Form>
                ) : null}
                {member.isYou ? (
                  <Confirm label="Leave shelter" question="Leave this shelter? You lose access to its dashboard." intent="leave" />
                ) : mayChange ? (
                  <Confirm
                    label={`Remove`}
                    srLabel={` ${member.email}`}
                    question={`Remove ${member.email} from the team?`}
                    intent="remove"
                    fields={{ memberId: member.userId }}
                  />
                ) : null}
              </div>
            </li>
          )
        })}
      </ul>
    </Card>
  )
}

export function InvitationsList({
  invitations,
  viewer,
  result,
}: {
  invitations: TeamInvitation[]
  viewer: MemberRole
  result: TeamResult
}) {
  if (!invitations.length) return null
  return (
    <Card>
      <CardTitle>Invitations</CardTitle>
      <ul className="mt-4 divide-y divide-gray-100">
        {invitations.map((invitation) => {
          const open = invitation.state === 'Pending' || invitation.state === 'Expired'
          const mayChange = open && (viewer === 'owner' || invitation.role !== 'owner')
          const error = result && result.target === invitation.id ? result.error : null
          return (
            <li key={invitation.id} className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between">
              <div className="min-w-0">
                <p className="break-all font-medium text-gray-900">{invitation.email}</p>
                <p className="text-sm text-gray-600">
                  {MEMBER_ROLE_LABELS[invitation.role]} · {invitation.state}
                  {invitation.state === 'Pending' ? ` until ${invitation.expiresOn}` : ''} · sent {invitation.sentOn} by{' '}
                  {invitation.invitedBy}
                </p>
                {error ? <FormErrorBox errors={[error]} /> : null}
              </div>
              {mayChange ? (
                <div className="flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <button type="submit" className={buttonClass.secondary}>
                      Resend<span className="sr-only"> the invitation to {invitation.email}</span>
                    </button>
                  </Form>
                  {invitation.state === 'Pending' ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="invitationId" value={invitation.id} />
                      <button type="submit" className={buttonClass.secondary}>
                        Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
                      </button>
                    </Form>
                  ) : null}
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
    </Card>
  )
}

/** A button that asks first, without JavaScript: the question opens under it. */
function Confirm({
  label,
  srLabel = '',
  question,
  intent,
  fields = {},
}: {
  label: string
  srLabel?: string
  question: string
  intent: string
  fields?: Record<string, string>
}) {
  return (
    <details className="group relative">
      <summary className={`${buttonClass.secondary} cursor-pointer list-none text-red-700`}>
        {label}
        {srLabel ? <span className="sr-only">{srLabel}</span> : null}
      </summary>
      <Form
        method="post"
        className="mt-2 flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm md:absolute md:right-0 md:z-10 md:w-72"
      >
        <p className="text-red-900">{question}</p>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800">
          Yes, {label.toLowerCase()}
        </button>
      </Form>
    </details>
  )
}
