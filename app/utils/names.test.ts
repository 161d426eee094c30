import { describe, expect, it } from 'vitest'
import { joinNames } from '#app/utils/names.ts'

describe('joinNames', () => {
  it('names one, two or more animals as a sentence does', () => {
    expect(joinNames([])).toBe('')
    expect(joinNames(['Buddy'])).toBe('Buddy')
    expect(joinNames(['Buddy', 'Max'])).toBe('Buddy and Max')
    expect(joinNames(['Buddy', 'Max', 'Daisy'])).toBe('Buddy, Max and Daisy')
    expect(joinNames(['Buddy', 'Max'], '&')).toBe('Buddy & Max')
  })
})
