// An adopter's favorites (supabase/migrations/20261125007000_favorites.sql), through their own
// client: RLS keeps each person to their own. Listing pages ask which of their animals the
// visitor saved only when a session cookie is there: a signed-out page never varies per person,
// so it stays cacheable.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { hasSessionCookie } from '#app/utils/supabase.server.ts'
import type { AnimalCardData } from '#app/models/animal-card.ts'
import { UUID } from '#app/models/listing.server.ts'

type Client = SupabaseClient<Database>

/**
 * Which of these animals the visitor saved: null for a signed-out visitor (the page shows every
 * heart as 'Save', which leads to sign-in), else the saved ids. `headers` carry any refreshed
 * session, and make the page private.
 */
export async function savedAmong(request: Request, animalIds: string[]): Promise<{ saved: string[] | null; headers: Headers }> {
  if (!hasSessionCookie(request)) return { saved: null, headers: new Headers() }
  const { user, supabase, headers } = await getUser(request)
  if (!user) return { saved: null, headers }
  // Ids from a URL may be anything; no animal has an id of another shape.
  const ids = animalIds.filter((id) => UUID.test(id))
  if (!ids.length) return { saved: [], headers }
  const { data, error } = await supabase.from('favorites').select('animal_id').in('animal_id', ids)
  if (error) throw new BackendError('reading favorites', error)
  return { saved: data.map((row) => row.animal_id), headers }
}

/** True when saved (or already saved); false when the animal cannot be saved (no longer listed). */
export async function saveFavorite(supabase: Client, animalId: string): Promise<boolean> {
  const { error } = await supabase.from('favorites').insert({ animal_id: animalId })
  if (!error || error.code === '23505') return true
  if (error.code === '42501' || error.code === '23503' || error.code === '22P02') return false
  throw new BackendError('saving a favorite', error)
}

export async function removeFavorite(supabase: Client, animalId: string): Promise<void> {
  const { error } = await supabase.from('favorites').delete().eq('animal_id', animalId)
  if (error) throw new BackendError('removing a favorite', error)
}

/** The person's favorites as result cards, newest saved first, with each one's status now. */
export async function getFavorites(supabase: Client): Promise<AnimalCardData[]> {
  const { data, error } = await supabase.rpc('my_favorites')
  if (error) throw new BackendError('reading favorites', error)
  return data ?? []
}
