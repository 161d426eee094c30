// The bucket routes. Every statement runs as the caller, so RLS on storage.buckets decides:
// with no policy, only the service role may create, see, change or delete buckets, as on
// Supabase. Object routes look buckets up as superuser (findBucket), as Supabase does.
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { blobStore, removeQuietly } from '#localbase/src/storage/blobs.ts'
import { errors, toStorageError } from '#localbase/src/storage/errors.ts'
import { normalizeAllowedMimeTypes } from '#localbase/src/storage/mime-types.ts'
import { refOf } from '#localbase/src/storage/object-rows.ts'
import { escapeLike, mustBeValidBucketName } from '#localbase/src/storage/paths.ts'
import { readJsonBody } from '#localbase/src/storage/request.ts'
import { ownerOf, runAs, type Caller } from '#localbase/src/storage/session.ts'

export type Bucket = {
  id: string
  name: string
  owner: string | null
  owner_id: string | null
  public: boolean | null
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: Date
  updated_at: Date
}

const BUCKET_COLUMNS = `id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`

export function bucketJson(bucket: Bucket) {
  return {
    id: bucket.id,
    name: bucket.name,
    owner: bucket.owner_id ?? bucket.owner ?? '',
    public: bucket.public ?? false,
    type: 'STANDARD',
    file_size_limit: bucket.file_size_limit,
    allowed_mime_types: bucket.allowed_mime_types,
    created_at: bucket.created_at,
    updated_at: bucket.updated_at,
  }
}

/** A bucket as superuser, whoever asks: object routes need its limits and visibility. */
export async function findBucket(lb: Localbase, id: string): Promise<Bucket | undefined> {
  const { rows } = await lb.db.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])
  return rows[0]
}

export async function listBuckets(lb: Localbase, caller: Caller, request: Request) {
  const query = new URL(request.url).searchParams
  const sortColumn = ['id', 'name', 'created_at', 'updated_at'].includes(query.get('sortColumn') ?? '') ? query.get('sortColumn') : 'name'
  const sortOrder = query.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc'
  const limit = nonNegativeInteger(query.get('limit'))
  const offset = nonNegativeInteger(query.get('offset')) ?? 0
  const search = query.get('search') ?? ''
  const rows = await runAs(lb, caller, request, 'storage.bucket.list', async (tx) => {
    const result = await tx.query<Bucket>(
      `select ${BUCKET_COLUMNS} from storage.buckets
        where ($1 = '' or name ilike '%' || $1 || '%')
        order by ${sortColumn} ${sortOrder}, id
        limit $2 offset $3`,
      [escapeLike(search), limit ?? null, offset],
    )
    return result.rows
  })
  return json(rows.map(bucketJson))
}

export async function getBucket(lb: Localbase, caller: Caller, request: Request, id: string) {
  const bucket = await runAs(lb, caller, request, 'storage.bucket.get', async (tx) => {
    const { rows } = await tx.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])
    return rows[0]
  })
  if (!bucket) throw errors.noSuchBucket()
  return json(bucketJson(bucket))
}

export async function createBucket(lb: Localbase, caller: Caller, request: Request) {
  const body = await readJsonBody(request)
  const id = mustBeValidBucketName(body.id ?? body.name)
  const name = typeof body.name === 'string' && body.name !== '' ? body.name : id
  const settings = bucketSettings(body)
  const { owner, ownerId } = ownerOf(caller)
  await runAs(lb, caller, request, 'storage.bucket.create', (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, name, owner, ownerId, settings.public ?? false, settings.fileSizeLimit ?? null, settings.allowedMimeTypes ?? null],
    ),
  ).catch((error: unknown) => {
    throw toStorageError(error, errors.bucketAlreadyExists)
  })
  return json({ name })
}

export async function updateBucket(lb: Localbase, caller: Caller, request: Request, id: string) {
  const settings = bucketSettings(await readJsonBody(request))
  const updated = await runAs(lb, caller, request, 'storage.bucket.update', async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update storage.buckets
          set public = case when $2 then $3 else public end,
              file_size_limit = case when $4 then $5 else file_size_limit end,
              allowed_mime_types = case when $6 then $7 else allowed_mime_types end,
              updated_at = now()
        where id = $1
        returning id`,
      [
        id,
        settings.public !== undefined,
        settings.public ?? null,
        settings.fileSizeLimit !== undefined,
        settings.fileSizeLimit ?? null,
        settings.allowedMimeTypes !== undefined,
        settings.allowedMimeTypes ?? null,
      ],
    )
    return rows.length > 0
  })
  if (!updated) throw errors.noSuchBucket()
  return json({ message: 'Successfully updated' })
}

export async function emptyBucket(lb: Localbase, caller: Caller, request: Request, id: string) {
  const removed = await runAs(lb, caller, request, 'storage.bucket.empty', async (tx) => {
    const { rows } = await tx.query(`select id from storage.buckets where id = $1`, [id])
    if (rows.length === 0) throw errors.noSuchBucket()
    const deleted = await tx.query<{ bucket_id: string; name: string; version: string | null }>(
      `delete from storage.objects where bucket_id = $1 returning bucket_id, name, version`,
      [id],
    )
    return deleted.rows
  })
  await removeQuietly(blobStore(lb), removed.map(refOf))
  return json({ message: 'Successfully emptied' })
}

export async function deleteBucket(lb: Localbase, caller: Caller, request: Request, id: string) {
  const { rows } = await lb.db.query<{ count: number }>(`select count(*)::int as count from storage.objects where bucket_id = $1`, [id])
  if ((rows[0]?.count ?? 0) > 0) throw errors.bucketNotEmpty()
  const deleted = await runAs(lb, caller, request, 'storage.bucket.delete', async (tx) => {
    const result = await tx.query(`delete from storage.buckets where id = $1 returning id`, [id])
    return result.rows.length > 0
  })
  if (!deleted) throw errors.noSuchBucket()
  await blobStore(lb)
    .removeBucket(id)
    .catch(() => undefined)
  return json({ message: 'Successfully deleted' })
}

type BucketSettings = { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null }

/** The settable fields of a create or update body; undefined = not given, so left as is. */
function bucketSettings(body: Record<string, unknown>): BucketSettings {
  const settings: BucketSettings = {}
  if (body.public !== undefined && body.public !== null) {
    if (typeof body.public !== 'boolean') throw errors.invalidRequest('body/public must be boolean')
    settings.public = body.public
  }
  if (body.file_size_limit !== undefined) settings.fileSizeLimit = parseFileSizeLimit(body.file_size_limit)
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types
    if (types !== null && (!Array.isArray(types) || types.some((type) => typeof type !== 'string'))) {
      throw errors.invalidRequest('body/allowed_mime_types must be an array of strings')
    }
    settings.allowedMimeTypes = types === null ? null : normalizeAllowedMimeTypes(types as string[])
  }
  return settings
}

/** A number of bytes, or a size with a decimal unit as Supabase accepts it ("20MB", "30KB"). */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null) return null
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw errors.invalidFileSizeLimit()
    return value
  }
  if (typeof value !== 'string') throw errors.invalidFileSizeLimit()
  if (/^\d+$/.test(value)) return Number(value)
  const match = /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.exec(value.trim())
  if (!match) throw errors.invalidFileSizeLimit()
  const units: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }
  return Math.round(Number(match[1]) * (units[(match[2] ?? 'b').toLowerCase()] ?? 1))
}

function nonNegativeInteger(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined
  return Number(text)
}
