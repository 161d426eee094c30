import { describe, expect, it } from 'vitest'
import { UTC_READER, formatDate, formatDateTime, formatLongDateTime, isTimeZone } from '#app/utils/date-time.ts'

const AT = '2026-11-28T02:05:00.000Z'

describe('dates and times in the reader’s zone', () => {
  it('shows a time in the zone the browser told, without naming it', () => {
    expect(formatDateTime(AT, { timeZone: 'America/Los_Angeles', labelled: false })).toBe('Nov 27, 2026, 6:05 PM')
    expect(formatDateTime(AT, { timeZone: 'America/New_York', labelled: false })).toBe('Nov 27, 2026, 9:05 PM')
  })

  it('names the zone when the reader did not choose it', () => {
    expect(formatDateTime(AT, UTC_READER)).toBe('Nov 28, 2026, 2:05 AM UTC')
    expect(formatDateTime(AT, { timeZone: 'America/Chicago', labelled: true })).toBe('Nov 27, 2026, 8:05 PM CST')
  })

  it('follows daylight saving time', () => {
    expect(formatDateTime('2026-07-01T19:00:00Z', { timeZone: 'America/Los_Angeles', labelled: true })).toBe('Jul 1, 2026, 12:00 PM PDT')
  })

  it('gives the day it was where the reader is', () => {
    expect(formatDate(AT, UTC_READER)).toBe('November 28, 2026')
    expect(formatDate(AT, { timeZone: 'America/Los_Angeles', labelled: false })).toBe('November 27, 2026')
    expect(formatDate(AT, { timeZone: 'Pacific/Honolulu', labelled: false }, 'medium')).toBe('Nov 27, 2026')
  })

  it('spells an email’s time out and always names its zone', () => {
    expect(formatLongDateTime('2026-11-29T02:05:00Z', 'UTC')).toBe('November 29, 2026 at 2:05 AM UTC')
    expect(formatLongDateTime('2026-11-29T02:05:00Z', 'America/New_York')).toBe('November 28, 2026 at 9:05 PM EST')
  })

  it('knows a real zone from anything else a cookie may hold', () => {
    expect(isTimeZone('America/Los_Angeles')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isTimeZone('')).toBe(false)
    expect(isTimeZone(null)).toBe(false)
  })
})
