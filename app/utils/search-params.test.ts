import { describe, expect, it } from 'vitest'
import {
  clampDistance,
  formSearchQuery,
  isFiltered,
  MAX_PAGE,
  parseAnimalType,
  parseSearchParams,
  searchQuery,
  searchSummary,
} from '#app/utils/search-params.ts'

const parse = (query: string) => parseSearchParams(new URLSearchParams(query))

describe('parseSearchParams', () => {
  it('reads every filter from the URL', () => {
    expect(
      parse(
        'location=10001&distance=25&type=dog&age=young&size=small&sex=female&good_with=children&good_with=cats&breed=Beagle&q=calm&sort=distance&page=3',
      ),
    ).toEqual({
      location: '10001',
      distance: 25,
      type: 'dog',
      age: 'young',
      size: 'small',
      sex: 'female',
      goodWith: ['children', 'cats'],
      breed: 'Beagle',
      houseTrained: false,
      specialNeeds: false,
      coat: undefined,
      color: undefined,
      newThisWeek: false,
      q: 'calm',
      sort: 'distance',
      page: 3,
      view: 'list',
    })
  })

  it('reads the view: the map when asked for, else the list', () => {
    expect(parse('view=map').view).toBe('map')
    expect(parse('view=MAP').view).toBe('map')
    expect(parse('view=globe').view).toBe('list')
    expect(searchQuery(parse('type=dog&view=map'))).toBe('?type=dog&view=map')
    expect(searchQuery(parse('type=dog&view=list'))).toBe('?type=dog')
    expect(isFiltered(parse('view=map'))).toBe(false)
  })

  it('reads the yes-only filters, the coat and the colour', () => {
    expect(parse('house_trained=yes&special_needs=on&new_this_week=1&coat=Long&color=black+%26+white+%2F+tuxedo&type=cat')).toMatchObject({
      houseTrained: true,
      specialNeeds: true,
      newThisWeek: true,
      coat: 'long',
      color: 'Black & White / Tuxedo',
    })
    expect(parse('house_trained=no&special_needs=&new_this_week=maybe')).toMatchObject({
      houseTrained: false,
      specialNeeds: false,
      newThisWeek: false,
    })
    expect(parse('color=  GRAY   /  blue / silver ').color).toBe('Gray / Blue / Silver')
  })

  it('drops a coat or colour the type never has, and unknown ones', () => {
    expect(parse('type=bird&coat=long').coat).toBeUndefined()
    expect(parse('type=cat&coat=wire').coat).toBeUndefined()
    expect(parse('type=dog&coat=wire').coat).toBe('wire')
    expect(parse('coat=feathers').coat).toBeUndefined()
    expect(parse('type=cat&color=Brindle').color).toBeUndefined()
    expect(parse('type=dog&color=Brindle').color).toBe('Brindle')
    expect(parse('color=Brindle').color).toBe('Brindle')
    expect(parse('color=plaid').color).toBeUndefined()
  })

  it('has defaults for an empty URL and for an empty GET form', () => {
    const defaults = {
      location: undefined,
      distance: 100,
      type: undefined,
      age: undefined,
      size: undefined,
      sex: undefined,
      goodWith: [],
      breed: undefined,
      houseTrained: false,
      specialNeeds: false,
      coat: undefined,
      color: undefined,
      newThisWeek: false,
      q: undefined,
      sort: 'recent',
      page: 1,
      view: 'list',
    }
    expect(parse('')).toEqual(defaults)
    expect(parse('location=&distance=100&type=&age=&size=&sex=&breed=+&coat=&color=&q=&sort=recent')).toEqual(defaults)
  })

  it('ignores unknown values', () => {
    const filters = parse('type=unicorn&age=ancient&size=huge&sex=x&good_with=aliens&sort=random')
    expect(filters).toMatchObject({ type: undefined, age: undefined, size: undefined, sex: undefined, goodWith: [], sort: 'recent' })
  })

  it('maps the spec\u2019s plural labels and any case onto the types', () => {
    expect(parseAnimalType('Dogs')).toBe('dog')
    expect(parseAnimalType('cats')).toBe('cat')
    expect(parseAnimalType('Small Animals')).toBe('small-animal')
    expect(parseAnimalType('REPTILE')).toBe('reptile')
    expect(parseAnimalType('dragons')).toBeUndefined()
  })

  it('clamps distance to the offered choices and the page to its range', () => {
    expect(clampDistance(7)).toBe(10)
    expect(clampDistance(30)).toBe(25)
    expect(clampDistance(100000)).toBe(500)
    expect(parse('distance=-5').distance).toBe(100)
    expect(parse('distance=abc').distance).toBe(100)
    expect(parse('page=0').page).toBe(1)
    expect(parse('page=-2').page).toBe(1)
    expect(parse('page=2.5').page).toBe(1)
    expect(parse('page=999999999').page).toBe(MAX_PAGE)
  })

  it('sorts by distance only with a location, and by default then', () => {
    expect(parse('sort=distance').sort).toBe('recent')
    expect(parse('location=Austin,+TX&sort=distance').sort).toBe('distance')
    expect(parse('sort=oldest').sort).toBe('oldest')
    expect(parse('location=Austin,+TX').sort).toBe('distance')
    expect(parse('location=Austin,+TX&sort=').sort).toBe('distance')
    expect(parse('location=Austin,+TX&sort=recent').sort).toBe('recent')
    expect(searchQuery(parse('location=10001&sort=distance'))).toBe('?location=10001')
    expect(searchQuery(parse('location=10001&sort=recent'))).toBe('?location=10001&sort=recent')
    expect(searchQuery(parse('sort=recent'))).toBe('')
  })

  it('accepts good_with as repeated keys or a comma list, without duplicates', () => {
    expect(parse('good_with=dogs,cats&good_with=dogs').goodWith).toEqual(['dogs', 'cats'])
  })

  it('trims and bounds the free text', () => {
    const filters = parse(`location=${'  Austin,   TX  '}&q=${'a'.repeat(500)}`)
    expect(filters.location).toBe('Austin, TX')
    expect(filters.q).toHaveLength(200)
  })
})

describe('searchQuery', () => {
  it('writes the filters back without defaults, for pagination links', () => {
    const filters = parse('location=10001&distance=100&type=cat&good_with=dogs&good_with=cats&sort=distance&page=2')
    expect(searchQuery(filters, { page: 3 })).toBe('?location=10001&type=cat&good_with=dogs&good_with=cats&page=3')
    expect(searchQuery(filters, { page: 1 })).toBe('?location=10001&type=cat&good_with=dogs&good_with=cats')
    expect(searchQuery(parse(''))).toBe('')
    expect(searchQuery(parse('location=10001&distance=25'))).toBe('?location=10001&distance=25')
  })

  it('round-trips', () => {
    const filters = parse(
      'location=Austin%2C+TX&distance=250&type=rabbit&age=senior&size=large&sex=male&good_with=children&breed=Lop&q=quiet&sort=oldest&page=4',
    )
    expect(parse(searchQuery(filters).slice(1))).toEqual(filters)
    const more = parse('type=dog&house_trained=on&special_needs=true&coat=WIRE&color=merle+(blue)&new_this_week=yes')
    expect(searchQuery(more)).toBe('?type=dog&house_trained=yes&special_needs=yes&coat=wire&color=Merle+%28Blue%29&new_this_week=yes')
    expect(parse(searchQuery(more).slice(1))).toEqual(more)
  })
})

describe('isFiltered', () => {
  it('is false for the plain search and any page of it', () => {
    expect(isFiltered(parse('page=3&sort=oldest'))).toBe(false)
    expect(isFiltered(parse('good_with=dogs'))).toBe(true)
    for (const query of ['house_trained=yes', 'special_needs=yes', 'coat=long', 'color=Black', 'new_this_week=yes'])
      expect(isFiltered(parse(query)), query).toBe(true)
  })
})

describe('one URL per search', () => {
  // What the filter form sends: every field, empty or not, in the form's order.
  const form = (fields: Record<string, string | string[]>) => {
    const all: Record<string, string | string[]> = {
      location: '',
      distance: '100',
      type: '',
      age: '',
      size: '',
      sex: '',
      breed: '',
      coat: '',
      color: '',
      q: '',
      sort: 'recent',
      ...fields,
    }
    return Object.entries(all).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((one) => [name, one] as [string, string]),
    )
  }
  const normal = (entries: Array<[string, string]>) => searchQuery(parseSearchParams(new URLSearchParams(entries)))

  it.each([
    [{}, ''],
    [{ location: ' Austin,  TX ', type: 'dog', sort: 'distance' }, '?location=Austin%2C+TX&type=dog'],
    [{ location: '10001', distance: '25', sort: 'recent', q: 'calm' }, '?location=10001&distance=25&q=calm&sort=recent'],
    [
      { type: 'cat', good_with: ['children', 'dogs'], house_trained: 'yes', view: 'map' },
      '?type=cat&good_with=children&good_with=dogs&house_trained=yes&view=map',
    ],
    [{ q: 'zq12', sort: 'oldest', age: 'senior' }, '?age=senior&q=zq12&sort=oldest'],
  ])('the form %j goes to %s, with JavaScript and without', (fields, expected) => {
    const entries = form(fields)
    expect(normal(entries)).toBe(expected)
    expect(formSearchQuery(entries)).toBe(expected)
  })

  it('is a fixed point: the normal form of a normal URL is itself', () => {
    for (const query of [
      '?location=10001&distance=25&type=dog&sort=recent&page=3',
      '?type=cat&q=calm&view=map',
      '?good_with=children,cats&coat=long&type=cat',
    ]) {
      const once = normal([...new URLSearchParams(query)])
      expect(normal([...new URLSearchParams(once)])).toBe(once)
    }
  })
})

describe('what a search page says it shows', () => {
  const filters = (query: string) => parseSearchParams(new URLSearchParams(query))

  it('names the kind, the place and the count', () => {
    expect(searchSummary(filters('type=dog&location=Austin, TX'), 'Austin, TX', 17).title).toBe('Dogs near Austin, TX — 17 adoptable pets')
    expect(searchSummary(filters(''), null, 1204).title).toBe('Pets across the US — 1,204 adoptable pets')
    expect(searchSummary(filters('type=small-animal&page=2'), null, 1).title).toBe('Small animals across the US — 1 adoptable pet (page 2)')
  })

  it('describes the results, or their absence', () => {
    expect(searchSummary(filters('type=cat&location=10001&distance=25'), 'New York, NY', 3).description).toMatch(
      /^3 cats up for adoption within 25 miles of New York, NY\./,
    )
    expect(searchSummary(filters('type=cat'), null, 0).description).toBe(
      'No cats match this search right now. Widen it, or save it to hear about new arrivals.',
    )
  })
})
