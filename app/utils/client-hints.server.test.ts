import { describe, expect, it } from 'vitest'
import { TIME_ZONE_COOKIE, getHintedTimeZone } from '#app/utils/client-hints.server.ts'

const withCookie = (cookie?: string) => new Request('http://localhost/', cookie === undefined ? {} : { headers: { Cookie: cookie } })

describe('the time zone hint', () => {
  it('is the cookie the Epic Stack’s hint script sets', () => {
    expect(TIME_ZONE_COOKIE).toBe('CH-time-zone')
  })

  it('reads the browser’s zone from its cookie', () => {
    expect(getHintedTimeZone(withCookie('ph_toast=1; CH-time-zone=America%2FLos_Angeles'))).toBe('America/Los_Angeles')
    expect(getHintedTimeZone(withCookie('CH-time-zone=UTC'))).toBe('UTC')
  })

  it('tells no cookie, or one that holds no zone, from a browser that said UTC', () => {
    expect(getHintedTimeZone(withCookie())).toBeNull()
    expect(getHintedTimeZone(withCookie('other=1'))).toBeNull()
    expect(getHintedTimeZone(withCookie('CH-time-zone=Not%2FA_Zone'))).toBeNull()
  })
})
