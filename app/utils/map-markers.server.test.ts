import { describe, expect, it } from 'vitest'
import {
  mapMarkers,
  mapPlaces,
  markerLabel,
  markerListHref,
  mergeOverlapping,
  PHONE_LAYOUT,
  WIDE_LAYOUT,
  type MapGroup,
  type MarkerLayout,
} from '#app/utils/map-markers.server.ts'
import { parseSearchParams } from '#app/utils/search-params.ts'
import { MAP_WIDTH, nationalMap } from '#app/utils/us-map.server.ts'

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
// A layout as wide as the frame (one CSS pixel per frame unit), with the markers of old: 11 px
// for one animal, 15 for more.
const plain: MarkerLayout = { width: MAP_WIDTH, radius: (count) => (count <= 1 ? 11 : 15), countSize: 13 }
const markerRadius = plain.radius

describe('mergeOverlapping', () => {
  it('keeps markers apart that do not touch, and merges those that would overlap', () => {
    const far = [group(1, 30, -97), group(1, 30, -96)] // 100 units apart
    expect(mergeOverlapping(far, flat, plain).placed).toHaveLength(2)
    const near = [group(1, 30, -97), group(1, 30, -96.9)] // 10 units apart, radii 11 + 11
    const { placed } = mergeOverlapping(near, flat, plain)
    expect(placed).toHaveLength(1)
    expect(placed[0]!.count).toBe(2)
    expect(placed[0]!.x).toBeCloseTo(-9695)
  })

  it('places a merged marker at its groups\u2019 centre weighted by their counts, largest group first', () => {
    const big = group(9, 30, -97)
    const small = group(1, 30, -96.9)
    const { placed } = mergeOverlapping([small, big], flat, plain)
    expect(placed).toHaveLength(1)
    expect(placed[0]!.x).toBeCloseTo(-9699)
    expect(placed[0]!.groups[0]).toBe(big)
  })

  it('merges again when a merged marker, now between two, reaches a third one', () => {
    // A and B (1 each, 22 units apart: radii 11 + 11 + 2) merge at their midpoint, a marker of
    // 2 (radius 15); C is 28.2 units from each of them (too far to touch either) but 26 from the
    // midpoint (15 + 11 + 2 = 28).
    const a = group(1, 30.11, -97)
    const b = group(1, 29.89, -97)
    const c = group(1, 30, -96.74)
    expect(Math.hypot(26, 11)).toBeGreaterThan(markerRadius(1) + markerRadius(1) + 2)
    expect(26).toBeLessThan(markerRadius(2) + markerRadius(1) + 2)
    const { placed } = mergeOverlapping([a, b, c], flat, plain)
    expect(placed.map((cluster) => cluster.count)).toEqual([3])
  })

  it('merges at the width a layout is drawn: more on a phone than on a wide screen', () => {
    // 100 frame units apart: 37 px on a 360 px phone (markers 44 px wide), 61 px at 590 (32 px).
    const groups = [group(3, 30, -97), group(2, 30, -96)]
    expect(mergeOverlapping(groups, flat, PHONE_LAYOUT).placed).toHaveLength(1)
    expect(mergeOverlapping(groups, flat, WIDE_LAYOUT).placed).toHaveLength(2)
  })

  it('leaves out of the drawing what the projection cannot place', () => {
    const puertoRico = group(2, 18.4, -66.1)
    const { placed, unplaced } = mergeOverlapping(
      [group(1, 30, -97), puertoRico],
      (point) => (point.latitude < 20 ? null : flat(point)),
      plain,
    )
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
    expect(markerLabel([buddy])).toBe('Buddy, Labrador Retriever in Austin, TX')
    // A bonded group is one result, named as its card names it.
    expect(markerLabel([{ ...buddy, animal: { ...buddy.animal, companions: ['Max', 'Daisy'] } }])).toBe(
      'Buddy, Max & Daisy, Labrador Retriever in Austin, TX',
    )
    expect(markerLabel([group(2, 30, -97), group(1, 30.1, -97)])).toBe('3 animals near Austin, TX')
    expect(markerLabel([group(1200, 30, -97, { city: null, state: null })])).toBe('1,200 animals near 78701')
  })

  it('names every place a marker stands for, the place with the most animals first', () => {
    expect(markerLabel([group(1, 30.1, -97, { city: 'Round Rock' }), group(2, 30, -97)])).toBe(
      '3 animals near Austin, TX and Round Rock, TX',
    )
    expect(
      markerLabel([
        group(1, 40, -75, { city: 'Philadelphia', state: 'PA' }),
        group(3, 41, -74, { city: 'New York', state: 'NY' }),
        group(1, 40.7, -74.2, { city: 'Newark', state: 'NJ' }),
        group(2, 41.1, -74, { city: 'New York', state: 'NY' }),
      ]),
    ).toBe('7 animals near New York, NY, Philadelphia, PA and Newark, NJ')
  })

  it('links one animal to its page, and a group to the same search narrowed to its place', () => {
    const filters = parseSearchParams(new URLSearchParams('type=dog&age=young&view=map'))
    const one = group(1, 30.27, -97.74)
    const [marker] = mapMarkers([one], { project: flat }, filters, null, 10, plain)
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
      plain,
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
      plain,
    )
    expect(markers.map((marker) => [marker.count, marker.x === null])).toEqual([
      [4, false],
      [4, true],
      [1, false],
    ])
  })

  it('sizes every marker on a phone as a 44 px touch target, its count at least 12 px', () => {
    for (const count of [1, 2, 99, 100, 999, 1000, 120_000]) expect(PHONE_LAYOUT.radius(count) * 2).toBeGreaterThanOrEqual(44)
    expect(PHONE_LAYOUT.countSize).toBeGreaterThanOrEqual(12)
    expect(WIDE_LAYOUT.countSize).toBeGreaterThanOrEqual(12)
  })
})

// Demo-like data: the demo's shelters sit in 28 cities, New York's and Philadelphia's 80 miles apart.
const DEMO_CITIES = [
  { city: 'New York', state: 'NY', zip_code: '10001', latitude: 40.7484, longitude: -73.9967, count: 23 },
  { city: 'Philadelphia', state: 'PA', zip_code: '19103', latitude: 39.9513, longitude: -75.1741, count: 25 },
  { city: 'Newark', state: 'NJ', zip_code: '07102', latitude: 40.732, longitude: -74.1765, count: 6 },
  { city: 'Boston', state: 'MA', zip_code: '02108', latitude: 42.3576, longitude: -71.0684, count: 30 },
  { city: 'Washington', state: 'DC', zip_code: '20001', latitude: 38.9122, longitude: -77.0177, count: 28 },
  { city: 'Baltimore', state: 'MD', zip_code: '21201', latitude: 39.2946, longitude: -76.6252, count: 7 },
  { city: 'Austin', state: 'TX', zip_code: '78701', latitude: 30.2713, longitude: -97.7426, count: 17 },
  { city: 'Dallas', state: 'TX', zip_code: '75201', latitude: 32.7904, longitude: -96.8044, count: 30 },
  { city: 'Seattle', state: 'WA', zip_code: '98101', latitude: 47.6114, longitude: -122.3305, count: 1 },
  { city: 'San Juan', state: 'PR', zip_code: '00901', latitude: 18.4655, longitude: -66.1057, count: 2 },
]

describe('the places beside a nationwide map', () => {
  const groups = DEMO_CITIES.map(({ count, latitude, longitude, ...place }) => group(count, latitude, longitude, place))
  const filters = parseSearchParams(new URLSearchParams('view=map'))
  const map = nationalMap([])

  it('lists every place once, New York and Philadelphia both, however the markers merge', () => {
    const places = mapPlaces(groups, map, filters, null, 100)
    expect(places.map((place) => place.label)).toEqual([
      '30 animals near Boston, MA',
      '30 animals near Dallas, TX',
      '28 animals near Washington, DC',
      '25 animals near Philadelphia, PA',
      '23 animals near New York, NY',
      '17 animals near Austin, TX',
      '7 animals near Baltimore, MD',
      '6 animals near Newark, NJ',
      '2 animals near San Juan, PR',
      `${groups[8]!.animal.name}, Beagle in Seattle, WA`,
    ])
    expect(places.find((place) => place.label.includes('San Juan'))!.onMap).toBe(false)
    // Its own link: the list around New York (within the default 100 miles, the grid's spread).
    expect(places.find((place) => place.label.includes('New York'))!.href).toBe('/search?location=10001')
  })

  for (const [name, layout] of [
    ['phone', PHONE_LAYOUT],
    ['wide', WIDE_LAYOUT],
  ] as const) {
    it(`names every listed place in exactly one ${name} marker, and nothing else`, () => {
      const markers = mapMarkers(groups, map, filters, null, 100, layout)
      const places = mapPlaces(groups, map, filters, null, 100)
      const placeNames = places.map((place) => place.label.replace(/^.* (near|in) /, ''))
      for (const placeName of placeNames) expect(markers.filter((marker) => marker.label.includes(placeName))).toHaveLength(1)
      const named = markers.flatMap((marker) => marker.label.replace(/^.*? (near|in) /, '').match(/[A-Z][A-Za-z. ]+, [A-Z]{2}/g)!)
      expect(named.sort()).toEqual([...placeNames].sort())
      // New York and Philadelphia are 80 miles apart: one marker on either width, naming both.
      expect(markers.find((marker) => marker.label.includes('New York, NY'))!.label).toContain('Philadelphia, PA')
    })
  }
})
