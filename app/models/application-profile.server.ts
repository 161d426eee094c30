// A person's adoption application profile (supabase/migrations/20261126000100_application_profiles.sql),
// through their own client: row-level security keeps it theirs alone.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables, TablesUpdate } from '~/types/database'
import { BackendError } from '~/utils/backend.server'

type Client = SupabaseClient<Database>

export type ApplicationProfile = Tables<'application_profiles'>

/** The columns a step of the form saves. */
export type ApplicationProfileStep = Omit<TablesUpdate<'application_profiles'>, 'user_id' | 'created_at' | 'updated_at'>

/** The person's profile, or null before they start one. */
export async function getApplicationProfile(supabase: Client): Promise<ApplicationProfile | null> {
  const { data, error } = await supabase.from('application_profiles').select('*').maybeSingle()
  if (error) throw new BackendError('reading the application profile', error)
  return data
}

/** Saves one step's answers into the draft, starting the profile on the first save. */
export async function saveApplicationProfileStep(supabase: Client, values: ApplicationProfileStep): Promise<void> {
  const { error } = await supabase.from('application_profiles').upsert(values, { onConflict: 'user_id' })
  if (error) throw new BackendError('saving the application profile', error)
}

/** What the profile still needs before it can be sent, as phrases ('your phone number'); empty when ready. */
export async function getMissing(supabase: Client): Promise<string[]> {
  const { data, error } = await supabase.rpc('my_application_profile_missing')
  if (error) throw new BackendError('checking the application profile', error)
  return data ?? []
}
