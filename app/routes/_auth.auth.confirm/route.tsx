// Where the emailed links land (Supabase's SSR template: ?token_hash=…&type=…&next=…, or a
// PKCE ?code=…). Verifying signs the person in on this server; the session cookie travels
// with the redirect.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import type { EmailOtpType } from '@supabase/supabase-js'
import { combineHeaders, safeRedirect } from '#app/utils/misc.ts'
import { fromConfirmationRedirect, savePendingFavorite } from '#app/utils/pending-favorite.server.ts'
import { getSupabase } from '#app/utils/supabase.server.ts'
import { createToastHeaders } from '#app/utils/toast.server.ts'

const OTP_TYPES: readonly EmailOtpType[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const params = url.searchParams
  const type = OTP_TYPES.find((candidate) => candidate === params.get('type'))
  const tokenHash = params.get('token_hash')
  const code = params.get('code')
  const { supabase, headers } = getSupabase(request)

  let recovery = type === 'recovery'
  let ok = false
  try {
    if (tokenHash && type) {
      ok = !(await supabase.auth.verifyOtp({ token_hash: tokenHash, type })).error
    } else if (code) {
      const { data, error } = await supabase.auth.exchangeCodeForSession(code)
      ok = !error
      // auth-js adds redirectType ('recovery' for a password reset) beside the session.
      recovery ||= (data as { redirectType?: string | null }).redirectType === 'recovery'
    }
  } catch {
    ok = false
  }

  // A dead link leads to the page that sends a new one.
  if (!ok) return redirect(recovery ? '/forgot-password?expired=1' : '/auth/resend?expired=1', { headers })

  const target = sameSitePath(params.get('next'), url)
  if (recovery) {
    // A recovery link always ends on the new-password form, even if the redirect fell back to the site root.
    const next = target && target !== '/' ? target : '/reset-password'
    const toast = { type: 'info' as const, description: 'Choose a new password for your account.' }
    return redirect(next, { headers: combineHeaders(headers, await createToastHeaders(toast, request)) })
  }
  // A sign-up that began with a pet's heart ends on that page, with the pet saved.
  const { path: next, save } = fromConfirmationRedirect(target ?? '/')
  const saved = await savePendingFavorite(supabase, save)
  const toast = {
    type: 'success' as const,
    description: ['Your email is confirmed. Welcome to Pawhaven!', saved].filter(Boolean).join(' '),
  }
  return redirect(next, { headers: combineHeaders(headers, await createToastHeaders(toast, request)) })
}

/**
 * The `next` the email carries is the redirect URL given at sign-up (an absolute URL on
 * this site): keep its path when it is ours, and never leave the site.
 */
function sameSitePath(next: string | null, here: URL): string | null {
  if (!next) return null
  try {
    const target = new URL(next, here)
    if (target.host !== here.host) return null
    return safeRedirect(target.pathname + target.search, '/')
  } catch {
    return null
  }
}
