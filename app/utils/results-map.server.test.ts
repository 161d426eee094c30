import { describe, expect, it } from 'vitest'
import { markerCount, renderResultsMap } from '#app/utils/results-map.server.ts'

const map = { width: 975, height: 610, area: '25 miles around Austin, TX', land: 'M0,0L1,1Z', borders: '', circle: 'M5,5Z' }

describe('renderResultsMap', () => {
  it('draws a titled, described map whose markers are named links', () => {
    const html = renderResultsMap({
      map,
      centre: [487.5, 305],
      total: 4,
      unplaced: 0,
      markers: [
        { x: 10, y: 20, radius: 15, count: 3, label: '3 animals near Austin, TX', href: '/search?location=78701&distance=10' },
        { x: 30, y: 40, radius: 11, count: 1, label: 'Buddy, Labrador Retriever', href: '/animals/abc' },
      ],
    })
    expect(html).toContain('<title id="results-map-title">Map of 4 pets found in 25 miles around Austin, TX</title>')
    expect(html).toContain('aria-labelledby="results-map-title" aria-describedby="results-map-description"')
    expect(html).toContain('2 markers, each a link')
    expect(html).toContain('<a href="/animals/abc" aria-label="Buddy, Labrador Retriever"')
    expect(html).toContain('<a href="/search?location=78701&amp;distance=10" aria-label="3 animals near Austin, TX"')
    expect(html).toContain('>3</text>')
    expect(html).toContain('stroke-dasharray') // the search circle
    expect(html.match(/<li>/g)).toHaveLength(2)
  })

  it('escapes what shelters typed, and lists what the map cannot show', () => {
    const html = renderResultsMap({
      map: { ...map, circle: null },
      centre: null,
      total: 3,
      unplaced: 2,
      markers: [{ x: null, y: null, radius: 11, count: 1, label: '<img src=x onerror=alert(1)>, Beagle', href: '/animals/"x"' }],
    })
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;, Beagle</a> <span class="text-sm text-gray-600">(not on the map)</span>')
    expect(html).toContain('href="/animals/&quot;x&quot;"')
    expect(html).toContain('No pets to show on the map.')
    expect(html).toContain('2 pets are in the list but not on the map')
    expect(html).not.toContain('stroke-dasharray')
  })

  it('fits big counts into a marker', () => {
    expect(markerCount(7)).toBe('7')
    expect(markerCount(999)).toBe('999')
    expect(markerCount(12_345)).toBe('12k')
  })
})
