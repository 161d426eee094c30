// The list (search_animals), the map (search_animal_map) and the alerts (saved_search_new_matches)
// share one filter type, one normaliser and one predicate: here they must find the same animals
// for every value of every vocabulary the site offers (read from app/utils/vocabulary.ts, so a
// value added there is covered here), for unknown values (no filter), for every flag, for places
// and radii, words, and mixes of them. Where the filter can be worked out without the database
// (all but breed words and keywords) the animals are also those a plain reading of the rows
// finds. Runs on PGlite and, in the "postgres" project, on PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOND_SOME_ANIMALS } from '#tests/db/bonded-fixtures.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import {
  AGE_GROUPS,
  ANIMAL_STATUSES,
  ANIMAL_TYPES,
  COATS,
  COLORS_BY_TYPE,
  GOOD_WITH,
  GOOD_WITH_ANSWERS,
  SEXES,
  SIZES,
} from '#app/utils/vocabulary.ts'

type Filters = Record<string, unknown>
type Row = {
  id: string
  searchable: boolean
  type: string
  age_group: string
  size: string
  sex: string
  good_with_children: string
  good_with_dogs: string
  good_with_cats: string
  house_trained: boolean | null
  special_needs: boolean | null
  coat: string | null
  colors: Array<string | null>
  published_ms: number
  latitude: number | null
  longitude: number | null
}
type MapResult = { total: number; unplaced: number; groups: Array<{ count: number; latitude: number; longitude: number }> }

let h: Harness
let rows: Row[] = []
let searcherId = ''

// New York, Philadelphia (81 mi), Boston (190 mi), Chicago (711 mi), and a shelter without a location.
const PLACES: Array<[number | null, number | null]> = [
  [40.7128, -74.006],
  [39.9526, -75.1652],
  [42.3601, -71.0589],
  [41.8781, -87.6298],
  [null, null],
]
const NEW_YORK = { lat: 40.7128, lon: -74.006 }
const COLORS = [...new Set(Object.values(COLORS_BY_TYPE).flat())]
const BREEDS = ['Pit Bull Terrier', 'Labrador Retriever', 'Mixed Breed', 'Domestic Short Hair', 'Beagle', 'Holland Lop']
const WORDS = ['loves long walks', 'a gentle lap cat', 'shy at first, then a clown', 'needs a quiet home', 'plays fetch all day']
const ANIMALS = 320

/** A value of a list drawn from a hash of the animal's number and the attribute's salt, so attributes vary apart. */
function pick<T>(list: readonly T[], n: number, salt: number): T {
  let x = Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d)
  return list[((x ^ (x >>> 12)) >>> 0) % list.length]!
}

function worldAnimals() {
  return Array.from({ length: ANIMALS }, (_, n) => ({
    place: n % PLACES.length,
    name: `Agree ${n}`,
    type: pick(ANIMAL_TYPES, n, 7),
    age_group: pick(AGE_GROUPS, n, 5),
    size: pick(SIZES, n, 3),
    sex: pick(SEXES, n, 11),
    good_with_children: pick(GOOD_WITH_ANSWERS, n, 13),
    good_with_dogs: pick(GOOD_WITH_ANSWERS, n, 17),
    good_with_cats: pick(GOOD_WITH_ANSWERS, n, 19),
    house_trained: pick([true, false, null], n, 23),
    special_needs: pick([false, true, false, null], n, 29),
    coat: pick([...COATS, null], n, 31),
    // Colours as shelters type them: any case, stray spaces.
    primary_color: pick([...COLORS, null], n, 37),
    secondary_color: n % 3 === 0 ? pick([' black ', 'WHITE / CREAM', 'Golden'], n, 41) : null,
    tertiary_color: n % 10 === 0 ? 'Black' : null,
    primary_breed: pick(BREEDS, n, 43),
    secondary_breed: n % 5 === 0 ? 'Terrier, Pit Bull' : null,
    mixed_breed: n % 4 === 0,
    description: pick(WORDS, n, 47),
    status: pick(ANIMAL_STATUSES, n, 53),
    // Over three weeks: about a third this week.
    hours_ago: (n * 97) % (21 * 24),
  }))
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  await h.lb.db.query('set search_path = public, extensions')
  await h.lb.db.exec(`
    insert into auth.users (id, email, raw_user_meta_data)
    select md5('agree-user-' || n)::uuid, 'agree-' || n || '@example.org', '{"user_type": "shelter"}'
      from generate_series(1, ${PLACES.length}) n;
    insert into auth.users (id, email, email_confirmed_at) values (md5('agree-searcher')::uuid, 'agree-searcher@example.org', now());
    update public.shelter_profiles p
       set latitude = place.lat, longitude = place.lon, meeting_completed = true
      from (values ${PLACES.map(([lat, lon], index) => `(${index + 1}, ${lat ?? 'null'}::float8, ${lon ?? 'null'}::float8)`).join(', ')})
           as place (n, lat, lon)
     where p.user_id = md5('agree-user-' || place.n)::uuid;
  `)
  await h.lb.db.query(
    `insert into public.animals (shelter_id, name, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats,
                                 house_trained, special_needs, coat, primary_color, secondary_color, tertiary_color,
                                 primary_breed, secondary_breed, mixed_breed, description, status, published_at)
     select p.id, x.name, x.type, x.age_group, x.size, x.sex, x.good_with_children, x.good_with_dogs, x.good_with_cats,
            x.house_trained, x.special_needs, x.coat, x.primary_color, x.secondary_color, x.tertiary_color,
            x.primary_breed, x.secondary_breed, x.mixed_breed, x.description, x.status, now() - make_interval(hours => x.hours_ago)
       from jsonb_to_recordset($1::jsonb) as x (place int, name text, type text, age_group text, size text, sex text,
              good_with_children text, good_with_dogs text, good_with_cats text, house_trained boolean, special_needs boolean,
              coat text, primary_color text, secondary_color text, tertiary_color text, primary_breed text,
              secondary_breed text, mixed_breed boolean, description text, status text, hours_ago int)
       join public.shelter_profiles p on p.user_id = md5('agree-user-' || (x.place + 1))::uuid`,
    [JSON.stringify(worldAnimals())],
  )
  await h.lb.db.exec(`${BOND_SOME_ANIMALS}; analyze public.animals;`)
  searcherId = (await h.lb.db.query<{ id: string }>(`select md5('agree-searcher')::uuid as id`)).rows[0]!.id
  rows = (
    await h.lb.db.query<Row>(
      `select id, searchable, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, house_trained,
              special_needs, coat, array[primary_color, secondary_color, tertiary_color] as colors, (extract(epoch from published_at) * 1000)::float8 as published_ms,
              latitude, longitude
         from public.animals`,
    )
  ).rows
}, 600_000)
afterAll(async () => {
  await h?.stop()
})

/** Great-circle miles on earthdistance's sphere. */
function miles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2
  return (2 * 6378168 * Math.asin(Math.sqrt(a))) / 1609.344
}

/** The animals a plain reading of the rows finds: every filter as the site describes it. */
function plainMatches(filters: Filters): string[] {
  const known = <T extends string>(list: readonly T[], value: unknown) => (list.includes(value as T) ? (value as T) : null)
  const type = known(ANIMAL_TYPES, filters.type)
  const age = known(AGE_GROUPS, filters.age)
  const size = known(SIZES, filters.size)
  const sex = known(SEXES, filters.sex)
  const coat = known(COATS, typeof filters.coat === 'string' ? filters.coat.trim().toLowerCase() : null)
  const color = typeof filters.color === 'string' ? filters.color.trim().toLowerCase() || null : null
  const goodWith = Array.isArray(filters.good_with) ? filters.good_with : []
  const lat = typeof filters.lat === 'number' && Math.abs(filters.lat) <= 90 ? filters.lat : null
  const lon = typeof filters.lon === 'number' && Math.abs(filters.lon) <= 180 ? filters.lon : null
  const radius = Math.min(Math.max(typeof filters.radius_miles === 'number' ? filters.radius_miles : 100, 1), 500)
  const weekAgo = Date.now() - 7 * 24 * 3600 * 1000
  return rows
    .filter(
      (row) =>
        row.searchable &&
        (type === null || row.type === type) &&
        (age === null || row.age_group === age) &&
        (size === null || row.size === size) &&
        (sex === null || row.sex === sex) &&
        GOOD_WITH.every((kind) => !goodWith.includes(kind) || row[`good_with_${kind}`] === 'yes') &&
        (!filters.house_trained || row.house_trained === true) &&
        (!filters.special_needs || row.special_needs === true) &&
        (coat === null || row.coat === coat) &&
        (color === null || row.colors.some((value) => value?.trim().toLowerCase() === color)) &&
        (!filters.new_this_week || row.published_ms >= weekAgo) &&
        (lat === null ||
          lon === null ||
          (row.latitude !== null && row.longitude !== null && miles(lat, lon, row.latitude, row.longitude) <= radius)),
    )
    .map((row) => row.id)
    .sort()
}

async function listMatches(filters: Filters, sort: string): Promise<string[]> {
  const ids: string[] = []
  for (let offset = 0; ; offset += 48) {
    const { data, error } = await h.service().rpc('search_animals', { ...filters, sort, page_size: 48, page_offset: offset })
    if (error) throw error
    const page = data as { total: number; animals: Array<{ id: string }> }
    ids.push(...page.animals.map((card) => card.id))
    if (offset + 48 >= page.total) {
      expect(ids.length, `${sort}: the pages hold the total`).toBe(Number(page.total))
      return ids.sort()
    }
  }
}

async function mapOf(filters: Filters, cellDegrees: number): Promise<MapResult> {
  const { data, error } = await h.service().rpc('search_animal_map', { ...filters, cell_degrees: cellDegrees })
  if (error) throw error
  return data as MapResult
}

/** The matches a saved search with these filters finds: it was saved before every animal here. */
async function alertMatches(filters: Filters): Promise<string[]> {
  const { rows: saved } = await h.lb.db.query<{ id: string }>(
    `insert into public.saved_searches (user_id, name, query, filters) values ($1, 'Agreement', '', $2) returning id`,
    [searcherId, JSON.stringify(filters)],
  )
  const id = saved[0]!.id
  await h.lb.db.query(
    `update public.saved_searches set created_at = now() - interval '60 days', checked_until = now() - interval '60 days' where id = $1`,
    [id],
  )
  const { rows: found } = await h.lb.db.query<{ animal_id: string }>(
    `select animal_id from public.saved_search_new_matches(array[$1::uuid], now())`,
    [id],
  )
  await h.lb.db.query(`delete from public.saved_searches where id = $1`, [id])
  return found.map((row) => row.animal_id).sort()
}

/** How many of the matches sit at each place: the map's groups, worked out from the rows. */
function placesOf(ids: string[]): { counts: number[]; unplaced: number } {
  const byPlace = new Map<string, number>()
  let unplaced = 0
  for (const row of rows.filter((candidate) => ids.includes(candidate.id))) {
    if (row.latitude === null) unplaced += 1
    else byPlace.set(`${row.latitude},${row.longitude}`, (byPlace.get(`${row.latitude},${row.longitude}`) ?? 0) + 1)
  }
  return { counts: [...byPlace.values()].sort((a, b) => a - b), unplaced }
}

const one = <T>(name: string, values: readonly T[]) => values.map((value) => ({ [name]: value }))
const AROUND_NEW_YORK = [1, 50, 100, 250, 500, 5000].map((radius_miles) => ({ ...NEW_YORK, radius_miles }))

/** Every vocabulary value, unknown values, every flag, places and mixes: worked out without the database. */
const PLAIN_CASES: Filters[] = [
  {},
  ...one('type', [...ANIMAL_TYPES, 'zebra', '']),
  ...one('age', [...AGE_GROUPS, 'ancient']),
  ...one('size', [...SIZES, 'huge']),
  ...one('sex', [...SEXES, 'both']),
  ...GOOD_WITH.map((kind) => ({ good_with: [kind] })),
  { good_with: [...GOOD_WITH] },
  { good_with: ['aliens'] },
  { house_trained: true },
  { special_needs: true },
  { new_this_week: true },
  ...one('coat', [...COATS, ' Long ', 'fluffy']),
  ...one('color', [...COLORS, 'BLACK', '  ', 'Plaid']),
  ...AROUND_NEW_YORK,
  { lat: 95, lon: -74, radius_miles: 50 },
  { lat: 40.7128, lon: null, radius_miles: 50 },
  // Mixes: each type near a place, and filters the tallies keep together or apart.
  ...ANIMAL_TYPES.map((type) => ({ type, ...NEW_YORK, radius_miles: 250 })),
  { type: 'dog', house_trained: true, ...NEW_YORK, radius_miles: 250 },
  { type: 'cat', coat: 'short', special_needs: true },
  { age: 'young', good_with: ['children'], ...NEW_YORK, radius_miles: 100 },
  { size: 'small', sex: 'female', color: 'black' },
  { color: 'golden', ...NEW_YORK, radius_miles: 500 },
  { new_this_week: true, type: 'dog', ...NEW_YORK, radius_miles: 250 },
  { age: 'senior', size: 'large', good_with: ['dogs', 'cats'] },
]

/** Words: breed and keywords, which only the database reads. */
const WORD_CASES: Filters[] = [
  { breed: 'pit bull' },
  { breed: 'Terrier, Pit Bull' },
  { breed: 'labrador', type: 'dog', ...NEW_YORK, radius_miles: 250 },
  { breed: 'mix' },
  { breed: 'xyzzy' },
  { breed: '!!' },
  { q: 'fetch' },
  { q: 'quiet home', type: 'cat' },
  { q: 'the' },
  { q: 'clown', breed: 'beagle', new_this_week: true },
]

describe('the list, the map and the alerts', () => {
  it('has a world with every vocabulary value listed and bonded groups shown once', () => {
    const listed = rows.filter((row) => row.searchable)
    for (const [column, values] of [
      ['type', ANIMAL_TYPES],
      ['age_group', AGE_GROUPS],
      ['size', SIZES],
      ['sex', SEXES],
      ['coat', COATS],
    ] as const) {
      expect(
        values.filter((value) => !listed.some((row) => row[column] === value)),
        column,
      ).toEqual([])
    }
    expect(COLORS.filter((color) => !listed.some((row) => row.colors.includes(color))).length).toBeLessThan(COLORS.length / 4)
    expect(rows.some((row) => !row.searchable && rows.some((other) => other.searchable))).toBe(true)
  })

  it.each(PLAIN_CASES.map((filters) => [JSON.stringify(filters), filters] as const))(
    'agree on %s, and find what the rows say',
    async (_label, filters) => {
      const expected = plainMatches(filters)
      expect(await listMatches(filters, 'recent')).toEqual(expected)
      if ('lat' in filters) expect(await listMatches(filters, 'distance')).toEqual(expected)
      expect(await alertMatches(filters)).toEqual(expected)
      const { counts, unplaced } = placesOf(expected)
      for (const cellDegrees of [1, 0.01]) {
        const map = await mapOf(filters, cellDegrees)
        expect(Number(map.total), `map total at ${cellDegrees}°`).toBe(expected.length)
        expect(Number(map.unplaced), `map unplaced at ${cellDegrees}°`).toBe(unplaced)
        expect(
          map.groups.map((group) => Number(group.count)).sort((a, b) => a - b),
          `map groups at ${cellDegrees}°`,
        ).toEqual(counts)
      }
    },
  )

  it.each(WORD_CASES.map((filters) => [JSON.stringify(filters), filters] as const))('agree on %s', async (_label, filters) => {
    const listed = await listMatches(filters, 'recent')
    expect(await alertMatches(filters)).toEqual(listed)
    const { counts, unplaced } = placesOf(listed)
    for (const cellDegrees of [1, 0.01]) {
      const map = await mapOf(filters, cellDegrees)
      expect(Number(map.total)).toBe(listed.length)
      expect(Number(map.unplaced)).toBe(unplaced)
      expect(map.groups.map((group) => Number(group.count)).sort((a, b) => a - b)).toEqual(counts)
    }
  })

  it('finds some and not all for words that mean something, and nothing for words no breed has', async () => {
    const all = rows.filter((row) => row.searchable).length
    for (const filters of [{ breed: 'pit bull' }, { q: 'fetch' }, { breed: 'labrador', type: 'dog', ...NEW_YORK, radius_miles: 250 }]) {
      const found = (await listMatches(filters, 'recent')).length
      expect(found, JSON.stringify(filters)).toBeGreaterThan(0)
      expect(found, JSON.stringify(filters)).toBeLessThan(all)
    }
    expect(await listMatches({ breed: 'xyzzy' }, 'recent')).toEqual([])
  })
})
