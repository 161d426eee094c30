import { cardPng, cardVersion, type CardContent } from '#app/models/share-card.server.ts'

/**
 * A card as a PNG response: cached for a year when the URL names the current version (a new
 * one gets a new URL), for five minutes when it names an older one or none.
 */
export async function shareCardResponse(request: Request, content: CardContent): Promise<Response> {
  const version = cardVersion(content)
  const current = new URL(request.url).searchParams.get('v') === version
  const etag = `"${version}"`
  const headers = {
    'Content-Type': 'image/png',
    'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  }
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
  const png = await cardPng(content)
  return new Response(new Uint8Array(png), { headers: { ...headers, 'Content-Length': String(png.byteLength) } })
}

export const cardNotFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Cache-Control': 'public, max-age=60', 'Content-Type': 'text/plain; charset=utf-8' },
  })
