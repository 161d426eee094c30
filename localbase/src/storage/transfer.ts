// `POST /object/move` and `POST /object/copy`, as the caller: a move is an UPDATE of the
// row (SELECT and UPDATE policies), a copy a SELECT of the source and an INSERT of the
// destination. As for uploads, bytes are written under the new location inside the
// transaction, after the row succeeded, and the old location is cleared after the commit.
import { randomUUID } from 'node:crypto'
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { blobStore, removeQuietly, type BlobRef } from '#localbase/src/storage/blobs.ts'
import { findBucket } from '#localbase/src/storage/buckets.ts'
import { errors, toStorageError } from '#localbase/src/storage/errors.ts'
import { selectObject } from '#localbase/src/storage/object-rows.ts'
import { mustBeValidBucketName, mustBeValidKey } from '#localbase/src/storage/paths.ts'
import { readJsonBody, stringField } from '#localbase/src/storage/request.ts'
import { ownerOf, runAs, type Caller } from '#localbase/src/storage/session.ts'

type Transfer = { sourceBucket: string; sourceKey: string; destinationBucket: string; destinationKey: string }

async function readTransfer(lb: Localbase, body: Record<string, unknown>): Promise<Transfer> {
  const sourceBucket = mustBeValidBucketName(stringField(body, 'bucketId'))
  const destination = typeof body.destinationBucket === 'string' && body.destinationBucket !== '' ? body.destinationBucket : sourceBucket
  const transfer = {
    sourceBucket,
    sourceKey: mustBeValidKey(stringField(body, 'sourceKey')),
    destinationBucket: mustBeValidBucketName(destination),
    destinationKey: mustBeValidKey(stringField(body, 'destinationKey')),
  }
  for (const bucket of new Set([transfer.sourceBucket, transfer.destinationBucket])) {
    if (!(await findBucket(lb, bucket))) throw errors.noSuchBucket()
  }
  return transfer
}

export async function moveObject(lb: Localbase, caller: Caller, request: Request) {
  const move = await readTransfer(lb, await readJsonBody(request))
  const store = blobStore(lb)
  let written: BlobRef | undefined
  try {
    const source = await runAs(lb, caller, request, 'storage.object.move', async (tx) => {
      const { rows } = await tx.query<{ version: string | null }>(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now(), last_accessed_at = now()
          where bucket_id = $1 and name = $2
          returning version`,
        [move.sourceBucket, move.sourceKey, move.destinationBucket, move.destinationKey],
      )
      const version = rows[0]?.version
      if (!rows[0]) throw errors.noSuchKey()
      const from = version ? { bucket: move.sourceBucket, key: move.sourceKey, version } : undefined
      const to = version ? { bucket: move.destinationBucket, key: move.destinationKey, version } : undefined
      const bytes = from ? await store.read(from) : undefined
      if (bytes && to && !sameRef(from, to)) {
        await store.write(to, bytes)
        written = to
      }
      return written ? from : undefined
    })
    await removeQuietly(store, [source])
    return json({ message: 'Successfully moved' })
  } catch (error) {
    await removeQuietly(store, [written])
    throw toStorageError(error, errors.keyAlreadyExists)
  }
}

export async function copyObject(lb: Localbase, caller: Caller, request: Request) {
  const body = await readJsonBody(request)
  const copy = await readTransfer(lb, body)
  const store = blobStore(lb)
  const { owner, ownerId } = ownerOf(caller)
  const target: BlobRef = { bucket: copy.destinationBucket, key: copy.destinationKey, version: randomUUID() }
  let written = false
  try {
    const id = await runAs(lb, caller, request, 'storage.object.copy', async (tx) => {
      const source = await selectObject(tx, copy.sourceBucket, copy.sourceKey)
      if (!source) throw errors.noSuchKey()
      const userMetadata = body.copyMetadata === false ? (body.metadata ?? null) : source.user_metadata
      const newId = randomUUID()
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
        [
          newId,
          copy.destinationBucket,
          copy.destinationKey,
          owner,
          ownerId,
          target.version,
          JSON.stringify({ ...source.metadata, lastModified: new Date().toISOString() }),
          userMetadata === null ? null : JSON.stringify(userMetadata),
        ],
      )
      const bytes = source.version
        ? await store.read({ bucket: copy.sourceBucket, key: copy.sourceKey, version: source.version })
        : undefined
      if (bytes) {
        await store.write(target, bytes)
        written = true
      }
      return newId
    })
    return json({ Id: id, Key: `${copy.destinationBucket}/${copy.destinationKey}` })
  } catch (error) {
    if (written) await removeQuietly(store, [target])
    throw toStorageError(error, errors.keyAlreadyExists)
  }
}

function sameRef(a: BlobRef | undefined, b: BlobRef | undefined): boolean {
  return !!a && !!b && a.bucket === b.bucket && a.key === b.key && a.version === b.version
}
