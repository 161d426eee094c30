import { describe, expect, it } from 'vitest'
import { readOpenCap, similarSearches } from '#app/models/application-intake.server.ts'
import { closedUnanswered, shelterActionsFor } from '#app/models/application.server.ts'

describe('the cap as typed', () => {
  it('is none when empty, a whole number from 1 to 100 otherwise', () => {
    expect(readOpenCap('  ')).toEqual({ openCap: null })
    expect(readOpenCap(' 5 ')).toEqual({ openCap: 5 })
    expect(readOpenCap('100')).toEqual({ openCap: 100 })
    for (const typed of ['0', '101', '2.5', '-1', 'five', '1e2']) {
      expect(readOpenCap(typed)).toEqual({ error: 'Enter a whole number from 1 to 100, or leave it empty for no limit' })
    }
  })
})

describe('similar searches', () => {
  it('search for the type near the shelter, and save that search', () => {
    expect(similarSearches('cat', '78701')).toEqual({
      searchHref: '/search?location=78701&type=cat',
      saveSearchHref: '/account/searches/new?location=78701&type=cat',
    })
    expect(similarSearches('dog', null).searchHref).toBe('/search?type=dog')
  })
})

describe('the team’s next steps', () => {
  const due = '2026-12-01T10:00:00Z'
  const siteClosed = { status: 'closed', actor: 'site', created_at: '2026-12-01T10:05:00Z' }

  it('put new or in-review applications on hold, and take them off hold', () => {
    expect(shelterActionsFor('submitted')).toContain('hold')
    expect(shelterActionsFor('in_review')).toContain('hold')
    expect(shelterActionsFor('on_hold')).toEqual(['review', 'approve', 'reject'])
    expect(shelterActionsFor('approved')).not.toContain('hold')
  })

  it('reopen only what the site closed at the deadline with no answer', () => {
    const closed = { status: 'closed' as const, answer_due_at: due, first_answered_at: null }
    expect(closedUnanswered(closed, [siteClosed])).toBe(true)
    expect(shelterActionsFor('closed', true)).toEqual(['reopen'])
    expect(shelterActionsFor('closed', false)).toEqual([])
    // Closed by the site before the deadline (the animal was adopted), or after an answer.
    expect(closedUnanswered(closed, [{ ...siteClosed, created_at: '2026-11-30T10:00:00Z' }])).toBe(false)
    expect(closedUnanswered({ ...closed, first_answered_at: '2026-11-29T10:00:00Z' }, [siteClosed])).toBe(false)
    expect(closedUnanswered({ ...closed, status: 'rejected' }, [siteClosed])).toBe(false)
  })
})
