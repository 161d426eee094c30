// The frame every email of the site shares: the look of the auth emails
// (supabase/templates/), an HTML part and a plain-text part with the same words, absolute
// links, and a last line that says why the person got it.

import { escapeHtml } from '../../app/utils/html.ts'

export type EmailContent = {
  subject: string
  heading: string
  paragraphs: string[]
  /** The one thing to do, as a button (and as a plain URL in the text part). */
  action?: { label: string; url: string }
  /** Facts shown as a short list, e.g. the meeting time. */
  details?: Array<[label: string, value: string]>
  /** Things listed one per line, each a link with a line about it (e.g. the pets of an alert). */
  items?: Array<{ label: string; url: string; note: string }>
  /** Why this person got this email, e.g. "You got this email because …". */
  reason: string
  /** Links under the reason, e.g. 'Unsubscribe from this search'. */
  footerLinks?: Array<{ label: string; url: string }>
  /** Extra message headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>
}

export type RenderedEmail = { subject: string; html: string; text: string; headers?: Record<string, string> }

/** Line breaks, control characters and the bidirectional overrides that reorder what a line shows. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]+/gu
/** What a mail program turns into a link: a scheme's "://", an address's "@", a dot inside a domain name. */
const LINK_MARKS = /:\/\/|@|(?<=[\p{L}\p{N}-])\.(?=[\p{L}\p{N}-]{2,})/gu

/**
 * A name a person typed (an adopter's, an applicant's), as an email shows it: one line, so it
 * cannot read like extra header lines in the text part, and with what would make it a link
 * broken ("https[://]…", "example[.]com"), so neither part offers a link the site never made.
 */
export function nameForEmail(name: string): string {
  return name
    .replace(BREAKS_AND_CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LINK_MARKS, (mark) => `[${mark}]`)
}

const paragraph = (html: string, style = '') => `<p style="line-height:1.5;margin:0 0 16px;${style}">${html}</p>`

export function renderEmail(content: EmailContent, siteUrl: string): RenderedEmail {
  const home = new URL('/', siteUrl).href
  const details = content.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;">${content.details
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:bold;vertical-align:top;">${escapeHtml(label)}</th><td style="padding:4px 0;">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
  const items = content.items?.length
    ? `<ul style="list-style:none;padding:0;margin:0 0 16px;">${content.items
        .map(
          (item) =>
            `<li style="padding:10px 0;border-top:1px solid #eee5dc;"><a href="${escapeHtml(item.url)}" style="color:#c2571a;font-weight:bold;font-size:17px;">${escapeHtml(item.label)}</a><br><span style="color:#4a453f;font-size:14px;">${escapeHtml(item.note)}</span></li>`,
        )
        .join('')}</ul>`
    : ''
  const footerLinks = content.footerLinks?.length
    ? paragraph(
        content.footerLinks
          .map((link) => `<a href="${escapeHtml(link.url)}" style="color:#6b645c;">${escapeHtml(link.label)}</a>`)
          .join(' · '),
        'color:#6b645c;font-size:13px;',
      )
    : ''
  const action = content.action
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#c2571a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${escapeHtml(content.action.label)}</a></p>` +
      paragraph(
        `Or open this link: <a href="${escapeHtml(content.action.url)}" style="color:#c2571a;word-break:break-all;">${escapeHtml(content.action.url)}</a>`,
        'font-size:14px;',
      )
    : ''
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
  <body style="margin:0;padding:24px;background:#fdf8f3;font-family:Helvetica,Arial,sans-serif;color:#2d2a26;">
    <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;">
      <h1 style="margin:0 0 16px;font-size:22px;">${escapeHtml(content.heading)}</h1>
      ${content.paragraphs.map((text) => paragraph(escapeHtml(text))).join('\n      ')}
      ${details}
      ${items}
      ${action}
      ${paragraph('The Pawhaven team')}
      ${paragraph(`${escapeHtml(content.reason)} <a href="${escapeHtml(home)}" style="color:#6b645c;">Pawhaven</a> is a free pet-adoption marketplace.`, 'color:#6b645c;font-size:13px;margin-top:24px;')}
      ${footerLinks}
    </div>
  </body>
</html>
`
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((text) => [text, '']),
    ...(content.details?.length ? [...content.details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.items?.length ? content.items.flatMap((item) => [item.label, item.note, item.url, '']) : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    'The Pawhaven team',
    '',
    '--',
    `${content.reason} Pawhaven is a free pet-adoption marketplace: ${home}`,
    ...(content.footerLinks?.length ? content.footerLinks.map((link) => `${link.label}: ${link.url}`) : []),
    '',
  ].join('\n')
  return { subject: content.subject, html, text, ...(content.headers ? { headers: content.headers } : {}) }
}
