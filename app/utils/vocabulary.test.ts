// The vocabulary and the database say the same thing: a freshly migrated database's check
// constraints (read from the catalog) and the lists its search functions carry hold exactly
// the module's values, so a value added on one side only fails here.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { animalCategories } from '#app/content/animal-categories.ts'
import { heroSelectOptions, heroTypes } from '#app/content/animals.ts'
import { bootstrap, openDatabase, type Database } from '#localbase/src/db.ts'
import { searchTypes, typeOptions } from '#app/utils/search-params.ts'
import {
  AGE_GROUPS,
  ANIMAL_STATUSES,
  ANIMAL_TYPE_PLURAL_LABELS,
  ANIMAL_TYPES,
  COATS,
  COATS_BY_TYPE,
  GOOD_WITH,
  GOOD_WITH_ANSWERS,
  MEMBER_ROLES,
  SEXES,
  SHELTER_TYPES,
  SHELTER_TYPE_LABELS,
  SIZES,
  VETTING_STATUSES,
  animalNoun,
  animalTypesOffered,
} from '#app/utils/vocabulary.ts'
import { APPLICATION_STAGES, APPLICATION_STATUSES } from '#app/utils/application-vocabulary.ts'
import { CONFIRMATION_WAYS } from '#app/utils/listing-freshness.ts'

const projectRoot = path.resolve(import.meta.dirname, '../..')

/** The quoted values of a definition or function body ("'dog'::text, 'cat'" → dog, cat). */
const quoted = (text: string) => [...text.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replace(/''/g, "'"))
const sorted = (values: readonly string[]) => [...values].sort()

describe('the vocabulary and the database', () => {
  let db: Database
  beforeAll(async () => {
    db = await openDatabase(undefined)
    await bootstrap(db, { migrationsDir: path.join(projectRoot, 'supabase/migrations') })
  })
  afterAll(async () => {
    await db?.close()
  })

  it('allows exactly the module\u2019s values in every listed-values column', async () => {
    // A column's own check constraint, or the check of the vocabulary domain it is typed by.
    const { rows } = await db.query<{ relname: string; attname: string; definition: string }>(`
      select cl.relname, a.attname, pg_get_constraintdef(c.oid) as definition
        from pg_class cl
        join pg_attribute a on a.attrelid = cl.oid and a.attnum > 0 and not a.attisdropped
        join pg_constraint c
          on (c.conrelid = cl.oid and c.contype = 'c' and c.conkey = array[a.attnum]) or c.contypid = a.atttypid
       where cl.relnamespace = 'public'::regnamespace and cl.relkind = 'r'
         and cl.relname in ('animals', 'shelter_profiles', 'shelter_members', 'vetting_requests', 'applications')`)
    const lists = Object.fromEntries(
      rows
        .filter((row) => /= ANY \(ARRAY\[/.test(row.definition))
        .map((row) => [`${row.relname}.${row.attname}`, sorted(quoted(row.definition))]),
    )
    expect(lists).toEqual({
      'animals.type': sorted(ANIMAL_TYPES),
      'animals.age_group': sorted(AGE_GROUPS),
      'animals.sex': sorted(SEXES),
      'animals.size': sorted(SIZES),
      'animals.coat': sorted(COATS),
      ...Object.fromEntries(GOOD_WITH.map((goodWith) => [`animals.good_with_${goodWith}`, sorted(GOOD_WITH_ANSWERS)])),
      'animals.status': sorted(ANIMAL_STATUSES),
      'animals.confirmed_via': sorted(CONFIRMATION_WAYS),
      'shelter_profiles.shelter_type': sorted(SHELTER_TYPES),
      'shelter_members.role': sorted(MEMBER_ROLES),
      'vetting_requests.organization_type': sorted(SHELTER_TYPES),
      'vetting_requests.status': sorted(VETTING_STATUSES),
      'applications.status': sorted(APPLICATION_STATUSES),
      'applications.stage': sorted(APPLICATION_STAGES),
    })
  })

  it('ranks the team roles in the module\u2019s order', async () => {
    const { rows } = await db.query<{ role: string }>(
      `select role from unnest($1::text[]) as role order by public.shelter_role_rank(role) desc`,
      [[...MEMBER_ROLES].reverse()],
    )
    expect(rows.map((row) => row.role)).toEqual([...MEMBER_ROLES])
  })

  it('counts every type, in the module\u2019s order', async () => {
    const { rows } = await db.query<{ type: string }>('select type from public.animal_type_counts()')
    expect(rows.map((row) => row.type)).toEqual([...ANIMAL_TYPES])
  })

  it('searches with the module\u2019s values: the one normaliser of every search knows each of them', async () => {
    const { rows } = await db.query<{ source: string }>(
      `select prosrc as source from pg_proc where proname = 'search_filter_from' and pronamespace = 'public'::regnamespace`,
    )
    const source = rows[0]!.source
    const list = (pattern: RegExp) => quoted(source.match(pattern)?.[1] ?? '')
    expect(list(/f\.types := array\[([^\]]*)\]/)).toEqual([...ANIMAL_TYPES])
    expect(sorted(list(/'age' in \(([^)]*)\)/))).toEqual(sorted(AGE_GROUPS))
    expect(sorted(list(/'size' in \(([^)]*)\)/))).toEqual(sorted(SIZES))
    expect(sorted(list(/'sex' in \(([^)]*)\)/))).toEqual(sorted(SEXES))
    expect(sorted(list(/'coat'\)\) in \(([^)]*)\)/))).toEqual(sorted(COATS))
    expect(sorted([...source.matchAll(/'good_with' \? '(\w+)'/g)].map((match) => match[1]!))).toEqual(sorted(GOOD_WITH))
  })
})

describe('the order types are offered in', () => {
  it('puts a page\u2019s own types first and every other type after them, Other last', () => {
    expect(animalTypesOffered(['dog', 'cat', 'rabbit', 'bird', 'other'])).toEqual([
      'dog',
      'cat',
      'rabbit',
      'bird',
      'small-animal',
      'reptile',
      'horse',
      'barnyard',
      'other',
    ])
    expect(animalTypesOffered(['dog', 'cat', 'rabbit', 'reptile', 'other'])).toEqual([
      'dog',
      'cat',
      'rabbit',
      'reptile',
      'bird',
      'small-animal',
      'horse',
      'barnyard',
      'other',
    ])
    expect(sorted(animalTypesOffered([]))).toEqual(sorted(ANIMAL_TYPES))
  })

  it('offers on the home page every type /search offers, the spec\u2019s lists first', () => {
    const home = heroSelectOptions.map((option) => option.value)
    expect(home.slice(0, heroTypes.length)).toEqual(['', ...heroTypes.filter((type) => type !== 'other')])
    expect(sorted(home.filter(Boolean))).toEqual(sorted(typeOptions.map((option) => option.value)))
    expect(typeOptions.slice(0, searchTypes.length - 1).map((option) => option.value)).toEqual(
      searchTypes.filter((type) => type !== 'other'),
    )
    expect(heroSelectOptions.map((option) => option.label)).toEqual([
      'Any',
      'Dog',
      'Cat',
      'Rabbit',
      'Reptile',
      'Bird',
      'Small animal',
      'Horse',
      'Barnyard',
      'Other',
    ])
  })
})

describe('the words', () => {
  it('names the categories with the plural labels', () => {
    for (const category of animalCategories) expect(category.name).toBe(ANIMAL_TYPE_PLURAL_LABELS[category.type])
  })

  it('writes shelter types as the spec says: underscore replaced by a space, every word capitalised', () => {
    for (const type of SHELTER_TYPES) {
      expect(SHELTER_TYPE_LABELS[type]).toBe(
        type
          .split('_')
          .map((word) => word[0]!.toUpperCase() + word.slice(1))
          .join(' '),
      )
    }
  })

  it('has a noun for every type and only market coats per type', () => {
    expect(ANIMAL_TYPES.map(animalNoun)).toEqual([
      'Dog',
      'Cat',
      'Rabbit',
      'Bird',
      'Small animal',
      'Reptile',
      'Horse',
      'Barnyard animal',
      'Other animal',
    ])
    for (const type of ANIMAL_TYPES) for (const coat of COATS_BY_TYPE[type]) expect(COATS).toContain(coat)
  })
})
