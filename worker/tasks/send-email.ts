// Delivers one outbox email. Runs again after a failure (the SMTP server is down, say) until it
// is sent; an email already marked sent is not sent twice. It is marked sent as soon as the SMTP
// server accepts it. The Message-ID is the outbox id, so a mail server that received it before a
// crash (accepted, not yet marked) can tell the retry is the same message.
import type { Mailer } from '#worker/mailer.ts'
import { renderTemplate, TemplateError } from '#worker/emails/templates.ts'
import { PermanentJobError, type Task } from '#worker/runner.ts'

export function sendEmailTask({
  mailer,
  siteUrl,
  supportEmail,
  messageIdDomain,
  linkKey,
}: {
  mailer: Mailer
  siteUrl: string
  supportEmail?: string
  messageIdDomain: string
  /** SYNC_SECRET_KEY: signs the one-click answer links of the stale-listing email. */
  linkKey?: string | null
}): Task {
  return async (payload, { supabase, signal }) => {
    const emailId = typeof payload === 'object' && payload && 'email_id' in payload ? String(payload.email_id) : ''
    const { data: email, error } = await supabase.from('email_outbox').select('*').eq('id', emailId).maybeSingle()
    if (error) throw new Error(`Could not read email ${emailId}: ${error.message}`)
    if (!email) throw new PermanentJobError(`Email ${emailId} is not in the outbox`)
    if (email.sent_at) return

    let rendered
    try {
      rendered = renderTemplate(email.template, email.data, siteUrl, supportEmail, { linkKey })
    } catch (problem) {
      throw problem instanceof TemplateError ? new PermanentJobError(problem.message) : problem
    }
    // A job whose lease was lost may be running in another worker by now: that one sends it.
    signal?.throwIfAborted()
    await mailer.send({ to: email.to_address, ...rendered, messageId: outboxMessageId(email.id, messageIdDomain) })
    const { error: markError } = await supabase.rpc('mark_email_sent', { email_id: email.id })
    if (markError) throw new Error(`Sent email ${email.id} but could not mark it sent: ${markError.message}`)
  }
}

/** The Message-ID of an outbox email, the same on every attempt (without the angle brackets). */
export function outboxMessageId(emailId: string, domain: string): string {
  return `${emailId}@${domain}`
}
