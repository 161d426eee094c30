// The words of saved searches (public.saved_searches), apart from vocabulary.ts: that module is
// in every public page's JavaScript, and these words are only for signed-in pages.
/** How often a saved search emails new matches (public.saved_searches.frequency). */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'As they’re listed',
  daily: 'Daily',
  weekly: 'Weekly',
}
export const ALERT_FREQUENCY_HINTS: Record<AlertFrequency, string> = {
  instant: 'Within 15 minutes of a new match',
  daily: 'One email a day at most',
  weekly: 'One email a week at most',
}

/** How many saved searches one account may keep (public.saved_search_limit()). */
export const SAVED_SEARCH_LIMIT = 25
export const SAVED_SEARCH_NAME_MAX = 80
