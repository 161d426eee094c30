import { describe, expect, it } from 'vitest'
import { readListingAnswer, signListingAnswer } from '#app/utils/listing-answer-links.ts'

const SECRET = 'a'.repeat(64)
const NOW = new Date('2026-11-29T12:00:00Z')
const link = { nonce: '0b7f2d0e-4c1a-4f7e-9a59-1c2d3e4f5a6b', answer: 'available' as const, expiresAt: new Date('2026-12-13T12:00:00Z') }

describe('listing answer links', () => {
  it('reads back what it signed', () => {
    expect(readListingAnswer(signListingAnswer(link, SECRET), SECRET, NOW)).toEqual({ ok: true, ...link })
  })

  it('refuses a changed answer, expiry or nonce, another key, and garbage', () => {
    const token = signListingAnswer(link, SECRET)
    const [nonce, , expires, signed] = token.split('.')
    expect(readListingAnswer(`${nonce}.adopted.${expires}.${signed}`, SECRET, NOW)).toEqual({ ok: false, reason: 'forged' })
    expect(readListingAnswer(`${nonce}.available.${Number(expires) + 86400}.${signed}`, SECRET, NOW)).toEqual({
      ok: false,
      reason: 'forged',
    })
    expect(readListingAnswer(token.replace(/^0b7f/, '0b7e'), SECRET, NOW)).toEqual({ ok: false, reason: 'forged' })
    expect(readListingAnswer(token, 'b'.repeat(64), NOW)).toEqual({ ok: false, reason: 'forged' })
    expect(readListingAnswer('not-a-token', SECRET, NOW)).toEqual({ ok: false, reason: 'forged' })
    expect(readListingAnswer('x'.repeat(10_000), SECRET, NOW)).toEqual({ ok: false, reason: 'forged' })
  })

  it('says a link past its expiry has expired', () => {
    expect(readListingAnswer(signListingAnswer(link, SECRET), SECRET, new Date('2026-12-13T12:00:01Z'))).toEqual({
      ok: false,
      reason: 'expired',
    })
  })
})
