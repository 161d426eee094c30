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
