import { redirect } from '@remix-run/node'
import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { Database } from '~/types/database'
import { getSupabase, hasSessionCookie } from './supabase.server'
import { redirectWithToast } from './toast.server'

export type RequestAuth = { user: User | null; supabase: SupabaseClient<Database>; headers: Headers }

/**
 * The signed-in user, checked with the auth server (never only the cookie), with the
 * request's client and the headers any session refresh produced.
 */
export async function getUser(request: Request): Promise<RequestAuth> {
  const { supabase, headers } = getSupabase(request)
  const { data, error } = await supabase.auth.getUser()
  return { user: error ? null : data.user, supabase, headers }
}

/**
 * The signed-in user, for pages that only show who is signed in (the header): without a
 * session cookie the visitor is signed out, and no client is made nor server asked.
 */
export async function getSessionUser(request: Request): Promise<Pick<RequestAuth, 'user' | 'headers'>> {
  if (!hasSessionCookie(request)) return { user: null, headers: new Headers() }
  return getUser(request)
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
