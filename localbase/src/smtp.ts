// localbase's SMTP server: the app sends its own email (invitations, vetting news) with
// nodemailer over SMTP, as it would to a real provider; here it lands in the mailbox beside
// the auth emails, one entry per recipient. Loopback only, no authentication, no TLS: it
// accepts mail from this machine and delivers it nowhere else.
import type { AddressInfo } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { Localbase } from '#localbase/src/context.ts'
import { sendMail } from '#localbase/src/mailbox.ts'

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024

export type RunningSmtp = { port: number; url: string; close: () => Promise<void> }

/** `anyPortIfTaken`: when `port` is in use (another local mail catcher, say), take a free one instead of failing. */
export async function startSmtp(
  lb: Localbase,
  { host, port, anyPortIfTaken = false }: { host: string; port: number; anyPortIfTaken?: boolean },
): Promise<RunningSmtp> {
  const server = new SMTPServer({
    name: 'localbase',
    banner: 'localbase mailbox',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    async onData(stream, session, callback) {
      try {
        const parsed = await simpleParser(stream)
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message is too large'), { responseCode: 552 }))
        // The envelope says who receives it (Bcc included); the headers only what they see.
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address)
        for (const to of recipients.length ? recipients : addressesOf(parsed.to)) {
          await sendMail(lb, {
            to,
            subject: parsed.subject ?? '(no subject)',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : (parsed.textAsHtml ?? ''),
            messageId: parsed.messageId,
            headers: listHeaders(parsed.headerLines),
          })
        }
        callback()
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)))
      }
    },
  })
  // A client's broken connection is its problem, not localbase's: without a listener the
  // server's 'error' event would end the process. (Listening errors are handled below.)
  server.on('error', () => {})
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.listen(on, host, () => {
        server.server.off('error', reject)
        resolve()
      })
    })
  try {
    await listen(port)
  } catch (error) {
    if (!anyPortIfTaken || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    await listen(0)
  }
  const bound = (server.server.address() as AddressInfo).port
  return {
    port: bound,
    url: `smtp://${host}:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : []
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? '')).filter(Boolean)
}

/** The List-* headers (RFC 2369, RFC 8058) as sent, by lower-case name: what a mail client offers as 'Unsubscribe'. */
function listHeaders(lines: ReadonlyArray<{ key: string; line: string }>): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const { key, line } of lines) {
    if (key.startsWith('list-'))
      headers[key] = line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim()
  }
  return headers
}
