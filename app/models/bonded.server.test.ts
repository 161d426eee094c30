import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import type { Database } from '#app/types/database.ts'
import type { AnimalCardData } from '#app/models/animal-card.ts'
import { withCompanions } from '#app/models/bonded.server.ts'

const card = (id: string, name: string) => ({ id, name }) as AnimalCardData

describe('withCompanions', () => {
  it('asks once for the whole page and gives each bonded card its companions', async () => {
    const rpc = vi.fn().mockResolvedValue({
      data: [
        {
          animal_id: 'b',
          animal_leads: true,
          id: 'm',
          name: 'Max',
          status: 'available',
          photo_path: null,
          photo_url: 'https://example.org/max.jpg',
          photo_alt: null,
        },
        {
          animal_id: 'b',
          animal_leads: true,
          id: 'd',
          name: 'Daisy',
          status: 'pending',
          photo_path: null,
          photo_url: null,
          photo_alt: null,
        },
      ],
      error: null,
    })
    const supabase = { rpc } as unknown as SupabaseClient<Database>
    const cards = await withCompanions(supabase, [card('b', 'Buddy'), card('r', 'Rex')])
    expect(rpc).toHaveBeenCalledTimes(1)
    expect(rpc).toHaveBeenCalledWith('bonded_companions', { animal_ids: ['b', 'r'] })
    expect(cards[0]).toEqual({
      id: 'b',
      name: 'Buddy',
      companions: [
        { id: 'm', name: 'Max', photo_path: null, photo_url: 'https://example.org/max.jpg', photo_alt: null },
        { id: 'd', name: 'Daisy', photo_path: null, photo_url: null, photo_alt: null },
      ],
    })
    expect(cards[1]).toEqual({ id: 'r', name: 'Rex' })
  })

  it('asks nothing for an empty page', async () => {
    const rpc = vi.fn()
    expect(await withCompanions({ rpc } as unknown as SupabaseClient<Database>, [])).toEqual([])
    expect(rpc).not.toHaveBeenCalled()
  })
})
