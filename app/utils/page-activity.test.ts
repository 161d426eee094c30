import { describe, expect, it, vi } from 'vitest'
import { createActivityBuffer, createDailyDedupe, easternDay, isCountable, pageId, type ActivityBatch } from '#app/utils/page-activity.ts'
import { takeLogged } from '#tests/setup/logged.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const ID = '6f1c8d3e-2b4a-4c5d-9e8f-0a1b2c3d4e5f'

function beacon(headers: Record<string, string>) {
  return new Request(`http://localhost/resources/view?animal=${ID}`, { headers })
}

describe('isCountable', () => {
  it('counts a browser on our own page, and a browser that does not say where it is', () => {
    expect(isCountable(beacon({ 'user-agent': CHROME, 'sec-fetch-site': 'same-origin' }))).toBe(true)
    expect(isCountable(beacon({ 'user-agent': CHROME }))).toBe(true)
  })

  it('leaves out bots, empty user agents, other sites, typed addresses and prefetches', () => {
    expect(isCountable(beacon({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }))).toBe(false)
    expect(isCountable(beacon({ 'user-agent': 'curl/8.5.0' }))).toBe(false)
    expect(isCountable(beacon({}))).toBe(false)
    expect(isCountable(beacon({ 'user-agent': CHROME, 'sec-fetch-site': 'cross-site' }))).toBe(false)
    expect(isCountable(beacon({ 'user-agent': CHROME, 'sec-fetch-site': 'none' }))).toBe(false)
    expect(isCountable(beacon({ 'user-agent': CHROME, 'sec-purpose': 'prefetch' }))).toBe(false)
  })
})

describe('pageId', () => {
  it('takes a uuid and nothing else', () => {
    expect(pageId(ID.toUpperCase())).toBe(ID)
    expect(pageId(`${ID}' or 1=1`)).toBeNull()
    expect(pageId(null)).toBeNull()
  })
})

describe('createDailyDedupe', () => {
  const noon = Date.parse('2026-11-26T17:00:00Z')

  it('counts an address once per page and kind a day', () => {
    const dedupe = createDailyDedupe()
    expect(dedupe.first('203.0.113.5', 'animal-view', ID, noon)).toBe(true)
    expect(dedupe.first('203.0.113.5', 'animal-view', ID, noon + 60_000)).toBe(false)
    expect(dedupe.first('203.0.113.5', 'animal-share', ID, noon)).toBe(true)
    expect(dedupe.first('203.0.113.6', 'animal-view', ID, noon)).toBe(true)
    expect(dedupe.first('203.0.113.5', 'animal-view', ID, noon + 24 * 3_600_000)).toBe(true)
  })

  it('starts a new day at midnight US Eastern time', () => {
    expect(easternDay(Date.parse('2026-11-27T04:59:00Z'))).toBe('2026-11-26')
    expect(easternDay(Date.parse('2026-11-27T05:00:00Z'))).toBe('2026-11-27')
    const dedupe = createDailyDedupe()
    expect(dedupe.first('203.0.113.5', 'animal-view', ID, Date.parse('2026-11-27T04:59:00Z'))).toBe(true)
    expect(dedupe.first('203.0.113.5', 'animal-view', ID, Date.parse('2026-11-27T05:00:00Z'))).toBe(true)
  })

  it('stops counting an address past its pages for the day', () => {
    const dedupe = createDailyDedupe({ maxPagesPerAddress: 2 })
    expect(dedupe.first('203.0.113.5', 'animal-view', 'a', noon)).toBe(true)
    expect(dedupe.first('203.0.113.5', 'animal-view', 'b', noon)).toBe(true)
    expect(dedupe.first('203.0.113.5', 'animal-view', 'c', noon)).toBe(false)
    expect(dedupe.first('203.0.113.9', 'animal-view', 'c', noon)).toBe(true)
  })

  it('forgets the least recent keys past its size', () => {
    const dedupe = createDailyDedupe({ maxKeys: 2 })
    dedupe.first('198.51.100.1', 'animal-view', ID, noon)
    dedupe.first('198.51.100.2', 'animal-view', ID, noon)
    dedupe.first('198.51.100.3', 'animal-view', ID, noon)
    expect(dedupe.first('198.51.100.1', 'animal-view', ID, noon)).toBe(true)
    expect(dedupe.first('198.51.100.3', 'animal-view', ID, noon)).toBe(false)
  })
})

describe('createActivityBuffer', () => {
  it('adds counts up and writes them in one batch', async () => {
    const batches: ActivityBatch[] = []
    const buffer = createActivityBuffer({ write: async (batch) => void batches.push(batch), intervalMs: 60_000 })
    buffer.add('animal-view', 'a')
    buffer.add('animal-view', 'a')
    buffer.add('animal-share', 'a')
    buffer.add('animal-view', 'b')
    buffer.add('shelter-view', 's')
    await buffer.flush()
    await buffer.flush()
    expect(batches).toEqual([
      { animal_ids: ['a', 'b'], animal_views: [2, 1], animal_shares: [1, 0], shelter_ids: ['s'], shelter_views: [1] },
    ])
  })

  it('keeps what it could not write for the next try', async () => {
    const write = vi.fn<(batch: ActivityBatch) => Promise<void>>().mockRejectedValueOnce(new Error('backend down')).mockResolvedValue()
    const buffer = createActivityBuffer({ write, intervalMs: 60_000 })
    buffer.add('animal-view', 'a')
    buffer.add('shelter-view', 's')
    await buffer.flush()
    buffer.add('animal-view', 'a')
    await buffer.flush()
    expect(write).toHaveBeenLastCalledWith({
      animal_ids: ['a'],
      animal_views: [2],
      animal_shares: [0],
      shelter_ids: ['s'],
      shelter_views: [1],
    })
    expect(takeLogged('error').map((line) => line.msg)).toEqual(['could not record page activity; retrying shortly: backend down'])
  })
})
