import { describe, expect, it } from 'vitest'
import { freshnessLine, timeAgo } from '#app/utils/listing-freshness.ts'

const NOW = new Date('2026-11-29T12:00:00Z')
const before = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString()

describe('timeAgo', () => {
  it('says minutes, hours, days and months, in the singular for one', () => {
    expect(timeAgo(before(30), NOW)).toBe('just now')
    expect(timeAgo(before(-90), NOW)).toBe('just now')
    expect(timeAgo(before(60), NOW)).toBe('1 minute ago')
    expect(timeAgo(before(12 * 60 + 59), NOW)).toBe('12 minutes ago')
    expect(timeAgo(before(3 * 3600), NOW)).toBe('3 hours ago')
    expect(timeAgo(before(24 * 3600), NOW)).toBe('1 day ago')
    expect(timeAgo(before(45 * 24 * 3600), NOW)).toBe('45 days ago')
    expect(timeAgo(before(90 * 24 * 3600), NOW)).toBe('3 months ago')
  })
})

describe('freshnessLine', () => {
  const base = { source_kind: null, source_format: null, stale: false }
  it('names the sync source, the shelter, or the shelter’s one-click answer', () => {
    expect(freshnessLine({ ...base, confirmed_at: before(12 * 60), confirmed_via: 'sync', source_kind: 'shelterluv' }, NOW)).toBe(
      'Confirmed 12 minutes ago · synced from Shelterluv',
    )
    expect(
      freshnessLine({ ...base, confirmed_at: before(3600), confirmed_via: 'sync', source_kind: 'upload', source_format: 'petfinder' }, NOW),
    ).toBe('Confirmed 1 hour ago · synced from a Petfinder file')
    expect(freshnessLine({ ...base, confirmed_at: before(3 * 86400), confirmed_via: 'shelter' }, NOW)).toBe(
      'Updated by the shelter 3 days ago',
    )
    expect(freshnessLine({ ...base, confirmed_at: before(86400), confirmed_via: 'email' }, NOW)).toBe('Confirmed by the shelter 1 day ago')
  })
})
