import { redirect } from '@remix-run/node'
import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { isOutage } from '#app/utils/auth-errors.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { visitorIp } from '#app/utils/request.server.ts'
import { getSupabase, hasSessionCookie } from '#app/utils/supabase.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export type RequestAuth = { user: User | null; supabase: SupabaseClient<Database>; headers: Headers }

/**
 * Checks in flight, by visitor and cookies. A page's loaders run in parallel and each checks
 * the user itself (a parent's check protects nothing), so one dashboard page asked the auth
 * server the same question three times (root, layout, tab). An identical check started while
 * one is in flight shares it: the same answer, one call to the auth server, the same client,
 * and at most one session refresh (parallel refreshes of one refresh token would race). Only
 * for reads: an action may change the session that the loaders after it read. Nothing is kept
 * once the check has answered.
 */
const checksInFlight = new Map<string, Promise<RequestAuth>>()

/**
 * The signed-in user, checked with the auth server (never only the cookie), with the
 * request's client and the headers any session refresh produced.
 */
export function getUser(request: Request): Promise<RequestAuth> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return checkUser(request)
  const key = `${visitorIp(request) ?? ''} ${request.headers.get('Cookie') ?? ''}`
  let check = checksInFlight.get(key)
  if (!check) {
    check = checkUser(request).finally(() => checksInFlight.delete(key))
    checksInFlight.set(key, check)
  }
  return check
}

async function checkUser(request: Request): Promise<RequestAuth> {
  const { supabase, headers } = getSupabase(request)
  const { data, error } = await supabase.auth.getUser()
  // No answer in time, or a 5xx (a busy or hung backend), says nothing about the session: the
  // 503 page, not the sign-in page, and the visitor's next request tries again still signed in.
  if (error && isOutage(error)) throw new BackendError('checking who is signed in', error)
  return { user: error ? null : data.user, supabase, headers }
}

/**
 * The signed-in user, for pages that only show who is signed in (the header): without a
 * session cookie the visitor is signed out, and no client is made nor server asked. When the
 * auth server does not answer, the header shows a signed-out visitor and a public page still
 * serves; a page that needs the user gets the 503 from its own check.
 */
export async function getSessionUser(
  request: Request,
): Promise<Pick<RequestAuth, 'user' | 'headers'> & { supabase?: RequestAuth['supabase'] }> {
  if (!hasSessionCookie(request)) return { user: null, headers: new Headers() }
  try {
    return await getUser(request)
  } catch (error) {
    if (error instanceof BackendError) return { user: null, headers: new Headers() }
    throw error
  }
}

/** The signed-in user, or a redirect to sign in that comes back here afterwards. */
export async function requireUser(
  request: Request,
  { redirectTo = '/login' }: { redirectTo?: string } = {},
): Promise<RequestAuth & { user: User }> {
  const auth = await getUser(request)
  if (auth.user) return { ...auth, user: auth.user }
  const url = new URL(request.url)
  const back = url.pathname + url.search
  throw redirect(`${redirectTo}?${new URLSearchParams({ redirectTo: back })}`, { headers: auth.headers })
}

/** For pages only signed-out visitors use (sign-in, sign-up): a signed-in visitor goes home. */
export async function requireAnonymous(request: Request, welcome?: string): Promise<RequestAuth> {
  const auth = await getUser(request)
  if (!auth.user) return auth
  if (welcome) throw await redirectWithToast('/', { type: 'success', description: welcome }, { headers: auth.headers }, request)
  throw redirect('/', { headers: auth.headers })
}
