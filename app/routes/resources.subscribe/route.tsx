import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { log, messageOf } from '#app/utils/log.server.ts'
import { createRateLimiter } from '#app/utils/rate-limit.server.ts'
import { NEWSLETTER_HONEYPOT, NEWSLETTER_SUCCESS, type SubscribeAnswer } from '#app/models/newsletter.ts'
import { NewsletterSchema } from '#app/models/public-forms.ts'
import { combineHeaders, safeRedirect } from '#app/utils/misc.ts'
import { visitorIp, readForm } from '#app/utils/request.server.ts'
import { getSupabase } from '#app/utils/supabase.server.ts'
import { createToastHeaders, type ToastInput } from '#app/utils/toast.server.ts'

// Generous for people (a household behind one address), tight for a script.
const limiter = createRateLimiter({ bucket: 'newsletter', limit: 10, windowMs: 10 * 60_000 })

export async function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: NewsletterSchema })
  const { supabase, headers } = getSupabase(request)
  // The footer's fetcher asks with fetch(); a browser without JavaScript navigates. Browsers
  // say which in Sec-Fetch-Mode, so the same form works both ways without a hidden flag.
  const fromScript = ['cors', 'same-origin', 'no-cors'].includes(request.headers.get('sec-fetch-mode') ?? '')
  const back = `${safeRedirect(formData.get('redirectTo'), '/')}#newsletter`

  // Passing the request lets the toast cookie be Secure exactly when the site is on https.
  const backWithToast = async (toast: ToastInput) =>
    redirect(back, { headers: combineHeaders(headers, await createToastHeaders(toast, request)) })

  async function fail(message: string | null, status: number) {
    const result = message ? submission.reply({ formErrors: [message] }) : submission.reply()
    if (fromScript) return json<SubscribeAnswer>({ result, subscribed: false, message: null }, { status, headers })
    const description = message ?? 'Please enter a valid email address'
    return backWithToast({ type: 'error', description })
  }

  if (formData.get(NEWSLETTER_HONEYPOT)) return fail('Form not submitted properly', 400)
  if (submission.status !== 'success') return fail(null, 400)

  if (!(await limiter.attempt(visitorIp(request) ?? 'unknown-visitor')).allowed) {
    return fail('Too many attempts. Please wait a few minutes and try again.', 429)
  }

  try {
    // Already subscribed is not an error: the function ignores the duplicate and answers alike.
    const { error } = await supabase.rpc('subscribe_newsletter', { email: submission.value.email })
    if (error) throw new Error(error.message)
  } catch (error) {
    log.error(`newsletter subscribe failed: ${messageOf(error)}`)
    return fail('We couldn\u2019t subscribe you right now. Please try again in a few minutes.', 503)
  }

  if (fromScript) {
    return json<SubscribeAnswer>(
      { result: submission.reply({ resetForm: true }), subscribed: true, message: NEWSLETTER_SUCCESS },
      { headers },
    )
  }
  return backWithToast({ type: 'success', description: NEWSLETTER_SUCCESS })
}
