// Uploads (POST, with x-upsert) and updates (PUT, always an upsert, as Supabase does).
// The row is written first, as the caller, so RLS decides: a plain upload is an INSERT
// (INSERT policy only), an upsert is INSERT … ON CONFLICT DO UPDATE (INSERT, UPDATE and
// SELECT policies). The bytes are written inside the same transaction only once the row
// succeeded, under a fresh version, so a failure or a rollback never touches the bytes the
// previous row points at; they are removed once the new row is committed.
import { randomUUID } from 'node:crypto'
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { blobStore, removeQuietly, type BlobRef } from '#localbase/src/storage/blobs.ts'
import { findBucket } from '#localbase/src/storage/buckets.ts'
import { errors, toStorageError } from '#localbase/src/storage/errors.ts'
import { objectMetadata } from '#localbase/src/storage/object-rows.ts'
import { ownerOf, runAs, type Caller } from '#localbase/src/storage/session.ts'
import { checkMimeType } from '#localbase/src/storage/mime-types.ts'
import { readUploadBody, type UploadBody } from '#localbase/src/storage/upload-body.ts'

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
  checkBucketRules(bucket, key, body)

  const store = blobStore(lb)
  const ref: BlobRef = { bucket: bucketId, key, version: randomUUID() }
  const metadata = objectMetadata(body)
  const { owner, ownerId } = ownerOf(caller)
  const values = [bucketId, key, owner, ownerId, ref.version, JSON.stringify(metadata), jsonOrNull(body.userMetadata)]
  let written = false
  try {
    const saved = await runAs(lb, caller, request, upsert ? 'storage.object.upload_upsert' : 'storage.object.upload', async (tx) => {
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
    })
    if (saved.previousVersion && saved.previousVersion !== ref.version) {
      await removeQuietly(store, [{ bucket: bucketId, key, version: saved.previousVersion }])
    }
    return json({ Id: saved.id, Key: `${bucketId}/${key}` })
  } catch (error) {
    if (written) await removeQuietly(store, [ref])
    throw toStorageError(error, errors.keyAlreadyExists)
  }
}

/**
 * The bucket's allowed_mime_types, then its file_size_limit within the global limit, as Supabase
 * Storage checks an upload: on the declared type, never on the bytes. A bucket limit of any
 * number (0 included) lowers the global one; null leaves it. An empty folder's placeholder
 * (`….emptyFolderPlaceholder`, what the dashboard writes) skips the type check and may hold no bytes.
 */
export function checkBucketRules(
  bucket: { allowed_mime_types: string[] | null; file_size_limit: number | null },
  key: string,
  body: Pick<UploadBody, 'bytes' | 'contentType'>,
) {
  const placeholder = key.endsWith('.emptyFolderPlaceholder')
  if (!placeholder) checkMimeType(bucket.allowed_mime_types, body.contentType)
  let limit = GLOBAL_FILE_SIZE_LIMIT
  if (typeof bucket.file_size_limit === 'number') limit = Math.min(bucket.file_size_limit, limit)
  if (placeholder) limit = 0
  if (body.bytes.length > limit) throw errors.entityTooLarge()
}

function jsonOrNull(value: Record<string, unknown> | null): string | null {
  return value === null ? null : JSON.stringify(value)
}
