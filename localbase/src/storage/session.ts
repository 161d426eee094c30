// Who is calling and how their statements run: as their role, in one transaction, with
// the settings Supabase Storage puts in place so that policies (auth.uid(), auth.role(),
// storage.operation()) see what they would see on Supabase.
import type { Localbase } from '#localbase/src/context.ts'
import { asRole, type Claims, type Tx } from '#localbase/src/db.ts'
import { requestClaims } from '#localbase/src/jwt.ts'
import { errors } from '#localbase/src/storage/errors.ts'

export type Caller = { claims: Claims }

/** The verified caller; a token that does not verify is Storage's AccessDenied. */
export async function callerOf(lb: Localbase, request: Request): Promise<Caller> {
  const result = await requestClaims(request, lb.config.jwtSecret)
  if (!result.ok) throw errors.accessDenied(result.failure.message)
  return { claims: result.claims }
}

/** Like callerOf, but a bad token makes an unauthenticated caller (routes with allowInvalidJwt). */
export async function optionalCallerOf(lb: Localbase, request: Request): Promise<Caller | undefined> {
  const result = await requestClaims(request, lb.config.jwtSecret)
  return result.ok ? { claims: result.claims } : undefined
}

/** Runs `work` as the caller in one transaction; a throw rolls it back. */
export async function runAs<T>(
  lb: Localbase,
  caller: Caller,
  request: Request,
  operation: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    if (name !== 'authorization' && name !== 'apikey') headers[name] = value
  })
  const { claims } = caller
  return asRole(
    lb.db,
    claims,
    async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claim.role', $1, true),
                set_config('request.jwt.claim.sub', $2, true),
                set_config('storage.operation', $3, true)`,
        [claims.role, typeof claims.sub === 'string' ? claims.sub : '', operation],
      )
      return work(tx)
    },
    { method: request.method, path: new URL(request.url).pathname, headers },
  )
}

/** The owner columns of a row the caller writes: `owner_id` is the JWT sub, `owner` its uuid form. */
export function ownerOf(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === 'string' && caller.claims.sub !== '' ? caller.claims.sub : null
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)
  return { owner: isUuid ? sub : null, ownerId: sub }
}
