// Reads what storage-js sends as an upload: either the raw bytes with the object's headers
// (content-type, cache-control, x-metadata, content-encoding), or multipart/form-data with
// `cacheControl`, `metadata`, `contentEncoding`, `contentType` fields and one file part, whose field name
// is "" (so the first file part is taken, whatever its name).
import busboy from 'busboy'
import { errors } from '#localbase/src/storage/errors.ts'

export type UploadBody = {
  bytes: Buffer
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  contentEncoding: string | null
}

const DEFAULT_CACHE_CONTROL = 'max-age=3600'
const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

export async function readUploadBody(request: Request): Promise<UploadBody> {
  const contentType = request.headers.get('content-type') ?? ''
  const bytes = Buffer.from(await request.arrayBuffer())
  if (/^multipart\/form-data/i.test(contentType)) return readMultipart(contentType, bytes)
  const encodedMetadata = request.headers.get('x-metadata')
  return {
    bytes,
    contentType: contentType || DEFAULT_CONTENT_TYPE,
    cacheControl: request.headers.get('cache-control') || DEFAULT_CACHE_CONTROL,
    userMetadata: encodedMetadata ? parseMetadata(Buffer.from(encodedMetadata, 'base64').toString('utf8')) : null,
    contentEncoding: request.headers.get('content-encoding'),
  }
}

function parseMetadata(text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw errors.invalidRequest('Invalid metadata: expected a JSON object')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.invalidRequest('Invalid metadata: expected a JSON object')
  }
  return value as Record<string, unknown>
}

function readMultipart(contentType: string, body: Buffer): Promise<UploadBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { fields: 20, parts: 40 } })
    } catch {
      return reject(errors.invalidRequest('Malformed multipart/form-data request'))
    }
    const fields = new Map<string, string>()
    let file: { chunks: Buffer[]; mimeType: string } | undefined
    parser.on('field', (name, value) => fields.set(name, value))
    parser.on('file', (_name, stream, info) => {
      if (file) return void stream.resume()
      const current = { chunks: [] as Buffer[], mimeType: info.mimeType }
      file = current
      stream.on('data', (chunk: Buffer) => current.chunks.push(chunk))
    })
    parser.on('error', () => reject(errors.invalidRequest('Malformed multipart/form-data request')))
    parser.on('close', () => {
      if (!file) return reject(errors.invalidRequest('No content provided'))
      try {
        const cacheTime = fields.get('cacheControl')
        const metadata = fields.get('metadata')
        resolve({
          bytes: Buffer.concat(file.chunks),
          // A `contentType` field wins over the part's own type, as in Storage.
          contentType: fields.get('contentType') || file.mimeType || DEFAULT_CONTENT_TYPE,
          cacheControl: cacheTime ? `max-age=${cacheTime}` : DEFAULT_CACHE_CONTROL,
          userMetadata: metadata ? parseMetadata(metadata) : null,
          contentEncoding: fields.get('contentEncoding') || null,
        })
      } catch (error) {
        reject(error)
      }
    })
    parser.end(body)
  })
}
