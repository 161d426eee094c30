// A multipart form body read with hard limits, for forms that send files (an animal's photos,
// a listings file). busboy reads the parts: Remix's own parser refused any file name with `=`
// or `;` in it. A body over `maxBodyBytes` is refused with 413 before or while it is read; a
// file over `maxFileBytes` is read to its end (the body limit still holds) but not kept, so the
// caller can say which file was too large and keep the rest of the form.
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'

/** A text field is a name, a note or a description: 64 KB is far more than any needs. */
const MAX_TEXT_FIELD_BYTES = 64 * 1024

export type UploadedFile = {
  field: string
  filename: string
  contentType: string
  /** Empty when the file was over `maxFileBytes`. */
  bytes: Buffer
  size: number
}

export type MultipartLimits = {
  maxBodyBytes: number
  maxFileBytes: number
  maxFiles: number
  /** The 413's words, said to the person. */
  tooLargeMessage: string
}

export async function readMultipart(request: Request, limits: MultipartLimits): Promise<{ formData: FormData; files: UploadedFile[] }> {
  const tooLarge = () => new Response(limits.tooLargeMessage, { status: 413 })
  const contentType = request.headers.get('Content-Type') ?? ''
  if (Number(request.headers.get('Content-Length') ?? '0') > limits.maxBodyBytes) throw tooLarge()
  if (!contentType.startsWith('multipart/form-data') || !request.body) throw unreadable()

  const formData = new FormData()
  const files: UploadedFile[] = []
  let total = 0
  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { fieldSize: MAX_TEXT_FIELD_BYTES, fields: 200, files: limits.maxFiles + 10 },
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
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.byteLength
        total += chunk.byteLength
        if (total > limits.maxBodyBytes) return fail(tooLarge())
        if (size <= limits.maxFileBytes) chunks.push(chunk)
      })
      stream.on('end', () => {
        // A file input left empty still sends a nameless, empty part.
        if (!info.filename && size === 0) return
        files.push({
          field,
          filename: info.filename ?? '',
          contentType: info.mimeType,
          bytes: size <= limits.maxFileBytes ? Buffer.concat(chunks) : Buffer.alloc(0),
          size,
        })
      })
    })
    parser.on('error', () => fail(unreadable()))
    parser.on('close', () => resolve())
    Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
      .on('error', () => fail(unreadable()))
      .pipe(parser)
  })
  return { formData, files }
}

const unreadable = () => new Response('The form could not be read. Please try again.', { status: 400 })
