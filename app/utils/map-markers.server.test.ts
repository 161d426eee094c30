import { describe, expect, it } from 'vitest'
import { mapMarkers, markerLabel, markerListHref, markerRadius, mergeOverlapping, type MapGroup } from '#app/utils/map-markers.server.ts'
import { parseSearchParams } from '#app/utils/search-params.ts'

let counter = 0
function group(count: number, latitude: number, longitude: number, overrides: Partial<MapGroup> = {}): MapGroup {
  counter += 1
  return {
    count,
    latitude,
    longitude,
    animal: {
      id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      name: `Pet ${counter}`,
      companions: [],
      type: 'dog',
      primary_breed: 'Beagle',
      secondary_breed: null,
      mixed_breed: false,
    },
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    ...overrides,
  }
}

// A flat projection: one frame unit per hundredth of a degree, so distances are easy to read.
const flat = ({ latitude, longitude }: { latitude: number; longitude: number }): [number, number] => [longitude * 100, -latitude * 100]

describe('mergeOverlapping', () => {
  it('keeps markers apart that do not touch, and merges those that would overlap', () => {
    const far = [group(1, 30, -97), group(1, 30, -96)] // 100 units apart
    expect(mergeOverlapping(far, flat).placed).toHaveLength(2)
    const near = [group(1, 30, -97), group(1, 30, -96.9)] // 10 units apart, radii 11 + 11
    const { placed } = mergeOverlapping(near, flat)
    expect(placed).toHaveLength(1)
    expect(placed[0]!.count).toBe(2)
    expect(placed[0]!.x).toBeCloseTo(-9695)
  })

  it('places a merged marker at its groups\u2019 centre weighted by their counts, largest group first', () => {
    const big = group(9, 30, -97)
    const small = group(1, 30, -96.9)
    const { placed } = mergeOverlapping([small, big], flat)
    expect(placed).toHaveLength(1)
    expect(placed[0]!.x).toBeCloseTo(-9699)
    expect(placed[0]!.groups[0]).toBe(big)
  })

  it('merges again when a grown marker reaches a third one', () => {
    // A and B (10 each, 34 units apart) merge into 20 at their midpoint (radius ≈ 18.2); C is
    // 34.5 units from each of them (too far to touch either) but 30 from the midpoint.
    const a = group(10, 30.17, -97)
    const b = group(10, 29.83, -97)
    const c = group(1, 30, -96.7)
    expect(Math.hypot(30, 17)).toBeGreaterThan(markerRadius(1) + markerRadius(10) + 2)
    expect(30).toBeLessThan(markerRadius(1) + markerRadius(20) + 2)
    const { placed } = mergeOverlapping([a, b, c], flat)
    expect(placed.map((cluster) => cluster.count)).toEqual([21])
  })

  it('leaves out of the drawing what the projection cannot place', () => {
    const puertoRico = group(2, 18.4, -66.1)
    const { placed, unplaced } = mergeOverlapping([group(1, 30, -97), puertoRico], (point) => (point.latitude < 20 ? null : flat(point)))
    expect(placed).toHaveLength(1)
    expect(unplaced).toEqual([puertoRico])
  })
})

describe('marker names and links', () => {
  it('names one animal (or bonded group) by its names and breed, and a group of markers by its count and place', () => {
    const buddy = group(1, 30, -97, {
      animal: {
        id: 'a',
        name: 'Buddy',
        companions: [],
        type: 'dog',
        primary_breed: 'Labrador Retriever',
        secondary_breed: null,
        mixed_breed: false,
      },
    })
    expect(markerLabel([buddy])).toBe('Buddy, Labrador Retriever')
    // A bonded group is one result, named as its card names it.
    expect(markerLabel([{ ...buddy, animal: { ...buddy.animal, companions: ['Max', 'Daisy'] } }])).toBe(
      'Buddy, Max & Daisy, Labrador Retriever',
    )
    expect(markerLabel([group(2, 30, -97), group(1, 30.1, -97, { city: 'Round Rock' })])).toBe('3 animals near Austin, TX')
    expect(markerLabel([group(1200, 30, -97, { city: null, state: null })])).toBe('1,200 animals near 78701')
  })

  it('links one animal to its page, and a group to the same search narrowed to its place', () => {
    const filters = parseSearchParams(new URLSearchParams('type=dog&age=young&view=map'))
    const one = group(1, 30.27, -97.74)
    const [marker] = mapMarkers([one], { project: flat }, filters, null, 10)
    expect(marker!.href).toBe(`/animals/${one.animal.id}`)
    // Two groups about 21 miles apart, within 10 miles each: 25 is too small, 50 holds them.
    const href = markerListHref([group(5, 30.27, -97.74), group(2, 30.5, -97.8)], filters, null, 10)
    expect(href).toBe('/search?location=78701&distance=50&type=dog&age=young')
  })

  it('keeps a sort chosen by hand, and links to the whole search when narrowing would not narrow it', () => {
    const oldest = parseSearchParams(new URLSearchParams('sort=oldest&view=map'))
    expect(markerListHref([group(3, 30.27, -97.74)], oldest, null, 1)).toBe('/search?location=78701&distance=10&sort=oldest')
    const near = parseSearchParams(new URLSearchParams('location=Austin, TX&distance=25&view=map'))
    const place = { latitude: 30.27, longitude: -97.74 }
    expect(markerListHref([group(3, 30.27, -97.74), group(2, 30.5, -97.8)], near, place, 10)).toBe(
      '/search?location=Austin%2C+TX&distance=25',
    )
  })

  it('tells two markers of one city apart by ZIP code', () => {
    const markers = mapMarkers(
      [
        group(5, 40.75, -73.99, { city: 'New York', state: 'NY', zip_code: '10001' }),
        group(3, 41.5, -73.2, { city: 'New York', state: 'NY', zip_code: '10025' }),
        group(2, 40.0, -75.0, { city: 'Newark', state: 'NJ', zip_code: '07102' }),
      ],
      { project: flat },
      parseSearchParams(new URLSearchParams()),
      null,
      1,
    )
    expect(markers.map((marker) => marker.label)).toEqual([
      '5 animals near New York, NY 10001',
      '3 animals near New York, NY 10025',
      '2 animals near Newark, NJ',
    ])
  })

  it('lists the markers largest first, those off the map last among equals', () => {
    const markers = mapMarkers(
      [group(1, 30, -97), group(4, 35, -90), group(4, 18.4, -66.1)],
      { project: (p) => (p.latitude < 20 ? null : flat(p)) },
      parseSearchParams(new URLSearchParams()),
      null,
      69,
    )
    expect(markers.map((marker) => [marker.count, marker.x === null])).toEqual([
      [4, false],
      [4, true],
      [1, false],
    ])
  })
})
