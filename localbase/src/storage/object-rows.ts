// Rows of storage.objects, read either as the caller (RLS decides what exists) or as
// superuser (public buckets, signed URLs), and the metadata JSON Supabase keeps in them.
import { createHash } from 'node:crypto'
import type { Localbase } from '#localbase/src/context.ts'
import type { Tx } from '#localbase/src/db.ts'
import type { BlobRef } from '#localbase/src/storage/blobs.ts'
import type { UploadBody } from '#localbase/src/storage/upload-body.ts'

export type ObjectMetadata = {
  eTag?: string
  size?: number
  mimetype?: string
  cacheControl?: string
  lastModified?: string
  contentLength?: number
  httpStatusCode?: number
  contentEncoding?: string
}

export type ObjectRow = {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
}

export const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`

type Queryable = Pick<Tx, 'query'>

export async function selectObject(db: Queryable, bucket: string, key: string): Promise<ObjectRow | undefined> {
  const { rows } = await db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
    bucket,
    key,
  ])
  return rows[0]
}

/** The object whatever the policies say: for public buckets and signed URLs only. */
export function selectObjectAsSuperuser(lb: Localbase, bucket: string, key: string) {
  return selectObject(lb.db, bucket, key)
}

/** The metadata Supabase records for stored bytes (what S3 would report about them). */
export function objectMetadata(body: UploadBody, now = new Date()): ObjectMetadata {
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.length,
    mimetype: body.contentType,
    cacheControl: body.cacheControl,
    lastModified: now.toISOString(),
    contentLength: body.bytes.length,
    httpStatusCode: 200,
  }
  if (body.contentEncoding) metadata.contentEncoding = body.contentEncoding
  return metadata
}

export function refOf(row: { bucket_id: string; name: string; version: string | null }): BlobRef | undefined {
  return row.version ? { bucket: row.bucket_id, key: row.name, version: row.version } : undefined
}

/** A deleted object as `remove()` returns it. */
export function removedObjectJson(row: ObjectRow) {
  return {
    bucket_id: row.bucket_id,
    name: row.name,
    owner: row.owner_id ?? row.owner ?? '',
    id: row.id,
    version: row.version,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.last_accessed_at,
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  }
}

/** What `GET /object/info` answers (storage-js camelizes it). */
export function objectInfoJson(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  }
}
