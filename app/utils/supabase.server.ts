import { createServerClient, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { isHttps, visitorIp } from '#app/utils/request.server.ts'

/**
 * One Supabase client per request, acting as the visitor (their session cookie, so RLS
 * applies). `headers` collects the Set-Cookie and cache headers the client wants sent:
 * every loader and action must pass them on, on `json()` and on `redirect()` alike.
 */
/**
 * supabase-js retries a failed read three times, 1, 2 and 4 s apart: with the deadline below
 * that is 15 s for one read of a hung backend. One try, then the 503 page; the visitor's
 * next request is the retry.
 */
const NO_RETRIES = { retry: false }

/**
 * fetch with a deadline, for every call to the backend: one that hangs costs a page at most
 * BACKEND_TIMEOUT_MS (then the data module's BackendError shows the 503 page), and the next
 * request tries again, so the site recovers by itself. Photo uploads get a minute.
 */
export const backendFetch: typeof fetch = (input, init) => {
  const env = getEnv()
  const upload =
    init?.method !== undefined &&
    init.method !== 'GET' &&
    String(input instanceof Request ? input.url : input).includes('/storage/v1/object/')
  const deadline = AbortSignal.timeout(upload ? Math.max(env.BACKEND_TIMEOUT_MS, 60_000) : env.BACKEND_TIMEOUT_MS)
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline })
}

export function getSupabase(request: Request): { supabase: SupabaseClient<Database>; headers: Headers } {
  const env = getEnv()
  const headers = new Headers()
  const forwardedFor = visitorIp(request)
  const supabase = createServerClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    cookies: {
      getAll: () => parseCookieHeader(request.headers.get('Cookie') ?? '').map(({ name, value }) => ({ name, value: value ?? '' })),
      setAll(cookies, cacheHeaders) {
        for (const { name, value, options } of cookies) {
          headers.append('Set-Cookie', serializeCookieHeader(name, value, options))
        }
        for (const [name, value] of Object.entries(cacheHeaders ?? {})) headers.set(name, value)
      },
    },
    // The browser never talks to Supabase, so the session cookie need not be readable by scripts.
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: env.NODE_ENV === 'production' && isHttps(request),
    },
    // Lets the auth server rate-limit per visitor rather than per app server: Sb-Forwarded-For
    // is the header Supabase Auth reads from a trusted server (and localbase too).
    global: { fetch: backendFetch, headers: forwardedFor ? { 'Sb-Forwarded-For': forwardedFor } : {} },
    db: NO_RETRIES,
  })
  return { supabase, headers }
}

/** For clients that act for the server itself: no session kept, nothing refreshed. */
const NO_SESSION = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  global: { fetch: backendFetch },
  db: NO_RETRIES,
}

let publicClient: SupabaseClient<Database> | undefined

/**
 * The anon client every request shares, for reading what anyone may see (the listings, the
 * directory, the counts): those answers are the same for every visitor, signed in or not,
 * which is also why such pages may be cached. It never holds a session, so never sign in,
 * write or read anything private with it; use the request's client from getSupabase for that.
 */
export function getPublicSupabase(): SupabaseClient<Database> {
  publicClient ??= createClient<Database>(getEnv().SUPABASE_URL, getEnv().SUPABASE_ANON_KEY, NO_SESSION)
  return publicClient
}

const SESSION_COOKIE = /(?:^|;\s*)sb-[^=;]*-auth-token(?:\.\d+)?=/

/** Whether the request carries a Supabase session cookie (possibly chunked: `…-auth-token.0`). */
export function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get('Cookie') ?? '')
}

/** A client with the service-role key, for server-only jobs that must bypass RLS. Never per visitor. */
export function getServiceSupabase(): SupabaseClient<Database> {
  const env = getEnv()
  if (!env.SUPABASE_SERVICE_ROLE_KEY) throw new Error('SUPABASE_SERVICE_ROLE_KEY is not set')
  return createClient<Database>(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, NO_SESSION)
}
