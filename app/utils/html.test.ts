import { describe, expect, it } from 'vitest'
import { escapeHtml } from '#app/utils/html.ts'

describe('escapeHtml', () => {
  it('escapes the five characters markup gives a meaning to', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;')
  })

  it('leaves other text, accents and emoji as they are', () => {
    expect(escapeHtml('Café 🐾 50%')).toBe('Café 🐾 50%')
  })
})
