// The share cards behind og:image (app/utils/share-card.server.ts draws them): which card an
// animal or shelter has, the URL that names its version, and a bounded memory cache of the
// PNGs. The version is a hash of everything the card shows (name, shelter, place, photo), so a
// changed photo or name makes a new URL, which previews fetch afresh, while an unchanged card
// is drawn once per server and then served from memory, and cached for a year by browsers and
// CDNs (decision 052).
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { getEnv } from '#app/utils/env.server.ts'
import { ANIMAL_PHOTOS_BUCKET, type PhotoSource } from '#app/utils/photos.ts'
import { renderShareCard, type ShareCard } from '#app/utils/share-card.server.ts'
import { backendFetch } from '#app/utils/supabase.server.ts'
import { log } from '#app/utils/log.server.ts'

/** What a card shows; its hash is the card's version. */
export type CardContent = { title: string; lines: string[]; photo: PhotoSource | null }

export function cardVersion(content: CardContent): string {
  const photo = content.photo ? (content.photo.storage_path ?? content.photo.external_url ?? '') : ''
  return createHash('sha256')
    .update(JSON.stringify([2, content.title, content.lines, photo]))
    .digest('base64url')
    .slice(0, 16)
}

export function animalCard(animal: {
  name: string
  photos: PhotoSource[]
  shelter: { shelter_name: string; city: string | null; state: string | null }
}): CardContent {
  const place = [animal.shelter.city, animal.shelter.state].filter(Boolean).join(', ')
  return {
    title: animal.name,
    lines: [animal.shelter.shelter_name, ...(place ? [place] : [])],
    photo: animal.photos[0] ?? null,
  }
}

export function shelterCard(shelter: { shelter_name: string; city: string | null; state: string | null }): CardContent {
  const place = [shelter.city, shelter.state].filter(Boolean).join(', ')
  return {
    title: shelter.shelter_name,
    lines: [...(place ? [place] : []), 'Adoptable pets on Pawhaven'],
    photo: { external_url: '/images/shelter.svg' },
  }
}

/** The card's address: its version in the query, so a new version is a new URL. */
export function animalCardPath(id: string, content: CardContent): string {
  return `/og/animals/${id}?v=${cardVersion(content)}`
}

export function shelterCardPath(slug: string, content: CardContent): string {
  return `/og/shelters/${slug}?v=${cardVersion(content)}`
}

const CACHE_BYTES = 32 * 1024 * 1024
const cache = new Map<string, Buffer>()
const drawing = new Map<string, Promise<Buffer>>()
let cachedBytes = 0

function remember(key: string, png: Buffer) {
  cache.set(key, png)
  cachedBytes += png.byteLength
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break
    cache.delete(oldKey)
    cachedBytes -= old.byteLength
  }
}

/** The card's PNG: from memory, or drawn once (concurrent requests for it share the drawing). */
export async function cardPng(content: CardContent): Promise<Buffer> {
  const key = cardVersion(content)
  const cached = cache.get(key)
  if (cached) {
    cache.delete(key)
    cache.set(key, cached)
    return cached
  }
  let pending = drawing.get(key)
  if (!pending) {
    pending = (async () => {
      const card: ShareCard = { title: content.title, lines: content.lines, photo: await photoBytes(content.photo) }
      const png = await renderShareCard(card)
      remember(key, png)
      return png
    })().finally(() => drawing.delete(key))
    drawing.set(key, pending)
  }
  return pending
}

const PUBLIC_IMAGE = /^\/images\/[a-z0-9/_-]{1,200}\.(svg|png|jpe?g|webp)$/
const STORED_PHOTO = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\/[A-Za-z0-9._-]{1,100}\.webp$/

/**
 * The picture's bytes: a stored photo from the public bucket, or one of the site's own images
 * (the demo listings' SVGs, rasterised by the card). A synced photo still at its source's
 * https address is not fetched from here (the worker copies those into Storage): the paw
 * stands in until then.
 */
async function photoBytes(photo: PhotoSource | null): Promise<Buffer | null> {
  try {
    if (photo?.storage_path && STORED_PHOTO.test(photo.storage_path)) {
      const response = await backendFetch(`${getEnv().SUPABASE_URL}/storage/v1/object/public/${ANIMAL_PHOTOS_BUCKET}/${photo.storage_path}`)
      return response.ok ? Buffer.from(await response.arrayBuffer()) : null
    }
    if (photo?.external_url && PUBLIC_IMAGE.test(photo.external_url) && !photo.external_url.includes('..')) {
      return await readFile(path.join(process.cwd(), 'public', photo.external_url))
    }
  } catch (error) {
    log.error({ err: error }, 'share card: photo unreadable')
  }
  return null
}
