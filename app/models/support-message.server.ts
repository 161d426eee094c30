// The action behind the support and contact forms (/support and /contact share it): validate,
// stop bots and floods, store the message, and send the visitor to the confirmation.
import { parseWithZod } from '@conform-to/zod'
import { json, redirect } from '@remix-run/node'
import { log } from '#app/utils/log.server.ts'
import { visitorIp, readForm } from '#app/utils/request.server.ts'
import { getSupabase } from '#app/utils/supabase.server.ts'
import { createRateLimiter } from '#app/utils/rate-limit.server.ts'
import { SUPPORT_HONEYPOT, SUPPORT_REFERENCE_PATTERN, SupportMessageSchema } from '#app/models/public-forms.ts'

// Five messages in ten minutes from one address is already more than anyone needs.
const limiter = createRateLimiter({ bucket: 'support_message', limit: 5, windowMs: 10 * 60_000 })

export const SENT_PARAM = 'sent'

export async function sendSupportMessage(request: Request, { supportEmail }: { supportEmail: string }) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: SupportMessageSchema })
  const { supabase, headers } = getSupabase(request)
  const fail = (message: string, status: number) => json({ result: submission.reply({ formErrors: [message] }) }, { status, headers })

  if (formData.get(SUPPORT_HONEYPOT)) return fail('Form not submitted properly', 400)
  // Errors, or a validation-only request from conform: nothing is stored.
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: submission.status === 'error' ? 400 : 200, headers })
  }

  const { allowed, retryAfterSeconds } = await limiter.attempt(visitorIp(request) ?? 'unknown-visitor')
  if (!allowed) {
    const minutes = Math.ceil(retryAfterSeconds / 60)
    return fail(
      `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      429,
    )
  }

  const { name, email, organization, subject, message, priority } = submission.value
  let reference: unknown = null
  try {
    const { data, error } = await supabase.rpc('submit_support_message', {
      name,
      email,
      organization,
      subject,
      message,
      priority,
    })
    if (error) throw new Error(error.message)
    reference = data
  } catch (error) {
    log.error({ err: error }, 'support message failed')
  }
  if (typeof reference !== 'string' || !SUPPORT_REFERENCE_PATTERN.test(reference)) {
    return fail(`We couldn\u2019t send your message right now. Please try again in a few minutes, or email us at ${supportEmail}.`, 503)
  }

  // Post/redirect/get: a reload shows the confirmation again instead of sending twice.
  const url = new URL(request.url)
  return redirect(`${url.pathname}?${new URLSearchParams({ [SENT_PARAM]: reference })}#message-sent`, { headers })
}

/** The reference from the confirmation URL, if it has the shape the database gives. */
export function sentReference(request: Request): string | null {
  const value = new URL(request.url).searchParams.get(SENT_PARAM)
  return value && SUPPORT_REFERENCE_PATTERN.test(value) ? value : null
}
