// What a visitor types in a location box ('10001', 'Austin, TX', 'st. louis mo') as a point
// on the map, from the offline ZIP table (app/utils/zip.server.ts). Nothing leaves the server.
import { lookupZip } from './zip.server'

export type ResolvedLocation = { latitude: number; longitude: number; label: string }

/** 'Austin, TX' / 'Austin TX' / 'austin,tx' → ['Austin', 'TX']; anything else → null. */
export function splitCityState(text: string): { city: string; state: string } | null {
  const match = /^\s*([a-z][a-z .'-]*?)\s*(?:,\s*|\s+)([a-z]{2})\s*(?:\d{5})?\s*$/i.exec(text)
  if (!match) return null
  const city = match[1]!
    .replace(/\s+/g, ' ')
    .replace(/^(st|ste)\.?\s/i, (_, word: string) => (word.toLowerCase() === 'st' ? 'Saint ' : 'Sainte '))
    .replace(/^ft\.?\s/i, 'Fort ')
    .replace(/^mt\.?\s/i, 'Mount ')
    .trim()
  return { city, state: match[2]!.toUpperCase() }
}

/**
 * Where a 5-digit ZIP or a 'City, ST' is: a ZIP's own point, a city's middle (the mean of its
 * ZIP codes). Null when the table does not know the place.
 */
export async function resolveLocation(text: string | undefined): Promise<ResolvedLocation | null> {
  const input = text?.trim() ?? ''
  if (!input) return null
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(input)?.[1]
  if (zip) {
    const place = await lookupZip(zip)
    return place ? { latitude: place.latitude, longitude: place.longitude, label: `${place.city}, ${place.state} ${place.zip}` } : null
  }
  const parts = splitCityState(input)
  if (!parts) return null
  const { default: zipcodes } = await import('zipcodes')
  const records = zipcodes
    .lookupByName(parts.city, parts.state)
    .filter((record) => record.country === 'US' && Number.isFinite(record.latitude) && Number.isFinite(record.longitude))
  if (!records.length) return null
  const latitude = records.reduce((sum, record) => sum + record.latitude, 0) / records.length
  const longitude = records.reduce((sum, record) => sum + record.longitude, 0) / records.length
  return { latitude, longitude, label: `${records[0]!.city}, ${records[0]!.state}` }
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
