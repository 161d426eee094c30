// Meeting times in the shelter's own time zone, for the vetting pages and emails alike. No
// imports: the worker loads this file in plain Node.

/** The zones a US shelter picks from, in the order the form offers them. */
export const US_TIME_ZONES = [
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Phoenix', label: 'Arizona' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
] as const

const STATES_BY_ZONE: Record<(typeof US_TIME_ZONES)[number]['value'], string> = {
  'America/New_York': 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV',
  'America/Chicago': 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI',
  'America/Denver': 'CO ID MT NM UT WY',
  'America/Phoenix': 'AZ',
  'America/Los_Angeles': 'CA NV OR WA',
  'America/Anchorage': 'AK',
  'Pacific/Honolulu': 'HI',
  'America/Puerto_Rico': 'PR VI',
}

/** The zone most of a state keeps (a first guess the shelter can change); Eastern when unknown. */
export function timeZoneOfState(state: string | null | undefined): string {
  const code = state?.trim().toUpperCase() ?? ''
  const found = Object.entries(STATES_BY_ZONE).find(([, states]) => code.length === 2 && states.split(' ').includes(code))
  return found?.[0] ?? 'America/New_York'
}

/** "Tuesday, December 1, 2026 at 10:00 AM EST" */
export function formatMeetingTime(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(instant))
}

/**
 * The instant a wall-clock time ('2026-12-01T10:00', as a datetime-local field sends it) names
 * in a time zone; null when it is not a real time.
 */
export function zonedTimeToInstant(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const check = new Date(asUtc)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null
  // The zone's offset at that moment, found twice so a time near a DST change lands right.
  let instant = asUtc - offsetOf(asUtc, timeZone)
  instant = asUtc - offsetOf(instant, timeZone)
  return new Date(instant)
}

/** The wall-clock time of an instant in a zone, as a datetime-local field shows it. */
export function instantToZonedTime(instant: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

/** How far a zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetOf(instant: number, timeZone: string): number {
  const wall = instantToZonedTime(new Date(instant), timeZone)
  const [date, time] = wall.split('T') as [string, string]
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const seconds = new Date(instant).getUTCSeconds() * 1000 + new Date(instant).getUTCMilliseconds()
  return Date.UTC(year, month - 1, day, hour, minute) + seconds - instant
}
