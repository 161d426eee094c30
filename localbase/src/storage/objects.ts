// Reading and removing objects. Authenticated reads and all removals run as the caller,
// so RLS decides (an object the caller may not see is "Object not found", as on
// Supabase); public reads run as superuser and require `buckets.public = true`.
import type { Localbase } from '../context.ts'
import { json } from '../http.ts'
import { blobStore, removeQuietly } from './blobs.ts'
import { findBucket } from './buckets.ts'
import { errors } from './errors.ts'
import {
  OBJECT_COLUMNS,
  objectInfoJson,
  refOf,
  removedObjectJson,
  selectObject,
  selectObjectAsSuperuser,
  type ObjectRow,
} from './object-rows.ts'
import { renderObject } from './render.ts'
import { readJsonBody } from './request.ts'
import { runAs, type Caller } from './session.ts'

/** The object's bytes as a download response; a row without bytes is a 404, as S3's would be. */
export async function sendObject(lb: Localbase, request: Request, row: ObjectRow): Promise<Response> {
  const ref = refOf(row)
  const bytes = ref ? await blobStore(lb).read(ref) : undefined
  if (!bytes) throw errors.missingBytes()
  return renderObject(request, row, bytes)
}

/** `GET|HEAD /object[/authenticated]/<bucket>/<key>`: what the caller's SELECT policies let them read. */
export async function downloadObject(lb: Localbase, caller: Caller, request: Request, bucket: string, key: string) {
  const row = await runAs(lb, caller, request, 'storage.object.get_authenticated', (tx) => selectObject(tx, bucket, key))
  if (!row) {
    if (!(await findBucket(lb, bucket))) throw errors.noSuchBucket()
    throw errors.noSuchKey()
  }
  return sendObject(lb, request, row)
}

/** `GET|HEAD /object/public/<bucket>/<key>`: no policies, but only from a public bucket. */
export async function downloadPublicObject(lb: Localbase, request: Request, bucket: string, key: string) {
  const found = await findBucket(lb, bucket)
  if (!found?.public) throw errors.noSuchBucket()
  const row = await selectObjectAsSuperuser(lb, bucket, key)
  if (!row) throw errors.noSuchKey()
  return sendObject(lb, request, row)
}

/**
 * `GET /object/info[/authenticated|/public]/<bucket>/<key>`. As in Supabase, objects of a
 * public bucket are described to anyone, and a caller without a valid token sees only
 * public buckets.
 */
export async function objectInfo(
  lb: Localbase,
  caller: Caller | undefined,
  request: Request,
  bucket: string,
  key: string,
  publicRoute: boolean,
) {
  const found = await findBucket(lb, bucket)
  if (!found || (!caller && !found.public)) throw errors.noSuchBucket()
  const row =
    found.public || publicRoute || !caller
      ? await selectObjectAsSuperuser(lb, bucket, key)
      : await runAs(lb, caller, request, 'storage.object.info', (tx) => selectObject(tx, bucket, key))
  if (!row) throw errors.noSuchKey()
  return json(objectInfoJson(row))
}

/** `DELETE /object/<bucket>` with `{prefixes}`: the rows the caller may delete, deleted; the others left. */
export async function removeObjects(lb: Localbase, caller: Caller, request: Request, bucket: string) {
  const body = await readJsonBody(request)
  const prefixes = body.prefixes
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
    throw errors.invalidRequest('body/prefixes must be an array of 1 to 1000 paths')
  }
  const names = prefixes.map((entry: unknown) => {
    const name = typeof entry === 'object' && entry !== null ? (entry as { path?: unknown }).path : entry
    if (typeof name !== 'string') throw errors.invalidRequest('body/prefixes must hold paths')
    return name.normalize('NFC')
  })
  const deleted = await runAs(lb, caller, request, 'storage.object.delete_many', async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucket, names],
    )
    return rows
  })
  await removeQuietly(blobStore(lb), deleted.map(refOf))
  return json(deleted.map(removedObjectJson))
}

/** `DELETE /object/<bucket>/<key>`: one object. */
export async function deleteObject(lb: Localbase, caller: Caller, request: Request, bucket: string, key: string) {
  const deleted = await runAs(lb, caller, request, 'storage.object.delete', async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
      [bucket, key],
    )
    return rows[0]
  })
  if (!deleted) throw errors.noSuchKey()
  await removeQuietly(blobStore(lb), [refOf(deleted)])
  return json({ message: 'Successfully deleted' })
}
