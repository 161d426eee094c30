// A shelter's push API keys as the dashboard manages them (supabase/migrations/20261126003000_api_keys.sql),
// through the member's own client: row-level security and the functions keep it to owners and admins.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '#app/types/database.ts'
import type { ApiKeyScope } from '#app/utils/api-key-scopes.ts'
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>

export type ApiKeySummary = Pick<Tables<'api_keys'>, 'id' | 'name' | 'scope' | 'prefix' | 'created_at' | 'last_used_at' | 'revoked_at'>

export async function getApiKeys(supabase: Client, shelterId: string): Promise<ApiKeySummary[]> {
  const { data, error } = await supabase
    .from('api_keys')
    .select('id, name, scope, prefix, created_at, last_used_at, revoked_at')
    .eq('shelter_id', shelterId)
    .order('created_at', { ascending: false })
  if (error) throw new BackendError('reading API keys', error)
  return data
}

/** A new key: its plain text comes back this once. A refusal (no name) comes back as its message. */
export async function createApiKey(
  supabase: Client,
  name: string,
  scope: ApiKeyScope,
): Promise<{ key: string; prefix: string } | { refusal: string }> {
  const { data, error } = await supabase.rpc('create_api_key', { name, scope })
  if (error?.code === '22023') return { refusal: error.message }
  if (error) throw new BackendError('creating an API key', error)
  // Its OUT parameters (the generated types call them a record).
  const made = data as { key: string; prefix: string }
  return { key: made.key, prefix: made.prefix }
}

export async function revokeApiKey(supabase: Client, keyId: string): Promise<void> {
  const { error } = await supabase.rpc('revoke_api_key', { key_id: keyId })
  if (error?.code === 'PT404' || error?.code === '22P02') throw new Response('Key not found', { status: 404 })
  if (error) throw new BackendError('revoking an API key', error)
}
