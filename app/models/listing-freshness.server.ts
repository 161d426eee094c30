// When and how listings were last confirmed, as their page and their cards say it (decision 072):
// one call for a page of animals, through public.animal_freshness.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { freshnessLine } from '#app/utils/listing-freshness.ts'

export type FreshnessShown = { line: string; stale: boolean }

/** Each readable animal's line ('Updated by the shelter 3 days ago') and whether it went stale, by id. */
export async function listingFreshness(supabase: SupabaseClient<Database>, animalIds: string[]): Promise<Record<string, FreshnessShown>> {
  if (!animalIds.length) return {}
  const { data, error } = await supabase.rpc('animal_freshness', { animal_ids: animalIds })
  if (error) throw new BackendError('reading the listings', error)
  const now = new Date()
  return Object.fromEntries(data.map((row) => [row.animal_id, { line: freshnessLine(row, now), stale: row.stale }]))
}
