// Photos as the formats give them: absolute URLs, or the names of files uploaded beside the
// listing file (Petfinder's `<ID>-<n>.<ext>`, RescueGroups' photo1..4 names). Placeholders and
// videos are left out (app/sync/photo-urls.ts, which the photo fetcher checks again), repeats
// dropped, six at most (public.animal_photos has six places).
import { isPlaceholderPhotoUrl } from '#app/sync/photo-urls.ts'

export const MAX_PHOTOS = 6
/** public.animal_photos.external_url's limit. */
const MAX_URL_LENGTH = 2000

const IMAGE_FILE = /^[\w.\- ()]{1,200}\.(jpe?g|png|gif|webp|bmp|tiff?|heic)$/i

/** A photo URL or file name as the snapshot keeps it, or null for a placeholder, a video or anything else. */
export function photoReference(value: string | null | undefined): string | null {
  const text = (value ?? '').trim()
  if (!text) return null
  if (/^https?:\/\//i.test(text)) {
    if (text.length > MAX_URL_LENGTH) return null
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return null
    }
    return isPlaceholderPhotoUrl(url.href) ? null : url.href
  }
  // A file uploaded beside the listing file: a plain name, no folders.
  return IMAGE_FILE.test(text) ? text : null
}

/** The snapshot's photos from the source's slots, in order: placeholders and videos out, repeats out, six at most. */
export function photoList(values: (string | null | undefined)[]): string[] {
  const photos: string[] = []
  for (const value of values) {
    const photo = photoReference(value)
    if (photo && !photos.includes(photo)) photos.push(photo)
    if (photos.length === MAX_PHOTOS) break
  }
  return photos
}

export type PhotoFileIndex = { externalId: string; position: number }

/**
 * Which animal and place an uploaded photo file is for, from Petfinder's naming
 * `<ID>-<n>.<ext>` (ASM3, Shelter Exchange; Adopt-a-Pet's FTP photos too): `position` is the
 * `n` of the name, 1 for the cover; `<ID>.<ext>` alone is the cover. IDs may hold dashes
 * ("SH-1001-2.jpg" is SH-1001's second photo); with `knownIds` (the snapshot's external ids),
 * a name that reads two ways ("SH-12.jpg") is given to the id the snapshot has. Null for names
 * that are not images.
 */
export function petfinderPhotoFileIndex(fileName: string, knownIds?: ReadonlySet<string>): PhotoFileIndex | null {
  const base = fileName.split(/[\\/]/).pop() ?? ''
  const match = base.match(/^(.+)\.(jpe?g|png|gif|webp|bmp|tiff?|heic)$/i)
  if (!match?.[1]) return null
  const stem = match[1]
  const numbered = stem.match(/^(.+)-(\d{1,2})$/)
  const candidates: PhotoFileIndex[] = []
  if (numbered?.[1] && Number(numbered[2]) >= 1) candidates.push({ externalId: numbered[1], position: Number(numbered[2]) })
  candidates.push({ externalId: stem, position: 1 })
  if (knownIds) return candidates.find((candidate) => knownIds.has(candidate.externalId)) ?? null
  return candidates[0] ?? null
}
