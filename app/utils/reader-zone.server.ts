// Which zone a request's pages show times in. The browser's own zone when its cookie came
// (app/utils/client-hints.server.ts); without it (no JavaScript, or the first page before the hint
// script's reload), a shelter's team reads in their shelter's zone and everyone else in UTC,
// each time then saying its zone, since the reader did not choose it.
import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { getHintedTimeZone } from '#app/utils/client-hints.server.ts'
import { readShelterMembership } from '#app/utils/dashboard.server.ts'
import { UTC_READER, type ReaderZone } from '#app/utils/date-time.ts'
import { log } from '#app/utils/log.server.ts'
import { timeZoneOfState } from '#app/utils/meeting-times.ts'

export async function getReaderZone(
  request: Request,
  { user, supabase }: { user: User | null; supabase?: SupabaseClient<Database> },
): Promise<ReaderZone> {
  const hinted = getHintedTimeZone(request)
  if (hinted) return { timeZone: hinted, labelled: false }
  if (!user || !supabase) return UTC_READER
  try {
    const membership = await readShelterMembership(request, supabase, user.id)
    const state = membership?.profile.state?.trim()
    return state ? { timeZone: timeZoneOfState(state), labelled: true } : UTC_READER
  } catch (error) {
    // The page still renders, in UTC: the dashboard's own read reports a failing backend.
    log.warn({ err: error }, 'reading the shelter for its time zone failed')
    return UTC_READER
  }
}
