// The frame every email of the site shares: the look of the auth emails
// (supabase/templates/), an HTML part and a plain-text part with the same words, absolute
// links, and a last line that says why the person got it. The HTML part is laid out the way
// every mail program renders alike: nested role="presentation" tables 600 px wide with inline
// styles and width/height attributes (Outlook for Windows draws with Word, which ignores
// max-width on a div, CSS widths on images and most of a <style> block).

import { escapeHtml } from '#app/utils/html.ts'

/** A picture in an email: an absolute URL, its alt text, and the size to show it at. */
export type EmailImage = { src: string; alt: string; width: number; height: number }

/** How wide the email's white panel is: the width every mail program shows whole. */
export const EMAIL_WIDTH = 600

export type EmailContent = {
  subject: string
  /** The line a mail program shows after the subject in the inbox; hidden in the email itself. */
  preheader?: string
  heading: string
  paragraphs: string[]
  /** The one thing to do, as a button (and as a plain URL in the text part). */
  action?: { label: string; url: string }
  /** Facts shown as a short list, e.g. the meeting time. */
  details?: Array<[label: string, value: string]>
  /** Things listed one per line, each a link with a line about it (e.g. the pets of an alert). */
  items?: Array<{ label: string; url: string; note: string; image?: EmailImage }>
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
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px;">${content.items
        .map((item) => {
          const link = `<a href="${escapeHtml(item.url)}" style="color:#c2571a;font-weight:bold;font-size:17px;">${escapeHtml(item.label)}</a><br><span style="color:#4a453f;font-size:14px;">${escapeHtml(item.note)}</span>`
          const picture = item.image
            ? `<td width="${item.image.width}" valign="top" style="padding:10px 16px 10px 0;border-top:1px solid #eee5dc;width:${item.image.width}px;"><a href="${escapeHtml(item.url)}"><img src="${escapeHtml(item.image.src)}" alt="${escapeHtml(item.image.alt)}" width="${item.image.width}" height="${item.image.height}" style="display:block;border:0;border-radius:8px;width:${item.image.width}px;height:${item.image.height}px;"></a></td>`
            : ''
          return `<tr>${picture}<td valign="top" style="padding:10px 0;border-top:1px solid #eee5dc;"${item.image ? '' : ' colspan="2"'}>${link}</td></tr>`
        })
        .join('')}</table>`
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
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;"><tr><td bgcolor="#c2571a" style="background:#c2571a;border-radius:8px;"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#c2571a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${escapeHtml(content.action.label)}</a></td></tr></table>` +
      paragraph(
        `Or open this link: <a href="${escapeHtml(content.action.url)}" style="color:#c2571a;word-break:break-all;">${escapeHtml(content.action.url)}</a>`,
        'font-size:14px;',
      )
    : ''
  // Spacers after the preheader keep mail programs from filling the preview with the body.
  const preheader = content.preheader
    ? `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(content.preheader)}${'&#8199;&#65279;&#847; '.repeat(40)}</div>`
    : ''
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(content.subject)}</title></head>
  <body style="margin:0;padding:0;background:#fdf8f3;font-family:Helvetica,Arial,sans-serif;color:#2d2a26;">
    ${preheader}
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#fdf8f3" style="background:#fdf8f3;">
      <tr>
        <td align="center" style="padding:24px 12px;">
          <table role="presentation" width="${EMAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:${EMAIL_WIDTH}px;background:#ffffff;border-radius:12px;">
            <tr>
              <td style="padding:32px;font-family:Helvetica,Arial,sans-serif;color:#2d2a26;font-size:16px;">
      <h1 style="margin:0 0 16px;font-size:22px;">${escapeHtml(content.heading)}</h1>
      ${content.paragraphs.map((text) => paragraph(escapeHtml(text))).join('\n      ')}
      ${details}
      ${items}
      ${action}
      ${paragraph('The Pawhaven team')}
      ${paragraph(`${escapeHtml(content.reason)} <a href="${escapeHtml(home)}" style="color:#6b645c;">Pawhaven</a> is a free pet-adoption marketplace.`, 'color:#6b645c;font-size:13px;margin-top:24px;')}
      ${footerLinks}
              </td>
            </tr>
          </table>
        </td>
      </tr>
    </table>
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
