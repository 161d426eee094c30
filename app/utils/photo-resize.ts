// Photos made smaller in the browser before they are uploaded (docs/decisions/060): a phone's
// 3–12 MB original becomes a JPEG (or the original's own type) that fits 1600 × 1600, the size
// the server stores anyway, so a slow connection sends a few hundred kilobytes instead. The
// server still checks, re-encodes and limits every file, and without JavaScript (or where the
// browser cannot decode a file) the original goes up as it is.
import { MAX_PHOTO_BYTES, PHOTO_MIME_TYPES } from '#app/models/animal-form-schema.ts'

/** The longest side the server keeps (MAX_PHOTO_SIDE in photo-processing.server.ts). */
export const RESIZED_PHOTO_SIDE = 1600
const JPEG_QUALITY = 0.85

/** The size that fits `width` × `height` inside `max` × `max`, never larger than it was. */
export function fitWithin(width: number, height: number, max = RESIZED_PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** Whether this browser can decode and re-encode pictures here (not on the server, not in old browsers). */
export function canResizePhotos(): boolean {
  return typeof window !== 'undefined' && typeof createImageBitmap === 'function' && typeof DataTransfer === 'function'
}

/**
 * The photo to upload for `file`: the original when it already fits and is under the size limit,
 * else a re-encoded copy that fits RESIZED_PHOTO_SIDE, turned upright by its EXIF orientation and
 * without its metadata (a camera's GPS position never leaves the phone). PNG and WebP keep their
 * type where the browser can write it; anything else becomes JPEG. Null when the browser cannot
 * read the file as a picture, or it is of a type the site does not take: the caller keeps the
 * original and the server decides.
 */
export async function resizePhoto(file: File): Promise<File | null> {
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return null
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return null
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height)
    if (size.width === bitmap.width && size.height === bitmap.height && file.size <= MAX_PHOTO_BYTES) return file
    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const context = canvas.getContext('2d')
    if (!context) return null
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, size.width, size.height)
    const type = file.type === 'image/png' || file.type === 'image/webp' ? file.type : 'image/jpeg'
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, JPEG_QUALITY))
    if (!blob) return null
    // A browser that cannot write WebP writes PNG instead: the name follows what was written.
    const extension = blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg'
    const name = `${file.name.replace(/\.[^./\\]*$/, '') || 'photo'}.${extension}`
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified })
  } finally {
    bitmap.close()
  }
}
