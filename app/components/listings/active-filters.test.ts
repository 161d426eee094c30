import { describe, expect, it } from 'vitest'
import { parseSearchParams } from '#app/utils/search-params.ts'
import { activeFilters } from '#app/components/listings/active-filters.tsx'

const chipsOf = (query: string) => activeFilters(parseSearchParams(new URLSearchParams(query)))

describe('activeFilters', () => {
  it('is empty for an unfiltered search, whatever the page, view or sort', () => {
    expect(chipsOf('page=3&view=map&sort=oldest')).toEqual([])
  })

  it('names each filter in force, in the form’s order, with the search without it', () => {
    const chips = chipsOf(
      'location=10001&distance=25&type=dog&age=young&size=small&sex=female&breed=Beagle&coat=short&color=Black&good_with=children&good_with=cats&house_trained=yes&special_needs=yes&new_this_week=yes&q=calm&page=2',
    )
    expect(chips.map((chip) => chip.label)).toEqual([
      'Near 10001',
      'Within 25 miles',
      'Dogs',
      'Young (0-2 years)',
      'Size: Small',
      'Female',
      'Breed: Beagle',
      'Short coat',
      'Color: Black',
      'Good with children',
      'Good with cats',
      'House-trained',
      'Special needs',
      'New this week',
      '“calm”',
    ])
    const links = new Map(chips.map((chip) => [chip.label, new URL(chip.href, 'http://x').searchParams]))
    const removing = (label: string) => {
      const params = links.get(label)
      if (!params) throw new Error(`no chip ${label}`)
      return params
    }
    // Each link drops exactly its own filter, keeps the others and starts again at page 1.
    expect(removing('Dogs').get('type')).toBeNull()
    expect(removing('Dogs').get('breed')).toBe('Beagle')
    expect(removing('Good with children').getAll('good_with')).toEqual(['cats'])
    expect(removing('“calm”').get('q')).toBeNull()
    for (const params of links.values()) expect(params.get('page')).toBeNull()
    // Without a location the distance goes too.
    expect([removing('Near 10001').get('location'), removing('Near 10001').get('distance')]).toEqual([null, null])
    expect([removing('Within 25 miles').get('location'), removing('Within 25 miles').get('distance')]).toEqual(['10001', null])
  })

  it('leaves the default distance out', () => {
    expect(chipsOf('location=Austin%2C+TX&distance=100').map((chip) => chip.label)).toEqual(['Near Austin, TX'])
  })
})
