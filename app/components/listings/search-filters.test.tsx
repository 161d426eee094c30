import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { breedOptionsHtml } from '#app/components/listings/search-filters.tsx'
import { breedSuggestions } from '#app/utils/breeds.server.ts'

/** The datalist as React would render it option by option (its `&#x27;` is our `&#39;`, the same apostrophe). */
function renderedByReact(breeds: readonly string[]): string {
  const options = breeds.map((breed) => createElement('option', { key: breed, value: breed }))
  return renderToStaticMarkup(createElement('datalist', { id: 'list' }, options)).replaceAll('&#x27;', '&#39;')
}

describe('the breed options made once', () => {
  it('are the markup React renders for them, quotes, ampersands and angle brackets escaped', () => {
    const breeds = ['Beagle', 'Jack Russell & "Parson" <Terrier>', "Pit Bull's mix"]
    expect(`<datalist id="list">${breedOptionsHtml(breeds)}</datalist>`).toBe(renderedByReact(breeds))
  })

  it('match React for every breed the search offers', () => {
    for (const type of [undefined, 'dog', 'cat', 'rabbit'] as const) {
      const breeds = breedSuggestions(type)
      expect(breeds.length).toBeGreaterThan(5)
      expect(`<datalist id="list">${breedOptionsHtml(breeds)}</datalist>`).toBe(renderedByReact(breeds))
    }
  })

  it('are made once per list', () => {
    const breeds = breedSuggestions('dog')
    expect(breedOptionsHtml(breeds)).toBe(breedOptionsHtml(breeds))
  })
})
