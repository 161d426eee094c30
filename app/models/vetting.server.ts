// The vetting of a shelter, from both sides: the shelter's request for its meeting, and the
// staff console's reads and actions. Everything goes through the caller's client; the
// database functions check who may do what (supabase/migrations/20261125004000_staff_and_vetting.sql).
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { preferredInstants, type VettingRequestInput } from '#app/models/vetting-schema.ts'
import type { CompositeTypes, Database, Tables } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>

export type VettingRequest = Tables<'vetting_requests'>

/** The shelter's own request, or null before it sent one. */
export async function getVettingRequest(supabase: Client, shelterId: string): Promise<VettingRequest | null> {
  const { data, error } = await supabase.from('vetting_requests').select('*').eq('shelter_id', shelterId).maybeSingle()
  if (error) throw new BackendError('reading the vetting request', error)
  return data
}

/**
 * What a refused call means for the person: the database's own sentence for the checks it
 * words (22023, PT409), null for a backend failure the caller reports as such.
 */
export function refusal(error: PostgrestError): string | null {
  if (error.code === '22023' || error.code === 'PT409') return error.message
  if (error.code === '23514') return 'Please check the highlighted fields and try again.'
  return null
}

export async function requestVettingMeeting(supabase: Client, request: VettingRequestInput) {
  return supabase.rpc('request_vetting_meeting', {
    organization_type: request.organization_type,
    ein: request.ein ?? '',
    website: request.website,
    vet_name: request.vet_name,
    vet_clinic: request.vet_clinic,
    vet_phone: request.vet_phone,
    phone: request.phone,
    preferred_times: preferredInstants(request),
    time_zone: request.time_zone,
    organization_name: request.organization_name,
  })
}

// The staff console ------------------------------------------------------------------------------

export async function getVettingQueue(supabase: Client) {
  const { data, error } = await supabase.rpc('staff_vetting_queue')
  if (error) throw new BackendError('reading the vetting queue', error)
  return data
}

/** One shelter as staff see it: a public.staff_shelter (profile, request, contacts, team, log). */
export type StaffShelterDetail = CompositeTypes<'staff_shelter'>

/** One shelter as staff see it, or null when there is no such shelter. */
export async function getShelterForStaff(supabase: Client, shelterId: string): Promise<StaffShelterDetail | null> {
  const { data, error } = await supabase.rpc('staff_shelter_detail', { shelter: shelterId })
  if (error?.code === 'PT404' || error?.code === '22P02') return null
  if (error) throw new BackendError('reading a shelter for staff', error)
  return data
}

export async function getAuditEntries(supabase: Client, maxEntries = 200) {
  const { data, error } = await supabase.rpc('staff_audit_entries', { max_entries: maxEntries })
  if (error) throw new BackendError('reading the staff audit log', error)
  return data
}

/** The console's actions on a shelter, by the form's intent. */
export type StaffAction =
  | { intent: 'schedule'; meetingAt: string; meetingDetails: string }
  | { intent: 'record'; notes: string }
  | { intent: 'approve'; notes: string }
  | { intent: 'request-information'; message: string }
  | { intent: 'reject'; reason: string }
  | { intent: 'suspend'; reason: string }
  | { intent: 'restore'; notes: string }

export async function runStaffAction(supabase: Client, shelterId: string, action: StaffAction) {
  switch (action.intent) {
    case 'schedule':
      return supabase.rpc('staff_schedule_meeting', {
        shelter: shelterId,
        meeting_at: action.meetingAt,
        meeting_details: action.meetingDetails,
      })
    case 'record':
      return supabase.rpc('staff_record_meeting', { shelter: shelterId, notes: action.notes })
    case 'approve':
      return supabase.rpc('staff_approve_shelter', { shelter: shelterId, notes: action.notes })
    case 'request-information':
      return supabase.rpc('staff_request_information', { shelter: shelterId, message: action.message })
    case 'reject':
      return supabase.rpc('staff_reject_shelter', { shelter: shelterId, reason: action.reason })
    case 'suspend':
      return supabase.rpc('staff_suspend_shelter', { shelter: shelterId, reason: action.reason })
    case 'restore':
      return supabase.rpc('staff_restore_shelter', { shelter: shelterId, notes: action.notes })
  }
}

/** Approved shelters by name, suspended ones first, for the console's Shelters page. */
export async function findShelters(supabase: Client, search: string) {
  const { data, error } = await supabase.rpc('staff_find_shelters', { search })
  if (error) throw new BackendError('finding shelters for staff', error)
  return data
}

/** Shelters answering under half of their applications and questions in time (five or more judged), the worst first. */
export async function slowShelters(supabase: Client) {
  const { data, error } = await supabase.rpc('staff_slow_shelters')
  if (error) throw new BackendError('finding slow shelters for staff', error)
  return data
}
