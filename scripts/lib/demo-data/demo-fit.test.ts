// The demo data reads true: every demo shelter sits at the address it states (within a mile of
// its ZIP code's point, a ZIP of its city and state), and every demo animal's words fit its
// type (no cat 'would prefer to be the only dog'). Runs the seed's drawing part (its temp
// tables) on PGlite, for the default demo and for one that uses every city.
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { milesBetween } from '#app/utils/location.server.ts'
import type { AnimalType } from '#app/utils/vocabulary.ts'
import { lookupZip, zipMatchesPlace } from '#app/utils/zip.server.ts'
import { CITIES } from '#scripts/lib/demo-data/cities.ts'
import { DEMO_DEFAULTS, demoSeedSql } from '#scripts/lib/demo-data/index.ts'

type DemoShelter = { name: string; city: string; state: string; zip: string; latitude: number; longitude: number }
type DemoAnimal = { name: string; type: AnimalType; description: string; special_needs_notes: string | null }

/** The seed's shelters and animals as drawn, before anything is inserted into the schema. */
async function drawDemo(shelters: number, animals: number): Promise<{ shelters: DemoShelter[]; animals: DemoAnimal[] }> {
  const db = await PGlite.create()
  try {
    const seed = demoSeedSql({ shelters, animals })
    const part = (from: string, to: string) => seed.slice(seed.indexOf(from), seed.indexOf(to))
    // Without the delete of earlier demo users (no auth schema here).
    await db.exec(
      part('create function pg_temp.demo_random', '-- Demo accounts have no password').replace(/^delete from auth\.users.*$/m, ''),
    )
    await db.exec(part('-- Breeds with their type', '-- The columns the animals trigger fills'))
    const drawnShelters = await db.query<DemoShelter>('select name, city, state, zip, latitude, longitude from demo_shelters order by n')
    const drawnAnimals = await db.query<DemoAnimal>('select name, type, description, special_needs_notes from demo_animals')
    return { shelters: drawnShelters.rows, animals: drawnAnimals.rows }
  } finally {
    await db.close()
  }
}

/**
 * Words that belong to some types only: a listing of any other type must not use them. Each
 * names what it is about; together they cover the sentences in words.ts.
 */
const WORDS_OF_TYPES: Array<{ words: RegExp; types: AnimalType[] }> = [
  { words: /\bonly dog\b|\bother dogs\b/i, types: ['dog'] },
  { words: /\bonly cat\b|\bother cats\b/i, types: ['cat'] },
  { words: /\bwalks?\b|\bfetch\b|\bwagging\b|\bsit for a treat\b|"sit"|\bleash\b/i, types: ['dog'] },
  { words: /\bpurrs?\b|\blap cat\b|\bwindowsills?\b/i, types: ['cat'] },
  { words: /\bbinkies\b|\bbunny\b/i, types: ['rabbit'] },
  { words: /\bperch(es)?\b|\bchirps?\b|\bflight feathers\b/i, types: ['bird'] },
  { words: /\btank\b|\bwater kept\b/i, types: ['other'] },
  { words: /\bbasking\b|\bshed\b|\bcalcium\b/i, types: ['reptile'] },
  { words: /\bfarrier\b|\bhooves\b|\bturnout\b/i, types: ['horse'] },
  { words: /\bstairs\b/i, types: ['dog', 'cat'] },
  { words: /\bhouse-trained\b/i, types: ['dog', 'cat', 'rabbit'] },
  { words: /\bvaccinations\b/i, types: ['dog', 'cat', 'rabbit', 'horse', 'barnyard'] },
  { words: /\bdogs\b|\bcats\b/i, types: ['dog', 'cat', 'rabbit', 'small-animal', 'horse', 'barnyard'] },
]

/** What in an animal's words does not fit its type: one line per misfit. */
function misfits(animals: DemoAnimal[]): string[] {
  return animals.flatMap((animal) => {
    // Without its name: a dog called Tank is no fish.
    const text = `${animal.description}\n${animal.special_needs_notes ?? ''}`.replaceAll(animal.name, '{name}')
    return WORDS_OF_TYPES.filter(({ words, types }) => words.test(text) && !types.includes(animal.type)).map(
      ({ words }) => `${animal.name} (${animal.type}) says ${words}: ${text}`,
    )
  })
}

async function misplaced(shelters: DemoShelter[]): Promise<string[]> {
  const wrong: string[] = []
  for (const shelter of shelters) {
    const zip = await lookupZip(shelter.zip)
    if (!zip || !(await zipMatchesPlace(zip, shelter.city, shelter.state))) {
      wrong.push(`${shelter.name}: ZIP ${shelter.zip} is not in ${shelter.city}, ${shelter.state}`)
      continue
    }
    const miles = milesBetween(shelter, zip)
    if (miles > 1) wrong.push(`${shelter.name}: ${miles.toFixed(1)} mi from ${shelter.city}, ${shelter.state} ${shelter.zip}`)
  }
  return wrong
}

describe('the default demo', () => {
  let demo: Awaited<ReturnType<typeof drawDemo>>
  beforeAll(async () => {
    demo = await drawDemo(DEMO_DEFAULTS.shelters, DEMO_DEFAULTS.animals)
  })

  it('puts every shelter at its stated address', async () => {
    expect(demo.shelters).toHaveLength(DEMO_DEFAULTS.shelters)
    expect(await misplaced(demo.shelters)).toEqual([])
  })

  it('describes every animal in words that fit its type', () => {
    expect(demo.animals).toHaveLength(DEMO_DEFAULTS.animals)
    // The rules have something to check: the demo has many types, and says whom they get along with.
    expect(new Set(demo.animals.map((animal) => animal.type)).size).toBeGreaterThanOrEqual(8)
    expect(demo.animals.some((animal) => /only dog/.test(animal.description))).toBe(true)
    expect(misfits(demo.animals)).toEqual([])
  })
})

describe('a larger demo, over every city', () => {
  let demo: Awaited<ReturnType<typeof drawDemo>>
  beforeAll(async () => {
    demo = await drawDemo(CITIES.length * 2, 3_000)
  })
  afterAll(() => undefined)

  it('puts every shelter of every city at its stated address', async () => {
    expect(new Set(demo.shelters.map((shelter) => shelter.zip)).size).toBe(CITIES.length)
    expect(await misplaced(demo.shelters)).toEqual([])
  })

  it('describes every animal, special needs included, in words that fit its type', () => {
    expect(demo.animals.filter((animal) => animal.special_needs_notes).length).toBeGreaterThan(100)
    expect(misfits(demo.animals)).toEqual([])
  })

  it('finds the misfits it is for', () => {
    const cat = {
      name: 'Luna',
      type: 'cat' as const,
      description: 'She would prefer to be the only dog in the home.',
      special_needs_notes: null,
    }
    const fish = {
      name: 'Bubbles',
      type: 'other' as const,
      description: 'Bubbles is up to date on vaccinations.',
      special_needs_notes: 'Short walks only.',
    }
    expect(misfits([cat, fish])).toHaveLength(3)
  })
})
