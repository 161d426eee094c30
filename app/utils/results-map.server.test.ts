import { describe, expect, it } from 'vitest'
import { markerCount, renderMapOutlines, renderResultsMap, type ResultsMapInput } from '#app/utils/results-map.server.ts'

const map = { width: 975, height: 610, area: '25 miles around Austin, TX', outlinesHref: '/resources/map.svg?location=78701&distance=25' }
const group = {
  x: 487.5,
  y: 305,
  radius: 22,
  count: 3,
  label: '3 animals near Austin, TX and Round Rock, TX',
  href: '/search?location=78701&distance=10',
}
const buddy = { x: 97.5, y: 61, radius: 22, count: 1, label: 'Buddy, Labrador Retriever in Kyle, TX', href: '/animals/abc' }

function input(overrides: Partial<ResultsMapInput> = {}): ResultsMapInput {
  return {
    map,
    centre: [487.5, 305],
    total: 4,
    unplaced: 0,
    layers: {
      phone: { markers: [{ ...group, count: 4, label: '4 animals near Austin, TX, Round Rock, TX and Kyle, TX' }], labels: [] },
      wide: {
        markers: [
          { ...group, radius: 16 },
          { ...buddy, radius: 14 },
        ],
        labels: [{ name: 'Round Rock', x: 500, y: 200, side: 'left' }],
      },
    },
    places: [
      { label: '2 animals near Austin, TX', href: '/search?location=78701&distance=10', count: 2, onMap: true },
      { label: 'Buddy, Labrador Retriever in Kyle, TX', href: '/animals/abc', count: 1, onMap: true },
      { label: 'Rex, Beagle in Round Rock, TX', href: '/animals/def', count: 1, onMap: true },
    ],
    ...overrides,
  }
}

describe('renderResultsMap', () => {
  it('draws a titled, described map whose markers are named links, over the geography\u2019s image', () => {
    const html = renderResultsMap(input())
    expect(html).toContain('<title id="results-map-title">Map of 4 pets found in 25 miles around Austin, TX</title>')
    expect(html).toContain('aria-labelledby="results-map-title" aria-describedby="results-map-description"')
    expect(html).toContain('Each marker is a link')
    expect(html).toContain('<img src="/resources/map.svg?location=78701&amp;distance=25" alt="" width="975" height="610"')
    expect(html).toContain('<a href="/animals/abc" aria-label="Buddy, Labrador Retriever in Kyle, TX"')
    expect(html).toContain('<a href="/search?location=78701&amp;distance=10" aria-label="3 animals near Austin, TX and Round Rock, TX"')
    expect(html).toContain('>3</text>')
    // The search's centre, where the frame has it.
    expect(html).toContain('<circle cx="50%" cy="50%" r="5"')
  })

  it('places markers by percentages of the frame and sizes them in CSS pixels, one set per width', () => {
    const html = renderResultsMap(input())
    const [phone, wide] = html.split('<g class="hidden sm:inline">')
    expect(phone).toContain('<g class="sm:hidden">')
    expect(phone).toContain('<circle cx="50%" cy="50%" r="22"')
    expect(phone).toContain('font-size="14"')
    expect(phone).toContain('>4</text>')
    expect(wide).toContain('<circle cx="10%" cy="10%" r="14"')
    expect(wide).toContain('font-size="13"')
    // The city names: hidden from screen readers (the places are listed), 12 px, left of the dot.
    expect(wide).toContain('<g aria-hidden="true" font-size="12"')
    expect(wide).toContain('dx="-5" text-anchor="end" dy="0.35em">Round Rock</text>')
    // No viewBox: the markers' sizes are CSS pixels.
    expect(html).toMatch(/<svg class="relative block aspect-\[975\/610\] w-full" aria-labelledby/)
  })

  it('lists every place beside the map, each its own link', () => {
    const html = renderResultsMap(input())
    const list = html.slice(html.indexOf('<section'))
    expect(list.match(/<li>/g)).toHaveLength(3)
    expect(list).toContain('>Rex, Beagle in Round Rock, TX</a>')
    expect(list).toContain('href="/search?location=78701&amp;distance=10"')
  })

  it('escapes what shelters typed, and lists what the map cannot show', () => {
    const html = renderResultsMap(
      input({
        centre: null,
        total: 3,
        unplaced: 2,
        layers: { phone: { markers: [], labels: [] }, wide: { markers: [], labels: [{ name: '<b>', x: 1, y: 1, side: 'right' }] } },
        places: [{ label: '<img src=x onerror=alert(1)>, Beagle in San Juan, PR', href: '/animals/"x"', count: 1, onMap: false }],
      }),
    )
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<b>')
    expect(html).toContain(
      '&lt;img src=x onerror=alert(1)&gt;, Beagle in San Juan, PR</a> <span class="text-sm text-gray-600">(not on the map)</span>',
    )
    expect(html).toContain('href="/animals/&quot;x&quot;"')
    expect(html).toContain('No pets to show on the map.')
    expect(renderResultsMap(input({ places: [] }))).not.toContain('lg:grid-cols-3')
    expect(renderResultsMap(input())).toContain('lg:grid-cols-3')
    expect(html).toContain('2 pets are in the list but not on the map')
  })

  it('fits big counts into a marker', () => {
    expect(markerCount(7)).toBe('7')
    expect(markerCount(999)).toBe('999')
    expect(markerCount(12_345)).toBe('12k')
  })
})

describe('renderMapOutlines', () => {
  it('is an SVG document of the layers, bottom to top, leaving out empty ones', () => {
    const svg = renderMapOutlines({
      width: 975,
      height: 610,
      otherLand: 'M1,1Z',
      land: 'M2,2Z',
      lakes: '',
      rivers: 'M4,4L5,5',
      counties: 'M6,6L7,7',
      borders: 'M8,8L9,9',
      circle: 'M10,10Z',
    })
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 975 610"/)
    expect(svg.match(/<path d="([^"]*)"/g)!.map((path) => path.slice(9, -1))).toEqual([
      'M1,1Z',
      'M2,2Z',
      'M4,4L5,5',
      'M6,6L7,7',
      'M8,8L9,9',
      'M10,10Z',
    ])
    expect(svg).toContain('stroke-dasharray') // the search circle
    expect(
      renderMapOutlines({
        width: 975,
        height: 610,
        otherLand: '',
        land: '',
        lakes: '',
        rivers: '',
        counties: '',
        borders: '',
        circle: null,
      }),
    ).not.toContain('<path')
  })
})
