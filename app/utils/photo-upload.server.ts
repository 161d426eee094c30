// Animal photos on the way in: the add/edit form's multipart body read with hard limits, and
// each accepted picture re-encoded as WebP with sharp (docs/decisions/011-image-processing.md;
// processPhoto lives in photo-processing.server.ts, which the worker shares for synced photos).
import sharp from 'sharp'
import { MAX_PHOTOS, MAX_PHOTO_BYTES, PHOTO_MIME_TYPES } from '#app/models/animal-form-schema.ts'
import { readMultipart } from '#app/utils/multipart.server.ts'
import { readForm } from '#app/utils/request.server.ts'

import { MAX_PHOTO_SIDE } from '#app/utils/photo-processing.server.ts'

export { MAX_PHOTO_SIDE, PhotoError, processPhoto, type ProcessedPhoto } from '#app/utils/photo-processing.server.ts'

/** The form field that carries the photo files. */
export const PHOTOS_FIELD = 'photos'
/** The whole body: six full-size photos and the text around them. */
export const MAX_BODY_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + 1024 * 1024
export type UploadedPhoto = { filename: string; contentType: string; bytes: Buffer }
export type AnimalFormBody = { formData: FormData; photos: UploadedPhoto[]; photoErrors: string[] }

/**
 * Reads the add/edit form. Text fields land in `formData`; photo files are kept aside, and a
 * file of the wrong type or over 10 MB becomes a message in `photoErrors`, so the rest of the
 * form still comes back to the person as they typed it. A body over MAX_BODY_BYTES is 413.
 */
export async function parseAnimalForm(request: Request): Promise<AnimalFormBody> {
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    return { formData: await readForm(request), photos: [], photoErrors: [] }
  }
  const { formData, files } = await readMultipart(request, {
    maxBodyBytes: MAX_BODY_BYTES,
    maxFileBytes: MAX_PHOTO_BYTES,
    maxFiles: MAX_PHOTOS,
    tooLargeMessage: 'The upload is too large. Photos can be at most 10 MB each.',
  })
  const photos: UploadedPhoto[] = []
  const photoErrors: string[] = []
  const sent = files.filter((file) => file.field === PHOTOS_FIELD)
  if (sent.length > MAX_PHOTOS) photoErrors.push(`You can add at most ${MAX_PHOTOS} photos.`)
  for (const file of sent.slice(0, MAX_PHOTOS)) {
    const label = file.filename || 'A photo'
    if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.contentType)) photoErrors.push(`${label} is not a JPEG, PNG or WebP image.`)
    else if (file.size > MAX_PHOTO_BYTES) photoErrors.push(`${label} is larger than 10 MB.`)
    else if (file.size === 0) photoErrors.push(`${label} is empty.`)
    else photos.push({ filename: label, contentType: file.contentType, bytes: file.bytes })
  }
  return { formData, photos, photoErrors }
}

/** The widths the photo route serves: anything else asked for is rounded up to one of these. */
export const PHOTO_WIDTHS = [160, 320, 480, 800, 1200] as const

/** The served width for a `?w=` value: the smallest allowed width that covers it, or null for the stored size. */
export function photoWidth(requested: string | null): number | null {
  if (!requested) return null
  const width = Number(requested)
  if (!Number.isFinite(width) || width <= 0) return null
  return PHOTO_WIDTHS.find((allowed) => allowed >= width) ?? null
}

/** A stored photo scaled to `width` (never enlarged), still WebP. */
export async function resizePhoto(bytes: Buffer, width: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_SERVED_PIXELS }).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
}

/** Stored photos are at most 1600 × 1600; anything far larger is not one of ours. */
const MAX_SERVED_PIXELS = 4 * MAX_PHOTO_SIDE * MAX_PHOTO_SIDE

/**
 * What the photo route may send for the bytes of a stored photo, narrowed to `width` when asked:
 * only a WebP picture. Every writer stores one, but Storage keeps whatever bytes an upload
 * declares as image/webp (it never reads them), and a member's own session may upload to its
 * shelter's folder. Null when the bytes are not a WebP picture (or fail to resize).
 */
export async function servablePhoto(bytes: Buffer, width: number | null): Promise<Buffer | null> {
  try {
    const { format } = await sharp(bytes, { limitInputPixels: MAX_SERVED_PIXELS }).metadata()
    if (format !== 'webp') return null
    return width ? await resizePhoto(bytes, width) : bytes
  } catch {
    return null
  }
}
