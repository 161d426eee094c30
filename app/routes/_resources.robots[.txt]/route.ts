// /robots.txt: crawlers may read every public page; the signed-in areas, the API and the
// resource routes are kept out, and the sitemap is named.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { robotsTxt } from '#app/utils/sitemap.ts'
import { siteUrl } from '#app/utils/site-url.server.ts'

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteUrl(request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
