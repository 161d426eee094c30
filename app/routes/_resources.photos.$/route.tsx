// /photos/<shelter id>/<animal id>/<file>.webp[?w=320]: an animal photo from the public Storage
// bucket, optionally narrower, with headers that let browsers and CDNs keep it for good
// (a stored photo never changes: a new photo gets a new random name). Only bytes that are a
// WebP picture are served, always as image/webp, with the server's nosniff (decision 050).
// See docs/decisions/011-image-processing.md.
import { createHash } from 'node:crypto'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { log } from '#app/utils/log.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { photoWidth, servablePhoto } from '#app/utils/photo-upload.server.ts'
import { ANIMAL_PHOTOS_BUCKET } from '#app/utils/photos.ts'
import { backendFetch } from '#app/utils/supabase.server.ts'

// The shape the database allows for a stored photo (animal_photos.storage_path).
const PHOTO_PATH = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\/[A-Za-z0-9._-]{1,100}\.webp$/

/** Resized photos recently served, so a busy page does not re-encode the same picture. */
const cache = new Map<string, { body: Buffer; etag: string }>()
const CACHE_BYTES = 64 * 1024 * 1024
let cachedBytes = 0

function remember(key: string, entry: { body: Buffer; etag: string }) {
  cache.set(key, entry)
  cachedBytes += entry.body.byteLength
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break
    cache.delete(oldKey)
    cachedBytes -= old.body.byteLength
  }
}

const notFound = () => new Response('Photo not found', { status: 404, headers: { 'Cache-Control': 'public, max-age=60' } })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = params['*'] ?? ''
  if (!PHOTO_PATH.test(path)) return notFound()
  const width = photoWidth(new URL(request.url).searchParams.get('w'))
  const key = `${path}?w=${width ?? ''}`

  let entry = cache.get(key)
  if (entry) {
    // Most recently used last.
    cache.delete(key)
    cache.set(key, entry)
  } else {
    let original: Buffer
    try {
      const response = await backendFetch(`${getEnv().SUPABASE_URL}/storage/v1/object/public/${ANIMAL_PHOTOS_BUCKET}/${path}`)
      if (!response.ok) return notFound()
      original = Buffer.from(await response.arrayBuffer())
    } catch (error) {
      log.error({ err: error }, `photo ${path}: storage unreachable`)
      return new Response('Photo temporarily unavailable', { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } })
    }
    const body = await servablePhoto(original, width)
    if (!body) {
      log.warn(`photo ${path}: the stored bytes are not a WebP picture`)
      return notFound()
    }
    entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
    remember(key, entry)
  }

  const headers = {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: entry.etag,
    // X-Content-Type-Options: nosniff comes from the server's security headers (server/security.ts),
    // on this answer as on every other: set here too, it went out twice.
  }
  if (request.headers.get('If-None-Match') === entry.etag) return new Response(null, { status: 304, headers })
  return new Response(new Uint8Array(entry.body), { headers: { ...headers, 'Content-Length': String(entry.body.byteLength) } })
}
