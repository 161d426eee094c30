// Signed URLs: whoever may read an object (SELECT as the caller) can hand out a link that
// reads it without any token of theirs until it expires. The token is an HS256 JWT, signed
// with the project's secret, whose `url` claim is `<bucket>/<key>`, as in Supabase.
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { signJwt, verifyJwt } from '#localbase/src/jwt.ts'
import { findBucket } from '#localbase/src/storage/buckets.ts'
import { errors } from '#localbase/src/storage/errors.ts'
import { selectObject, selectObjectAsSuperuser } from '#localbase/src/storage/object-rows.ts'
import { sendObject } from '#localbase/src/storage/objects.ts'
import { readJsonBody } from '#localbase/src/storage/request.ts'
import { runAs, type Caller } from '#localbase/src/storage/session.ts'

function expiresInOf(body: Record<string, unknown>): number {
  const expiresIn = body.expiresIn
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn < 1) {
    throw errors.invalidRequest('body/expiresIn must be >= 1')
  }
  return Math.floor(expiresIn)
}

async function signedUrlFor(lb: Localbase, bucket: string, key: string, expiresIn: number): Promise<string> {
  const token = await signJwt({ url: `${bucket}/${key}` }, lb.config.jwtSecret, expiresIn)
  // Not percent-encoded: storage-js applies encodeURI to the whole URL itself.
  return `/object/sign/${bucket}/${key}?token=${token}`
}

/** `POST /object/sign/<bucket>/<key>` `{expiresIn}` → `{signedURL}`. */
export async function createSignedUrl(lb: Localbase, caller: Caller, request: Request, bucket: string, key: string) {
  const expiresIn = expiresInOf(await readJsonBody(request))
  const row = await runAs(lb, caller, request, 'storage.object.sign', (tx) => selectObject(tx, bucket, key))
  if (!row) {
    if (!(await findBucket(lb, bucket))) throw errors.noSuchBucket()
    throw errors.noSuchKey()
  }
  return json({ signedURL: await signedUrlFor(lb, bucket, key, expiresIn) })
}

/** `POST /object/sign/<bucket>` `{expiresIn, paths}` → one `{error, path, signedURL}` per path. */
export async function createSignedUrls(lb: Localbase, caller: Caller, request: Request, bucket: string) {
  const body = await readJsonBody(request)
  const expiresIn = expiresInOf(body)
  const paths = body.paths
  if (!Array.isArray(paths) || paths.length === 0 || paths.some((path) => typeof path !== 'string')) {
    throw errors.invalidRequest('body/paths must be a non-empty array of strings')
  }
  const visible = await runAs(lb, caller, request, 'storage.object.sign_many', async (tx) => {
    const { rows } = await tx.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2::text[])`, [
      bucket,
      paths,
    ])
    return new Set(rows.map((row) => row.name))
  })
  const results = await Promise.all(
    (paths as string[]).map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: await signedUrlFor(lb, bucket, path, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  )
  return json(results)
}

/** `GET /object/sign/<bucket>/<key>?token=…`: the bytes, for a token signed for exactly this object. */
export async function downloadSignedObject(lb: Localbase, request: Request, bucket: string, key: string) {
  const token = new URL(request.url).searchParams.get('token')
  if (!token) throw errors.invalidRequest("querystring must have required property 'token'")
  const verified = await verifyJwt(token, lb.config.jwtSecret)
  if (!verified.ok) throw errors.invalidJwt(verified.failure.message)
  if (verified.claims.url !== `${bucket}/${key}`) throw errors.invalidSignature()
  const row = await selectObjectAsSuperuser(lb, bucket, key)
  if (!row) throw errors.noSuchKey()
  return sendObject(lb, request, row)
}
