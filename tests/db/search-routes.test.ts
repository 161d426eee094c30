// search_animals() finds a page by one of several routes, chosen from the kept tallies
// (listed_animal_facets, listed_animal_breeds): a walk in publication order, a merge of facet
// groups, reading every match, or a smaller circle for nearest first. Whatever the route, the
// answer must be the plain one: here every search is compared with a straightforward query
// over the same rows, on a world small enough to check but shaped so every route is taken
// (page sizes of 1 and 2 make the walks cheap, tallies of zero make the merges so).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOND_SOME_ANIMALS, COUNT_HIDDEN_COMPANIONS } from '#tests/db/bonded-fixtures.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

type Result = { total: number; animals: Array<{ id: string }> }

let h: Harness

// New York, Philadelphia (81 mi), Boston (190 mi), Pittsburgh (315 mi), Chicago (711 mi), and
// a shelter without a location.
const PLACES: Array<[number | null, number | null]> = [
  [40.7128, -74.006],
  [40.75, -73.98],
  [39.9526, -75.1652],
  [42.3601, -71.0589],
  [40.4406, -79.9959],
  [41.8781, -87.6298],
  [null, null],
]

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  // The plain query calls ll_to_earth(), which before earthdistance 1.2 (PostgreSQL 15) names
  // cube() and earth unqualified: as in search_animals(), `extensions` goes on the path.
  await h.lb.db.query('set search_path = public, extensions')
  await h.lb.db.exec(`
    insert into auth.users (id, email, raw_user_meta_data)
    select md5('route-user-' || n)::uuid, 'route-' || n || '@example.org', '{"user_type": "shelter"}'
      from generate_series(1, ${PLACES.length}) n;
    update public.shelter_profiles p
       set latitude = place.lat, longitude = place.lon, meeting_completed = place.n <> 3
      from (values ${PLACES.map(([lat, lon], index) => `(${index + 1}, ${lat ?? 'null'}::float8, ${lon ?? 'null'}::float8)`).join(', ')})
           as place (n, lat, lon)
     where p.user_id = md5('route-user-' || place.n)::uuid;
    -- 300 animals with every attribute drawn from a hash, a few with equal publication times.
    insert into public.animals (shelter_id, name, type, age_group, size, sex, good_with_children, good_with_dogs,
                                good_with_cats, primary_breed, secondary_breed, description, status, published_at)
    select p.id, 'Route ' || n,
           (array['dog', 'dog', 'dog', 'cat', 'cat', 'rabbit', 'horse'])[1 + abs(hashint4(n * 3)) % 7],
           (array['young', 'adult', 'senior'])[1 + abs(hashint4(n * 5)) % 3],
           (array['small', 'medium', 'large', 'xlarge'])[1 + abs(hashint4(n * 7)) % 4],
           (array['male', 'female', 'unknown'])[1 + abs(hashint4(n * 11)) % 3],
           (array['yes', 'no', 'unknown'])[1 + abs(hashint4(n * 13)) % 3],
           (array['yes', 'no', 'unknown'])[1 + abs(hashint4(n * 17)) % 3],
           (array['yes', 'no', 'unknown'])[1 + abs(hashint4(n * 19)) % 3],
           (array['Labrador Retriever', 'Golden Retriever', 'Beagle', 'Siamese', 'Holland Lop'])[1 + abs(hashint4(n * 23)) % 5],
           case when n % 4 = 0 then 'Poodle' end,
           (array['A gentle lap dog.', 'Loves to fetch.', 'Quiet and shy.'])[1 + n % 3],
           (array['available', 'available', 'available', 'pending', 'adopted'])[1 + abs(hashint4(n * 29)) % 5],
           now() - make_interval(hours => n / 2)
      from generate_series(1, 300) n
      join public.shelter_profiles p on p.user_id = md5('route-user-' || (1 + abs(hashint4(n * 31)) % ${PLACES.length}))::uuid;
    -- Some leave and change, so the tallies have seen updates and deletes too.
    delete from public.animals where name in ('Route 7', 'Route 8', 'Route 9');
    update public.animals set status = 'adopted' where name in ('Route 10', 'Route 11');
    update public.animals set type = 'cat', primary_breed = 'Siamese' where name = 'Route 12';
    ${BOND_SOME_ANIMALS}
    analyze public.animals;
  `)
  // A harness and 300 animals: minutes on a loaded two-core machine.
}, 600_000)
afterAll(async () => {
  await h?.stop()
})

/** The answer without any route: every searchable match (a bonded group once), filtered and sorted in one query. */
async function plainSearch(parameters: Record<string, unknown>): Promise<Result> {
  const p = { radius_miles: 100, sort: 'recent', page_size: 24, page_offset: 0, ...parameters } as Record<string, unknown>
  const { rows } = await h.lb.db.query<{ id: string; total: number }>(
    `with origin as (select case when $1::float8 is not null then extensions.ll_to_earth($1, $2) end as point),
     matches as (
       select a.id, a.published_at, extensions.cube_distance(a.location, o.point) as chord
         from public.animals a, origin o
        where a.searchable
          and (o.point is null or extensions.cube_distance(a.location, o.point) <= extensions.gc_to_sec(least(greatest($3, 1), 500) * 1609.344))
          and ($4::text is null or a.type = $4) and ($5::text is null or a.age_group = $5)
          and ($6::text is null or a.size = $6) and ($7::text is null or a.sex = $7)
          and (not 'children' = any ($8::text[]) or a.good_with_children = 'yes')
          and (not 'dogs' = any ($8::text[]) or a.good_with_dogs = 'yes')
          and (not 'cats' = any ($8::text[]) or a.good_with_cats = 'yes')
          and ($9::text is null or a.breed_words like '%' || lower($9) || '%')
     )
     select id, count(*) over ()::int as total from matches
      order by case when $10 = 'distance' then chord end, case when $10 = 'oldest' then published_at end,
               case when $10 = 'oldest' then id end, published_at desc, id desc
      limit $11 offset $12`,
    [
      p.lat ?? null,
      p.lon ?? null,
      p.radius_miles,
      p.type ?? null,
      p.age ?? null,
      p.size ?? null,
      p.sex ?? null,
      p.good_with ?? [],
      p.breed ?? null,
      p.sort,
      p.page_size,
      p.page_offset,
    ],
  )
  // An empty page has no row to carry the total: count on the first page instead.
  const total =
    rows[0]?.total ?? (rows.length === 0 && Number(p.page_offset) > 0 ? (await plainSearch({ ...parameters, page_offset: 0 })).total : 0)
  return { total, animals: rows.map(({ id }) => ({ id })) }
}

async function search(parameters: Record<string, unknown>): Promise<Result> {
  const { data, error } = await h.anon().rpc('search_animals', parameters)
  if (error) throw error
  return data as Result
}

const NYC = { lat: 40.7128, lon: -74.006 }
const places: Array<Record<string, unknown>> = [
  {},
  { ...NYC, radius_miles: 5 },
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
  { age: 'young', size: 'xlarge', sex: 'unknown', good_with: ['dogs', 'cats'] },
  { breed: 'retriever' },
  { breed: 'poodle', type: 'dog' },
]
const pages: Array<Record<string, unknown>> = [
  { sort: 'recent', page_size: 1 },
  { sort: 'recent', page_size: 2, page_offset: 3 },
  { sort: 'oldest', page_size: 1, page_offset: 2 },
  { sort: 'distance', page_size: 1 },
  { sort: 'distance', page_size: 2, page_offset: 5 },
  { sort: 'recent' },
  { sort: 'oldest', page_offset: 40 },
]

describe('every route gives the plain answer', () => {
  for (const place of places) {
    it(`within ${place.radius_miles ?? 'any'} miles, every filter and page`, async () => {
      for (const filter of filters) {
        for (const page of pages) {
          const parameters = { ...place, ...filter, ...page }
          const [found, expected] = await Promise.all([search(parameters), plainSearch(parameters)])
          expect({ parameters, ...found, animals: found.animals.map((animal) => animal.id) }).toEqual({
            parameters,
            ...expected,
            animals: expected.animals.map((animal) => animal.id),
          })
        }
      }
    })
  }

  it('keeps the tallies equal to the searchable animals (a bonded group once) through inserts, updates, deletes and bonds', async () => {
    // The world has companions a search must leave out, or this would check nothing about them.
    const { rows: world } = await h.lb.db.query<{ hidden: number }>(COUNT_HIDDEN_COMPANIONS)
    expect(world[0]!.hidden).toBeGreaterThanOrEqual(5)
    const { rows } = await h.lb.db.query<{ facets_off: number; breeds_off: number }>(`
      select (select count(*)::int from (
                select coalesce(grid_cell, -1), type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, count(*)
                  from public.animals where searchable group by 1, 2, 3, 4, 5, 6, 7, 8
                except
                select grid_cell, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, listed
                  from public.listed_animal_facets where listed <> 0) d) as facets_off,
             (select count(*)::int from (
                select breed_words, count(*) from public.animals where searchable group by 1
                except
                select breed_words, listed from public.listed_animal_breeds where listed <> 0) d) as breeds_off`)
    expect(rows[0]).toEqual({ facets_off: 0, breeds_off: 0 })
  })
})

describe('the tallies behind the totals', () => {
  it('are read only by search_animals(), never by anonymous visitors or signed-in users', async () => {
    const signedIn = await h.signedIn()
    for (const client of [h.anon(), signedIn.client]) {
      for (const table of ['listed_animal_facets', 'listed_animal_facet_totals', 'listed_animal_breeds']) {
        const { data, error } = await client.from(table).select('*').limit(1)
        expect(error?.code, table).toBe('42501')
        expect(data, table).toBeNull()
      }
    }
  })
})
