// The staff console's guard. Staff are ordinary accounts with a staff_members row (made only
// from the command line); every staff loader and action calls requireStaff itself, and the
// database functions check is_staff() again on every read and write.
import { json } from '@remix-run/node'
import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { BackendError } from '#app/utils/backend.server.ts'

export type StaffContext = { user: User; supabase: SupabaseClient<Database>; headers: Headers }

/** Whether the signed-in person is staff, for the header's link only: no answer reads as no. */
export async function isStaff(supabase: SupabaseClient<Database>): Promise<boolean> {
  const { data, error } = await supabase.rpc('is_staff')
  return !error && data === true
}

/** The signed-in staff member; signed out: to /login and back; anyone else: a 403 page. */
export async function requireStaff(request: Request): Promise<StaffContext> {
  const { user, supabase, headers } = await requireUser(request)
  const { data, error } = await supabase.rpc('is_staff')
  if (error) throw new BackendError('checking staff access', error)
  if (!data) throw json('This page is for the Pawhaven team.', { status: 403, headers })
  return { user, supabase, headers }
}
