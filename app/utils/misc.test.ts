import { describe, expect, it } from 'vitest'
import { combineHeaders, dashboardHash, safeRedirect } from '#app/utils/misc.ts'

describe('dashboardHash', () => {
  it('takes the first 8 characters of base64 of the id without + / =', () => {
    const id = '7f3c2a1e-9b8d-4c6e-a5f4-3b2c1d0e9f8a'
    const expected = Buffer.from(id).toString('base64').replace(/[+/=]/g, '').slice(0, 8)
    expect(dashboardHash(id)).toBe(expected)
    expect(dashboardHash(id)).toHaveLength(8)
  })

  it('drops the characters base64 may produce but the hash may not hold', () => {
    // '>>>' encodes to 'Pj4+' and '???' to 'Pz8/': the + and / must go.
    expect(dashboardHash('>>>???>>>???')).toBe('Pj4Pz8Pj')
  })
})

describe('safeRedirect', () => {
  it.each(['/dashboard/abc', '/', '/search?location=New%20York&type=dog', '/blog?category=behavior#newsletter'])(
    'keeps the same-site path %j',
    (to) => expect(safeRedirect(to, '/home')).toBe(to),
  )
  it.each([
    ['another site', 'https://evil.example'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash', '/\\evil.example'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a carriage return and line feed', '/\r\n/evil.example'],
    ['a line feed inside', '/login\nSet-Cookie: a=b'],
    ['an ideographic space', '/\u3000/evil.example'],
    ['a zero-width space', '/\u200b/evil.example'],
    ['a doubled backslash', '\\\\evil.example'],
    ['an encoded slash', '/%2F/evil.example'],
    ['an encoded slash, lower case', '/%2fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an https: URL without slashes', 'https:evil.example'],
    ['a relative path', 'dashboard'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_, to) => {
    expect(safeRedirect(to, '/home')).toBe('/home')
  })
})

describe('combineHeaders', () => {
  it('keeps every Set-Cookie and the last value of other headers', () => {
    const combined = combineHeaders(
      [
        ['set-cookie', 'a=1'],
        ['cache-control', 'no-store'],
      ],
      null,
      [
        ['set-cookie', 'b=2'],
        ['cache-control', 'private'],
      ],
    )
    expect([...combined.entries()].filter(([name]) => name === 'set-cookie').map(([, value]) => value)).toEqual(['a=1', 'b=2'])
    expect(combined.get('cache-control')).toBe('private')
  })
})
