// Favorites: each person's own. Only listed animals can be saved; the list shows adopted ones
// (marked) until removed, and drops archived ones and those of shelters no longer listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

let h: Harness
let service: SupabaseClient
let shelterId: string
let shelterOwner: SupabaseClient

async function animal(fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelterId, name: 'Biscuit', type: 'dog', age_group: 'adult', ...fields })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const owner = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Happy Tails' })
  shelterOwner = owner.client
  const { data } = await service.from('shelter_profiles').select('id').eq('user_id', owner.userId).single()
  shelterId = data!.id
  await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', shelterId)
})
afterAll(async () => {
  await h?.stop()
})

describe('favorites', () => {
  it('are saved and read by their owner alone', async () => {
    const id = await animal()
    const [a, b] = [await h.signedIn(), await h.signedIn()]
    expect((await a.client.from('favorites').insert({ animal_id: id })).error).toBeNull()
    expect((await a.client.from('favorites').insert({ animal_id: id })).error?.code).toBe('23505')
    expect((await a.client.from('favorites').select('user_id, animal_id')).data).toEqual([{ user_id: a.userId, animal_id: id }])
    expect((await b.client.from('favorites').select('animal_id')).data).toEqual([])
    expect((await shelterOwner.from('favorites').select('animal_id')).data).toEqual([])
    expect((await h.anon().from('favorites').select('animal_id')).error?.code).toBe('42501')
    expect((await h.anon().from('favorites').insert({ animal_id: id })).error?.code).toBe('42501')
    // Nobody saves for someone else, or removes someone else's.
    expect((await b.client.from('favorites').insert({ animal_id: id, user_id: a.userId })).error?.code).toBe('42501')
    await b.client.from('favorites').delete().eq('animal_id', id)
    expect((await a.client.from('favorites').select('animal_id')).data).toHaveLength(1)
    expect((await a.client.from('favorites').update({ animal_id: id }).eq('animal_id', id)).error?.code).toBe('42501')
    await a.client.from('favorites').delete().eq('animal_id', id)
    expect((await a.client.from('favorites').select('animal_id')).data).toEqual([])
  })

  it('take only animals that are listed', async () => {
    const person = await h.signedIn()
    const archived = await animal({ status: 'archived' })
    const adopted = await animal({ status: 'adopted' })
    expect((await person.client.from('favorites').insert({ animal_id: archived })).error?.code).toBe('42501')
    expect((await person.client.from('favorites').insert({ animal_id: adopted })).error?.code).toBe('42501')
    expect((await person.client.from('favorites').insert({ animal_id: '00000000-0000-0000-0000-000000000000' })).error?.code).toBe('42501')
  })

  it('list the saved pets as cards with their status now: adopted ones stay, archived ones go', async () => {
    const person = await h.signedIn()
    const [first, second, third] = [await animal({ name: 'First' }), await animal({ name: 'Second' }), await animal({ name: 'Third' })]
    for (const id of [first, second, third]) await person.client.from('favorites').insert({ animal_id: id })
    await service.from('animals').update({ status: 'adopted' }).eq('id', second)
    await service.from('animals').update({ status: 'archived' }).eq('id', third)
    const cards = (await person.client.rpc('my_favorites')).data as Array<{ name: string; status: string; shelter_name: string }>
    expect(cards.map((card) => [card.name, card.status])).toEqual([
      ['Second', 'adopted'],
      ['First', 'available'],
    ])
    expect(cards[0]!.shelter_name).toBe('Happy Tails')
    expect((await (await h.signedIn()).client.rpc('my_favorites')).data).toEqual([])
    expect((await h.anon().rpc('my_favorites')).error?.code).toBe('42501')
  })

  it('go with the account', async () => {
    const person = await h.signedIn()
    await person.client.from('favorites').insert({ animal_id: await animal() })
    await service.auth.admin.deleteUser(person.userId)
    expect((await service.from('favorites').select('animal_id').eq('user_id', person.userId)).data).toEqual([])
  })
})
