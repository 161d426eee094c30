// /sitemaps/pages.xml, /sitemaps/shelters-<first id>.xml, /sitemaps/animals-<first id>.xml: the
// sitemap index's files, streamed as their keyset pages arrive (app/utils/sitemap.ts).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sitemapPageReader } from '#app/models/sitemap.server.ts'
import { pagesSitemapXml, parseSitemapFileName, sitemapFileChunks, streamOf } from '#app/utils/sitemap.ts'
import { siteUrl } from '#app/utils/site-url.server.ts'

const HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600, s-maxage=3600' }

export function loader({ request, params }: LoaderFunctionArgs) {
  const file = parseSitemapFileName(params['*'] ?? '')
  if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const site = siteUrl(request)
  if (file.kind === 'pages' || !file.firstId) return new Response(pagesSitemapXml(site), { headers: HEADERS })
  return new Response(streamOf(sitemapFileChunks(site, file.kind, file.firstId, sitemapPageReader(file.kind))), { headers: HEADERS })
}
