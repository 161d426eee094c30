// Supabase Storage's error shape. The HTTP status is 400 for every error below 500 (the
// real status travels as a string in `statusCode`), because that is what storage-js and
// apps written against Supabase expect to see.
import { json } from '#localbase/src/http.ts'

export class StorageError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly error: string

  constructor(statusCode: number, code: string, message: string, error = code) {
    super(message)
    this.statusCode = statusCode
    this.code = code
    this.error = error
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message || 'Access denied', 'Unauthorized'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidFileSizeLimit: () => new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
  relatedResourceNotFound: () => new StorageError(404, 'InvalidRequest', 'The related resource does not exist'),
  routeNotFound: (method: string, path: string) =>
    new StorageError(404, 'InvalidRequest', `Route ${method}:/storage/v1${path} not found`, 'Not Found'),
  // The bytes of a row are gone (e.g. a row inserted by SQL): what Supabase answers when S3 has no such key.
  missingBytes: () => new StorageError(404, 'NoSuchKey', 'The resource was not found', 'Not found'),
}

type PgError = { code: string; message: string; severity: string }

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && 'severity' in error && typeof (error as PgError).code === 'string'
}

/**
 * Maps what a statement raised to Storage's error, as `supabase/storage` does in
 * `database/errors.ts`. `duplicate` says which conflict a 23505 means here. Anything
 * that is neither a StorageError nor a Postgres error is a bug and is rethrown so the
 * server logs it.
 */
export function toStorageError(error: unknown, duplicate: () => StorageError = errors.keyAlreadyExists): StorageError {
  if (error instanceof StorageError) return error
  if (!isPgError(error)) throw error
  switch (error.code) {
    case '42501':
      return errors.accessDenied(
        error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
      )
    case '23505':
      return duplicate()
    case '23503':
      return errors.relatedResourceNotFound()
    case '22P02':
    case '22023':
      return new StorageError(400, 'InvalidParameter', error.message || 'Invalid value format or type conversion failed')
    case '57014':
      return new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out')
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${error.code}`)
  }
}

export function errorResponse(error: StorageError): Response {
  const status = error.statusCode >= 500 ? error.statusCode : 400
  return json(
    { statusCode: String(error.statusCode), code: error.code, error: error.error, message: error.message },
    { status, headers: error.statusCode === 404 ? { 'cache-control': 'no-store' } : {} },
  )
}
