// How quickly a shelter answers, as adopters read it: "Usually answers within 2 days · 94 %
// answered", from the figures the worker keeps on its profile (the median time to a first answer
// and the share of applications and questions answered within the shelter's promise, over the
// last 90 days). Until at least RESPONSE_MIN_JUDGED items can be judged: "New on Pawhaven".
import type { Tables } from '#app/types/database.ts'

export type ResponseFigures = Pick<Tables<'shelter_profiles'>, 'response_judged' | 'response_median_hours' | 'response_on_time_percent'>

/** Items (answered, or past their deadline) a shelter needs before its figures are shown. */
export const RESPONSE_MIN_JUDGED = 5

/** The median as people say it: within a day, or within the days it rounds up to. */
function usualAnswer(medianHours: number | null): string {
  if (medianHours === null) return 'No answers yet'
  const days = Math.ceil(medianHours / 24)
  return days <= 1 ? 'Usually answers within a day' : `Usually answers within ${days} days`
}

export function responsivenessLabel(figures: ResponseFigures): string {
  if (figures.response_judged < RESPONSE_MIN_JUDGED || figures.response_on_time_percent === null) return 'New on Pawhaven'
  return `${usualAnswer(figures.response_median_hours)} · ${figures.response_on_time_percent} % answered`
}
