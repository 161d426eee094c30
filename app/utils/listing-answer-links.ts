// The one-click answers in the stale-listing email: a link per animal and answer, signed with an
// HMAC (SHA-256) under a key derived from SYNC_SECRET_KEY, which the app and every worker share.
// The token carries the link's nonce (a row of public.listing_answer_links, used once), the
// answer and its expiry; the signature stops a changed answer, expiry or nonce.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const LISTING_ANSWERS = ['available', 'adopted', 'on_hold'] as const
export type ListingAnswer = (typeof LISTING_ANSWERS)[number]

export const LISTING_ANSWER_LABELS: Record<ListingAnswer, string> = {
  available: 'Still available',
  adopted: 'Adopted',
  on_hold: 'On hold',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function signingKey(secret: string): Buffer {
  // Its own key, so a signature here is never a signature anywhere else SYNC_SECRET_KEY is used.
  return createHmac('sha256', secret).update('pawhaven listing answer links v1').digest()
}

function signature(payload: string, secret: string): Buffer {
  return createHmac('sha256', signingKey(secret)).update(payload).digest()
}

export function signListingAnswer(link: { nonce: string; answer: ListingAnswer; expiresAt: Date }, secret: string): string {
  const payload = `${link.nonce}.${link.answer}.${Math.floor(link.expiresAt.getTime() / 1000)}`
  return `${payload}.${signature(payload, secret).toString('base64url')}`
}

export type ReadListingAnswer =
  { ok: true; nonce: string; answer: ListingAnswer; expiresAt: Date } | { ok: false; reason: 'forged' | 'expired' }

/** The link's nonce and answer, or why not: a token not signed by us, or one past its expiry. */
export function readListingAnswer(token: string, secret: string, now: Date): ReadListingAnswer {
  const parts = token.length <= 200 ? token.split('.') : []
  if (parts.length !== 4) return { ok: false, reason: 'forged' }
  const [nonce, answer, expires, signed] = parts as [string, string, string, string]
  const expected = signature(`${nonce}.${answer}.${expires}`, secret)
  const given = Buffer.from(signed, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' }
  if (!UUID.test(nonce) || !(LISTING_ANSWERS as readonly string[]).includes(answer) || !/^\d{1,12}$/.test(expires)) {
    return { ok: false, reason: 'forged' }
  }
  const expiresAt = new Date(Number(expires) * 1000)
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, nonce, answer: answer as ListingAnswer, expiresAt }
}
