// public.search_animal_map(): the Map view of a search. Whatever the route (whole cells counted
// from the tallies, or the matches grouped on a finer grid), it must show exactly the animals
// the list shows: here every map is compared with search_animals()' total and with a plain
// query over the same rows, called as a visitor through /rest/v1/rpc as the page calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOND_SOME_ANIMALS, COUNT_HIDDEN_COMPANIONS } from '#tests/db/bonded-fixtures.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

type Group = {
  count: number
  latitude: number
  longitude: number
  animal: { id: string; name: string; type: string; primary_breed: string | null; secondary_breed: string | null; mixed_breed: boolean }
  city: string | null
  state: string | null
  zip_code: string | null
}
type AnimalMap = { total: number; unplaced: number; groups: Group[] }

let h: Harness

// New York, a second New York shelter 2 miles away, Philadelphia (81 mi), Boston (190 mi, not
// approved), Pittsburgh (315 mi), Chicago (711 mi), a shelter without a location, and one in
// Denver whose animals have all left (adopted or archived).
const PLACES: Array<[number | null, number | null]> = [
  [40.7128, -74.006],
  [40.74, -73.98],
  [39.9526, -75.1652],
  [42.3601, -71.0589],
  [40.4406, -79.9959],
  [41.8781, -87.6298],
  [null, null],
  [39.7392, -104.9903],
]
const UNAPPROVED = 4
const DEPARTED = 8

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  await h.lb.db.query('set search_path = public, extensions')
  await h.lb.db.exec(`
    insert into auth.users (id, email, raw_user_meta_data)
    select md5('map-user-' || n)::uuid, 'map-' || n || '@example.org', '{"user_type": "shelter"}'
      from generate_series(1, ${PLACES.length}) n;
    update public.shelter_profiles p
       set latitude = place.lat, longitude = place.lon, meeting_completed = place.n <> ${UNAPPROVED},
           city = 'City ' || place.n, state = 'ST', zip_code = lpad(place.n::text, 5, '0')
      from (values ${PLACES.map(([lat, lon], index) => `(${index + 1}, ${lat ?? 'null'}::float8, ${lon ?? 'null'}::float8)`).join(', ')})
           as place (n, lat, lon)
     where p.user_id = md5('map-user-' || place.n)::uuid;
    insert into public.animals (shelter_id, name, type, age_group, size, sex, good_with_children, good_with_dogs,
                                good_with_cats, primary_breed, secondary_breed, description, status, published_at,
                                house_trained, special_needs, coat, primary_color, secondary_color, tertiary_color)
    select p.id, 'Map ' || n,
           (array['dog', 'dog', 'dog', 'cat', 'cat', 'rabbit', 'horse'])[1 + abs(hashint4(n * 3)) % 7],
           (array['young', 'adult', 'senior'])[1 + abs(hashint4(n * 5)) % 3],
           (array['small', 'medium', 'large', 'xlarge'])[1 + abs(hashint4(n * 7)) % 4],
           (array['male', 'female', 'unknown'])[1 + abs(hashint4(n * 11)) % 3],
           (array['yes', 'no', 'unknown'])[1 + abs(hashint4(n * 13)) % 3],
           (array['yes', 'no', 'unknown'])[1 + abs(hashint4(n * 17)) % 3],
           (array['yes', 'no', 'unknown'])[1 + abs(hashint4(n * 19)) % 3],
           (array['Labrador Retriever', 'Golden Retriever', 'Beagle', 'Siamese', 'Holland Lop', 'American Pit Bull Terrier', 'Terrier'])[1 + abs(hashint4(n * 23)) % 7],
           case when n % 4 = 0 then 'Poodle' when n % 9 = 1 then 'Pit Bull' end,
           (array['A gentle lap dog.', 'Loves to fetch.', 'Quiet and shy.'])[1 + n % 3],
           case when place = ${DEPARTED} then (array['adopted', 'archived'])[1 + n % 2]
                else (array['available', 'available', 'available', 'pending', 'adopted'])[1 + abs(hashint4(n * 29)) % 5] end,
           -- Over ten days: about seven in ten this week.
           now() - n * interval '1 hour',
           abs(hashint4(n * 37)) % 3 <> 0,
           abs(hashint4(n * 41)) % 6 = 0,
           (array['short', 'long', 'wire', null])[1 + abs(hashint4(n * 43)) % 4],
           (array['Black', 'White', 'Brindle', 'Black & White / Tuxedo', null])[1 + abs(hashint4(n * 47)) % 5],
           case when n % 3 = 0 then (array['White', ' black ', 'Golden'])[1 + abs(hashint4(n * 53)) % 3] end,
           case when n % 10 = 0 then 'Black' end
      from generate_series(1, 240) n
     cross join lateral (select 1 + abs(hashint4(n * 31)) % ${PLACES.length} as place) pick
      join public.shelter_profiles p on p.user_id = md5('map-user-' || pick.place)::uuid;
    -- Some leave and change, so the tallies have seen updates and deletes too.
    delete from public.animals where name in ('Map 7', 'Map 8');
    update public.animals set status = 'adopted' where name in ('Map 10', 'Map 11');
    update public.animals set type = 'cat', primary_breed = 'Siamese' where name = 'Map 12';
    update public.animals set primary_breed = 'Terrier' where secondary_breed = 'Pit Bull' and name like '%1';
    update public.animals set house_trained = not house_trained, coat = 'curly', secondary_color = 'Golden' where name in ('Map 13', 'Map 14');
    ${BOND_SOME_ANIMALS}
    analyze public.animals;
  `)
}, 600_000)
afterAll(async () => {
  await h?.stop()
})

async function animalMap(parameters: Record<string, unknown>, client = h.anon()): Promise<AnimalMap> {
  const { data, error } = await client.rpc('search_animal_map', parameters)
  if (error) throw error
  return data as AnimalMap
}

async function searchTotal(parameters: Record<string, unknown>): Promise<number> {
  const { cell_degrees: _, ...search } = parameters
  const { data, error } = await h.anon().rpc('search_animals', { ...search, page_size: 1 })
  if (error) throw error
  return Number((data as { total: number }).total)
}

type Match = { id: string; latitude: number | null; longitude: number | null; grid_cell: number }

/** Every listed match (a bonded group once), by the plain rule, with its place. */
async function plainMatches(parameters: Record<string, unknown>): Promise<Match[]> {
  const p = { radius_miles: 100, ...parameters } as Record<string, unknown>
  // Unknown values are no filter, as in the functions.
  const known = (value: unknown, values: string[]) => (values.includes(value as string) ? value : null)
  p.type = known(p.type, ['dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'])
  p.age = known(p.age, ['young', 'adult', 'senior'])
  p.coat = known(typeof p.coat === 'string' ? p.coat.trim().toLowerCase() : p.coat, [
    'hairless',
    'short',
    'medium',
    'long',
    'wire',
    'curly',
  ])
  if (typeof p.color === 'string' && !p.color.trim()) p.color = null
  // A breed's words, each in the breeds (squashed: no spaces or punctuation), in any order.
  const breedWords =
    typeof p.breed === 'string'
      ? p.breed
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter((word) => word && !['mix', 'mixed'].includes(word))
      : null
  const { rows } = await h.lb.db.query<Match>(
    `select a.id, a.latitude, a.longitude, a.grid_cell
       from public.animals a
       join public.shelter_profiles s on s.id = a.shelter_id
      where a.status in ('available', 'pending') and s.meeting_completed
        -- A bonded group once: its lead (the earliest published of its listed animals).
        and a.bond_lead
        and ($1::float8 is null or extensions.cube_distance(a.location, extensions.ll_to_earth($1, $2)) <= extensions.gc_to_sec(least(greatest($3, 1), 500) * 1609.344))
        and ($4::text is null or a.type = $4) and ($5::text is null or a.age_group = $5)
        and ($6::text is null or a.size = $6) and ($7::text is null or a.sex = $7)
        and (not 'children' = any ($8::text[]) or a.good_with_children = 'yes')
        and (not 'dogs' = any ($8::text[]) or a.good_with_dogs = 'yes')
        and (not 'cats' = any ($8::text[]) or a.good_with_cats = 'yes')
        and ($9::text[] is null or (select bool_and(strpos(regexp_replace(a.breed_words, '[^[:alnum:]]+', '', 'g'), w) > 0) from unnest($9::text[]) w))
        and ($10::text is null or a.search_document @@ websearch_to_tsquery('english', $10))
        and (not $11 or a.house_trained) and (not $12 or a.special_needs)
        and ($13::text is null or a.coat = $13)
        and ($14::text is null or lower(trim($14)) in (lower(trim(a.primary_color)), lower(trim(a.secondary_color)), lower(trim(a.tertiary_color))))
        and (not $15 or a.published_at >= now() - interval '7 days')`,
    [
      p.lat ?? null,
      p.lon ?? null,
      p.radius_miles,
      p.type ?? null,
      p.age ?? null,
      p.size ?? null,
      p.sex ?? null,
      p.good_with ?? [],
      breedWords,
      p.q ?? null,
      p.house_trained === true,
      p.special_needs === true,
      p.coat ?? null,
      p.color ?? null,
      p.new_this_week === true,
    ],
  )
  return rows
}

const NYC = { lat: 40.7128, lon: -74.006 }
const places: Array<Record<string, unknown>> = [
  {},
  { ...NYC, radius_miles: 1 },
  { ...NYC, radius_miles: 100 },
  { ...NYC, radius_miles: 250 },
  { ...NYC, radius_miles: 500 },
]
const filters: Array<Record<string, unknown>> = [
  {},
  { type: 'dog' },
  { type: 'horse' },
  { age: 'senior' },
  { size: 'small', sex: 'female' },
  { good_with: ['children'] },
  { type: 'cat', good_with: ['children', 'dogs', 'cats'] },
  { breed: 'retriever' },
  { breed: 'poodle', type: 'dog' },
  { q: 'fetch' },
  { type: 'unicorn', age: 'ancient' },
  // The filters of 20261127004000, as search_animals() reads them (the tallies keep the first three per cell).
  { house_trained: true },
  { special_needs: true, type: 'dog' },
  { coat: 'long' },
  { coat: 'LONG ', house_trained: true, special_needs: true },
  { coat: 'feathers' },
  { house_trained: true, age: 'young' },
  { color: 'black' },
  { color: 'Black & White / Tuxedo' },
  { color: ' ' },
  { new_this_week: true },
  { new_this_week: true, type: 'cat', coat: 'short', color: 'white' },
  // Breed words in any order, whichever breed of the two holds them.
  { breed: 'pit bull' },
  { breed: 'Terrier, Pit Bull' },
  { breed: 'pitbull terrier mix' },
  { breed: 'bull pit', house_trained: true },
  { breed: '!!' },
]
// Whole cells (the tallies' route when no words are given), and finer grids (the rows route).
const grids = [1, 0.25, 0.001]

describe('the map shows what the list shows', () => {
  for (const place of places) {
    it(`within ${place.radius_miles ?? 'any'} miles: the same total as the list, every animal in its group`, async () => {
      for (const filter of filters) {
        for (const cell_degrees of grids) {
          const parameters = { ...place, ...filter, cell_degrees }
          const [found, total, matches] = await Promise.all([animalMap(parameters), searchTotal(parameters), plainMatches(parameters)])
          const context = JSON.stringify(parameters)
          expect(found.total, context).toBe(total)
          expect(found.total, context).toBe(matches.length)
          expect(found.unplaced, context).toBe(matches.filter((match) => match.latitude === null).length)
          expect(
            found.groups.reduce((sum, group) => sum + group.count, 0),
            context,
          ).toBe(found.total - found.unplaced)
          // Each group's animal is one of the matches; whole cells hold exactly their matches.
          const ids = new Set(matches.map((match) => match.id))
          for (const group of found.groups) expect(ids.has(group.animal.id), context).toBe(true)
          // (Whole cells are the route without words, 'new this week' or a colour, and with the
          // tallies' traits only beside a type.)
          const traits = filter.house_trained || filter.special_needs || filter.coat
          const others = filter.age || filter.size || filter.sex || filter.good_with
          if (cell_degrees === 1 && !filter.breed && !filter.q && !filter.new_this_week && !filter.color && !(traits && others)) {
            const perCell = new Map<number, number>()
            for (const match of matches) if (match.latitude !== null) perCell.set(match.grid_cell, (perCell.get(match.grid_cell) ?? 0) + 1)
            expect(found.groups.length, context).toBe(perCell.size)
          }
        }
      }
    })
  }

  it('is given data where each new filter narrows the matches (so the comparisons above can fail)', async () => {
    const all = (await plainMatches({})).length
    for (const filter of [
      { house_trained: true },
      { special_needs: true },
      { coat: 'long' },
      { color: 'black' },
      { new_this_week: true },
      { breed: 'Terrier, Pit Bull' },
    ]) {
      const found = (await animalMap({ ...filter, cell_degrees: 1 })).total
      expect(found, JSON.stringify(filter)).toBeGreaterThan(0)
      expect(found, JSON.stringify(filter)).toBeLessThan(all)
    }
    // Both breeds, in either order: 'Terrier' with a secondary 'Pit Bull' is found by 'pit bull terrier'.
    const { rows } = await h.lb.db.query<{ id: string }>(
      `select a.id from public.animals a where a.searchable and a.primary_breed = 'Terrier' and a.secondary_breed = 'Pit Bull'`,
    )
    expect(rows.length).toBeGreaterThan(0)
    const matches = new Set((await plainMatches({ breed: 'pit bull terrier' })).map((match) => match.id))
    for (const { id } of rows) expect(matches.has(id)).toBe(true)
    expect((await animalMap({ breed: 'pit bull terrier', cell_degrees: 0.001 })).total).toBe(matches.size)
    expect(await searchTotal({ breed: 'Terrier, Pit Bull' })).toBe(matches.size)
  })

  it('groups a fine grid by place: one group per shelter location, at that location, with its count', async () => {
    const found = await animalMap({ cell_degrees: 0.001 })
    const matches = await plainMatches({})
    const perPlace = new Map<string, number>()
    for (const match of matches) {
      if (match.latitude === null) continue
      const key = `${match.latitude.toFixed(3)},${match.longitude!.toFixed(3)}`
      perPlace.set(key, (perPlace.get(key) ?? 0) + 1)
    }
    const drawn = new Map(found.groups.map((group) => [`${group.latitude.toFixed(3)},${group.longitude.toFixed(3)}`, group.count]))
    expect(drawn).toEqual(perPlace)
    // New York's two shelters, 2 miles apart, make one group on a coarse grid.
    const coarse = await animalMap({ ...NYC, radius_miles: 10, cell_degrees: 0.25 })
    expect(coarse.groups).toHaveLength(1)
    expect(coarse.groups[0]!.city).toMatch(/^City [12]$/)
  })

  it('never shows an unlisted animal: none of an unapproved shelter, none adopted or archived', async () => {
    const boston = { lat: PLACES[UNAPPROVED - 1]![0], lon: PLACES[UNAPPROVED - 1]![1], radius_miles: 10 }
    const denver = { lat: PLACES[DEPARTED - 1]![0], lon: PLACES[DEPARTED - 1]![1], radius_miles: 10 }
    const { rows } = await h.lb.db.query<{ unapproved: number; departed: number }>(
      `select count(*) filter (where s.meeting_completed = false)::int as unapproved,
              count(*) filter (where s.latitude = ${PLACES[DEPARTED - 1]![0]})::int as departed
         from public.animals a join public.shelter_profiles s on s.id = a.shelter_id`,
    )
    expect(rows[0]!.unapproved).toBeGreaterThan(0)
    expect(rows[0]!.departed).toBeGreaterThan(0)
    for (const cell_degrees of grids) {
      for (const place of [boston, denver]) {
        expect(await animalMap({ ...place, cell_degrees })).toEqual({ total: 0, unplaced: 0, groups: [] })
      }
    }
    const { rows: unlisted } = await h.lb.db.query<{ id: string }>(
      `select a.id from public.animals a join public.shelter_profiles s on s.id = a.shelter_id
        where a.status not in ('available', 'pending') or not s.meeting_completed or not a.bond_lead`,
    )
    const shown = new Set<string>()
    for (const cell_degrees of grids) for (const group of (await animalMap({ cell_degrees })).groups) shown.add(group.animal.id)
    for (const { id } of unlisted) expect(shown.has(id)).toBe(false)
  })

  it('keeps the cells tally equal to the searchable animals (a bonded group once) through inserts, updates, deletes and bonds', async () => {
    // The world has companions a search must leave out, or this would check nothing about them.
    const { rows: world } = await h.lb.db.query<{ hidden: number }>(COUNT_HIDDEN_COMPANIONS)
    expect(world[0]!.hidden).toBeGreaterThanOrEqual(5)
    const { rows } = await h.lb.db.query<{ off: number }>(`
      select count(*)::int as off from (
        select coalesce(grid_cell, -1), type, count(*) from public.animals where searchable group by 1, 2
        except
        select grid_cell, type, listed from public.listed_animal_cells where listed <> 0) d`)
    expect(rows[0]!.off).toBe(0)
  })
})

describe('who may call it', () => {
  it('answers visitors and signed-in users alike, and never opens the tallies to them', async () => {
    const signedIn = await h.signedIn()
    const anonymous = await animalMap({ cell_degrees: 1 })
    expect(anonymous.total).toBeGreaterThan(0)
    expect(await animalMap({ cell_degrees: 1 }, signedIn.client)).toEqual(anonymous)
    for (const client of [h.anon(), signedIn.client]) {
      const { data, error } = await client.from('listed_animal_cells').select('*').limit(1)
      expect(error?.code).toBe('42501')
      expect(data).toBeNull()
    }
  })

  it('is a function visitors may execute, and the tally trigger function is not', async () => {
    const { rows } = await h.lb.db.query<{ map: boolean; tally: boolean }>(
      `select has_function_privilege('anon', 'public.search_animal_map(double precision, double precision, double precision, text, text, text, text, text[], text, text, boolean, boolean, text, text, boolean, double precision)', 'execute') as map,
              has_function_privilege('anon', 'public.tally_listed_animal_cells()', 'execute') as tally`,
    )
    expect(rows[0]!.map).toBe(true)
    expect(rows[0]!.tally).toBe(false)
    const { error } = await h.anon().rpc('tally_listed_animal_cells')
    expect(error).not.toBeNull()
  })

  it('reads a hand-edited grid and radius as the nearest sensible ones', async () => {
    const tiny = await animalMap({ ...NYC, radius_miles: 100, cell_degrees: -5 })
    const huge = await animalMap({ ...NYC, radius_miles: 100, cell_degrees: 1e9 })
    const total = await searchTotal({ ...NYC, radius_miles: 100 })
    expect(tiny.total).toBe(total)
    expect(huge.total).toBe(total)
    expect((await animalMap({ ...NYC, radius_miles: 1e9, cell_degrees: 1 })).total).toBe(await searchTotal({ ...NYC, radius_miles: 500 }))
  })
})
