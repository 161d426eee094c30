// Reading and removing objects. Removals, and reads from private buckets, run as the
// caller, so RLS decides (an object the caller may not see is "Object not found", as on
// Supabase); reads from public buckets run as superuser.
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { blobStore, removeQuietly } from '#localbase/src/storage/blobs.ts'
import { findBucket } from '#localbase/src/storage/buckets.ts'
import { errors } from '#localbase/src/storage/errors.ts'
import {
  OBJECT_COLUMNS,
  objectInfoJson,
  refOf,
  removedObjectJson,
  selectObject,
  selectObjectAsSuperuser,
  type ObjectRow,
} from '#localbase/src/storage/object-rows.ts'
import { renderObject } from '#localbase/src/storage/render.ts'
import { readJsonBody } from '#localbase/src/storage/request.ts'
import { runAs, type Caller } from '#localbase/src/storage/session.ts'

/** The object's bytes as a download response; a row without bytes is a 404, as S3's would be. */
export async function sendObject(lb: Localbase, request: Request, row: ObjectRow): Promise<Response> {
  const ref = refOf(row)
  const bytes = ref ? await blobStore(lb).read(ref) : undefined
  if (!bytes) throw errors.missingBytes()
  return renderObject(request, row, bytes)
}

/**
 * The object a read may see, as Supabase decides it: objects of a public bucket are read
 * as superuser; those of a private bucket as the caller, so the SELECT policies decide
 * (an invisible object is "Object not found"). A caller whose token did not verify
 * (undefined, on the routes that tolerate it) sees public buckets only.
 */
async function readableObject(
  lb: Localbase,
  caller: Caller | undefined,
  request: Request,
  bucket: string,
  key: string,
  operation: string,
): Promise<ObjectRow> {
  const found = await findBucket(lb, bucket)
  if (!found || (!caller && !found.public)) throw errors.noSuchBucket()
  const row =
    found.public || !caller
      ? await selectObjectAsSuperuser(lb, bucket, key)
      : await runAs(lb, caller, request, operation, (tx) => selectObject(tx, bucket, key))
  if (!row) throw errors.noSuchKey()
  return row
}

/** `GET|HEAD /object[/authenticated]/<bucket>/<key>`. */
export async function downloadObject(lb: Localbase, caller: Caller | undefined, request: Request, bucket: string, key: string) {
  return sendObject(lb, request, await readableObject(lb, caller, request, bucket, key, 'storage.object.get_authenticated'))
}

/** `GET|HEAD /object/public/<bucket>/<key>`: no token needed, but only from a public bucket. */
export async function downloadPublicObject(lb: Localbase, request: Request, bucket: string, key: string) {
  const found = await findBucket(lb, bucket)
  if (!found?.public) throw errors.noSuchBucket()
  const row = await selectObjectAsSuperuser(lb, bucket, key)
  if (!row) throw errors.noSuchKey()
  return sendObject(lb, request, row)
}

/** `GET /object/info[/authenticated]/<bucket>/<key>` (storage-js camelizes the answer). */
export async function objectInfo(lb: Localbase, caller: Caller | undefined, request: Request, bucket: string, key: string) {
  return json(objectInfoJson(await readableObject(lb, caller, request, bucket, key, 'storage.object.info')))
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
