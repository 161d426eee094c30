// public.search_animals() and the count helpers, called as a visitor through /rest/v1/rpc
// exactly as the pages will: a small known world of shelters in New York, Philadelphia and
// Los Angeles, distances checked against the great-circle formula.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'

type Place = { latitude: number; longitude: number }
type Card = { id: string; name: string; status: string; distance_miles: number | null; [field: string]: unknown }
type Result = { total: number; animals: Card[] }

const NEW_YORK: Place = { latitude: 40.7128, longitude: -74.006 }
const PHILADELPHIA: Place = { latitude: 39.9526, longitude: -75.1652 }
const LOS_ANGELES: Place = { latitude: 34.0522, longitude: -118.2437 }

let h: Harness
let newYorkOwner: Awaited<ReturnType<Harness['signedIn']>>
const shelterIds: Record<string, string> = {}

async function makeShelter(key: string, place: Place, approve = true) {
  const shelter = await createShelter(h, `${key} Rescue`, { ...place, city: key, state: 'NY', meeting_completed: approve })
  shelterIds[key] = shelter.shelterId
  return shelter
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
const yes = 'yes'

// name, shelter, days since published, and what makes it findable.
const ANIMALS: Array<[string, string, number, Record<string, unknown>]> = [
  [
    'Alpha',
    'NYC',
    1,
    {
      type: 'dog',
      age_group: 'young',
      sex: 'male',
      size: 'small',
      primary_breed: 'Beagle',
      good_with_children: yes,
      good_with_dogs: yes,
      good_with_cats: 'no',
      description: 'Loves to fetch in the park.',
    },
  ],
  [
    'Bravo',
    'NYC',
    2,
    {
      type: 'dog',
      age_group: 'adult',
      sex: 'female',
      size: 'large',
      primary_breed: 'Labrador Retriever',
      secondary_breed: 'Poodle',
      mixed_breed: true,
      good_with_children: yes,
      good_with_cats: yes,
    },
  ],
  [
    'Charlie',
    'NYC',
    3,
    {
      type: 'cat',
      age_group: 'senior',
      sex: 'male',
      size: 'medium',
      primary_breed: 'Domestic Short Hair',
      good_with_cats: yes,
      status: 'pending',
    },
  ],
  ['Delta', 'NYC', 4, { type: 'rabbit', age_group: 'young', sex: 'female', size: 'small', primary_breed: 'Holland Lop' }],
  ['Echo', 'NYC', 0, { type: 'dog', age_group: 'adult', sex: 'male', size: 'medium', status: 'adopted' }],
  [
    'Foxtrot',
    'Philadelphia',
    5,
    {
      type: 'dog',
      age_group: 'senior',
      sex: 'female',
      size: 'xlarge',
      primary_breed: 'Great Dane',
      good_with_children: yes,
      good_with_dogs: yes,
      good_with_cats: yes,
    },
  ],
  [
    'Golf',
    'Philadelphia',
    6,
    {
      type: 'cat',
      age_group: 'young',
      sex: 'female',
      size: 'small',
      primary_breed: 'Siamese',
      description: 'Purrs on your lap all evening.',
    },
  ],
  ['Hotel', 'Philadelphia', 7, { type: 'bird', age_group: 'adult', sex: 'unknown', size: 'small', primary_breed: 'Cockatiel' }],
  ['India', 'Los Angeles', 8, { type: 'dog', age_group: 'adult', sex: 'male', size: 'medium', primary_breed: 'Pit Bull Terrier' }],
  [
    'Juliet',
    'Los Angeles',
    9,
    { type: 'horse', age_group: 'senior', sex: 'female', size: 'xlarge', primary_breed: 'Quarter Horse', status: 'archived' },
  ],
  ['Kilo', 'Unapproved', 1, { type: 'dog', age_group: 'young', sex: 'male', size: 'small', primary_breed: 'Beagle' }],
  ['Lima', 'Los Angeles', 10, { type: 'horse', age_group: 'senior', sex: 'female', size: 'xlarge', primary_breed: 'Quarter Horse' }],
]
// Everything a visitor may see, newest first.
const VISIBLE = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Lima']

async function search(parameters: Record<string, unknown> = {}, client = h.anon()): Promise<Result> {
  const { data, error } = await client.rpc('search_animals', parameters)
  if (error) throw error
  return data as Result
}
const names = (result: Result) => result.animals.map((animal) => animal.name)
const near = (place: Place, radius_miles?: number) => ({ lat: place.latitude, lon: place.longitude, radius_miles })

/** Great-circle miles on earthdistance's sphere (radius 6,378,168 m). */
function miles(from: Place, to: Place): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const a =
    Math.sin(radians(to.latitude - from.latitude) / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(radians(to.longitude - from.longitude) / 2) ** 2
  return (2 * 6_378_168 * Math.asin(Math.sqrt(a))) / 1609.344
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  newYorkOwner = await makeShelter('NYC', NEW_YORK)
  await makeShelter('Philadelphia', PHILADELPHIA)
  await makeShelter('Los Angeles', LOS_ANGELES)
  await makeShelter('Unapproved', NEW_YORK, false)
  const rows = ANIMALS.map(([name, shelter, days, fields]) => ({
    name,
    shelter_id: shelterIds[shelter],
    published_at: daysAgo(days),
    ...fields,
  }))
  const { data, error } = await h.service().from('animals').insert(rows, { defaultToNull: false }).select('id, name')
  if (error) throw error
  const alpha = data.find((animal) => animal.name === 'Alpha')!
  await h
    .service()
    .from('animal_photos')
    .insert([
      { animal_id: alpha.id, position: 1, external_url: '/images/demo/dog-floppy-tricolor-2.svg', alt: 'Alpha playing' },
      { animal_id: alpha.id, position: 0, external_url: '/images/demo/dog-floppy-tricolor.svg', alt: 'Alpha' },
    ])
})
afterAll(async () => {
  await h?.stop()
})

describe('searching by place', () => {
  it('finds New York and Philadelphia within 100 miles of New York, with their distances', async () => {
    const result = await search(near(NEW_YORK, 100))
    expect(result.total).toBe(7)
    const philadelphia = miles(NEW_YORK, PHILADELPHIA)
    expect(philadelphia).toBeGreaterThan(80)
    expect(philadelphia).toBeLessThan(81)
    for (const animal of result.animals) {
      const expected = ['Foxtrot', 'Golf', 'Hotel'].includes(animal.name) ? philadelphia : 0
      expect(animal.distance_miles, animal.name).toBeCloseTo(expected, 1)
    }
  })

  it('leaves Philadelphia out within 50 miles, and Los Angeles out even at the largest radius', async () => {
    expect(names(await search(near(NEW_YORK, 50)))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta'])
    const widest = await search(near(NEW_YORK, 100_000))
    expect(widest.total).toBe(7)
    const fromLosAngeles = await search(near(LOS_ANGELES, 25))
    expect(names(fromLosAngeles)).toEqual(['India', 'Lima'])
  })

  it('sorts by distance, nearest first, then newest', async () => {
    const result = await search({ ...near(PHILADELPHIA, 100), sort: 'distance' })
    expect(names(result)).toEqual(['Foxtrot', 'Golf', 'Hotel', 'Alpha', 'Bravo', 'Charlie', 'Delta'])
  })
})

describe('what a visitor sees', () => {
  it('lists available and pending animals of approved shelters, newest first, with what a card needs', async () => {
    const result = await search()
    expect(result.total).toBe(VISIBLE.length)
    expect(names(result)).toEqual(VISIBLE)
    expect(result.animals.find((animal) => animal.name === 'Charlie')?.status).toBe('pending')
    expect(result.animals[0]).toMatchObject({
      name: 'Alpha',
      type: 'dog',
      primary_breed: 'Beagle',
      age_group: 'young',
      sex: 'male',
      size: 'small',
      photo_url: '/images/demo/dog-floppy-tricolor.svg',
      photo_path: null,
      photo_alt: 'Alpha',
      shelter_id: shelterIds.NYC,
      shelter_name: 'NYC Rescue',
      city: 'NYC',
      state: 'NY',
      distance_miles: null,
    })
    expect(result.animals[0]?.shelter_slug).toMatch(/^nyc-rescue-[0-9a-f]{6}$/)
    expect(result.animals[1]).toMatchObject({
      name: 'Bravo',
      photo_url: null,
      photo_path: null,
      mixed_breed: true,
      secondary_breed: 'Poodle',
    })
  })

  it('gives a shelter the same results as anyone: its own unlisted animals stay in its dashboard', async () => {
    expect(await search({}, newYorkOwner.client)).toEqual(await search())
  })

  it('sorts by waiting longest', async () => {
    expect(names(await search({ sort: 'oldest' }))).toEqual([...VISIBLE].reverse())
  })

  it('pages through the results, with the total on every page', async () => {
    const pages = await Promise.all([0, 4, 8].map((page_offset) => search({ page_size: 4, page_offset })))
    expect(pages.map(names)).toEqual([VISIBLE.slice(0, 4), VISIBLE.slice(4, 8), VISIBLE.slice(8)])
    expect(pages.map((page) => page.total)).toEqual([9, 9, 9])
    const filtered = await search({ type: 'dog', page_size: 2, page_offset: 2 })
    expect(filtered).toMatchObject({ total: 4 })
    expect(names(filtered)).toEqual(['Foxtrot', 'India'])
  })
})

describe('filters', () => {
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['type', { type: 'dog' }, ['Alpha', 'Bravo', 'Foxtrot', 'India']],
    ['age', { age: 'senior' }, ['Charlie', 'Foxtrot', 'Lima']],
    ['size', { size: 'small' }, ['Alpha', 'Delta', 'Golf', 'Hotel']],
    ['sex', { sex: 'female' }, ['Bravo', 'Delta', 'Foxtrot', 'Golf', 'Lima']],
    ['good with children', { good_with: ['children'] }, ['Alpha', 'Bravo', 'Foxtrot']],
    ['good with children and cats', { good_with: ['children', 'cats'] }, ['Bravo', 'Foxtrot']],
    ['primary breed', { breed: 'lab' }, ['Bravo']],
    ['secondary breed', { breed: ' POODLE ' }, ['Bravo']],
    ['keywords in the description', { q: 'fetching' }, ['Alpha']],
    ['keywords, websearch style', { q: 'lap OR "great dane"' }, ['Foxtrot', 'Golf']],
    ['a name', { q: 'golf' }, ['Golf']],
    ['type and place', { type: 'dog', ...near(NEW_YORK, 100) }, ['Alpha', 'Bravo', 'Foxtrot']],
    [
      'everything at once',
      { type: 'dog', age: 'young', size: 'small', sex: 'male', good_with: ['dogs'], breed: 'beagle', q: 'park', ...near(NEW_YORK, 10) },
      ['Alpha'],
    ],
  ]
  it.each(cases)('narrows by %s', async (_, parameters, expected) => {
    const result = await search(parameters)
    expect(names(result)).toEqual(expected)
    expect(result.total).toBe(expected.length)
  })
})

describe("the home page's 'Waiting the Longest' row", () => {
  it('shows the available animals waiting longest first, then pending ones to fill the row', async () => {
    const row = async (row_size: number) => {
      const { data, error } = await h.anon().rpc('waiting_longest', { row_size })
      if (error) throw error
      return (data as Card[]).map((animal) => animal.name)
    }
    // Charlie (pending) was published before Bravo and Alpha, and still comes after them.
    expect(await row(9)).toEqual(['Lima', 'India', 'Hotel', 'Golf', 'Foxtrot', 'Delta', 'Bravo', 'Alpha', 'Charlie'])
    expect(await row(2)).toEqual(['Lima', 'India'])
    expect(await row(100)).toHaveLength(VISIBLE.length)
  })
})

describe('parameters from a hand-edited URL', () => {
  const everything = { total: VISIBLE.length }
  const cases: Array<[string, Record<string, unknown>, Partial<Result> & { count?: number }]> = [
    ['an unknown type, age, size or sex', { type: 'dinosaur', age: 'ancient', size: 'huge', sex: 'both' }, everything],
    ['an impossible place', { lat: 200, lon: -74 }, everything],
    ['half a place', { lat: 40.7 }, everything],
    ['good with unicorns', { good_with: ['unicorns'] }, everything],
    ['only stop words', { q: 'the and of' }, everything],
    ['keyword syntax that goes nowhere', { q: '"unclosed -' }, { total: 0 }],
    ['an unknown sort, or distance without a place', { sort: 'random' }, everything],
    ['a % in the breed', { breed: '%' }, { total: 0 }],
    ['a negative radius (one mile)', near(NEW_YORK, -5), { total: 4 }],
    ['a page size of zero (one row)', { page_size: 0 }, { ...everything, count: 1 }],
    ['a page size of 1000 (48 at most)', { page_size: 1000 }, { ...everything, count: VISIBLE.length }],
    ['a negative offset (the first page)', { page_offset: -10 }, { ...everything, count: VISIBLE.length }],
    ['an offset past the end (an empty page)', { page_offset: 1_000_000 }, { ...everything, count: 0 }],
  ]
  it.each(cases)('are ignored or clamped: %s', async (_, parameters, expected) => {
    const result = await search(parameters)
    expect(result.total).toBe(expected.total)
    if (expected.count !== undefined) expect(result.animals).toHaveLength(expected.count)
  })

  it('falls back to newest first for a distance sort without a place', async () => {
    expect(names(await search({ sort: 'distance' }))).toEqual(VISIBLE)
  })
})

describe('counts for the other pages', () => {
  it('counts listed animals per type, every type present', async () => {
    const { data } = await h.anon().rpc('animal_type_counts')
    expect(data).toEqual([
      { type: 'dog', available: 4, pending: 0 },
      { type: 'cat', available: 1, pending: 1 },
      { type: 'rabbit', available: 1, pending: 0 },
      { type: 'bird', available: 1, pending: 0 },
      { type: 'small-animal', available: 0, pending: 0 },
      { type: 'reptile', available: 0, pending: 0 },
      { type: 'horse', available: 1, pending: 0 },
      { type: 'barnyard', available: 0, pending: 0 },
      { type: 'other', available: 0, pending: 0 },
    ])
  })

  it('counts listed animals per shelter, leaving out those with none to show', async () => {
    const { data } = await h.anon().rpc('shelter_animal_counts', { shelter_ids: Object.values(shelterIds) })
    const byShelter = Object.fromEntries(
      (data as Array<{ shelter_id: string; available: number; pending: number }>).map((row) => [row.shelter_id, row]),
    )
    expect(byShelter[shelterIds.NYC!]).toMatchObject({ available: 3, pending: 1 })
    expect(byShelter[shelterIds.Philadelphia!]).toMatchObject({ available: 3, pending: 0 })
    expect(byShelter[shelterIds['Los Angeles']!]).toMatchObject({ available: 2, pending: 0 })
    expect(byShelter[shelterIds.Unapproved!]).toBeUndefined()
  })

  it('drops a deleted shelter’s animals from the counts and from search', async () => {
    const gone = await makeShelter('Closing', LOS_ANGELES)
    await h.service().from('animals').insert({ shelter_id: shelterIds.Closing, name: 'Mike', type: 'barnyard', age_group: 'adult' })
    expect((await search({ type: 'barnyard' })).total).toBe(1)
    await h.service().auth.admin.deleteUser(gone.userId)
    expect((await search({ type: 'barnyard' })).total).toBe(0)
    const { data } = await h.anon().rpc('animal_type_counts')
    expect(data).toContainEqual({ type: 'barnyard', available: 0, pending: 0 })
  })
})

describe('the grid behind place search', () => {
  it('puts every point within the radius in one of the cells searched, anywhere on earth', async () => {
    // Random points at a random bearing and distance inside the circle (spherical destination
    // formula), around cities, the date line, the equator and a pole.
    await h.lb.db.query(`select setseed(0.42)`)
    const { rows } = await h.lb.db.query<{ samples: number; missed: number }>(`
      with origins (lat, lon) as (values (40.7128, -74.006), (61.2181, -149.9003), (21.3069, -157.8583),
                                         (0.5, 179.9), (-33.87, 151.21), (51.5, -0.1), (89.2, 10)),
      samples as (
        select o.lat, o.lon, r.radius, random() * r.radius / 6378168 as delta, random() * 2 * pi() as theta
          from origins o, (values (1609.344), (40233.6), (160934.4), (804672.0)) as r (radius), generate_series(1, 250)
      ),
      points as (
        select s.*, asin(sin(radians(lat)) * cos(delta) + cos(radians(lat)) * sin(delta) * cos(theta)) as phi
          from samples s
      ),
      placed as (
        select p.*, degrees(phi) as point_lat,
               ((degrees(radians(lon) + atan2(sin(theta) * sin(delta) * cos(radians(lat)), cos(delta) - sin(radians(lat)) * sin(phi)))
                 + 540)::numeric % 360 - 180)::double precision as point_lon
          from points p
      )
      select count(*)::int as samples,
             count(*) filter (where not public.grid_cell(point_lat, point_lon) = any (public.grid_cells_around(lat, lon, radius)))::int as missed
        from placed`)
    expect(rows[0]).toEqual({ samples: 7000, missed: 0 })
  })

  it('keeps the cells few for a city search', async () => {
    const { rows } = await h.lb.db.query<{ cells: number }>(
      `select cardinality(public.grid_cells_around(40.7128, -74.006, 100 * 1609.344))::int as cells`,
    )
    expect(rows[0]?.cells).toBeLessThanOrEqual(20)
  })
})
