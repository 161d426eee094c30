// Turns a stored object into the download response Supabase sends: the stored mimetype,
// cache-control and ETag, Last-Modified, byte ranges, 304 on a matching If-None-Match,
// and Content-Disposition for `?download`.
import { errors } from '#localbase/src/storage/errors.ts'
import type { ObjectRow } from '#localbase/src/storage/object-rows.ts'

const DEFAULT_CACHE_CONTROL = 'max-age=3600'

/** Supabase never serves stored HTML as HTML: it would run on the storage origin. */
function servedContentType(mimetype: string | undefined): string {
  if (!mimetype) return 'application/octet-stream'
  return mimetype.includes('text/html') ? 'text/plain' : mimetype
}

export function renderObject(request: Request, row: ObjectRow, bytes: Buffer): Response {
  const metadata = row.metadata ?? {}
  const etag = metadata.eTag
  const headers = new Headers({
    'content-type': servedContentType(metadata.mimetype),
    'cache-control': metadata.cacheControl || DEFAULT_CACHE_CONTROL,
    'last-modified': new Date(row.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  })
  if (etag) headers.set('etag', etag)
  if (metadata.contentEncoding) headers.set('content-encoding', metadata.contentEncoding)
  const download = new URL(request.url).searchParams.get('download')
  if (download !== null) headers.set('content-disposition', contentDisposition(download))

  const ifNoneMatch = request.headers.get('if-none-match')
  if (etag && ifNoneMatch && ifNoneMatch.split(',').some((tag) => [etag, '*'].includes(tag.trim().replace(/^W\//, '')))) {
    headers.delete('content-type')
    return new Response(null, { status: 304, headers })
  }

  const range = request.headers.get('range')
  const slice = range ? parseRange(range, bytes.length) : undefined
  if (slice) {
    headers.set('content-range', `bytes ${slice.start}-${slice.end}/${bytes.length}`)
    return respond(206, headers, bytes.subarray(slice.start, slice.end + 1), request.method)
  }
  return respond(200, headers, bytes, request.method)
}

function respond(status: number, headers: Headers, body: Buffer, method: string): Response {
  headers.set('content-length', String(body.length))
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status, headers })
}

function contentDisposition(download: string): string {
  if (download === '') return 'attachment;'
  const name = encodeURIComponent(download)
  return `attachment; filename=${name}; filename*=UTF-8''${name};`
}

/**
 * One `bytes=` range (first-last, first-, or -suffix). Several ranges are answered
 * with the whole object, which HTTP allows; an unsatisfiable range is InvalidRange.
 */
function parseRange(header: string, size: number): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return undefined
  const [, first = '', last = ''] = match
  let start: number
  let end: number
  if (first === '') {
    if (last === '') return undefined
    start = Math.max(0, size - Number(last))
    end = size - 1
  } else {
    start = Number(first)
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  }
  if (start >= size || start > end) throw errors.invalidRange()
  return { start, end }
}
