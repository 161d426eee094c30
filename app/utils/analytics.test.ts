import { describe, expect, it } from 'vitest'
import {
  changeNote,
  engagementRate,
  formatRate,
  parseTableState,
  periodLabel,
  rateChangeNote,
  sortQuery,
  tableQuery,
} from '#app/utils/analytics.ts'

const none = { views: 0, favorites: 0, shares: 0, questions: 0, applications: 0 }

describe('changeNote', () => {
  it('gives the change from last month in whole percent, with its sign', () => {
    expect(changeNote(125, 100)).toBe('+25% from last month')
    expect(changeNote(90, 100)).toBe('-10% from last month')
    expect(changeNote(100, 100)).toBe('+0% from last month')
    expect(changeNote(1, 3)).toBe('-67% from last month')
    expect(changeNote(300, 100)).toBe('+200% from last month')
    expect(changeNote(0, 40)).toBe('-100% from last month')
  })

  it('gives no percentage when last month had none', () => {
    expect(changeNote(5, 0)).toBe('Up from none last month')
    expect(changeNote(0, 0)).toBe('+0% from last month')
    expect(changeNote(5, null)).toBe('No views last month to compare')
    expect(changeNote(null, 2)).toBe('No views this month to compare')
  })
})

describe('engagement rate', () => {
  it('is favorites, shares, questions and applications per view', () => {
    expect(engagementRate({ views: 200, favorites: 4, shares: 2, questions: 2, applications: 1 })).toBe(4.5)
    expect(engagementRate(none)).toBe(0)
    expect(engagementRate({ ...none, favorites: 3 })).toBeNull()
  })

  it('reads as a percentage, to one decimal below 10%', () => {
    expect(formatRate(4.5)).toBe('4.5%')
    expect(formatRate(4)).toBe('4%')
    expect(formatRate(1 / 3)).toBe('0.3%')
    expect(formatRate(12.6)).toBe('13%')
    expect(formatRate(0)).toBe('0%')
    expect(formatRate(null)).toBe('—')
  })

  it('compares with last month’s rate, which needs views last month', () => {
    const current = { views: 100, favorites: 6, shares: 0, questions: 0, applications: 0 }
    const previous = { views: 100, favorites: 4, shares: 0, questions: 0, applications: 0 }
    expect(rateChangeNote(current, previous)).toBe('+50% from last month')
    expect(rateChangeNote(current, none)).toBe('No views last month to compare')
    expect(rateChangeNote(none, none)).toBe('+0% from last month')
    expect(rateChangeNote(none, previous)).toBe('-100% from last month')
  })
})

describe('periodLabel', () => {
  it('names the calendar days, whatever the machine’s time zone', () => {
    expect(periodLabel('2026-10-28', '2026-11-26')).toBe('Oct 28 – Nov 26, 2026')
    expect(periodLabel('2025-12-03', '2026-01-01')).toBe('Dec 3 – Jan 1, 2026')
  })
})

describe('the table’s URL state', () => {
  it('falls back to most viewed first, page 1', () => {
    expect(parseTableState(new URLSearchParams(''))).toEqual({ sort: 'views', dir: 'desc', page: 1 })
    expect(parseTableState(new URLSearchParams('sort=name;drop&dir=up&page=-4'))).toEqual({ sort: 'views', dir: 'desc', page: 1 })
    expect(parseTableState(new URLSearchParams('sort=days_listed&dir=asc&page=3'))).toEqual({ sort: 'days_listed', dir: 'asc', page: 3 })
    expect(parseTableState(new URLSearchParams('page=99999999999999999999')).page).toBe(10_000)
  })

  it('flips the sorted column and starts another column highest first, on page 1', () => {
    const state = { sort: 'views', dir: 'desc', page: 4 } as const
    expect(sortQuery(state, 'views')).toBe('?dir=asc')
    expect(sortQuery({ ...state, dir: 'asc' }, 'views')).toBe('')
    expect(sortQuery(state, 'questions')).toBe('?sort=questions')
    expect(tableQuery({ sort: 'favorites', dir: 'asc', page: 2 })).toBe('?sort=favorites&dir=asc&page=2')
  })
})
