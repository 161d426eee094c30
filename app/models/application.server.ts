// Adoption applications (supabase/migrations/20261126000300_applications.sql), through the
// request's own client: row-level security lets the applicant read theirs and the shelter's
// owners, admins and staff read the shelter's; every change goes through a function that
// checks who may make it and from which status.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { OPEN_APPLICATION_STATUSES, type ApplicationStage, type ApplicationStatus } from '#app/utils/application-vocabulary.ts'

type Client = SupabaseClient<Database>

/** A refusal the person can act on (a profile that is not complete, a second application…). */
export class ApplicationRefusal extends Error {}

/** 22023 carries a message for the page; PT404 (a 404) means not there (or not theirs); the rest is the backend's. */
function refusalOrThrow(operation: string, error: PostgrestError): never {
  if (error.code === '22023') throw new ApplicationRefusal(error.message)
  if (error.code === 'PT404' || error.code === '22P02') throw new Response('Application not found', { status: 404 })
  throw new BackendError(operation, error)
}

export type ApplicationEvent = Pick<Tables<'application_events'>, 'id' | 'status' | 'actor' | 'message' | 'created_at'>
type Application = Tables<'applications'>

/** The status and the date of each step of an application, oldest first. */
async function getEvents(supabase: Client, applicationId: string): Promise<ApplicationEvent[]> {
  const { data, error } = await supabase
    .from('application_events')
    .select('id, status, actor, message, created_at')
    .eq('application_id', applicationId)
    .order('id')
  if (error) throw new BackendError('reading an application’s timeline', error)
  return data
}

// The adopter's side ------------------------------------------------------------------------------

/** Sends the person's application profile with a note; throws ApplicationRefusal with what to fix. */
export async function submitApplication(supabase: Client, animalId: string, note: string): Promise<Application> {
  const { data, error } = await supabase.rpc('submit_application', { animal_id: animalId, note })
  if (error) refusalOrThrow('sending an application', error)
  return data
}

/** What the person's profile still needs before they can apply (phrases for a sentence). */
export async function getProfileGaps(supabase: Client): Promise<string[]> {
  const { data, error } = await supabase.rpc('my_application_profile_missing')
  if (error) throw new BackendError('reading the application profile', error)
  return data ?? []
}

/** The person's open application for an animal, if they have one. */
export async function getOpenApplicationFor(supabase: Client, userId: string, animalId: string) {
  const { data, error } = await supabase
    .from('applications')
    .select('id, created_at')
    .eq('applicant_id', userId)
    .eq('animal_id', animalId)
    .in('status', [...OPEN_APPLICATION_STATUSES])
    .maybeSingle()
  if (error) throw new BackendError('reading applications', error)
  return data
}

const MY_COLUMNS =
  'id, animal_id, animal_name, status, decision_message, created_at, updated_at, answer_due_at, first_answered_at, shelter:shelter_profiles(shelter_name, slug, response_days, response_judged, response_median_hours, response_on_time_percent)' as const

/** Every application the person sent, newest first, with its shelter's name. */
export async function getMyApplications(supabase: Client, userId: string) {
  const { data, error } = await supabase
    .from('applications')
    .select(MY_COLUMNS)
    .eq('applicant_id', userId)
    .order('created_at', { ascending: false })
  if (error) throw new BackendError('reading your applications', error)
  return data
}

/** One of the person's applications, with what they sent and its timeline; 404 when not theirs. */
export async function getMyApplication(supabase: Client, userId: string, id: string) {
  const { data, error } = await supabase
    .from('applications')
    .select(`${MY_COLUMNS}, note, snapshot`)
    .eq('applicant_id', userId)
    .eq('id', id)
    .maybeSingle()
  if (error) refusalOrThrow('reading an application', error)
  if (!data) throw new Response('Application not found', { status: 404 })
  return { application: data, events: await getEvents(supabase, id) }
}

export async function withdrawApplication(supabase: Client, id: string): Promise<Application> {
  const { data, error } = await supabase.rpc('withdraw_application', { application_id: id })
  if (error) refusalOrThrow('withdrawing an application', error)
  return data
}

// The shelter's side ----------------------------------------------------------------------------

export const APPLICATIONS_PER_PAGE = 25
/** No tab has more pages than this; a larger number in a URL is read as the last page. */
const MAX_PAGE = 10_000

/**
 * A page of the shelter's applications in one of the dashboard's tabs (pending: by deadline), how many
 * there are, and the page shown: one past the last (an old link, a typed URL) shows the last.
 */
export async function getShelterApplications(supabase: Client, shelterId: string, stage: ApplicationStage, requestedPage: number) {
  const read = (page: number) => {
    const from = (page - 1) * APPLICATIONS_PER_PAGE
    let query = supabase
      .from('applications')
      .select('id, animal_id, animal_name, applicant_name, status, created_at, answer_due_at, first_answered_at', { count: 'exact' })
      .eq('shelter_id', shelterId)
      .eq('stage', stage)
    // Pending: those the shelter has not answered yet first, soonest deadline first; then the
    // others, latest answered first. The other tabs: the newest first.
    if (stage === 'pending') {
      query = query.order('first_answered_at', { ascending: false, nullsFirst: true }).order('answer_due_at', { ascending: true })
    }
    return query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + APPLICATIONS_PER_PAGE - 1)
  }
  let page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), MAX_PAGE)
  let { data, error, count } = await read(page)
  // PGRST103: the range starts past the last row; PostgREST still says how many there are.
  if (error?.code === 'PGRST103' || (!error && !data?.length && (count ?? 0) > 0)) {
    const { count: total, error: countError } = await supabase
      .from('applications')
      .select('id', { count: 'exact', head: true })
      .eq('shelter_id', shelterId)
      .eq('stage', stage)
    if (countError) throw new BackendError('counting applications', countError)
    page = Math.max(1, Math.ceil((total ?? 0) / APPLICATIONS_PER_PAGE))
    ;({ data, error, count } = await read(page))
  }
  if (error) throw new BackendError('reading applications', error)
  const rows = data ?? []
  return { rows, total: count ?? rows.length, page }
}

/** One application of the shelter, with its timeline; 404 when it is not the shelter's. */
export async function getShelterApplication(supabase: Client, shelterId: string, id: string) {
  const { data, error } = await supabase
    .from('applications')
    .select(
      'id, animal_id, animal_name, applicant_id, applicant_name, snapshot, note, status, stage, decision_message, created_at, updated_at, answer_due_at, first_answered_at',
    )
    .eq('shelter_id', shelterId)
    .eq('id', id)
    .maybeSingle()
  if (error) refusalOrThrow('reading an application', error)
  if (!data) throw new Response('Application not found', { status: 404 })
  return { application: data, events: await getEvents(supabase, id) }
}

export const SHELTER_ACTIONS = ['review', 'hold', 'approve', 'reject', 'adopted', 'reopen'] as const
export type ShelterAction = (typeof SHELTER_ACTIONS)[number]

type Standing = Pick<Application, 'status' | 'answer_due_at' | 'first_answered_at'>

/**
 * Whether the site closed this application at its deadline because the shelter never answered
 * (the site's closing event at or after the deadline): only such an application can be reopened.
 */
export function closedUnanswered(application: Standing, events: Pick<ApplicationEvent, 'status' | 'actor' | 'created_at'>[]): boolean {
  return (
    application.status === 'closed' &&
    application.first_answered_at === null &&
    events.some(
      (event) =>
        event.status === 'closed' &&
        event.actor === 'site' &&
        new Date(event.created_at).getTime() >= new Date(application.answer_due_at).getTime(),
    )
  )
}

/** What the team may do next with an application in this status (reopen: closed for want of an answer). */
export function shelterActionsFor(status: ApplicationStatus, reopenable = false): ShelterAction[] {
  switch (status) {
    case 'submitted':
      return ['review', 'hold', 'approve', 'reject']
    case 'in_review':
      return ['hold', 'approve', 'reject']
    case 'on_hold':
      return ['review', 'approve', 'reject']
    case 'approved':
      return ['adopted', 'reject']
    case 'closed':
      return reopenable ? ['reopen'] : []
    default:
      return []
  }
}

/** Moves an application as the shelter's team; throws ApplicationRefusal when it has moved on meanwhile. */
export async function actOnApplication(supabase: Client, id: string, action: ShelterAction, message: string): Promise<Application> {
  const application_id = id
  const { data, error } = await (() => {
    switch (action) {
      case 'review':
        return supabase.rpc('review_application', { application_id })
      case 'hold':
        return supabase.rpc('hold_application', { application_id, message })
      case 'approve':
        return supabase.rpc('approve_application', { application_id, message })
      case 'reject':
        return supabase.rpc('reject_application', { application_id, message })
      case 'reopen':
        return supabase.rpc('reopen_application', { application_id })
      case 'adopted':
        return supabase.rpc('mark_application_adopted', { application_id })
    }
  })()
  if (error) refusalOrThrow('changing an application', error)
  return data
}

/** How many applications the caller's shelter has in each tab, and how many nobody opened yet (any member may know). */
export async function getApplicationCounts(supabase: Client): Promise<Record<ApplicationStage | 'unopened', number>> {
  const { data, error } = await supabase.rpc('my_shelter_application_counts').single()
  if (error) throw new BackendError('counting applications', error)
  return data
}

/** The sidebar's counts in one call: conversations with unread messages, applications nobody opened (0 for volunteers). */
export async function getDashboardBadges(supabase: Client): Promise<{ unread_messages: number; new_applications: number }> {
  const { data, error } = await supabase.rpc('my_dashboard_badges').single()
  if (error) throw new BackendError('counting the sidebar’s badges', error)
  return data
}
