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
