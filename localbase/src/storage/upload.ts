// Uploads (POST, with x-upsert) and updates (PUT, always an upsert, as Supabase does).
// The row is written first, as the caller, so RLS decides: a plain upload is an INSERT
// (INSERT policy only), an upsert is INSERT … ON CONFLICT DO UPDATE (INSERT, UPDATE and
// SELECT policies). The bytes are written inside the same transaction only once the row
// succeeded, under a fresh version, so a failure or a rollback never touches the bytes the
// previous row points at; they are removed once the new row is committed.
import { randomUUID } from 'node:crypto'
import type { Localbase } from '../context.ts'
import { json } from '../http.ts'
import { blobStore, removeQuietly, type BlobRef } from './blobs.ts'
import { findBucket } from './buckets.ts'
import { errors, toStorageError } from './errors.ts'
import { objectMetadata } from './object-rows.ts'
import { ownerOf, runAs, type Caller } from './session.ts'
import { isAllowedMimeType, mediaType, readUploadBody, type UploadBody } from './upload-body.ts'

/** Supabase's default global upload limit; a bucket's file_size_limit can only lower it. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024

export async function uploadObject(
  lb: Localbase,
  caller: Caller,
  request: Request,
  bucketId: string,
  key: string,
  upsert: boolean,
): Promise<Response> {
  const bucket = await findBucket(lb, bucketId)
  if (!bucket) throw errors.noSuchBucket()
  const body = await readUploadBody(request)
  checkBucketRules(bucket, body)

  const store = blobStore(lb)
  const ref: BlobRef = { bucket: bucketId, key, version: randomUUID() }
  const metadata = objectMetadata(body)
  const { owner, ownerId } = ownerOf(caller)
  const values = [bucketId, key, owner, ownerId, ref.version, JSON.stringify(metadata), jsonOrNull(body.userMetadata)]
  let written = false
  try {
    const saved = await runAs(
      lb,
      caller,
      request,
      upsert ? 'storage.object.upload_upsert' : 'storage.object.upload',
      async (tx) => {
        let id: string
        let previousVersion: string | null = null
        if (upsert) {
          const { rows } = await tx.query<{ id: string; previous_version: string | null }>(
            `with previous as (select version from storage.objects where bucket_id = $2 and name = $3)
             insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
             values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)
             on conflict (bucket_id, name) do update
               set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
                   metadata = excluded.metadata, user_metadata = excluded.user_metadata,
                   updated_at = now(), last_accessed_at = now()
             returning id, (select version from previous) as previous_version`,
            [randomUUID(), ...values],
          )
          id = rows[0]?.id ?? ''
          previousVersion = rows[0]?.previous_version ?? null
        } else {
          // No RETURNING: it would also demand a SELECT policy, which Supabase does not for uploads.
          id = randomUUID()
          await tx.query(
            `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
             values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
            [id, ...values],
          )
        }
        await store.write(ref, body.bytes)
        written = true
        return { id, previousVersion }
      },
    )
    if (saved.previousVersion && saved.previousVersion !== ref.version) {
      await removeQuietly(store, [{ bucket: bucketId, key, version: saved.previousVersion }])
    }
    return json({ Id: saved.id, Key: `${bucketId}/${key}` })
  } catch (error) {
    if (written) await removeQuietly(store, [ref])
    throw toStorageError(error, errors.keyAlreadyExists)
  }
}

/** The bucket's allowed_mime_types and file_size_limit, then the global limit. */
export function checkBucketRules(
  bucket: { allowed_mime_types: string[] | null; file_size_limit: number | null },
  body: Pick<UploadBody, 'bytes' | 'contentType'>,
) {
  if (!isAllowedMimeType(bucket.allowed_mime_types, body.contentType)) throw errors.invalidMimeType(body.contentType)
  if (!bytesMatchImageType(body.contentType, body.bytes)) throw errors.notAnImage(body.contentType)
  // A limit of 0 means "none", as in Supabase, where the check is on a truthy limit.
  const limit = bucket.file_size_limit ? Math.min(bucket.file_size_limit, GLOBAL_FILE_SIZE_LIMIT) : GLOBAL_FILE_SIZE_LIMIT
  if (body.bytes.length > limit) throw errors.entityTooLarge()
}

function jsonOrNull(value: Record<string, unknown> | null): string | null {
  return value === null ? null : JSON.stringify(value)
}

// The first bytes of each image format a bucket might accept. Supabase trusts the declared
// type; localbase also checks that bytes stored as an image are one (hardening issue), so a
// bucket of photos cannot be filled with anything else.
const IMAGE_SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/jpeg': (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  'image/png': (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
  'image/gif': (bytes) => ['GIF87a', 'GIF89a'].includes(bytes.toString('latin1', 0, 6)),
  'image/avif': (bytes) => bytes.toString('latin1', 4, 12) === 'ftypavif',
}

/** False when the declared type is an image format we know and the bytes are not that format. */
export function bytesMatchImageType(contentType: string, bytes: Buffer): boolean {
  const check = IMAGE_SIGNATURES[mediaType(contentType)]
  return check ? check(bytes) : true
}
