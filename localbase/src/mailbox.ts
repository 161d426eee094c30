import type { ApiHandler, Localbase } from './context.ts'
import { json } from './http.ts'

export type Email = { to: string; subject: string; text: string; html: string }

/** Keeps an email in the mailbox instead of sending it. */
export async function sendMail(lb: Localbase, email: Email): Promise<void> {
  await lb.db.query('insert into localbase.messages ("to", subject, text, html) values ($1, $2, $3, $4)', [
    email.to,
    email.subject,
    email.text,
    email.html,
  ])
}

export const handleMailbox: ApiHandler = async () => json([], { status: 200 })
