// A shelter's own profile and its team, read and written through the person's Supabase client
// so row-level security and the column grants decide (supabase/migrations: shelter_profiles,
// shelter_members). The public side of shelters (directory, a shelter's page) is in
// listing.server.ts.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ShelterSettings } from '#app/models/shelter-settings-schema.ts'
import type { Database, Tables } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { MEMBER_ROLES, isOneOf, type MemberRole } from '#app/utils/vocabulary.ts'

type Client = SupabaseClient<Database>

export type ShelterMembership = { role: MemberRole; profile: Tables<'shelter_profiles'> }

/** The shelter this user belongs to and their role on its team, or null when they belong to none. */
export async function getShelterMembership(supabase: Client, userId: string): Promise<ShelterMembership | null> {
  const { data, error } = await supabase.from('shelter_members').select('role, shelter_profiles (*)').eq('user_id', userId).maybeSingle()
  if (error) throw new BackendError('reading the shelter membership', error)
  if (!data?.shelter_profiles || !isOneOf(MEMBER_ROLES, data.role)) return null
  return { role: data.role, profile: data.shelter_profiles }
}

/** The profile of the shelter this user belongs to, whatever their role, or null when they belong to none. */
export async function getShelterProfile(supabase: Client, userId: string): Promise<Tables<'shelter_profiles'> | null> {
  return (await getShelterMembership(supabase, userId))?.profile ?? null
}

/**
 * Saves the Settings form; the place comes from the ZIP code. False when no profile was changed
 * (row-level security lets only the shelter's owners and admins change it).
 */
export async function updateShelterSettings(
  supabase: Client,
  shelterId: string,
  settings: ShelterSettings,
  place: { latitude: number; longitude: number } | null,
): Promise<boolean> {
  const { data, error } = await supabase
    .from('shelter_profiles')
    .update({
      shelter_name: settings.shelter_name,
      shelter_type: settings.shelter_type ?? null,
      description: settings.description ?? null,
      contact_email: settings.contact_email ?? null,
      phone: settings.phone ?? null,
      address: settings.address ?? null,
      city: settings.city ?? null,
      state: settings.state ?? null,
      zip_code: settings.zip_code ?? null,
      website: settings.website ?? null,
      ein: settings.ein ?? null,
      capacity: settings.capacity ?? null,
      response_days: settings.response_days,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
    })
    .eq('id', shelterId)
    .select('id')
  if (error) throw new BackendError('saving the shelter settings', error)
  return data.length > 0
}

/** Whether this deployment lets a shelter skip the vetting meeting (app_settings, readable by anyone). */
export async function vettingBypassEnabled(supabase: Client): Promise<boolean> {
  const { data, error } = await supabase.from('app_settings').select('value').eq('key', 'vetting_bypass_enabled').maybeSingle()
  return !error && data?.value === true
}

/** The testing bypass of the vetting meeting: the function refuses unless the deployment enables it. */
export async function bypassVetting(supabase: Client): Promise<boolean> {
  const { error } = await supabase.rpc('bypass_vetting')
  return !error
}

export type NotifiableFeature = Tables<'feature_notification_requests'>['feature']

/** Whether the signed-in person asked to hear when `feature` arrives. */
export async function wantsFeatureNotice(supabase: Client, feature: NotifiableFeature): Promise<boolean> {
  const { data, error } = await supabase.from('feature_notification_requests').select('feature').eq('feature', feature).maybeSingle()
  if (error) throw new BackendError('reading the notification requests', error)
  return data !== null
}

/** Records the request (asking again changes nothing). */
export async function requestFeatureNotice(supabase: Client, feature: NotifiableFeature): Promise<void> {
  const { error } = await supabase.from('feature_notification_requests').insert({ feature })
  if (error && error.code !== '23505') throw new BackendError('recording a notification request', error)
}
