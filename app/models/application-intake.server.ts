// Whether an animal takes applications now: the shelter's team pauses them, or caps how many
// may be open at once (public.animal_application_limits, readable by the team only); anyone
// reads the result through public.animal_application_intake. The database refuses a new
// application to a paused or full animal however it is sent; these reads only say so first.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>

export const APPLICATION_INTAKE_STATES = ['open', 'paused', 'full'] as const
export type ApplicationIntake = { state: (typeof APPLICATION_INTAKE_STATES)[number]; openCap: number | null; openCount: number }

/** The largest cap a shelter may set (the table's check says the same). */
export const OPEN_CAP_MAX = 100

/** Whether the animal takes applications now, with its cap and how many are open. */
export async function getApplicationIntake(supabase: Client, animalId: string): Promise<ApplicationIntake> {
  const { data, error } = await supabase.rpc('animal_application_intake', { animal_id: animalId }).single()
  if (error) throw new BackendError('reading whether an animal takes applications', error)
  const state = APPLICATION_INTAKE_STATES.find((known) => known === data.state) ?? 'open'
  return { state, openCap: data.open_cap ?? null, openCount: data.open_count ?? 0 }
}

export type ApplicationLimits = { paused: boolean; openCap: number | null }

/** The team's own settings for the animal (none: not paused, no cap). */
export async function getApplicationLimits(supabase: Client, animalId: string): Promise<ApplicationLimits> {
  const { data, error } = await supabase
    .from('animal_application_limits')
    .select('paused, open_cap')
    .eq('animal_id', animalId)
    .maybeSingle()
  if (error) throw new BackendError('reading an animal’s application limits', error)
  return { paused: data?.paused ?? false, openCap: data?.open_cap ?? null }
}

/**
 * Saves the team's settings; neither paused nor capped removes the row. An update, then an
 * insert when there was no row: the team may update only `paused` and `open_cap`, which an
 * upsert's conflict clause would exceed (it sets every column it sends).
 */
export async function saveApplicationLimits(supabase: Client, animalId: string, limits: ApplicationLimits): Promise<void> {
  const table = () => supabase.from('animal_application_limits')
  if (!limits.paused && limits.openCap === null) {
    const { error } = await table().delete().eq('animal_id', animalId)
    if (error) throw new BackendError('saving an animal’s application limits', error)
    return
  }
  const values = { paused: limits.paused, open_cap: limits.openCap }
  const updated = await table().update(values).eq('animal_id', animalId).select('animal_id')
  if (updated.error) throw new BackendError('saving an animal’s application limits', updated.error)
  if (updated.data.length) return
  const { error } = await table().insert({ animal_id: animalId, ...values })
  if (error) throw new BackendError('saving an animal’s application limits', error)
}

/** The cap as typed: empty is no cap; otherwise a whole number from 1 to OPEN_CAP_MAX, or an error to show. */
export function readOpenCap(typed: string): { openCap: number | null } | { error: string } {
  const text = typed.trim()
  if (text === '') return { openCap: null }
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < 1 || value > OPEN_CAP_MAX) {
    return { error: `Enter a whole number from 1 to ${OPEN_CAP_MAX}, or leave it empty for no limit` }
  }
  return { openCap: value }
}

/** Where a paused or full animal's pages send people: a search for its type near its shelter, and that search to save. */
export function similarSearches(type: string, zipCode: string | null): { searchHref: string; saveSearchHref: string } {
  const params = new URLSearchParams(zipCode ? { location: zipCode } : {})
  params.set('type', type)
  return { searchHref: `/search?${params}`, saveSearchHref: `/account/searches/new?${params}` }
}
