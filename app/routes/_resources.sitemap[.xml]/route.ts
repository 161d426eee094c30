// /sitemap.xml: the sitemap index (app/utils/sitemap.ts). Two reads, each one pass over an
// index of listed animals or approved shelters; cached an hour by browsers and CDNs.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sitemapFiles } from '#app/models/sitemap.server.ts'
import { sitemapIndexXml } from '#app/utils/sitemap.ts'
import { siteUrl } from '#app/utils/site-url.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const files = await sitemapFiles()
  return new Response(sitemapIndexXml(siteUrl(request), files), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600, s-maxage=3600' },
  })
}
