// The Analytics tab's figures and the Overview's profile views, through the request's client:
// row-level security shows a member their own shelter's tallies (supabase/migrations/
// 20261127001000_listing_analytics.sql). Recording is app/models/page-activity.server.ts.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { ANIMALS_PER_PAGE, PERIOD_DAYS, type ActivityTotals, type TableState } from '#app/utils/analytics.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import type { AnimalStatus } from '#app/utils/vocabulary.ts'

type Client = SupabaseClient<Database>

export type DailyActivity = { day: string; views: number; actions: number }
export type AnimalActivity = ActivityTotals & { id: string; name: string; status: AnimalStatus; days_listed: number | null }
export type ShelterAnalytics = {
  today: string
  period_start: string
  previous_start: string
  current: ActivityTotals
  previous: ActivityTotals
  daily: DailyActivity[]
  listed_count: number
  animals: AnimalActivity[]
}

/** The last PERIOD_DAYS days and the span before, the chart's days, and one page of the animals listed now. */
export async function getShelterAnalytics(supabase: Client, table: TableState): Promise<ShelterAnalytics> {
  const { data, error } = await supabase.rpc('shelter_analytics', {
    period_days: PERIOD_DAYS,
    sort_by: table.sort,
    descending: table.dir === 'desc',
    page_size: ANIMALS_PER_PAGE,
    page_offset: (table.page - 1) * ANIMALS_PER_PAGE,
  })
  if (error) throw new BackendError('reading the analytics', error)
  return data as unknown as ShelterAnalytics
}

/** Views of the shelter's public page over the last PERIOD_DAYS days. */
export async function getProfileViews(supabase: Client): Promise<number> {
  const { data, error } = await supabase.rpc('my_shelter_profile_views', { period_days: PERIOD_DAYS })
  if (error) throw new BackendError('reading the profile views', error)
  return data ?? 0
}
