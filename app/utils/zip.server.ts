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
