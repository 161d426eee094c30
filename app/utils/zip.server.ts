// US ZIP codes to coordinates, from the `zipcodes` package's offline table (about 42,000
// US ZIPs, PO boxes included). See docs/decisions/004-zip-geocoding.md.
import type zipcodesModule from 'zipcodes'

export type ZipLocation = { zip: string; latitude: number; longitude: number; city: string; state: string }

type ZipTable = typeof zipcodesModule
let zipTable: Promise<ZipTable> | undefined

/**
 * The table, loaded on the first call (about 5 MB of JavaScript), not when the server starts.
 * The promise is kept: a dynamic import() of a module already loaded still goes through the
 * module loader's resolution on every call, a measurable part of a search page's time.
 */
export function loadZipTable(): Promise<ZipTable> {
  return (zipTable ??= import('zipcodes').then((module) => module.default))
}

/** Where a 5-digit US ZIP code is, or null when the table does not know it. */
export async function lookupZip(zip: string): Promise<ZipLocation | null> {
  if (!/^\d{5}$/.test(zip)) return null
  const zipcodes = await loadZipTable()
  const record = zipcodes.lookup(zip)
  // The package also holds Canadian postal codes; only US ZIPs are ours.
  if (!record || record.country !== 'US' || !Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) return null
  return { zip: record.zip, latitude: record.latitude, longitude: record.longitude, city: record.city, state: record.state }
}

/** A city name as the ZIP table writes it: case, dots, hyphens and 'Saint'/'Fort'/'Mount' aside. */
function cityKey(city: string): string {
  return city
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[-\s]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bfort\b/g, 'ft')
    .replace(/\bmount\b/g, 'mt')
    .trim()
}

/**
 * Whether a ZIP code's place agrees with the city and state typed beside it: the state is the
 * ZIP's, and the city is the ZIP's own name or one the table files this ZIP under in that
 * state. A blank city or state is not compared.
 */
export async function zipMatchesPlace(place: ZipLocation, city: string | undefined, state: string | undefined): Promise<boolean> {
  if (state && state.toUpperCase() !== place.state.toUpperCase()) return false
  if (!city) return true
  if (cityKey(city) === cityKey(place.city)) return true
  const zipcodes = await loadZipTable()
  return zipcodes.lookupByName(city.trim(), place.state).some((record) => record.zip === place.zip)
}
