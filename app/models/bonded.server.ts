// Bonded groups: animals of one shelter adopted together (supabase/migrations/20261127005000_bonded_groups.sql,
// decision 040). Reading companions is one call for any number of animals (the animal page, a
// page of result cards, the dashboard); the shelter's staff change groups through link_bonded /
// unlink_bonded, which check the role and the rules themselves.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { joinNames } from '#app/utils/names.ts'
import type { AnimalStatus } from '#app/utils/vocabulary.ts'
import type { AnimalCardData, CompanionCard } from '#app/models/animal-card.ts'

type Client = SupabaseClient<Database>

export type Companion = CompanionCard & { status: AnimalStatus }

/** The companions of each animal (by its id), as the caller may see them: the public sees listed ones only. */
export async function companionsOf(supabase: Client, animalIds: string[]): Promise<Map<string, Companion[]>> {
  const companions = new Map<string, Companion[]>()
  if (!animalIds.length) return companions
  const { data, error } = await supabase.rpc('bonded_companions', { animal_ids: animalIds })
  if (error) throw new BackendError('reading bonded companions', error)
  for (const row of data ?? []) {
    const list = companions.get(row.animal_id) ?? []
    list.push({
      id: row.id,
      name: row.name,
      status: row.status,
      photo_path: row.photo_path,
      photo_url: row.photo_url,
      photo_alt: row.photo_alt,
    })
    companions.set(row.animal_id, list)
  }
  return companions
}

/**
 * The shelter page's cards (read through REST, not public.animal_cards) with their companions,
 * in one call for the page: a group's card, its lead's, shows every animal of the group.
 */
export async function withCompanions(supabase: Client, cards: AnimalCardData[]): Promise<AnimalCardData[]> {
  const companions = await companionsOf(
    supabase,
    cards.map((card) => card.id),
  )
  return cards.map((card) => {
    const found = companions.get(card.id)
    return found ? { ...card, companions: found.map(({ status: _status, ...companion }) => companion) } : card
  })
}

/** The animals a companion may be chosen from: the shelter's others, not adopted, by name. */
export async function bondCandidates(supabase: Client, shelterId: string, animalId: string) {
  const { data, error } = await supabase
    .from('animals')
    .select('id, name, status, bonded_group_id')
    .eq('shelter_id', shelterId)
    .neq('id', animalId)
    .neq('status', 'adopted')
    .order('name')
    .order('id')
    .limit(1000)
  if (error) throw new BackendError('reading the shelter’s animals', error)
  return data
}

/** A refusal the page shows as it is: already bonded, adopted, a group past six… */
export class BondRefusal extends Error {}

export async function linkBonded(supabase: Client, animalId: string, companionId: string): Promise<void> {
  const { error } = await supabase.rpc('link_bonded', { animal: animalId, companion: companionId })
  if (error?.code === '22023') throw new BondRefusal(error.message)
  if (error) throw new BackendError('bonding two animals', error)
}

export async function unlinkBonded(supabase: Client, animalId: string): Promise<void> {
  const { error } = await supabase.rpc('unlink_bonded', { animal: animalId })
  if (error) throw new BackendError('removing a bonded companion', error)
}

/** A bonded animal's group as a page names it ('Buddy and Max', a pair or a group of more); null for an animal on its own. */
export async function bondedGroupOf(
  supabase: Client,
  animal: { id: string; name: string; bonded_group_id: string | null },
): Promise<{ names: string; kind: 'pair' | 'group' } | null> {
  if (!animal.bonded_group_id) return null
  const companions = (await companionsOf(supabase, [animal.id])).get(animal.id)
  if (!companions?.length) return null
  return {
    names: joinNames([animal.name, ...companions.map((companion) => companion.name)]),
    kind: companions.length === 1 ? 'pair' : 'group',
  }
}
