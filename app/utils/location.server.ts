// What a visitor types in a location box ('10001', 'Austin, TX', 'st. louis mo', 'Brooklyn') as
// a point on the map, from the offline ZIP table (app/utils/zip.server.ts) and the city
// gazetteer (app/utils/gazetteer.server.ts). Nothing leaves the server.
import { closestPlace, placesNamed, type GazetteerPlace } from '#app/utils/gazetteer.server.ts'
import { loadZipTable, lookupZip } from '#app/utils/zip.server.ts'

export type ResolvedLocation = { latitude: number; longitude: number; label: string }

/** Several places have the name typed: 'Springfield' → ['Springfield, MO', 'Springfield, MA', …]. */
export type PlaceChoices = { name: string; choices: string[] }

export type LocationLookup =
  | { kind: 'none' }
  | { kind: 'place'; place: ResolvedLocation }
  | ({ kind: 'ambiguous' } & PlaceChoices)
  /** `suggestion`: the known place nearest in spelling ('Sna Diego' → 'San Diego, CA'), or null. */
  | { kind: 'unknown'; suggestion: string | null }

/**
 * A city alone is taken to mean its largest namesake when that has at least this many times the
 * people of the largest one in any other state: 'Portland' is Portland, OR (9×), 'Kansas City'
 * is Kansas City, MO (3.1×), but 'Springfield' (MO 1.1× MA) and 'Arlington' (TX 1.9× VA) ask.
 */
export const DOMINANT_POPULATION_RATIO = 3
/**
 * A name alone counts only when its largest namesake has this many people: below that it is
 * more often a word or a misspelling ('Atlantis' is a town of 2,000 in Florida) than the town,
 * and the unknown-location message asks for the state, which finds any town.
 */
export const MIN_POPULATION_ALONE = 10_000
/** The choices offered for an ambiguous name, largest first (Springfield has 20 of them). */
export const MAX_PLACE_CHOICES = 10

/** 'Austin, TX' / 'Austin TX' / 'austin,tx' → ['Austin', 'TX']; anything else → null. */
export function splitCityState(text: string): { city: string; state: string } | null {
  const match = /^\s*(\p{L}[\p{L} .'‘’ʻ-]*?)\s*(?:,\s*|\s+)(\p{L}\.?\p{L})\.?\s*(?:\d{5})?\s*$/u.exec(text)
  if (!match || !/^[a-z]\.?[a-z]$/i.test(match[2]!)) return null
  const city = match[1]!
    .replace(/\s+/g, ' ')
    .replace(/^(st|ste)\.?\s/i, (_, word: string) => (word.toLowerCase() === 'st' ? 'Saint ' : 'Sainte '))
    .replace(/^ft\.?\s/i, 'Fort ')
    .replace(/^mt\.?\s/i, 'Mount ')
    .trim()
  return { city, state: match[2]!.replace('.', '').toUpperCase() }
}

// What a city alone may look like: letters, spaces and the punctuation of place names.
const PLACE_NAME = /^\p{L}[\p{L} .'‘’ʻ-]{0,59}$/u

const placeOf = (place: GazetteerPlace): ResolvedLocation => ({
  latitude: place.latitude,
  longitude: place.longitude,
  label: `${place.name}, ${place.state}`,
})

/** A city the gazetteer lacks: the middle of its ZIP codes (their mean), as before the gazetteer. */
async function middleOfZipCodes(city: string, state: string): Promise<ResolvedLocation | null> {
  const zipcodes = await loadZipTable()
  const records = zipcodes
    .lookupByName(city, state)
    .filter((record) => record.country === 'US' && Number.isFinite(record.latitude) && Number.isFinite(record.longitude))
  if (!records.length) return null
  const latitude = records.reduce((sum, record) => sum + record.latitude, 0) / records.length
  const longitude = records.reduce((sum, record) => sum + record.longitude, 0) / records.length
  return { latitude, longitude, label: `${records[0]!.city}, ${records[0]!.state}` }
}

/**
 * What the text names: a 5-digit ZIP's own point; a 'City, ST' at the city's own coordinates
 * (the largest of that name in the state); a city alone when one place of that name clearly
 * dominates (DOMINANT_POPULATION_RATIO, MIN_POPULATION_ALONE), else the choices; or unknown.
 */
export async function lookupLocation(text: string | undefined): Promise<LocationLookup> {
  const input = text?.trim() ?? ''
  if (!input) return { kind: 'none' }
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(input)?.[1]
  if (zip) {
    const place = await lookupZip(zip)
    return place
      ? {
          kind: 'place',
          place: { latitude: place.latitude, longitude: place.longitude, label: `${place.city}, ${place.state} ${place.zip}` },
        }
      : { kind: 'unknown', suggestion: null }
  }
  const parts = splitCityState(input)
  if (parts) {
    const inState = (await placesNamed(parts.city)).find((place) => place.state === parts.state)
    const place = inState ? placeOf(inState) : await middleOfZipCodes(parts.city, parts.state)
    if (place) return { kind: 'place', place }
    // Neither table knows it as a city and state; the whole text may still name a city alone.
  }
  const unknown = async (): Promise<LocationLookup> => ({ kind: 'unknown', suggestion: await suggestPlace(input, parts) })
  if (!PLACE_NAME.test(input)) return unknown()
  // One per state, the largest: 'Springfield, PA' means that one, so a choice says no more.
  const largestInState = new Map<string, GazetteerPlace>()
  for (const place of await placesNamed(input)) if (!largestInState.has(place.state)) largestInState.set(place.state, place)
  const places = [...largestInState.values()]
  const [largest, runnerUp] = places
  if (!largest || largest.population < MIN_POPULATION_ALONE) return unknown()
  if (!runnerUp || largest.population >= DOMINANT_POPULATION_RATIO * runnerUp.population) return { kind: 'place', place: placeOf(largest) }
  return { kind: 'ambiguous', name: largest.name, choices: places.slice(0, MAX_PLACE_CHOICES).map((place) => placeOf(place).label) }
}

/**
 * A place for a location nobody knows, spelt nearly the same: in the state typed ('Sna Diego,
 * CA'), or for a name alone one large enough to be found alone (MIN_POPULATION_ALONE). As
 * 'City, ST', which always finds that one place.
 */
async function suggestPlace(input: string, parts: { city: string; state: string } | null): Promise<string | null> {
  const place = parts
    ? await closestPlace(parts.city, { state: parts.state })
    : PLACE_NAME.test(input)
      ? await closestPlace(input, { minPopulation: MIN_POPULATION_ALONE })
      : null
  return place ? placeOf(place).label : null
}

/** The one place the text names, or null (nothing typed, unknown, or several places). */
export async function resolveLocation(text: string | undefined): Promise<ResolvedLocation | null> {
  const found = await lookupLocation(text)
  return found.kind === 'place' ? found.place : null
}

/** Great-circle miles between two points (the sphere earthdistance uses, in miles). */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radiusMiles = 6378168 / 1609.344
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = toRadians(b.latitude - a.latitude)
  const dLon = toRadians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * radiusMiles * Math.asin(Math.min(1, Math.sqrt(h)))
}
