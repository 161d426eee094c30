// Dates and times as people read them: in the reader's own time zone. The zone comes from the
// request (app/utils/client-hints.server.ts: the browser's own, from a cookie; else a fallback that
// is named on the page), so the server's HTML and the browser's render agree. Machines read
// UTC instead: `<time dateTime>`, the API, CSV exports. No imports: the worker's emails use it.

/** The zone a page is read in, and whether to say its name beside each time. */
export type ReaderZone = {
  timeZone: string
  /** True when the reader did not choose the zone (no hint from their browser): times name it. */
  labelled: boolean
}

/** The last resort: UTC, said beside each time. */
export const UTC_READER: ReaderZone = { timeZone: 'UTC', labelled: true }

/** Whether the runtime knows `value` as an IANA zone ('America/Los_Angeles', 'UTC'). */
export function isTimeZone(value: string | null | undefined): value is string {
  if (!value || value.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const formats = new Map<string, Intl.DateTimeFormat>()

function formatIn(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    formats.set(key, format)
  }
  return format
}

/** dateStyle and timeStyle do not mix with timeZoneName, so a labelled time spells them out. */
const MEDIUM_DATE = { month: 'short', day: 'numeric', year: 'numeric' } as const
const LONG_DATE = { month: 'long', day: 'numeric', year: 'numeric' } as const
const SHORT_TIME = { hour: 'numeric', minute: '2-digit' } as const

/**
 * 'Nov 28, 2026, 6:05 PM' in the reader's zone; 'Nov 28, 2026, 2:05 AM UTC' (or '… PST') when
 * the zone is a fallback the reader did not choose.
 */
export function formatDateTime(instant: string | Date, zone: ReaderZone): string {
  const options: Intl.DateTimeFormatOptions = { ...MEDIUM_DATE, ...SHORT_TIME, ...(zone.labelled ? { timeZoneName: 'short' } : {}) }
  return formatIn(zone.timeZone, options).format(new Date(instant))
}

/** 'November 29, 2026 at 2:05 AM UTC': always names the zone (emails, where the zone is a guess). */
export function formatLongDateTime(instant: string | Date, timeZone: string): string {
  const at = new Date(instant)
  const date = formatIn(timeZone, LONG_DATE).format(at)
  const time = formatIn(timeZone, { ...SHORT_TIME, timeZoneName: 'short' }).format(at)
  return `${date} at ${time}`
}

/** 'November 21, 2026' (long) or 'Nov 21, 2026' (medium): the day it was in the reader's zone. */
export function formatDate(instant: string | Date, zone: ReaderZone, style: 'long' | 'medium' = 'long'): string {
  return formatIn(zone.timeZone, style === 'long' ? LONG_DATE : MEDIUM_DATE).format(new Date(instant))
}

/** The calendar day `instant` falls on in `timeZone`, as a count of days since 1970-01-01. */
function dayNumber(instant: Date, timeZone: string): number {
  const parts = formatIn(timeZone, { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000
}

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`

/**
 * How a deadline reads on the team's lists, by calendar days in the reader's zone: 'due in 2 days',
 * 'due today', 'overdue today' (passed earlier today), 'overdue by 1 day'.
 */
export function formatDue(due: string | Date, now: string | Date, zone: ReaderZone): string {
  const dueAt = new Date(due)
  const at = new Date(now)
  const ahead = dayNumber(dueAt, zone.timeZone) - dayNumber(at, zone.timeZone)
  if (dueAt.getTime() <= at.getTime()) return ahead < 0 ? `overdue by ${days(-ahead)}` : 'overdue today'
  return ahead > 0 ? `due in ${days(ahead)}` : 'due today'
}
