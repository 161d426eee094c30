// Animal photos on the way in: the add/edit form's multipart body read with hard limits, and
// each accepted picture re-encoded as WebP with sharp (docs/decisions/011-image-processing.md).
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import sharp from 'sharp'
import { MAX_PHOTOS, MAX_PHOTO_BYTES, PHOTO_MIME_TYPES } from '~/models/animal-schema'
import { readForm } from './request.server'

/** The form field that carries the photo files. */
export const PHOTOS_FIELD = 'photos'
/** A text field is a name, a note or a description: 64 KB is far more than any needs. */
const MAX_TEXT_FIELD_BYTES = 64 * 1024
/** The whole body: six full-size photos and the text around them. */
export const MAX_BODY_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + 1024 * 1024
/** The longest side of a stored photo; larger pictures are scaled down. */
export const MAX_PHOTO_SIDE = 1600

export type UploadedPhoto = { filename: string; contentType: string; bytes: Buffer }
export type AnimalFormBody = { formData: FormData; photos: UploadedPhoto[]; photoErrors: string[] }

const tooLarge = () => new Response('The upload is too large. Photos can be at most 10 MB each.', { status: 413 })

/**
 * Reads the add/edit form. Text fields land in `formData`; photo files are kept aside, and a
 * file of the wrong type or over 10 MB becomes a message in `photoErrors` (its bytes are read
 * and dropped) so the rest of the form still comes back to the person as they typed it. A body
 * over MAX_BODY_BYTES is refused with 413 before or while it is read. busboy reads the parts:
 * Remix's own parser refused any file name with `=` or `;` in it.
 */
export async function parseAnimalForm(request: Request): Promise<AnimalFormBody> {
  const contentType = request.headers.get('Content-Type') ?? ''
  const declared = Number(request.headers.get('Content-Length') ?? '0')
  if (declared > MAX_BODY_BYTES) throw tooLarge()
  if (!contentType.startsWith('multipart/form-data')) {
    return { formData: await readForm(request), photos: [], photoErrors: [] }
  }
  if (!request.body) throw unreadable()

  const formData = new FormData()
  const photos: UploadedPhoto[] = []
  const photoErrors: string[] = []
  let total = 0
  let files = 0

  const keepPhoto = (name: string, filename: string, type: string, bytes: Buffer, size: number) => {
    // A file input left empty still sends a nameless, empty part.
    if (name !== PHOTOS_FIELD || (!filename && size === 0)) return
    const label = filename || 'A photo'
    files += 1
    if (files > MAX_PHOTOS) {
      if (files === MAX_PHOTOS + 1) photoErrors.push(`You can add at most ${MAX_PHOTOS} photos.`)
    } else if (!(PHOTO_MIME_TYPES as readonly string[]).includes(type)) {
      photoErrors.push(`${label} is not a JPEG, PNG or WebP image.`)
    } else if (size > MAX_PHOTO_BYTES) {
      photoErrors.push(`${label} is larger than 10 MB.`)
    } else if (size === 0) {
      photoErrors.push(`${label} is empty.`)
    } else {
      photos.push({ filename: label, contentType: type, bytes })
    }
  }

  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { fieldSize: MAX_TEXT_FIELD_BYTES, fields: 200, parts: 220 },
      })
    } catch {
      return reject(unreadable())
    }
    const fail = (error: Response) => {
      parser.removeAllListeners()
      reject(error)
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new Response('A form field is too long.', { status: 413 }))
      formData.append(name, value.replaceAll('\0', ''))
    })
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.byteLength
        total += chunk.byteLength
        if (total > MAX_BODY_BYTES) return fail(tooLarge())
        // An oversized file is read to its end (the body limit still holds) but not kept.
        if (size <= MAX_PHOTO_BYTES) chunks.push(chunk)
      })
      stream.on('end', () => keepPhoto(name, info.filename ?? '', info.mimeType, Buffer.concat(chunks), size))
    })
    parser.on('error', () => fail(unreadable()))
    parser.on('close', () => resolve())
    Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
      .on('error', () => fail(unreadable()))
      .pipe(parser)
  })
  return { formData, photos, photoErrors }
}

const unreadable = () => new Response('The form could not be read. Please try again.', { status: 400 })

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
  return sharp(bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
}
