// Care answers (house-trained, spayed/neutered, vaccinations, special needs) may be unknown:
// null, which is not "no". An import keeps a blank as null and an explicit no as false, the
// shelter's form can store Not sure, a new animal starts unknown, and a search filter matches
// only a known yes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { animalRow } from '#app/sync/pipeline.server.ts'
import { importedAnimal } from '#tests/db/sync-fixtures.ts'

let h: Harness
let service: SupabaseClient
let owner: SupabaseClient
let shelterId: string

const CARE = 'house_trained, spayed_neutered, vaccinations_current, special_needs'

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const created = await h.signedIn(uniqueEmail('care'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Care Shelter' })
  owner = created.client
  const { data } = await service.from('shelter_profiles').select('id').eq('user_id', created.userId).single()
  shelterId = data!.id
  await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', shelterId)
})
afterAll(async () => {
  await h?.stop()
})

describe('care answers', () => {
  it('an import stores a blank as null and an explicit no as false, and a later yes replaces the unknown', async () => {
    const { data: source, error } = await owner.rpc('create_sync_source', { kind: 'upload', name: 'Care upload', format: 'petfinder' })
    expect(error).toBeNull()
    const sourceId = (source as { id: string }).id
    const unknown = { houseTrained: null, spayedNeutered: null, vaccinationsCurrent: null, specialNeeds: null }
    const said = { houseTrained: false, spayedNeutered: true, vaccinationsCurrent: false, specialNeeds: false }
    const first = await owner.rpc('import_snapshot', {
      source_id: sourceId,
      animals: [importedAnimal('blank', unknown), importedAnimal('said', said)].map(animalRow),
    })
    expect(first.error).toBeNull()
    const stored = async () => {
      const { data } = await service.from('animals').select(`external_id, ${CARE}`).eq('source_id', sourceId).order('external_id')
      return data
    }
    expect(await stored()).toEqual([
      { external_id: 'blank', house_trained: null, spayed_neutered: null, vaccinations_current: null, special_needs: null },
      { external_id: 'said', house_trained: false, spayed_neutered: true, vaccinations_current: false, special_needs: false },
    ])

    const second = await owner.rpc('import_snapshot', {
      source_id: sourceId,
      animals: [
        importedAnimal('blank', { ...unknown, houseTrained: true }),
        importedAnimal('said', { ...said, vaccinationsCurrent: null }),
      ].map(animalRow),
    })
    expect(second.error).toBeNull()
    expect(await stored()).toEqual([
      { external_id: 'blank', house_trained: true, spayed_neutered: null, vaccinations_current: null, special_needs: null },
      { external_id: 'said', house_trained: false, spayed_neutered: true, vaccinations_current: null, special_needs: false },
    ])
  })

  it('a new animal starts unknown; the form can store Not sure; a filter matches a known yes only', async () => {
    const { data: added, error } = await owner
      .from('animals')
      .insert({ shelter_id: shelterId, name: 'Pepper', type: 'dog', age_group: 'adult' })
      .select(`id, ${CARE}`)
      .single()
    expect(error).toBeNull()
    expect(added).toMatchObject({ house_trained: null, spayed_neutered: null, vaccinations_current: null, special_needs: null })

    const yes = await owner.rpc('save_animal', { target_animal: added!.id, changes: { house_trained: true, special_needs: false } })
    expect(yes.error).toBeNull()
    const notSure = await owner.rpc('save_animal', { target_animal: added!.id, changes: { special_needs: null } })
    expect(notSure.error).toBeNull()
    const { data: saved } = await service.from('animals').select(CARE).eq('id', added!.id).single()
    expect(saved).toEqual({ house_trained: true, spayed_neutered: null, vaccinations_current: null, special_needs: null })

    const names = async (filters: Record<string, unknown>) => {
      const { data, error: searchError } = await h.anon().rpc('search_animals', { ...filters, page_size: 100 })
      expect(searchError).toBeNull()
      return (data as { animals: Array<{ name: string }> }).animals.map((animal) => animal.name).sort()
    }
    expect(await names({ house_trained: true })).toContain('Pepper')
    // Pepper's special needs are not known: not a match for "Special needs".
    expect(await names({ special_needs: true })).not.toContain('Pepper')
    await service.from('animals').update({ house_trained: null }).eq('id', added!.id)
    expect(await names({ house_trained: true })).not.toContain('Pepper')
    expect(await names({})).toContain('Pepper')
  })
})
