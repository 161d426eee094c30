import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { API_ROLES, type Claims } from '#localbase/src/db.ts'

const encoder = new TextEncoder()

export async function signJwt(claims: Record<string, unknown>, secret: string, expiresInSeconds?: number) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  if (claims.iat === undefined) jwt.setIssuedAt()
  if (expiresInSeconds !== undefined) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
  return jwt.sign(encoder.encode(secret))
}

export type JwtFailure = { reason: 'expired' | 'invalid'; message: string }

/** Verifies an HS256 token; never throws. 30 s of clock skew are allowed, as PostgREST 13 does. */
export async function verifyJwt(token: string, secret: string): Promise<{ ok: true; claims: Claims } | { ok: false; failure: JwtFailure }> {
  const parts = token.split('.').length
  if (parts !== 3) return { ok: false, failure: { reason: 'invalid', message: `Expected 3 parts in JWT; got ${parts}` } }
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'], clockTolerance: 30 })
    return { ok: true, claims: payload as Claims }
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, failure: { reason: 'expired', message: 'JWT expired' } }
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, failure: { reason: 'invalid', message } }
  }
}

/**
 * The token a request acts with, as Supabase's gateway picks it: the Bearer token when
 * there is one, else the apikey header. No token means the anon role.
 */
export function bearerToken(request: Request): string | undefined {
  const authorization = request.headers.get('authorization')
  const match = authorization?.match(/^Bearer\s+(.+)$/i)
  if (match?.[1]) return match[1].trim()
  return request.headers.get('apikey')?.trim() || undefined
}

/**
 * Resolves a request's claims for the data APIs (REST, Storage). Anonymous when no
 * token is sent; a token that does not verify, or names a role that is not an API role,
 * is a failure the caller reports in its own API's shape.
 */
export async function requestClaims(
  request: Request,
  secret: string,
): Promise<{ ok: true; claims: Claims } | { ok: false; failure: JwtFailure }> {
  const token = bearerToken(request)
  if (!token) return { ok: true, claims: { role: 'anon' } }
  const verified = await verifyJwt(token, secret)
  if (!verified.ok) return verified
  const role = typeof verified.claims.role === 'string' ? verified.claims.role : 'anon'
  if (!(API_ROLES as readonly string[]).includes(role)) {
    return { ok: false, failure: { reason: 'invalid', message: `role "${role}" does not exist` } }
  }
  return { ok: true, claims: { ...verified.claims, role } }
}
