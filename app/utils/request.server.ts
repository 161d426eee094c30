import { getClientIPAddress } from 'remix-utils/get-client-ip-address'

/** True when the visitor reached us over https (directly or through a proxy that says so). */
export function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
}

/** The visitor's address as the proxy in front of us reports it, for rate limits. */
export function visitorIp(request: Request): string | null {
  return getClientIPAddress(request)
}
