// The filters of /search reach every engine that applies them: the map's rpc
// (public.search_animal_map) and a saved search's stored `filters` (read by
// public.saved_search_new_matches) carry search_animals()' arguments, the new filters included.
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import type { Database } from '#app/types/database.ts'
import { parseSearchParams } from '#app/utils/search-params.ts'
import { searchAnimalMap } from '#app/models/animal-map.server.ts'
import { searchFilterArguments } from '#app/models/listing.server.ts'
import { searchToSave } from '#app/models/saved-search.server.ts'

const QUERY = 'type=dog&breed=pit+bull&house_trained=yes&special_needs=yes&coat=short&color=Black&new_this_week=yes&q=gentle'

describe('the filters every engine is given', () => {
  it('saves the new filters with a search made from a URL that has them', async () => {
    const saved = await searchToSave(new URLSearchParams(QUERY))
    expect(saved.filters).toEqual({
      type: 'dog',
      breed: 'pit bull',
      house_trained: true,
      special_needs: true,
      coat: 'short',
      color: 'Black',
      new_this_week: true,
      q: 'gentle',
      radius_miles: 100,
    })
    expect(new URLSearchParams(saved.query).get('new_this_week')).toBe('yes')
  })

  it('calls the map with the list’s arguments and its grid', async () => {
    const calls: Array<{ name: string; args: Record<string, unknown> }> = []
    const client = {
      rpc: async (name: string, args: Record<string, unknown>) => {
        calls.push({ name, args })
        return { data: { total: 0, unplaced: 0, groups: [] }, error: null }
      },
    } as unknown as SupabaseClient<Database>
    const filters = parseSearchParams(new URLSearchParams(QUERY))
    await searchAnimalMap(client, filters)
    expect(calls).toEqual([{ name: 'search_animal_map', args: { ...searchFilterArguments(filters, null), cell_degrees: 1 } }])
    expect(calls[0]!.args).toMatchObject({
      house_trained: true,
      special_needs: true,
      coat: 'short',
      color: 'Black',
      new_this_week: true,
      breed: 'pit bull',
    })
  })
})
