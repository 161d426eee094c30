import { describe, expect, it } from 'vitest'
import { formatMeetingTime, instantToZonedTime, timeZoneOfState, zonedTimeToInstant } from '#app/utils/meeting-times.ts'

describe('meeting times', () => {
  it('reads a wall-clock time in the shelter zone, in winter and summer', () => {
    expect(zonedTimeToInstant('2026-12-01T10:00', 'America/New_York')?.toISOString()).toBe('2026-12-01T15:00:00.000Z')
    expect(zonedTimeToInstant('2027-07-01T10:00', 'America/New_York')?.toISOString()).toBe('2027-07-01T14:00:00.000Z')
    expect(zonedTimeToInstant('2026-12-01T10:00', 'Pacific/Honolulu')?.toISOString()).toBe('2026-12-01T20:00:00.000Z')
    // The day clocks go back (first Sunday of November 2026 is the 1st): 10:00 is after the change.
    expect(zonedTimeToInstant('2026-11-01T10:00', 'America/Chicago')?.toISOString()).toBe('2026-11-01T16:00:00.000Z')
  })

  it('refuses times that do not exist', () => {
    expect(zonedTimeToInstant('2026-02-30T10:00', 'America/New_York')).toBeNull()
    expect(zonedTimeToInstant('2026-12-01T25:00', 'America/New_York')).toBeNull()
    expect(zonedTimeToInstant('tomorrow', 'America/New_York')).toBeNull()
  })

  it('shows an instant in the zone, and back', () => {
    expect(formatMeetingTime('2026-12-01T15:00:00Z', 'America/New_York')).toBe('Tuesday, December 1, 2026 at 10:00 AM EST')
    expect(instantToZonedTime('2027-07-01T14:00:00Z', 'America/New_York')).toBe('2027-07-01T10:00')
  })
})

describe('timeZoneOfState', () => {
  it('guesses the zone most of the state keeps, Eastern when it cannot tell', () => {
    expect(timeZoneOfState('TX')).toBe('America/Chicago')
    expect(timeZoneOfState('az')).toBe('America/Phoenix')
    expect(timeZoneOfState('CA')).toBe('America/Los_Angeles')
    expect(timeZoneOfState(null)).toBe('America/New_York')
    expect(timeZoneOfState('XX')).toBe('America/New_York')
  })
})
