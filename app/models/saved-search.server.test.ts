import { describe, expect, it } from 'vitest'
import { SAVED_SEARCH_NAME_MAX } from '#app/utils/alert-vocabulary.ts'
import { parseSearchParams } from '#app/utils/search-params.ts'
import { describeSearch } from '#app/models/saved-search.server.ts'

const describe_ = (query: string, place: string | null = null) => describeSearch(parseSearchParams(new URLSearchParams(query)), place)

describe('describeSearch', () => {
  it('names a search by its type and place', () => {
    expect(describe_('type=dog', 'Austin, TX')).toBe('Dogs near Austin, TX')
    expect(describe_('')).toBe('Pets')
  })

  it('names the attributes, good-with and keywords', () => {
    expect(describe_('type=cat&age=senior&size=small&good_with=dogs')).toBe('Senior small cats good with dogs')
    expect(describe_('q=gentle')).toBe('Pets matching “gentle”')
  })

  it('names the newer filters: house-trained, coat, colour, special needs, new this week', () => {
    expect(describe_('type=dog&house_trained=yes&coat=long&color=Black&special_needs=yes&new_this_week=yes')).toBe(
      'House-trained long-coated black dogs with special needs, new this week',
    )
    expect(describe_('type=cat&new_this_week=yes', 'Austin, TX')).toBe('Cats near Austin, TX, new this week')
  })

  it('shortens a long name to the limit, with an ellipsis', () => {
    const name = describe_('type=dog&house_trained=yes&coat=long&color=Black&special_needs=yes&new_this_week=yes', 'Austin, TX')
    expect(name.length).toBeLessThanOrEqual(SAVED_SEARCH_NAME_MAX)
    expect(name.startsWith('House-trained long-coated black dogs with special needs near Austin, TX')).toBe(true)
    expect(name.endsWith('…')).toBe(true)
  })
})
