// Counting page views and shares for shelters' analytics (decision 036). Public pages are cached
// by a CDN, so the page itself cannot count: each animal and shelter page carries a 1×1 image
// (/resources/view) whose request is counted here, and the Share link goes through
// /resources/share. No cookie, nothing stored about the visitor: in memory, a salted hash of
// the address for one day, to count each address once per page per day.
//
// What it keeps out, and what it cannot:
// - bots (isbot on the User-Agent; an empty one too), prefetches, and requests another site
//   makes (Sec-Fetch-Site other than same-origin, when the browser sends it);
// - repeats: one view per address per page per day, one share per address per animal per day;
// - an address counting more than MAX_PAGES_PER_ADDRESS pages a day counts no more that day.
// Each app instance remembers on its own (up to MAX_REMEMBERED keys, least recent forgotten),
// so behind N instances an address may count up to N times a page a day. People behind one
// address (an office, a phone carrier's NAT) count once together. Counts wait in memory up to
// FLUSH_INTERVAL_MS (app/utils/page-activity.ts) and are written in one call; a crash loses at most that much.
import { createPageActivityCounter, type Activity, type ActivityBatch } from '#app/utils/page-activity.ts'
import { visitorIp } from '#app/utils/request.server.ts'
import { getServiceSupabase } from '#app/utils/supabase.server.ts'

export { pageId } from '#app/utils/page-activity.ts'

async function writeBatch(batch: ActivityBatch) {
  const { error } = await getServiceSupabase().rpc('record_page_activity', batch)
  if (error) throw new Error(`${error.code}: ${error.message}`)
}

const counter = createPageActivityCounter(writeBatch, visitorIp)

/**
 * Counts a view of an animal's or shelter's page, or a use of an animal's Share link, when the
 * request is a person's and the first of its kind from that address today. Returns whether it counted.
 */
export function countPageActivity(request: Request, activity: Activity, id: string): boolean {
  return counter.count(request, activity, id)
}
