import { describe, expect, it } from 'vitest'
import { responsivenessLabel } from '#app/utils/responsiveness.ts'

const figures = (judged: number, median: number | null, percent: number | null) => ({
  response_judged: judged,
  response_median_hours: median,
  response_on_time_percent: percent,
})

describe('a shelter’s responsiveness, as adopters read it', () => {
  it('is "New on Pawhaven" until five items can be judged', () => {
    expect(responsivenessLabel(figures(0, null, null))).toBe('New on Pawhaven')
    expect(responsivenessLabel(figures(4, 10, 100))).toBe('New on Pawhaven')
  })

  it('names the median in whole days, rounded up, and the share answered in time', () => {
    expect(responsivenessLabel(figures(5, 30, 94))).toBe('Usually answers within 2 days · 94 % answered')
    expect(responsivenessLabel(figures(12, 48, 80))).toBe('Usually answers within 2 days · 80 % answered')
    expect(responsivenessLabel(figures(12, 49, 80))).toBe('Usually answers within 3 days · 80 % answered')
  })

  it('says "within a day" for a day or less, and when nothing was answered, so', () => {
    expect(responsivenessLabel(figures(9, 0.5, 100))).toBe('Usually answers within a day · 100 % answered')
    expect(responsivenessLabel(figures(9, 24, 100))).toBe('Usually answers within a day · 100 % answered')
    expect(responsivenessLabel(figures(6, null, 0))).toBe('No answers yet · 0 % answered')
  })
})
