// The Analytics tab's figures and the Overview's profile views, through the request's client:
// row-level security shows a member their own shelter's tallies (supabase/migrations/
// 20261127001000_listing_analytics.sql). Recording is app/models/page-activity.server.ts.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { CompositeTypes, Database } from '#app/types/database.ts'
import { ANIMALS_PER_PAGE, PERIOD_DAYS, type TableState } from '#app/utils/analytics.ts'
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>

/** One day of the chart: a public.daily_activity. */
export type DailyActivity = CompositeTypes<'daily_activity'>
/** A listed animal's row of the table: a public.animal_activity. */
export type AnimalActivity = CompositeTypes<'animal_activity'>
/** What public.shelter_analytics() returns: a public.analytics_report. */
export type ShelterAnalytics = CompositeTypes<'analytics_report'>

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
  return data
}

/** Views of the shelter's public page over the last PERIOD_DAYS days. */
export async function getProfileViews(supabase: Client): Promise<number> {
  const { data, error } = await supabase.rpc('my_shelter_profile_views', { period_days: PERIOD_DAYS })
  if (error) throw new BackendError('reading the profile views', error)
  return data ?? 0
}
