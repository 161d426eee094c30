// The Storage API (`/storage/v1`): a faithful subset of Supabase Storage, see README.md.
// This file only routes; each route lives with its kind (buckets, uploads, reads, …).
import type { ApiHandler, Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from '#localbase/src/storage/buckets.ts'
import { errorResponse, errors, toStorageError } from '#localbase/src/storage/errors.ts'
import { listObjects } from '#localbase/src/storage/list.ts'
import { deleteObject, downloadObject, downloadPublicObject, objectInfo, removeObjects } from '#localbase/src/storage/objects.ts'
import { bucketFromSegment, splitBucketAndKey } from '#localbase/src/storage/paths.ts'
import { callerOf, optionalCallerOf } from '#localbase/src/storage/session.ts'
import { createSignedUrl, createSignedUrls, downloadSignedObject } from '#localbase/src/storage/signed.ts'
import { copyObject, moveObject } from '#localbase/src/storage/transfer.ts'
import { uploadObject } from '#localbase/src/storage/upload.ts'

export const handleStorage: ApiHandler = async (lb, request, path) => {
  try {
    return await route(lb, request, path)
  } catch (error) {
    return errorResponse(toStorageError(error))
  }
}

/** Bodies over the server's limit never reach the handler; this is the answer instead. */
export const storageTooLarge = () =>
  json(
    { statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' },
    { status: 400 },
  )

async function route(lb: Localbase, request: Request, path: string): Promise<Response> {
  const method = request.method
  if (path === '/bucket' || path === '/bucket/' || path.startsWith('/bucket/')) return bucketRoute(lb, request, path)
  if (path.startsWith('/object/')) {
    const response = await objectRoute(lb, request, method, path.slice('/object/'.length))
    if (response) return response
  }
  throw errors.routeNotFound(method, path)
}

async function bucketRoute(lb: Localbase, request: Request, path: string): Promise<Response> {
  const method = request.method
  const segments = path
    .split('/')
    .slice(2)
    .filter((segment) => segment !== '')
  const caller = await callerOf(lb, request)
  if (segments.length === 0) {
    if (method === 'GET') return listBuckets(lb, caller, request)
    if (method === 'POST') return createBucket(lb, caller, request)
  } else if (segments.length === 1) {
    const id = bucketFromSegment(segments[0] ?? '')
    if (method === 'GET') return getBucket(lb, caller, request, id)
    if (method === 'PUT') return updateBucket(lb, caller, request, id)
    if (method === 'DELETE') return deleteBucket(lb, caller, request, id)
  } else if (segments.length === 2 && segments[1] === 'empty' && method === 'POST') {
    return emptyBucket(lb, caller, request, bucketFromSegment(segments[0] ?? ''))
  }
  throw errors.routeNotFound(method, path)
}

/** Routes under /object/; `rest` is still percent-encoded. Undefined when nothing matches. */
async function objectRoute(lb: Localbase, request: Request, method: string, rest: string): Promise<Response | undefined> {
  const read = method === 'GET' || method === 'HEAD'
  const [first = '', ...others] = rest.split('/')
  const after = others.join('/')

  if (method === 'POST' && rest === 'move') return moveObject(lb, await callerOf(lb, request), request)
  if (method === 'POST' && rest === 'copy') return copyObject(lb, await callerOf(lb, request), request)
  if (method === 'POST' && first === 'list' && others.length === 1) {
    return listObjects(lb, await callerOf(lb, request), request, bucketFromSegment(after))
  }
  if (first === 'sign') {
    if (method === 'POST' && others.length === 1) {
      return createSignedUrls(lb, await callerOf(lb, request), request, bucketFromSegment(after))
    }
    const { bucket, key } = splitBucketAndKey(after)
    if (method === 'POST') return createSignedUrl(lb, await callerOf(lb, request), request, bucket, key)
    if (read) return downloadSignedObject(lb, request, bucket, key)
    return undefined
  }
  if (first === 'public' && read) {
    const { bucket, key } = splitBucketAndKey(after)
    return downloadPublicObject(lb, request, bucket, key)
  }
  if (first === 'authenticated' && read) {
    const { bucket, key } = splitBucketAndKey(after)
    return downloadObject(lb, await callerOf(lb, request), request, bucket, key)
  }
  if (first === 'info' && method === 'GET') {
    const [scope = '', ...path] = others
    // info/public tolerates any token but, unlike Supabase, describes public buckets only.
    if (scope === 'public') return objectInfo(lb, undefined, request, ...bucketAndKey(path.join('/')))
    if (scope === 'authenticated') {
      return objectInfo(lb, await callerOf(lb, request), request, ...bucketAndKey(path.join('/')))
    }
    return objectInfo(lb, await optionalCallerOf(lb, request), request, ...bucketAndKey(after))
  }
  if (others.length === 0) {
    if (method === 'DELETE') return removeObjects(lb, await callerOf(lb, request), request, bucketFromSegment(first))
    return undefined
  }
  const { bucket, key } = splitBucketAndKey(rest)
  // Reads here tolerate a bad token (Supabase's allowInvalidJwt): such a caller sees public buckets only.
  if (read) return downloadObject(lb, await optionalCallerOf(lb, request), request, bucket, key)
  const caller = await callerOf(lb, request)
  if (method === 'POST') return uploadObject(lb, caller, request, bucket, key, request.headers.get('x-upsert') === 'true')
  if (method === 'PUT') return uploadObject(lb, caller, request, bucket, key, true)
  if (method === 'DELETE') return deleteObject(lb, caller, request, bucket, key)
  return undefined
}

function bucketAndKey(rest: string): [string, string] {
  const { bucket, key } = splitBucketAndKey(rest)
  return [bucket, key]
}
