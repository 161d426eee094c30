// Outgoing mail: nodemailer over SMTP (SMTP_URL). The embedded backend listens for SMTP on
// loopback and files what it receives into its mailbox, so the same code path runs
// everywhere; only the address differs.
import nodemailer, { type Transporter } from 'nodemailer'

export type OutgoingEmail = {
  to: string
  subject: string
  text: string
  html: string
  messageId: string
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>
}

export type Mailer = {
  send: (email: OutgoingEmail) => Promise<void>
  close: () => void
}

export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport: Transporter = nodemailer.createTransport(
    {
      url: smtpUrl,
      // A mail server that does not answer delays this email, not every other job.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  )
  return {
    async send(email) {
      await transport.sendMail({ ...email, messageId: `<${email.messageId}>` })
    },
    close: () => transport.close(),
  }
}
