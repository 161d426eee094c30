// A person's own settings (supabase/migrations/20261125008000_adopter_profiles.sql), through
// their own client; and deleting their account, which needs the service role.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { getServiceSupabase } from '#app/utils/supabase.server.ts'

type Client = SupabaseClient<Database>

export type AdopterSettings = Pick<
  Tables<'adopter_profiles'>,
  'display_name' | 'zip_code' | 'email_messages' | 'email_applications' | 'email_alerts'
>

const DEFAULTS: AdopterSettings = { display_name: null, zip_code: null, email_messages: true, email_applications: true, email_alerts: true }

export async function getAdopterSettings(supabase: Client): Promise<AdopterSettings> {
  const { data, error } = await supabase
    .from('adopter_profiles')
    .select('display_name, zip_code, email_messages, email_applications, email_alerts')
    .maybeSingle()
  if (error) throw new BackendError('reading account settings', error)
  return data ?? DEFAULTS
}

export async function saveAdopterSettings(supabase: Client, settings: AdopterSettings): Promise<void> {
  const { error } = await supabase.from('adopter_profiles').upsert(settings, { onConflict: 'user_id' })
  if (error) throw new BackendError('saving account settings', error)
}

/** Whether the person is on a shelter's team (they leave it, or hand it on, before deleting the account). */
export async function isOnShelterTeam(supabase: Client, userId: string): Promise<boolean> {
  const { data, error } = await supabase.from('shelter_members').select('user_id').eq('user_id', userId).maybeSingle()
  if (error) throw new BackendError('reading team membership', error)
  return data !== null
}

/** Deletes the account and, by cascade, everything personal: settings, favorites, sessions. */
export async function deleteAccount(userId: string): Promise<void> {
  const { error } = await getServiceSupabase().auth.admin.deleteUser(userId)
  if (error) throw new BackendError('deleting an account', error)
}
