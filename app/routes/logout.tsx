import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getSupabase } from '~/utils/supabase.server'
import { combineHeaders, safeRedirect } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'

export async function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const { supabase, headers } = getSupabase(request)
  const { error } = await supabase.auth.signOut()
  const to = safeRedirect(form.get('redirectTo'), '/')
  if (error) return redirectWithToast(to, { type: 'error', description: 'Error signing out' }, { headers })
  return redirectWithToast(to, { type: 'success', description: 'Successfully signed out' }, { headers: combineHeaders(headers) })
}
