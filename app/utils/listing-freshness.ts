// How a listing says when its status was last confirmed and how (the animal page and its card):
// 'Confirmed 12 minutes ago · synced from Shelterluv', 'Updated by the shelter 3 days ago'.
// No server-only imports: the line is written on the server, the type read by components.

/** How a listing's status was last confirmed: saved by its team, seen by a sync, or answered from the email's links. */
export const CONFIRMATION_WAYS = ['shelter', 'sync', 'email'] as const

export type ListingFreshness = {
  confirmed_at: string
  confirmed_via: (typeof CONFIRMATION_WAYS)[number]
  source_kind: string | null
  source_format: string | null
  stale: boolean
}

/** Whom a sync confirmed it from, by the source's kind (and a file's format). */
const SOURCE_NAMES: Record<string, string> = {
  shelterluv: 'Shelterluv',
  rescuegroups: 'RescueGroups',
  asm3: 'ShelterManager ASM3',
  feed: 'the shelter’s feed',
  api: 'the shelter’s software',
}
const FORMAT_NAMES: Record<string, string> = {
  petfinder: 'a Petfinder file',
  adoptapet: 'an Adopt-a-Pet file',
  rescuegroups: 'a RescueGroups file',
  'asm3-json': 'ShelterManager ASM3',
}

function sourceName(kind: string | null, format: string | null): string {
  if (kind && SOURCE_NAMES[kind]) return SOURCE_NAMES[kind]
  return (format && FORMAT_NAMES[format]) || 'the shelter’s software'
}

const UNITS: Array<[limitSeconds: number, seconds: number, unit: string]> = [
  [60 * 60, 60, 'minute'],
  [24 * 60 * 60, 60 * 60, 'hour'],
  [60 * 24 * 60 * 60, 24 * 60 * 60, 'day'],
  [Infinity, 30 * 24 * 60 * 60, 'month'],
]

/** '12 minutes ago', '1 day ago', 'just now' (under a minute, or a clock a little ahead). */
export function timeAgo(at: string | Date, now: Date): string {
  const seconds = (now.getTime() - new Date(at).getTime()) / 1000
  if (seconds < 60) return 'just now'
  for (const [limit, size, unit] of UNITS) {
    if (seconds < limit) {
      const count = Math.floor(seconds / size)
      return `${count} ${unit}${count === 1 ? '' : 's'} ago`
    }
  }
  return 'long ago'
}

/** The line under the animal’s name, from its page's read or its result card. */
export function freshnessLine(
  freshness: Pick<ListingFreshness, 'confirmed_at' | 'source_kind' | 'source_format'> & { confirmed_via: string },
  now: Date,
): string {
  const ago = timeAgo(freshness.confirmed_at, now)
  if (freshness.confirmed_via === 'sync')
    return `Confirmed ${ago} · synced from ${sourceName(freshness.source_kind, freshness.source_format)}`
  if (freshness.confirmed_via === 'email') return `Confirmed by the shelter ${ago}`
  return `Updated by the shelter ${ago}`
}
