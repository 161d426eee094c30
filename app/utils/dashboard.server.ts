// The shelter dashboard's guard and its small server-side helpers. Every dashboard loader
// and action calls requireShelter itself: nested loaders run in parallel, so a parent's
// check protects nothing.
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import type { SupabaseClient, User } from '@supabase/supabase-js'
import { SIDEBAR_COOKIE, SIDEBAR_MAX_AGE } from '~/utils/sidebar-cookie'
import type { Database, Tables } from '~/types/database'
import { getShelterProfile } from '~/models/shelter.server'
import { getUser } from './auth.server'
import { BackendError } from './backend.server'
import { dashboardHash } from './misc'
import { redirectWithToast } from './toast.server'

export type ShelterContext = {
  user: User
  profile: Tables<'shelter_profiles'>
  supabase: SupabaseClient<Database>
  headers: Headers
  /** The dashboard's base path, /dashboard/<hash>. */
  basePath: string
}

/** An error page for the dashboard's error boundary, with the spec's wording as its message. */
function profileError(message: string, status: number, headers: Headers): Response {
  return json({ message }, { status, headers })
}

/**
 * The signed-in shelter whose dashboard this is, with their profile read through RLS.
 * Not signed in: to /shelter-login. Someone else's hash: to /shelter-login with 'Access
 * denied'. With `vetted`, a shelter still waiting for its vetting meeting is sent to the
 * dashboard's front page, which is the holding page for them.
 */
export async function requireShelter(
  request: Request,
  params: LoaderFunctionArgs['params'],
  { vetted = false }: { vetted?: boolean } = {},
): Promise<ShelterContext> {
  const { user, supabase, headers } = await getUser(request)
  if (!user) {
    const url = new URL(request.url)
    const back = new URLSearchParams({ redirectTo: url.pathname + url.search })
    throw redirect(`/shelter-login?${back}`, { headers })
  }
  const hash = dashboardHash(user.id)
  if (params.hash !== hash) {
    throw await redirectWithToast('/shelter-login', { type: 'error', description: 'Access denied' }, { headers }, request)
  }

  let profile: Tables<'shelter_profiles'> | null
  try {
    profile = await getShelterProfile(supabase, user.id)
  } catch (error) {
    throw profileError(error instanceof BackendError ? 'Error loading shelter profile' : 'An unexpected error occurred', 500, headers)
  }
  if (!profile) throw profileError('Shelter profile not found', 404, headers)

  const basePath = `/dashboard/${hash}`
  if (vetted && !profile.meeting_completed) throw redirect(basePath, { headers })
  return { user, profile, supabase, headers, basePath }
}

/** The sidebar's state from its cookie: expanded unless the person collapsed it. */
export function sidebarOpen(request: Request): boolean {
  const cookies = request.headers.get('Cookie') ?? ''
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === SIDEBAR_COOKIE) return rest.join('=') !== 'false'
  }
  return true
}

/**
 * The cookie, written by hand: the `cookie` package refuses ':' in a name, which the spec
 * fixes. The browser writes the same cookie when the sidebar is toggled with JavaScript.
 */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax`
}
