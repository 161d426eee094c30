// The emails GoTrue would send, kept in the mailbox instead. Links follow Supabase's
// recommended SSR template (`<site>/auth/confirm?token_hash=…&type=…&next=…`), and the HTML
// comes from the same files a hosted project installs (supabase/templates/*.html).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { escapeHtml } from '#app/utils/html.ts'
import type { Localbase } from '#localbase/src/context.ts'
import { sendMail } from '#localbase/src/mailbox.ts'

export type EmailKind = 'confirmation' | 'recovery' | 'email_change'

type Content = { subject: string; type: string; intro: string; action: string; outro: string }

/** What each email says; a hosted project's templates carry the same subjects (supabase/config.toml). */
export const CONTENT: Record<EmailKind, Content> = {
  confirmation: {
    subject: 'Confirm your signup',
    type: 'email',
    intro: 'Welcome to Pawhaven! Thanks for joining the place where shelters and adopters find each other.',
    action: 'Confirm your email address to finish signing up:',
    outro: "If you didn't sign up for Pawhaven, you can ignore this email and no account will be activated.",
  },
  recovery: {
    subject: 'Reset your password',
    type: 'recovery',
    intro: 'Someone, hopefully you, asked to reset the password of your Pawhaven account.',
    action: 'Choose a new password here:',
    outro: "If you didn't ask for this, ignore this email: your password stays as it is.",
  },
  email_change: {
    subject: 'Confirm your new email address',
    type: 'email_change',
    intro: 'You asked to change the email address of your Pawhaven account to this one.',
    action: 'Confirm the change here:',
    outro: "If you didn't ask for this, ignore this email and your account keeps its current address.",
  },
}

const TEMPLATE_FILES: Record<EmailKind, string> = {
  confirmation: 'confirmation.html',
  recovery: 'recovery.html',
  email_change: 'email_change.html',
}

const templatesDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../supabase/templates')
const templateCache = new Map<EmailKind, string | null>()

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * GoTrue's GetReferrer: the requested redirect when it points at the site's host, else the
 * site URL. Any loopback host counts as the site's when the site itself is on loopback, so
 * that localhost and 127.0.0.1 both work in development.
 */
export function redirectTarget(lb: Localbase, requested: string | null | undefined): string {
  if (requested) {
    try {
      const url = new URL(requested)
      const site = new URL(lb.config.siteUrl)
      const sameHost = url.hostname === site.hostname || (LOOPBACK.has(url.hostname) && LOOPBACK.has(site.hostname))
      if ((url.protocol === 'http:' || url.protocol === 'https:') && sameHost) return url.href
    } catch {
      // Not an absolute URL: fall back to the site, as GoTrue does.
    }
  }
  return lb.config.siteUrl
}

function loadTemplate(kind: EmailKind): string | null {
  if (!templateCache.has(kind)) {
    try {
      templateCache.set(kind, readFileSync(path.join(templatesDir, TEMPLATE_FILES[kind]), 'utf8'))
    } catch {
      templateCache.set(kind, null)
    }
  }
  return templateCache.get(kind)!
}

type Variables = { SiteURL: string; TokenHash: string; RedirectTo: string; Token: string; Email: string }

/**
 * Fills the Go-template variables the hosted templates use. RedirectTo only ever sits in
 * a link's query string there, so it is URL-encoded, as Go's html/template does in that spot.
 */
function renderTemplate(template: string, variables: Variables): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (match, name: string) => {
    if (name === 'RedirectTo') return escapeHtml(encodeURIComponent(variables.RedirectTo))
    const value = (variables as Record<string, string>)[name]
    return value === undefined ? match : escapeHtml(value)
  })
}

export function confirmLink(lb: Localbase, kind: EmailKind, hash: string, redirectTo: string): string {
  const site = lb.config.siteUrl.replace(/\/+$/, '')
  return `${site}/auth/confirm?token_hash=${encodeURIComponent(hash)}&type=${CONTENT[kind].type}&next=${encodeURIComponent(redirectTo)}`
}

/** Writes one auth email to the mailbox: subject, plain text and HTML. */
export async function sendAuthEmail(
  lb: Localbase,
  kind: EmailKind,
  options: { to: string; tokenHash: string; otp: string; redirectTo: string },
) {
  const content = CONTENT[kind]
  const link = confirmLink(lb, kind, options.tokenHash, options.redirectTo)
  const text = [
    content.intro,
    '',
    content.action,
    '',
    link,
    '',
    `Or enter this code: ${options.otp}`,
    '',
    content.outro,
    '',
    'The Pawhaven team',
  ].join('\n')
  const template = loadTemplate(kind)
  const html = template
    ? renderTemplate(template, {
        SiteURL: lb.config.siteUrl.replace(/\/+$/, ''),
        TokenHash: options.tokenHash,
        RedirectTo: options.redirectTo,
        Token: options.otp,
        Email: options.to,
      })
    : `<pre>${escapeHtml(text)}</pre>`
  await sendMail(lb, { to: options.to, subject: content.subject, text, html })
}
