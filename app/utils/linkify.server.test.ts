import { linkifiedParagraphs, linkifyText } from '#app/utils/linkify.server.ts'

describe('linkifyText', () => {
  test('finds http(s) and www. addresses, leaving the punctuation around them; a bare name stays text', () => {
    expect(linkifyText('Photos: https://example.org/willow?a=1&b=2. Or see www.rescue.example.com, and rescue.org!')).toEqual([
      'Photos: ',
      { href: 'https://example.org/willow?a=1&b=2', text: 'https://example.org/willow?a=1&b=2' },
      '. Or see ',
      { href: 'http://www.rescue.example.com/', text: 'www.rescue.example.com' },
      ', and rescue.org!',
    ])
  })

  test('links only http(s): no javascript:, data:, mailto:, ftp:, protocol-relative or e-mail addresses', () => {
    const text = 'javascript:alert(1) data:text/html,hi mailto:a@b.org ftp://files.example.org //evil.example adopt@rescue.org'
    expect(linkifyText(text).filter((part) => typeof part !== 'string')).toEqual([])
  })

  test('a link inside parentheses stops before the closing one', () => {
    expect(linkifyText('(see https://example.org/a_(b))')).toEqual([
      '(see ',
      { href: 'https://example.org/a_(b)', text: 'https://example.org/a_(b)' },
      ')',
    ])
  })

  test('text without links is one part, and markup stays text', () => {
    expect(linkifyText('<b>Loves</b> naps')).toEqual(['<b>Loves</b> naps'])
    expect(linkifyText('')).toEqual([])
  })
})

test('linkifiedParagraphs splits on blank lines first', () => {
  expect(linkifiedParagraphs('One https://a.example.com\n\n Two ')).toEqual([
    ['One ', { href: 'https://a.example.com/', text: 'https://a.example.com' }],
    ['Two'],
  ])
  expect(linkifiedParagraphs(null)).toEqual([])
})
