// US ZIP codes to coordinates, from the `zipcodes` package's offline table (about 42,000
// US ZIPs, PO boxes included). See docs/decisions/004-zip-geocoding.md.

export type ZipLocation = { zip: string; latitude: number; longitude: number; city: string; state: string }

/**
 * Where a 5-digit US ZIP code is, or null when the table does not know it. The table
 * (about 5 MB of JavaScript) loads on the first call, not when the server starts.
 */
export async function lookupZip(zip: string): Promise<ZipLocation | null> {
  if (!/^\d{5}$/.test(zip)) return null
  const { default: zipcodes } = await import('zipcodes')
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
  const { default: zipcodes } = await import('zipcodes')
  return zipcodes.lookupByName(city.trim(), place.state).some((record) => record.zip === place.zip)
}
