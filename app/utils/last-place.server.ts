// The place a visitor last searched near: /search remembers it (a first-party cookie, 90 days),
// and the home page's 'Newest Arrivals' row shows the pets listed near it. Only the text the
// visitor typed (which resolved to a place) and the distance are kept, never a position; the
// home page resolves the text again, so a hand-edited cookie is just another search.
//
// Caching (docs/decisions/039-search-filters.md): a home page shown with this cookie is for one
// visitor, so it goes out `private, no-store`; the home page always says `Vary: Cookie`, so a
// shared cache never hands the public page to someone with the cookie, or theirs to anyone.
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { isHttps } from '#app/utils/request.server.ts'
import { clampDistance } from '#app/utils/search-params.ts'

const COOKIE_NAME = 'ph_last_place'
const cookie = createCookie(COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 90 * 24 * 60 * 60 })
const PRESENT = new RegExp(`(?:^|;\\s*)${COOKIE_NAME}=`)

const LastPlace = z.object({ location: z.string().trim().min(1).max(100), distance: z.number().int() })
export type LastPlace = z.infer<typeof LastPlace>

export function hasLastPlaceCookie(request: Request): boolean {
  return PRESENT.test(request.headers.get('Cookie') ?? '')
}

/** The place last searched near, if the cookie holds one. */
export async function lastPlace(request: Request): Promise<LastPlace | null> {
  if (!hasLastPlaceCookie(request)) return null
  const parsed = LastPlace.safeParse(await cookie.parse(request.headers.get('Cookie')).catch(() => null))
  return parsed.success ? { location: parsed.data.location, distance: clampDistance(parsed.data.distance) } : null
}

/**
 * The Set-Cookie header remembering a search's place, or null when the cookie already says so:
 * a response that sets a cookie is private, so the search pages of a place stay cacheable from
 * the visitor's second page on.
 */
export async function rememberLastPlace(request: Request, place: LastPlace): Promise<string | null> {
  const current = await lastPlace(request)
  if (current && current.location === place.location && current.distance === place.distance) return null
  return cookie.serialize(place, { secure: isHttps(request) })
}
