import { describe, expect, test } from 'vitest'
import { cleanDescription, cleanLine, repairMojibake, truncate } from '#app/sync/formats/text.ts'

describe('repairMojibake', () => {
  test('repairs UTF-8 read as Windows-1252 or Latin-1, once or twice over', () => {
    expect(repairMojibake('Heâ€™s a good boy â€“ really')).toBe('He’s a good boy – really')
    expect(repairMojibake('He\u00e2\u0080\u0099s here 1:00PM \u00e2\u0080\u0093 6:00PM')).toBe('He’s here 1:00PM – 6:00PM')
    expect(repairMojibake('CafÃ© Â½ price')).toBe('Café ½ price')
    expect(repairMojibake('Ã¢â‚¬Å“Hiâ€\u009d')).toBe('“Hi”')
  })

  test('leaves real accented text and symbols alone', () => {
    const text = 'Chloé, Löwchen, naïve, São Paulo — “quotes” ½ © Ærø'
    expect(repairMojibake(text)).toBe(text)
  })
})

describe('cleanDescription', () => {
  test('&#10; and <br> end paragraphs; runs of blank lines collapse to one', () => {
    expect(cleanDescription('One&#10;Two&#10;&#10;&#10;&#10;Three')).toBe('One\n\nTwo\n\nThree')
    expect(cleanDescription('One<br>Two<br /><br/><BR>Three\r\n\r\n\r\nFour')).toBe('One\n\nTwo\n\nThree\n\nFour')
  })

  test('named and numeric entities are decoded, twice when a writer encoded them twice', () => {
    expect(cleanDescription('Tom &amp; Jerry&#39;s &quot;pal&quot;&nbsp;&mdash; &#x1F436; &amp;#39;ok&amp;#39;')).toBe(
      "Tom & Jerry's \"pal\" — 🐶 'ok'",
    )
  })

  test('HTML becomes its text: blocks and lists, link addresses kept, images, tracking pixels, scripts and styles dropped', () => {
    const html =
      '<div style="color:red"><p>Meet <b>Rex</b>!</p><ul><li>Good with kids</li><li>Crate trained</li></ul>' +
      '<p><a href="https://example.org/apply">Apply here</a> or <a href="javascript:alert(1)">there</a></p>' +
      '<img src="https://tracker.rescuegroups.org/pet?123" width="0" height="0"><img src="rex.jpg" alt="Rex">' +
      '<script>alert(1)</script><style>p{}</style></div>'
    expect(cleanDescription(html)).toBe(
      'Meet Rex!\n\n• Good with kids\n\n• Crate trained\n\nApply here (https://example.org/apply) or there',
    )
  })

  test('text that only looks like markup stays text; mojibake is repaired; blank is null', () => {
    expect(cleanDescription('I <3 walks & kids < 5 years, <dogs> too')).toBe('I <3 walks & kids < 5 years, <dogs> too')
    expect(cleanDescription('Sheâ€™s shy')).toBe('She’s shy')
    expect(cleanDescription(' &nbsp; <br> ')).toBeNull()
    expect(cleanDescription('')).toBeNull()
  })

  test('is cut to the column’s 10,000 characters at a word', () => {
    const long = cleanDescription('word '.repeat(3000))!
    expect(long.length).toBeLessThanOrEqual(10_000)
    expect(long.endsWith('word…')).toBe(true)
  })
})

describe('cleanLine and truncate', () => {
  test('one line: entities decoded, whitespace collapsed, cut to the limit', () => {
    expect(cleanLine('  Doli   ***Home &amp; Hearth\u200B ', 100)).toBe('Doli ***Home & Hearth')
    expect(cleanLine('   ', 100)).toBeNull()
    expect(cleanLine('Rex', 2)).toBe('R…')
  })

  test('never splits a surrogate pair', () => {
    expect(truncate(`${'a'.repeat(8)}🐶🐶`, 10)).toBe(`${'a'.repeat(8)}…`)
  })
})
