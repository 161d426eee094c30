import { isIP } from 'node:net'

// server/index.ts replaces whatever forwarding headers a client sends with its own answer
// (server/security.ts: the socket's address, or a trusted proxy's under TRUST_PROXY), so
// these two headers are the server's word, not the visitor's.

/** True when the visitor reached us over https (directly or through a trusted proxy). */
export function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  return request.headers.get('x-forwarded-proto') === 'https'
}

/** The visitor's address, for rate limits; null when no server in front of Remix said (remix dev). */
export function visitorIp(request: Request): string | null {
  const address = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? ''
  return isIP(address) ? address : null
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** A thrown 415 for an action sent something other than a form (JSON, text, nothing). */
export function notAForm(): Response {
  return new Response('This page accepts only a form sent from the page itself.', {
    status: 415,
    headers: { 'Cache-Control': 'no-store', Accept: FORM_TYPES.join(', ') },
  })
}

/**
 * Every action's way to read its form. A body that is not a form is a 415 (request.formData()
 * would throw, a 500), a form that cannot be read a 400, and NUL characters are removed from
 * every text value: PostgreSQL's text cannot hold them, and nobody types one.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!FORM_TYPES.includes(type)) throw notAForm()
  let submitted: FormData
  try {
    submitted = await request.formData()
  } catch {
    throw new Response('The form could not be read. Please try again.', { status: 400, headers: { 'Cache-Control': 'no-store' } })
  }
  return withoutNulCharacters(submitted)
}

/** The same form with NUL characters removed from its text values (files are kept as they are). */
export function withoutNulCharacters(formData: FormData): FormData {
  const clean = new FormData()
  for (const [name, value] of formData) {
    clean.append(name.replaceAll('\0', ''), typeof value === 'string' ? value.replaceAll('\0', '') : value)
  }
  return clean
}
