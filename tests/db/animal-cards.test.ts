// Result cards as rows of public.animal_card: what search_animals(), waiting_longest() and
// my_favorites() send through supabase.rpc() is the JSON PostgREST makes of those rows (one
// composite as an object, a set as an array), and every attribute whose comment promises
// "Not null" (which `npm run db:types` prints without `| null`) is filled on every card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { createShelter, type TestShelter } from '#tests/db/factories.ts'

let h: Harness
let shelter: TestShelter
const ids: Record<string, string> = {}

/** The attributes of a composite type, in order, and those its comments say are never null. */
async function attributesOf(type: string) {
  const { rows } = await h.lb.db.query<{ name: string; not_null: boolean }>(
    `select a.attname as name, coalesce(col_description(a.attrelid, a.attnum) ~* '^not null', false) as not_null
       from pg_attribute a
      where a.attrelid = (select typrelid from pg_type where oid = $1::regtype) and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [type],
  )
  return { names: rows.map((row) => row.name), notNull: rows.filter((row) => row.not_null).map((row) => row.name) }
}

/** The body PostgREST sends for a call: its statement's JSON of the function's rows. */
async function postgrestBody(call: string, setof: boolean): Promise<unknown> {
  const json = setof ? `coalesce(json_agg(_f), '[]')` : `to_json(_f)`
  const { rows } = await h.lb.db.query<{ body: string }>(`select (${json})::text as body from ${call} as _f`)
  return JSON.parse(rows[0]!.body)
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  shelter = await createShelter(h, 'Cards Rescue', {
    latitude: 40.7128,
    longitude: -74.006,
    city: 'New York',
    state: 'NY',
    meeting_completed: true,
  })
  const { data, error } = await h
    .service()
    .from('animals')
    .insert(
      [
        { name: 'Pepper', type: 'dog', age_group: 'adult', sex: 'female', size: 'large', primary_breed: 'Boxer' },
        { name: 'Salt', type: 'dog', age_group: 'adult', sex: 'male', size: 'large', primary_breed: 'Boxer' },
        { name: 'Mochi', type: 'cat', age_group: 'young', sex: 'unknown', size: 'small', mixed_breed: true },
      ].map((animal, index) => ({
        ...animal,
        shelter_id: shelter.shelterId,
        published_at: new Date(Date.now() - index * 86_400_000).toISOString(),
      })),
      { defaultToNull: false },
    )
    .select('id, name')
  if (error) throw error
  for (const row of data) ids[row.name] = row.id
  const photo = await h.service().from('animal_photos').insert({
    animal_id: ids.Salt,
    position: 0,
    external_url: '/images/demo/dog-floppy-tricolor.svg',
    alt: 'Salt',
    width: 800,
    height: 600,
  })
  if (photo.error) throw photo.error
  const bonded = await shelter.client.rpc('link_bonded', { animal: ids.Pepper, companion: ids.Salt })
  if (bonded.error) throw bonded.error
})
afterAll(async () => {
  await h?.stop()
})

describe('result cards', () => {
  it('come through rpc() as PostgREST sends them: a search as one object, its cards and their companions as rows', async () => {
    const { data, error } = await h.anon().rpc('search_animals', { lat: 40.7128, lon: -74.006, radius_miles: 10 })
    if (error) throw error
    expect(data).toEqual(await postgrestBody(`public.search_animals(lat => 40.7128, lon => -74.006, radius_miles => 10)`, false))
    // The total is a number, not a string; a bonded pair is one card carrying the other.
    expect(data.total).toBe(2)
    const card = attributesOf('public.animal_card')
    expect(data.animals.map((animal: Record<string, unknown>) => Object.keys(animal))).toEqual([(await card).names, (await card).names])
    const pair = data.animals.find((animal: { companions: unknown[] }) => animal.companions.length)
    expect(pair.companions).toHaveLength(1)
    expect(Object.keys(pair.companions[0])).toEqual((await attributesOf('public.companion_card')).names)
    expect(pair.companions[0]).toMatchObject({ name: expect.any(String), photo_path: null })
    const salt = pair.name === 'Salt' ? pair : pair.companions[0]
    expect(salt).toMatchObject({ photo_url: '/images/demo/dog-floppy-tricolor.svg', photo_alt: 'Salt' })
    expect(data.animals.find((animal: { name: string }) => animal.name === 'Mochi')).toMatchObject({
      type: 'cat',
      mixed_breed: true,
      distance_miles: 0,
      companions: [],
      shelter_slug: shelter.slug,
    })
  })

  it('come as an array from a set: the home row and the favorites', async () => {
    const row = await h.anon().rpc('waiting_longest', { row_size: 6 })
    if (row.error) throw row.error
    expect(row.data).toEqual(await postgrestBody(`public.waiting_longest(6)`, true))
    // Mochi, waiting longest, then the pair once (its lead's card).
    expect(row.data).toHaveLength(2)
    expect(row.data[0].name).toBe('Mochi')

    const person = await h.signedIn()
    for (const animal of ['Mochi', 'Pepper']) {
      const saved = await person.client.from('favorites').insert({ animal_id: ids[animal] })
      if (saved.error) throw saved.error
    }
    const favorites = await person.client.rpc('my_favorites')
    if (favorites.error) throw favorites.error
    expect(favorites.data.map((animal: { name: string }) => animal.name)).toEqual(['Pepper', 'Mochi'])
    expect(favorites.data[0].companions.map((companion: { name: string }) => companion.name)).toEqual(['Salt'])
  })

  it('fill every attribute the type promises is never null', async () => {
    const { notNull } = await attributesOf('public.animal_card')
    expect(notNull).toEqual(expect.arrayContaining(['id', 'name', 'type', 'status', 'shelter_slug', 'companions']))
    const { rows } = await h.lb.db.query<{ card: Record<string, unknown> }>(
      `select to_json(c) as card from public.animal_card_rows(array(select id from public.animals), null) c`,
    )
    expect(rows).toHaveLength(3)
    for (const { card } of rows) for (const name of notNull) expect(card[name], `${card.name}.${name}`).not.toBeNull()
    const companions = await attributesOf('public.companion_card')
    for (const { card } of rows) {
      for (const companion of card.companions as Record<string, unknown>[]) {
        for (const name of companions.notNull) expect(companion[name]).not.toBeNull()
      }
    }
  })
})
