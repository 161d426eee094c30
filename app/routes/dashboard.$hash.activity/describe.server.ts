// One line of the shelter's activity log in words, after who did it: "added Biscuit", "changed
// Ana's role from staff to admin", "linked Biscuit and Gravy as a bonded group". The actions are
// shelter_activity's (supabase/migrations: 20261125005000_team_invitations.sql, listing sync,
// 20261128002000_bond_activity.sql); `details` is as each writes it.
import { joinNames } from '#app/utils/names.ts'
import { ANIMAL_STATUSES, isOneOf, MEMBER_ROLE_LABELS, MEMBER_ROLES, STATUS_LABELS } from '#app/utils/vocabulary.ts'

const roleName = (role: unknown) => (isOneOf(MEMBER_ROLES, role) ? MEMBER_ROLE_LABELS[role].toLowerCase() : String(role))
const statusName = (status: unknown) => (isOneOf(ANIMAL_STATUSES, status) ? STATUS_LABELS[status] : String(status))
const fieldList = (fields: unknown) =>
  Array.isArray(fields) ? ` (${fields.map((field) => String(field).replaceAll('_', ' ')).join(', ')})` : ''
const names = (list: unknown) => (Array.isArray(list) ? list.map(String) : [])
const count = (value: unknown) => (typeof value === 'number' ? value : 0)
/** "(synced from ASM3 by FTP)" for a line a sync source's data made. */
const fromSource = (source: unknown) => (typeof source === 'string' && source ? ` (synced from ${source})` : '')

export function describeActivity(action: string, subject: string, details: Record<string, unknown>): string {
  switch (action) {
    case 'animal_added':
      return `added ${subject}`
    case 'animal_edited':
      return `edited ${subject}${fieldList(details.fields)}`
    case 'animal_status_changed':
      return `changed ${subject} from ${statusName(details.from)} to ${statusName(details.to)}`
    case 'animal_deleted':
      return `deleted ${subject}`
    case 'animals_bonded': {
      // The group after the link: a pair, or more when one joined a group or two merged.
      const group = names(details.group)
      const linked = `linked ${subject}`
      return `${group.length > 2 ? `${linked}, making the bonded group ${joinNames(group)}` : `${linked} as a bonded group`}${fromSource(details.source)}`
    }
    case 'animal_unbonded': {
      const companions = names(details.companions)
      return companions.length
        ? `removed ${subject} from ${joinNames(companions)}'s bonded group`
        : `removed ${subject} from its bonded group`
    }
    case 'listings_synced':
      return `synced ${subject}: ${count(details.added)} added, ${count(details.updated)} updated, ${count(details.removed)} removed`
    case 'settings_changed':
      return `changed the settings${fieldList(details.fields)}`
    case 'member_invited':
      return `invited ${subject} as ${roleName(details.role)}`
    case 'invitation_resent':
      return `sent the invitation to ${subject} again`
    case 'invitation_revoked':
      return `revoked the invitation to ${subject}`
    case 'member_joined':
      return `joined the team as ${roleName(details.role)}`
    case 'member_role_changed':
      return `changed ${subject}'s role from ${roleName(details.from)} to ${roleName(details.to)}`
    case 'member_removed':
      return `removed ${subject} from the team`
    case 'member_left':
      return 'left the team'
    default:
      return action.replaceAll('_', ' ')
  }
}
