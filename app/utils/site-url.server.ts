import { getEnv } from '#app/utils/env.server.ts'

/** The site's public origin, without a trailing slash: SITE_URL, or else this request's own. */
export function siteUrl(request: Request): string {
  const configured = getEnv().SITE_URL
  return (configured ?? new URL(request.url).origin).replace(/\/+$/, '')
}
