// What an imported animal ends up as must not depend on how it was written. The same three
// imports (a first file, one that changes, removes, adds and moves photos, one that brings an
// archived animal back) go to two shelters: one through write_source_animals as it is (one
// set-based statement a piece, animals_before_write standing down), the other through the
// function as it was before (every row through animals_before_write), swapped in for the
// occasion. Every column of every animal, its photos, its photo jobs, the run's counts, the
// activity lines and what each import added to the search tallies must be the same, but for when
// and how a listing was last confirmed: the set-based write confirms every animal a sync sees
// (tests/db/listing-freshness.test.ts), which the function as it was never did.
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { animalRow, applyInPieces } from '#app/sync/pipeline.server.ts'
import type { ImportedAnimal } from '#app/sync/types.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'
import { importedAnimal } from '#tests/db/sync-fixtures.ts'

let h: Harness
let service: SupabaseClient<Database>

const migrations = path.resolve(import.meta.dirname, '../../supabase/migrations')
/** The text of write_source_animals as the named migration defines it. */
function writeSourceAnimals(migration: string): string {
  const file = readdirSync(migrations).find((name) => name.startsWith(migration))!
  const text = readFileSync(path.join(migrations, file), 'utf8')
  const start = text.indexOf('create or replace function public.write_source_animals(')
  const end = text.indexOf('\n$$;', start)
  if (start < 0 || end < 0) throw new Error(`no write_source_animals in ${file}`)
  return text.slice(start, end + 4)
}
const PER_ROW = writeSourceAnimals('20261128160000')
/** The live definition, read before the swap and put back after it. */
let liveDefinition = ''

const TALLIES = [
  'listed_animal_counts',
  'listed_animal_facets',
  'listed_animal_facet_totals',
  'listed_animal_breeds',
  'listed_animal_cells',
  'listed_animal_trait_totals',
  'listed_animal_trait_facets',
  'listed_animal_colors',
]

async function query(sql: string, params: unknown[] = []) {
  return (await h.lb.db.query(sql, params)).rows as Record<string, unknown>[]
}

/** Every tally row as text, with its count: what an import adds is the difference. */
async function tallies(): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const table of TALLIES) {
    for (const row of await query(`select to_jsonb(t) as row from public.${table} t`)) {
      const { listed, available, pending, ...key } = row.row as Record<string, unknown>
      const name = `${table} ${JSON.stringify(key)}`
      if (table === 'listed_animal_counts') {
        counts.set(`${name} available`, Number(available))
        counts.set(`${name} pending`, Number(pending))
      } else counts.set(name, Number(listed))
    }
  }
  return counts
}
function difference(after: Map<string, number>, before: Map<string, number>) {
  const changed: Record<string, number> = {}
  for (const key of new Set([...after.keys(), ...before.keys()])) {
    const delta = (after.get(key) ?? 0) - (before.get(key) ?? 0)
    if (delta !== 0) changed[key] = delta
  }
  return changed
}

type Shelter = { shelterId: string; userId: string; sourceId: string }
async function newShelter(name: string): Promise<Shelter> {
  const signedIn = await createShelter(h, name, { meeting_completed: true, latitude: 40.71, longitude: -74.0 })
  const { data: source, error } = await signedIn.client.rpc('create_sync_source', {
    kind: 'upload',
    name: 'Shelter software',
    format: 'petfinder',
  })
  if (error) throw error
  return { shelterId: signedIn.shelterId, userId: signedIn.userId, sourceId: (source as { id: string }).id }
}

/** Stages a snapshot and applies it the worker's way, in pieces of three. */
async function importSnapshot(shelter: Shelter, animals: ImportedAnimal[]) {
  const { data: run, error } = await service.rpc('start_import', { source_id: shelter.sourceId, trigger: 'upload' })
  if (error) throw error
  const staged = await service.rpc('add_import_rows', { run_id: run.id, animals: animals.map(animalRow), errors: [] })
  if (staged.error) throw staged.error
  const done = await applyInPieces(service, run, { explicitlyEmpty: false, animalsPerPiece: 3 })
  const { status, added, updated, unchanged, removed, failed } = done
  return { status, added, updated, unchanged, removed, failed }
}

/** What the shelter's animals are, column by column, with times as which import set them. */
async function state(shelter: Shelter, importNumber: number, previous: Map<string, Record<string, unknown>>) {
  const animals = await query(
    `select to_jsonb(a) - array['id', 'shelter_id', 'source_id', 'external_source', 'owner_id', 'created_at', 'updated_at', 'published_at',
                                'confirmed_at', 'confirmed_via']
              || jsonb_build_object('owner_is_creator', a.owner_id = $2::uuid, 'location', a.location::text,
                                    'search_document', a.search_document::text) as animal,
            a.created_at::text as created_at, a.updated_at::text as updated_at, a.published_at::text as published_at,
            (select coalesce(jsonb_agg(jsonb_build_object('position', p.position, 'external_url', p.external_url,
                                                          'source_url', p.source_url, 'storage_path', p.storage_path)
                                       order by p.position), '[]')
               from public.animal_photos p where p.animal_id = a.id) as photos,
            (select count(*) from public.jobs j where j.kind = 'fetch_synced_photos' and j.payload->>'animal_id' = a.id::text) as photo_jobs
       from public.animals a where a.source_id = $1 order by a.external_id`,
    [shelter.sourceId, shelter.userId],
  )
  const now = new Map<string, Record<string, unknown>>()
  const rows = animals.map((row) => {
    const animal = row.animal as Record<string, unknown>
    const id = String(animal.external_id)
    const before = previous.get(id)
    // A time is the import that set it: kept from before, or this one's.
    const when = (column: string) =>
      row[column] === null ? null : before && before[column] === row[column] ? before[`${column}_in`] : importNumber
    const times = { created_at_in: when('created_at'), updated_at_in: when('updated_at'), published_at_in: when('published_at') }
    now.set(id, { ...times, created_at: row.created_at, updated_at: row.updated_at, published_at: row.published_at })
    return { ...animal, ...times, photos: row.photos, photo_jobs: Number(row.photo_jobs) } as Record<string, unknown>
  })
  const activity = await query(
    `select action, subject, details - 'run_id' as details from public.shelter_activity where shelter_id = $1 order by id`,
    [shelter.shelterId],
  )
  return { rows, activity, now }
}

const breeds = ['Labrador Retriever', 'Pit Bull Terrier', 'Domestic Shorthair', 'Beagle']
function firstFile(): ImportedAnimal[] {
  return Array.from({ length: 12 }, (_, n) =>
    importedAnimal(`E${String(n).padStart(2, '0')}`, {
      name: `Pet ${n}`,
      type: n % 3 === 2 ? 'cat' : 'dog',
      primaryBreed: breeds[n % breeds.length]!,
      secondaryBreed: n % 4 === 1 ? 'Boxer' : null,
      mixedBreed: n % 4 === 1,
      ageGroup: (['young', 'adult', 'senior'] as const)[n % 3],
      sex: n % 2 ? 'male' : 'female',
      size: n % 5 === 0 ? null : (['small', 'medium', 'large'] as const)[n % 3],
      primaryColor: n % 3 ? 'Black' : null,
      secondaryColor: n % 4 === 0 ? 'White' : null,
      coat: n % 2 ? 'short' : null,
      goodWithDogs: n % 2 ? 'yes' : 'no',
      houseTrained: n % 2 === 0,
      specialNeeds: n === 7,
      specialNeedsNotes: n === 7 ? 'Needs daily eye drops' : null,
      status: n === 3 ? 'pending' : n === 5 ? 'adopted' : 'available',
      photos: n % 3 === 0 ? [`https://photos.example.org/${n}/a.jpg`, `http://photos.example.org/${n}/b.jpg`] : [],
    }),
  )
}
/** Three changed (details, status, photos), two left out, two new. */
function secondFile(): ImportedAnimal[] {
  const animals = firstFile().filter((animal) => !['E10', 'E11'].includes(animal.externalId))
  const change = (id: string, fields: Partial<ImportedAnimal>) => {
    const index = animals.findIndex((animal) => animal.externalId === id)
    animals[index] = { ...animals[index]!, ...fields }
  }
  change('E01', { name: 'Renamed', description: 'A new description.', goodWithCats: 'yes' })
  change('E02', { status: 'adopted' })
  change('E03', { status: 'available', photos: ['https://photos.example.org/3/c.jpg', 'https://photos.example.org/3/a.jpg'] })
  change('E04', { photos: ['https://photos.example.org/4/new.jpg'] })
  change('E06', { photos: [] })
  change('E05', { status: 'available' })
  return [...animals, importedAnimal('N01', { type: 'cat', primaryBreed: 'Siamese' }), importedAnimal('N02', { status: 'pending' })]
}
/** An archived animal comes back as it was; the rest stays. */
function thirdFile(): ImportedAnimal[] {
  return [...secondFile(), firstFile().find((animal) => animal.externalId === 'E10')!]
}

async function scenario(shelter: Shelter) {
  const results = []
  let previous = new Map<string, Record<string, unknown>>()
  for (const [index, file] of [firstFile(), secondFile(), thirdFile(), thirdFile()].entries()) {
    const before = await tallies()
    const run = await importSnapshot(shelter, file)
    const tallied = difference(await tallies(), before)
    const { rows, activity, now } = await state(shelter, index + 1, previous)
    previous = now
    results.push({ run, tallied, rows, activity })
  }
  return results
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  const { rows } = await h.lb.db.query<{ definition: string }>(
    `select pg_get_functiondef('public.write_source_animals(public.sync_sources, jsonb)'::regprocedure) as definition`,
  )
  liveDefinition = `${rows[0]!.definition};`
}, 120_000)
afterAll(async () => {
  if (liveDefinition) await h?.lb.db.exec(liveDefinition)
  await h?.stop()
})

describe('an imported animal', () => {
  it('ends up the same through the set-based write as through the per-row one, import after import', async () => {
    const setBased = await scenario(await newShelter('Set-based Shelter'))
    await h.lb.db.exec(PER_ROW)
    let perRow
    try {
      perRow = await scenario(await newShelter('Per-row Shelter'))
    } finally {
      await h.lb.db.exec(liveDefinition)
    }
    // The scenario does what it says, so the comparison covers it.
    expect(setBased.map((step) => step.run)).toEqual([
      { status: 'succeeded', added: 12, updated: 0, unchanged: 0, removed: 0, failed: 0 },
      { status: 'succeeded', added: 2, updated: 6, unchanged: 4, removed: 2, failed: 0 },
      { status: 'succeeded', added: 0, updated: 1, unchanged: 12, removed: 0, failed: 0 },
      { status: 'succeeded', added: 0, updated: 0, unchanged: 13, removed: 0, failed: 0 },
    ])
    expect(setBased[0]!.rows.filter((animal) => animal.listed)).toHaveLength(11)
    expect(setBased[1]!.rows.find((animal) => animal.external_id === 'E03')!.photos).toHaveLength(2)
    expect(Object.keys(setBased[0]!.tallied).length).toBeGreaterThan(20)
    for (const [index, step] of perRow.entries()) {
      expect(setBased[index]!.run, `import ${index + 1}: the run`).toEqual(step.run)
      expect(setBased[index]!.rows, `import ${index + 1}: the animals`).toEqual(step.rows)
      expect(setBased[index]!.tallied, `import ${index + 1}: the tallies`).toEqual(step.tallied)
      expect(setBased[index]!.activity, `import ${index + 1}: the activity`).toEqual(step.activity)
    }
  })
})
