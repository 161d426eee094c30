// Counting page views and shares without cookies or personal data: who is a person, once per
// address per page per day, added up in memory and written in batches (decision 036;
// app/models/page-activity.server.ts says what it keeps out and what it cannot). No imports
// from the app, so the bench measures this very code (bench/view-recording.ts).
import { createHash, randomBytes } from 'node:crypto'
import { isbot } from 'isbot'
import { log, messageOf } from '#app/utils/log.server.ts'

export const FLUSH_INTERVAL_MS = 2_000
export const MAX_PAGES_PER_ADDRESS = 300
const MAX_REMEMBERED = 200_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A page id from a query string, or null when it is not one. */
export function pageId(value: string | null): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null
}

/** Whether a request for the beacon or the share link is a person on our own page. */
export function isCountable(request: Request): boolean {
  const headers = request.headers
  const agent = headers.get('user-agent') ?? ''
  if (!agent || isbot(agent)) return false
  const site = headers.get('sec-fetch-site')
  if (site && site !== 'same-origin') return false
  const purpose = headers.get('sec-purpose') ?? headers.get('purpose') ?? ''
  return !/prefetch|prerender/i.test(purpose)
}

/** The US Eastern calendar day, as the database counts days (public.analytics_day()). */
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' })
export function easternDay(at: number): string {
  return dayFormat.format(at)
}

export type Activity = 'animal-view' | 'animal-share' | 'shelter-view'

/**
 * Remembers which address counted which page today. `first` is true the first time an address
 * counts a page (and kind) on a day, false for repeats and for an address past its daily limit.
 */
export function createDailyDedupe({ maxKeys = MAX_REMEMBERED, maxPagesPerAddress = MAX_PAGES_PER_ADDRESS } = {}) {
  let day = ''
  let salt = randomBytes(16)
  let seen = new Map<string, true>()
  let pagesPerAddress = new Map<string, number>()
  return {
    first(address: string, activity: Activity, id: string, at = Date.now()): boolean {
      const today = easternDay(at)
      if (today !== day) {
        // A new day forgets yesterday, salt included: nothing links one day's hashes to the next.
        day = today
        salt = randomBytes(16)
        seen = new Map()
        pagesPerAddress = new Map()
      }
      const who = createHash('sha256').update(salt).update(address).digest('base64url').slice(0, 16)
      const key = `${who}:${activity}:${id}`
      if (seen.has(key)) return false
      const pages = pagesPerAddress.get(who) ?? 0
      if (pages >= maxPagesPerAddress) return false
      seen.set(key, true)
      pagesPerAddress.set(who, pages + 1)
      if (seen.size > maxKeys) {
        const oldest = seen.keys().next().value
        if (oldest !== undefined) seen.delete(oldest)
      }
      if (pagesPerAddress.size > maxKeys) {
        const oldest = pagesPerAddress.keys().next().value
        if (oldest !== undefined) pagesPerAddress.delete(oldest)
      }
      return true
    },
  }
}

export type ActivityBatch = {
  animal_ids: string[]
  animal_views: number[]
  animal_shares: number[]
  shelter_ids: string[]
  shelter_views: number[]
}

/** Adds up counts in memory and hands them to `write` at most every `intervalMs`. */
export function createActivityBuffer({
  write,
  intervalMs = FLUSH_INTERVAL_MS,
}: {
  write: (batch: ActivityBatch) => Promise<void>
  intervalMs?: number
}) {
  let animals = new Map<string, { views: number; shares: number }>()
  let shelters = new Map<string, number>()
  let timer: ReturnType<typeof setTimeout> | null = null

  function schedule() {
    if (timer) return
    timer = setTimeout(() => void flush(), intervalMs)
    timer.unref?.()
  }

  function add(activity: Activity, id: string, amount = 1) {
    if (activity === 'shelter-view') {
      shelters.set(id, (shelters.get(id) ?? 0) + amount)
    } else {
      const counts = animals.get(id) ?? { views: 0, shares: 0 }
      if (activity === 'animal-view') counts.views += amount
      else counts.shares += amount
      animals.set(id, counts)
    }
    schedule()
  }

  async function flush(): Promise<void> {
    timer = null
    if (animals.size === 0 && shelters.size === 0) return
    const [animalCounts, shelterCounts] = [animals, shelters]
    animals = new Map()
    shelters = new Map()
    const batch: ActivityBatch = {
      animal_ids: [...animalCounts.keys()],
      animal_views: [...animalCounts.values()].map((counts) => counts.views),
      animal_shares: [...animalCounts.values()].map((counts) => counts.shares),
      shelter_ids: [...shelterCounts.keys()],
      shelter_views: [...shelterCounts.values()],
    }
    try {
      await write(batch)
    } catch (error) {
      // Kept for the next try (a backend outage delays counts rather than losing them).
      log.error(`could not record page activity; retrying shortly: ${messageOf(error)}`)
      for (const [id, counts] of animalCounts) {
        if (counts.views) add('animal-view', id, counts.views)
        if (counts.shares) add('animal-share', id, counts.shares)
      }
      for (const [id, views] of shelterCounts) add('shelter-view', id, views)
    }
  }

  return { add, flush }
}

/** Counting as the beacon and the share link do it, writing batches with `write` (the bench gives its own). */
export function createPageActivityCounter(write: (batch: ActivityBatch) => Promise<void>, addressOf: (request: Request) => string | null) {
  const dedupe = createDailyDedupe()
  const buffer = createActivityBuffer({ write })
  return {
    count(request: Request, activity: Activity, id: string): boolean {
      if (!isCountable(request)) return false
      if (!dedupe.first(addressOf(request) ?? 'unknown', activity, id)) return false
      buffer.add(activity, id)
      return true
    },
    flush: buffer.flush,
  }
}
