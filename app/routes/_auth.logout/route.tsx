import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { safeRedirect } from '#app/utils/misc.ts'
import { getSupabase } from '#app/utils/supabase.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readForm } from '#app/utils/request.server.ts'

export async function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const { supabase, headers } = getSupabase(request)
  let failed = false
  try {
    // This device only: signing out here should not end the person's sessions elsewhere.
    failed = Boolean((await supabase.auth.signOut({ scope: 'local' })).error)
  } catch {
    failed = true
  }
  const to = safeRedirect(form.get('redirectTo'), fromDashboard(request) ? '/shelter-login' : '/')
  const description = failed ? 'Error signing out' : 'Successfully signed out'
  return redirectWithToast(to, { type: failed ? 'error' : 'success', description }, { headers }, request)
}

/** Signing out of the dashboard leads back to the shelter sign-in, whichever button was used. */
function fromDashboard(request: Request): boolean {
  const referer = request.headers.get('Referer')
  if (!referer) return false
  try {
    const url = new URL(referer)
    return url.host === new URL(request.url).host && url.pathname.startsWith('/dashboard/')
  } catch {
    return false
  }
}
