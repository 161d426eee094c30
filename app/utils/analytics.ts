// The Analytics tab's arithmetic and its URL state (decision 036): the period compared, the
// change from the period before, the engagement rate, and the per-animal table's sort and page.
// Only the dashboard imports this module.
import type { CompositeTypes } from '#app/types/database.ts'

/** The span the cards, the chart and the table cover: the last 30 days, today included. */
export const PERIOD_DAYS = 30
export const ANIMALS_PER_PAGE = 25

/** Views and what they led to over a span: a public.activity_totals, as shelter_analytics() returns it. */
export type ActivityTotals = CompositeTypes<'activity_totals'>

/** Favorites, shares, questions and applications: what a view led to. */
export function engagements(totals: ActivityTotals): number {
  return totals.favorites + totals.shares + totals.questions + totals.applications
}

/**
 * Engagements per view, as a percentage. Null when there were engagements but no counted views
 * (a rate would be meaningless); 0 when there was nothing at all.
 */
export function engagementRate(totals: ActivityTotals): number | null {
  const actions = engagements(totals)
  if (totals.views === 0) return actions === 0 ? 0 : null
  return (actions / totals.views) * 100
}

/** '4.2%', '12%', '0%'; '—' when there is no rate. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—'
  return `${Number(rate.toFixed(rate < 10 ? 1 : 0))}%`
}

/**
 * The card's note comparing this period with the one before ('last month' on the cards):
 * '+25% from last month', '-10% from last month'; without a figure last month there is no
 * percentage to give, so it says so rather than '+Infinity%'.
 */
export function changeNote(current: number | null, previous: number | null): string {
  if (previous === null) return 'No views last month to compare'
  if (current === null) return 'No views this month to compare'
  // Nothing either month is no change: the spec's '+0% from last month' of a new shelter.
  if (previous === 0) return current === 0 ? '+0% from last month' : 'Up from none last month'
  const percent = Math.round(((current - previous) / previous) * 100)
  return `${percent < 0 ? '-' : '+'}${Math.abs(percent)}% from last month`
}

/** The rate's note: its change relative to last month's rate, which needs views last month. */
export function rateChangeNote(current: ActivityTotals, previous: ActivityTotals): string {
  if (previous.views === 0)
    return engagements(previous) === 0 && engagements(current) === 0 ? '+0% from last month' : 'No views last month to compare'
  return changeNote(engagementRate(current), engagementRate(previous))
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const DAY_LABEL_WITH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** 'Nov 26' for the date '2026-11-26' (a calendar day, no time zone to shift it). */
export function dayLabel(day: string, withYear = false): string {
  const at = new Date(`${day}T00:00:00Z`)
  return (withYear ? DAY_LABEL_WITH_YEAR : DAY_LABEL).format(at)
}

/** 'Oct 28 – Nov 26, 2026'. */
export function periodLabel(start: string, end: string): string {
  return `${dayLabel(start)} – ${dayLabel(end, true)}`
}

export const SORT_COLUMNS = ['views', 'favorites', 'questions', 'days_listed'] as const
export type SortColumn = (typeof SORT_COLUMNS)[number]
export type TableState = { sort: SortColumn; dir: 'asc' | 'desc'; page: number }

/** The table's state from the URL: unknown values fall back to most viewed first, page 1. */
export function parseTableState(search: URLSearchParams): TableState {
  const sort = (SORT_COLUMNS as readonly string[]).includes(search.get('sort') ?? '') ? (search.get('sort') as SortColumn) : 'views'
  const dir = search.get('dir') === 'asc' ? 'asc' : 'desc'
  const requested = Number.parseInt(search.get('page') ?? '1', 10)
  const page = Number.isFinite(requested) && requested >= 1 ? Math.min(requested, 10_000) : 1
  return { sort, dir, page }
}

/** The query of a table state (defaults left out, so the plain tab's address stays plain). */
export function tableQuery(state: TableState): string {
  const params = new URLSearchParams()
  if (state.sort !== 'views') params.set('sort', state.sort)
  if (state.dir !== 'desc') params.set('dir', state.dir)
  if (state.page !== 1) params.set('page', String(state.page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** A column header's link: the sorted column flips its order; another column sorts highest first. */
export function sortQuery(state: TableState, column: SortColumn): string {
  const dir = state.sort === column && state.dir === 'desc' ? 'asc' : 'desc'
  return tableQuery({ sort: column, dir, page: 1 })
}
