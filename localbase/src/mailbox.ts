// The mailbox: auth emails a hosted project would send, and every email the app sends through
// localbase's SMTP server (smtp.ts), are kept in localbase.messages instead,
// and shown at GET /mailbox (a page for people) and GET /mailbox/api/messages (JSON for tests).
import { escapeHtml } from '#app/utils/html.ts'
import type { ApiHandler, Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'

export type Email = {
  to: string
  subject: string
  text: string
  html: string
  messageId?: string
  /** Headers worth showing, by lower-case name (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>
}

type Message = Email & { id: string; created_at: Date }

// Enough for a long debugging session; older messages stay in the table but are not listed.
const LIST_LIMIT = 200

/**
 * Keeps an email in the mailbox instead of sending it. One that arrives again with the same
 * Message-ID for the same address (a sender retrying after a lost reply) is kept once.
 */
export async function sendMail(lb: Localbase, email: Email): Promise<void> {
  await lb.db.query(
    `insert into localbase.messages ("to", subject, text, html, message_id, headers) values ($1, $2, $3, $4, $5, $6)
     on conflict (message_id, lower("to")) do nothing`,
    [email.to, email.subject, email.text, email.html, email.messageId ?? null, JSON.stringify(email.headers ?? {})],
  )
}

/**
 * Newest first; `to` matches the address case-insensitively. PGlite's clock ticks in
 * milliseconds, so rows written in the same one are ordered by their inserting transaction.
 */
async function listMessages(lb: Localbase, to: string | null): Promise<Message[]> {
  const { rows } = await lb.db.query<Message>(
    `select id, "to", subject, text, html, headers, created_at from localbase.messages
     where $1::text is null or lower("to") = lower($1::text)
     order by seq desc limit $2`,
    // Postgres text cannot hold NUL; no address contains one anyway.
    [to?.replaceAll('\0', '').trim() || null, LIST_LIMIT],
  )
  return rows
}

/** Escapes a plain-text body and turns its http(s) URLs into links. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('')
}

function messageHtml(message: Message): string {
  const sent = new Date(message.created_at).toISOString().replace('T', ' ').slice(0, 19) + ' UTC'
  return `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To <a href="?to=${encodeURIComponent(message.to)}">${escapeHtml(message.to)}</a> · <time datetime="${escapeHtml(
    new Date(message.created_at).toISOString(),
  )}">${escapeHtml(sent)}</time></p>
  <pre>${linkify(message.text)}</pre>
  <details><summary>HTML version</summary>
    <iframe title="HTML version of ${escapeHtml(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
      // Links in the email open in a new tab instead of inside the sandboxed frame; appended so
      // the doctype stays first (a <base> anywhere applies to the whole document).
      message.html + '<base target="_blank">',
    )}"></iframe>
  </details>
</article>`
}

function page(messages: Message[], to: string | null): string {
  const heading = to ? `Mail to ${escapeHtml(to)}` : 'All mail'
  const list = messages.length ? messages.map(messageHtml).join('\n') : '<p>No messages yet.</p>'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · localbase</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  form { display: flex; gap: .5rem; margin-bottom: 1.5rem; }
  input { flex: 1; padding: .4rem; }
  article { border: 1px solid #ccc; border-radius: .5rem; padding: 0 1rem 1rem; margin-bottom: 1rem; }
  h2 { font-size: 1.1rem; }
  .meta { color: #555; font-size: .9rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; }
  iframe { width: 100%; height: 28rem; border: 1px solid #ddd; }
</style>
</head>
<body>
<header>
  <h1>Mailbox</h1>
  <p>Every email the site sent: the auth server's and the app's (over SMTP). Newest first; the latest ${LIST_LIMIT} are shown.</p>
  <form method="get" action="">
    <label for="to">Recipient</label>
    <input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}" placeholder="someone@example.com">
    <button type="submit">Filter</button>
    ${to ? '<a href="?">Show all</a>' : ''}
  </form>
</header>
<main>
  <h2>${heading} (${messages.length})</h2>
  ${list}
</main>
</body>
</html>`
}

export const handleMailbox: ApiHandler = async (lb, request, path) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return json({ message: 'Method Not Allowed' }, { status: 405, headers: { allow: 'GET, HEAD' } })
  }
  const to = new URL(request.url).searchParams.get('to')
  if (path === '/api/messages') {
    const messages = await listMessages(lb, to)
    return json(
      messages.map((message) => ({
        id: message.id,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? {},
        created_at: new Date(message.created_at).toISOString(),
      })),
    )
  }
  if (path === '/' || path === '') {
    const messages = await listMessages(lb, to)
    return new Response(page(messages, to?.trim() || null), {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        // The mailbox holds live sign-in links: never cache it, never frame it elsewhere.
        'cache-control': 'no-store',
        'x-frame-options': 'DENY',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src data: https: http:; form-action 'self'",
      },
    })
  }
  return json({ message: 'Not Found' }, { status: 404 })
}
