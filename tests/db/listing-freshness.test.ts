// Freshness on every listing: when an animal's status was last confirmed and how. A member's
// save confirms it ("shelter"); a sync run confirms every animal it saw, changed or not
// ("sync", with the source's kind); a stale listing is out of search (listed, so searchable)
// while its page stays readable, and a confirmation brings it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { animalRow } from '#app/sync/pipeline.server.ts'
import type { Database } from '#app/types/database.ts'
import { approvedProfile, createShelter, type TestShelter } from '#tests/db/factories.ts'
import { importedAnimal } from '#tests/db/sync-fixtures.ts'

let h: Harness
let service: SupabaseClient<Database>
let shelter: TestShelter
const LONG_AGO = '2026-01-01T00:00:00.000Z'

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  shelter = await createShelter(h, 'Fresh Rescue', { ...approvedProfile(), latitude: 30.27, longitude: -97.74, zip_code: '78701' })
})
afterAll(async () => {
  await h?.stop()
})

async function row(id: string) {
  const { data, error } = await service
    .from('animals')
    .select('confirmed_at, confirmed_via, stale_at, listed, searchable')
    .eq('id', id)
    .single()
  if (error) throw error
  return data
}

async function freshness(client: SupabaseClient, id: string) {
  const { data, error } = await client.rpc('animal_freshness', { animal_ids: [id] })
  if (error) throw error
  return data[0]
}

/** Backdates a listing's confirmation (the service role writes it as it is: no member saves). */
async function backdate(id: string, fields: { stale_at?: string | null } = {}) {
  const { error } = await service
    .from('animals')
    .update({ confirmed_at: LONG_AGO, ...fields })
    .eq('id', id)
  if (error) throw error
}

describe('a listing entered by hand', () => {
  it('is confirmed by the shelter when a member saves it, and back in search when it had gone stale', async () => {
    const { data: added, error } = await shelter.client
      .from('animals')
      .insert({ shelter_id: shelter.shelterId, name: 'Pebble', type: 'dog', age_group: 'adult' })
      .select('id')
      .single()
    expect(error).toBeNull()
    const id = added!.id
    expect(await row(id)).toMatchObject({ confirmed_via: 'shelter', listed: true, stale_at: null })

    await backdate(id, { stale_at: LONG_AGO })
    expect(await row(id)).toMatchObject({ confirmed_at: expect.stringMatching(/^2026-01-01/), listed: false, searchable: false })
    // Out of search, but its page stays: anyone may still read it, and it says it is stale.
    const anon = h.anon() as SupabaseClient<Database>
    expect((await anon.from('animals').select('name').eq('id', id)).data).toEqual([{ name: 'Pebble' }])
    expect(await freshness(anon, id)).toMatchObject({ confirmed_via: 'shelter', stale: true, source_kind: null })

    const { error: saveError } = await shelter.client.from('animals').update({ description: 'Still here.' }).eq('id', id)
    expect(saveError).toBeNull()
    const saved = await row(id)
    expect(saved).toMatchObject({ confirmed_via: 'shelter', stale_at: null, listed: true, searchable: true })
    expect(Date.now() - new Date(saved.confirmed_at).getTime()).toBeLessThan(60_000)
  })

  it('cannot have its confirmation written by a member directly', async () => {
    const { data } = await shelter.client
      .from('animals')
      .insert({ shelter_id: shelter.shelterId, name: 'Quartz', type: 'cat', age_group: 'young' })
      .select('id')
      .single()
    const { error } = await shelter.client
      .from('animals')
      .update({ confirmed_at: LONG_AGO } as never)
      .eq('id', data!.id)
    expect(error?.code).toBe('42501')
  })
})

describe('a sync run', () => {
  it('confirms every animal it saw, changed or not, and names its source', async () => {
    const { data: created, error } = await shelter.client.rpc('create_sync_source', {
      kind: 'upload',
      name: 'Weekly file',
      format: 'petfinder',
    })
    expect(error).toBeNull()
    const sourceId = (created as { id: string }).id
    const snapshot = [animalRow(importedAnimal('F1')), animalRow(importedAnimal('F2'))]
    const first = await shelter.client.rpc('import_snapshot', { source_id: sourceId, animals: snapshot })
    expect(first.error).toBeNull()
    const { data: synced } = await service.from('animals').select('id, external_id').eq('source_id', sourceId).order('external_id')
    const [f1, f2] = synced!.map((animal) => animal.id) as [string, string]
    expect(await row(f1)).toMatchObject({ confirmed_via: 'sync', listed: true })

    // Both left unconfirmed for months, one of them stale; the same snapshot again changes nothing.
    await backdate(f1)
    await backdate(f2, { stale_at: LONG_AGO })
    expect((await row(f2)).searchable).toBe(false)
    const again = await shelter.client.rpc('import_snapshot', { source_id: sourceId, animals: snapshot })
    expect(again.data).toMatchObject({ status: 'succeeded', added: 0, updated: 0, unchanged: 2 })
    for (const id of [f1, f2]) {
      const confirmed = await row(id)
      expect(confirmed).toMatchObject({ confirmed_via: 'sync', stale_at: null, listed: true, searchable: true })
      expect(Date.now() - new Date(confirmed.confirmed_at).getTime()).toBeLessThan(60_000)
    }
    expect(await freshness(h.anon(), f1)).toMatchObject({
      confirmed_via: 'sync',
      source_kind: 'upload',
      source_format: 'petfinder',
      stale: false,
    })

    // A changed animal is confirmed by the same run that writes it.
    await backdate(f1)
    const changed = await shelter.client.rpc('import_snapshot', {
      source_id: sourceId,
      animals: [animalRow(importedAnimal('F1', { name: 'Renamed' })), snapshot[1]],
    })
    expect(changed.data).toMatchObject({ updated: 1, unchanged: 1 })
    expect(Date.now() - new Date((await row(f1)).confirmed_at).getTime()).toBeLessThan(60_000)
  })
})
