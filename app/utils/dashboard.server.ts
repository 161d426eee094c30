// The shelter dashboard's guard and its small server-side helpers. Every dashboard loader
// and action calls requireShelter itself: nested loaders run in parallel, so a parent's
// check protects nothing.
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import type { SupabaseClient, User } from '@supabase/supabase-js'
import { SIDEBAR_COOKIE, SIDEBAR_MAX_AGE } from '#app/utils/sidebar-cookie.ts'
import type { Database, Tables } from '#app/types/database.ts'
import { getShelterMembership, type ShelterMembership } from '#app/models/shelter.server.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { combineHeaders, dashboardHash } from '#app/utils/misc.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { MEMBER_ROLE_LABELS, hasMemberRole, type MemberRole } from '#app/utils/vocabulary.ts'

export type ShelterContext = {
  user: User
  profile: Tables<'shelter_profiles'>
  /** The person's role on the shelter's team (row-level security enforces what it allows). */
  role: MemberRole
  supabase: SupabaseClient<Database>
  headers: Headers
  /** The dashboard's base path, /dashboard/<hash>. */
  basePath: string
}

/**
 * Where someone goes after signing in when no page asked for them: a shelter's team to its
 * dashboard (the holding page while it waits for vetting), everyone else to the home page.
 */
export async function homeAfterSignIn(supabase: SupabaseClient<Database>, user: User): Promise<string> {
  const dashboard = `/dashboard/${dashboardHash(user.id)}`
  if (user.user_metadata?.user_type === 'shelter') return dashboard
  // Someone who joined a team from an invitation signed up as an adopter.
  const membership = await getShelterMembership(supabase, user.id).catch(() => null)
  return membership ? dashboard : '/'
}

/** An error page for the dashboard's error boundary, with the spec's wording as its message. */
function profileError(message: string, status: number, headers: Headers): Response {
  return json({ message }, { status, headers })
}

/**
 * A 403 for a member whose role does not reach `minRole`: the tab's error boundary shows it
 * inside the dashboard, so the rest of the dashboard stays at hand.
 */
function roleError(role: MemberRole, minRole: MemberRole, headers: Headers): Response {
  const message = `This is for ${ROLES_FROM[minRole]} of your shelter, and you are on its team as ${MEMBER_ROLE_LABELS[role].toLowerCase()}. Ask an admin or the owner of your shelter if you need it.`
  return new Response(message, { status: 403, headers: combineHeaders(headers, { 'Content-Type': 'text/plain; charset=utf-8' }) })
}

/** Who a page with this minimum role is for, in words. */
const ROLES_FROM: Record<MemberRole, string> = {
  volunteer: 'the members',
  staff: 'staff members, admins and owners',
  admin: 'admins and owners',
  owner: 'the owners',
}

/** Throws the dashboard's 403 unless the member's role is at least `minRole`. */
export function requireMemberRole({ role, headers }: Pick<ShelterContext, 'role' | 'headers'>, minRole: MemberRole): void {
  if (!hasMemberRole(role, minRole)) throw roleError(role, minRole, headers)
}

/**
 * The signed-in shelter member whose dashboard this is, with their shelter's profile and their
 * role, read through RLS. Each member has a dashboard URL of their own (the hash of their user
 * id). Not signed in: to /shelter-login. Someone else's hash: to /shelter-login with 'Access
 * denied'. No shelter: 'Shelter profile not found'. With `vetted`, a shelter still waiting for
 * its vetting meeting is sent to the dashboard's front page, which is the holding page for
 * them. With `minRole`, a member below it gets a 403 page inside the dashboard.
 */
export async function requireShelter(
  request: Request,
  params: LoaderFunctionArgs['params'],
  { vetted = false, minRole }: { vetted?: boolean; minRole?: MemberRole } = {},
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

  let membership: ShelterMembership | null
  try {
    membership = await readShelterMembership(request, supabase, user.id)
  } catch (error) {
    throw profileError(error instanceof BackendError ? 'Error loading shelter profile' : 'An unexpected error occurred', 500, headers)
  }
  // An adopter's 'Dashboard' link (the spec's /dashboard/<hash>) leads to their own area.
  if (!membership && user.user_metadata?.user_type !== 'shelter') throw redirect('/account', { headers })
  if (!membership) throw profileError('Shelter profile not found', 404, headers)
  const { profile, role } = membership

  const basePath = `/dashboard/${hash}`
  if (vetted && !profile.meeting_completed) throw redirect(basePath, { headers })
  if (minRole) requireMemberRole({ role, headers }, minRole)
  return { user, profile, role, supabase, headers, basePath }
}

/**
 * Membership reads by client. The layout's and the tab's loaders of one page share their client
 * (getUser shares a check in flight), so they share this read too. Only for reads (an action
 * may change the membership it read); the entry goes with the client, after the request.
 */
const membershipReads = new WeakMap<SupabaseClient<Database>, Promise<ShelterMembership | null>>()

export function readShelterMembership(
  request: Request,
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<ShelterMembership | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return getShelterMembership(supabase, userId)
  let read = membershipReads.get(supabase)
  if (!read) {
    read = getShelterMembership(supabase, userId)
    membershipReads.set(supabase, read)
  }
  return read
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
