import { describe, expect, it } from 'vitest'
import { UTC_READER, formatDate, formatDateTime, formatDue, formatLongDateTime, isTimeZone } from '#app/utils/date-time.ts'

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

describe('deadlines on the team’s lists', () => {
  const NOW = '2026-11-29T15:00:00Z'
  const LA = { timeZone: 'America/Los_Angeles', labelled: false }

  it('counts calendar days ahead, and days past once the deadline has gone', () => {
    expect(formatDue('2026-12-01T15:00:00Z', NOW, UTC_READER)).toBe('due in 2 days')
    expect(formatDue('2026-11-30T01:00:00Z', NOW, UTC_READER)).toBe('due in 1 day')
    expect(formatDue('2026-11-29T23:00:00Z', NOW, UTC_READER)).toBe('due today')
    expect(formatDue('2026-11-29T09:00:00Z', NOW, UTC_READER)).toBe('overdue today')
    expect(formatDue('2026-11-28T16:00:00Z', NOW, UTC_READER)).toBe('overdue by 1 day')
    expect(formatDue('2026-11-25T16:00:00Z', NOW, UTC_READER)).toBe('overdue by 4 days')
  })

  it('counts the days where the reader is', () => {
    // 01:00 UTC on the 30th is still the 29th in Los Angeles (7 AM, 5 PM the day before).
    expect(formatDue('2026-11-30T01:00:00Z', NOW, LA)).toBe('due today')
    expect(formatDue('2026-11-29T07:00:00Z', '2026-11-29T09:00:00Z', LA)).toBe('overdue by 1 day')
  })
})
