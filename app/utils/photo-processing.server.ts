// A picture as Pawhaven stores it, whoever sent it: a shelter's upload (photo-upload.server.ts)
// or a synced listing's photo the worker fetched (worker/tasks/fetch-synced-photos.ts). It
// imports nothing but sharp, so the worker (plain Node, no bundler) can import it too.
import sharp from 'sharp'

/** The longest side of a stored photo; larger pictures are scaled down. */
export const MAX_PHOTO_SIDE = 1600

export type ProcessedPhoto = { data: Buffer; width: number; height: number }

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

/**
 * A photo as we store it: the picture's own bytes must be JPEG, PNG or WebP (whatever the
 * browser declared), turned upright by its EXIF orientation, scaled to fit 1600 × 1600, and
 * encoded as WebP without metadata (no camera GPS leaves the server). Throws PhotoError.
 */
export async function processPhoto(bytes: Buffer, filename = 'This photo'): Promise<ProcessedPhoto> {
  let format: string | undefined
  try {
    format = (await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata()).format
  } catch {
    throw new PhotoError(`${filename} could not be read as an image.`)
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new PhotoError(`${filename} is not a JPEG, PNG or WebP image.`)
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    throw new PhotoError(`${filename} could not be read as an image.`)
  }
}

/** A photo the person must replace; its message is shown under the photos field. */
export class PhotoError extends Error {}
