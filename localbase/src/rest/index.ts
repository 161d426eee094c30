// /rest/v1: a faithful subset of PostgREST (see README.md beside this file). This module
// routes a request, resolves the caller's role from the JWT and maps every failure to
// PostgREST's error JSON; read.ts, write.ts and rpc.ts do the work, one transaction each.
import type { ApiHandler } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import type { JwtFailure } from '#localbase/src/jwt.ts'
import { cachedClaims } from '#localbase/src/rest/claims-cache.ts'
import {
  ApiError,
  closestName,
  errorResponse,
  fromDatabaseError,
  isDatabaseError,
  restErrors,
  RollbackWith,
} from '#localbase/src/rest/errors.ts'
import { readRelation } from '#localbase/src/rest/read.ts'
import { negotiate, parsePrefer } from '#localbase/src/rest/request-options.ts'
import type { RestContext } from '#localbase/src/rest/rest-context.ts'
import { callFunction } from '#localbase/src/rest/rpc.ts'
import {
  EXPOSED_SCHEMA,
  getSchemaCache,
  invalidateAfterError,
  invalidateSchemaCache,
  reloadAfterMiss,
  type SchemaCache,
} from '#localbase/src/rest/schema-cache.ts'
import { writeRelation } from '#localbase/src/rest/write.ts'

export { invalidateSchemaCache }

/** Errors that may mean the cache predates a migration: reload once and try again. */
const CACHE_MISS_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703'])
/** Database errors that may mean the cache names something that is gone. */
const STALE_CACHE_CODES = new Set(['42P01', '42703', '42883'])

export const handleRest: ApiHandler = async (lb, request, path) => {
  let role = 'anon'
  try {
    const method = request.method.toUpperCase()
    const read = method === 'GET' || method === 'HEAD'
    const profile = request.headers.get(read ? 'accept-profile' : 'content-profile')
    if (profile && profile !== EXPOSED_SCHEMA) throw restErrors.invalidSchema(profile)
    const auth = await cachedClaims(lb, request)
    if (!auth.ok) return jwtError(auth.failure)
    role = auth.claims.role

    const base = {
      lb,
      request,
      url: new URL(request.url),
      path,
      method,
      claims: auth.claims,
      prefer: parsePrefer(request.headers.get('prefer')),
      media: negotiate(request.headers.get('accept')),
      body: read ? '' : await request.text(),
    }
    const segments = decodeSegments(path)
    const run = (schema: SchemaCache) => route({ ...base, schema }, segments)
    try {
      return await run(await getSchemaCache(lb.db))
    } catch (error) {
      if (!(error instanceof ApiError && CACHE_MISS_CODES.has(error.code))) throw error
      const fresh = await reloadAfterMiss(lb.db)
      if (!fresh) throw error
      return await run(fresh)
    }
  } catch (error) {
    if (error instanceof RollbackWith) return error.response
    if (error instanceof ApiError) return errorResponse(error)
    if (isDatabaseError(error)) {
      if (STALE_CACHE_CODES.has(error.code)) invalidateAfterError(lb.db)
      return errorResponse(fromDatabaseError(error, role))
    }
    throw error
  }
}

export const restTooLarge = () => json({ code: 'PGRST413', details: null, hint: null, message: 'Payload Too Large' }, { status: 413 })

async function route(ctx: RestContext, segments: string[]): Promise<Response> {
  if (segments.length === 0) return describe(ctx)
  if (segments[0] === 'rpc' && segments.length === 2) return callFunction(ctx, segments[1]!)
  if (segments.length !== 1) throw new ApiError(404, 'PGRST125', `Invalid path specified in request URL`)

  const name = segments[0]!
  const relation = ctx.schema.relations.get(name)
  if (!relation) throw restErrors.tableNotFound(name, closestName(name, ctx.schema.relations.keys()))
  switch (ctx.method) {
    case 'GET':
    case 'HEAD':
      return readRelation(ctx, relation)
    case 'POST':
      return writeRelation(ctx, relation, 'insert')
    case 'PATCH':
      return writeRelation(ctx, relation, 'update')
    case 'DELETE':
      return writeRelation(ctx, relation, 'delete')
    default:
      throw restErrors.methodNotAllowed(ctx.method)
  }
}

function decodeSegments(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL')
  }
}

/** The root path: a small OpenAPI-shaped index of what is exposed. */
function describe(ctx: RestContext): Response {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw restErrors.methodNotAllowed(ctx.method)
  const paths: Record<string, object> = { '/': {} }
  for (const name of ctx.schema.relations.keys()) paths[`/${name}`] = {}
  for (const name of ctx.schema.functions.keys()) paths[`/rpc/${name}`] = {}
  return json({ swagger: '2.0', info: { title: 'localbase REST', version: '1' }, basePath: '/', schemes: ['http'], paths })
}

/** 401 as PostgREST: PGRST303 for an expired token, PGRST301 for any other bad token. */
function jwtError(failure: JwtFailure): Response {
  const code = failure.reason === 'expired' ? 'PGRST303' : 'PGRST301'
  const description = failure.message.replaceAll('"', "'")
  return errorResponse(
    new ApiError(401, code, failure.message, null, null, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
    }),
  )
}
