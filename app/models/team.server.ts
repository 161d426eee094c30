// A shelter's team, its invitations and its activity log, through the person's own client:
// the database functions decide who may do what (supabase/migrations/20261125005000_team_invitations.sql).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import type { MemberRole } from '#app/utils/vocabulary.ts'

type Client = SupabaseClient<Database>

export async function getTeam(supabase: Client) {
  const { data, error } = await supabase.rpc('my_team')
  if (error) throw new BackendError('reading the team', error)
  return data
}

/** Open invitations and the ones closed in the last 30 days, newest first (owners and admins only; others get none). */
export async function getInvitations(supabase: Client, shelterId: string) {
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString()
  const { data, error } = await supabase
    .from('shelter_invitations')
    .select('id, email, role, invited_by_email, sent_at, expires_at, accepted_at, revoked_at, expired_at')
    .eq('shelter_id', shelterId)
    .or(
      `and(accepted_at.is.null,revoked_at.is.null,expired_at.is.null),accepted_at.gte.${since},revoked_at.gte.${since},expired_at.gte.${since}`,
    )
    .order('sent_at', { ascending: false })
    .limit(100)
  if (error) throw new BackendError('reading the invitations', error)
  return data
}

export type InvitationRow = Awaited<ReturnType<typeof getInvitations>>[number]

/** Where an invitation stands, in the words the Team tab shows. */
export function invitationState(invitation: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expired_at' | 'expires_at'>) {
  if (invitation.accepted_at) return 'Accepted'
  if (invitation.revoked_at) return 'Revoked'
  if (invitation.expired_at || Date.parse(invitation.expires_at) <= Date.now()) return 'Expired'
  return 'Pending'
}

export async function getActivity(supabase: Client, shelterId: string, limit = 100): Promise<Array<Tables<'shelter_activity'>>> {
  const { data, error } = await supabase
    .from('shelter_activity')
    .select('*')
    .eq('shelter_id', shelterId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit)
  if (error) throw new BackendError('reading the activity log', error)
  return data
}

/** The team's changes, by the Team tab's intents; each answers the database's error, if any. */
export type TeamChange =
  | { intent: 'invite'; email: string; role: MemberRole }
  | { intent: 'resend'; invitationId: string }
  | { intent: 'revoke'; invitationId: string }
  | { intent: 'change-role'; memberId: string; role: MemberRole }
  | { intent: 'remove'; memberId: string }
  | { intent: 'leave' }

export async function changeTeam(supabase: Client, change: TeamChange) {
  switch (change.intent) {
    case 'invite':
      return (await supabase.rpc('invite_member', { email: change.email, role: change.role })).error
    case 'resend':
      return (await supabase.rpc('resend_invitation', { invitation_id: change.invitationId })).error
    case 'revoke':
      return (await supabase.rpc('revoke_invitation', { invitation_id: change.invitationId })).error
    case 'change-role':
      return (await supabase.rpc('change_member_role', { member_id: change.memberId, role: change.role })).error
    case 'remove':
      return (await supabase.rpc('remove_member', { member_id: change.memberId })).error
    case 'leave':
      return (await supabase.rpc('leave_shelter')).error
  }
}

export async function previewInvitation(supabase: Client, token: string) {
  const { data, error } = await supabase.rpc('invitation_preview', { token })
  if (error) throw new BackendError('reading an invitation', error)
  return data[0] ?? null
}

export async function acceptInvitation(supabase: Client, token: string) {
  return (await supabase.rpc('accept_invitation', { token })).error
}

/**
 * The sentence a refused team change shows. The team functions word their refusals for people
 * ('Only owners can invite owners'); Postgres's own (a permission denied on a function, say) are
 * not, and become null for the caller's general message.
 */
export function teamRefusal(error: { code: string; message: string }): string | null {
  if (['22023', 'PT409', '23505', '23514', 'PT404'].includes(error.code)) return error.message
  if (error.code === '42501' && !/^permission denied/i.test(error.message)) return error.message
  return null
}
