// Sessions, refresh tokens and access tokens: GoTrue's issueRefreshToken, RefreshTokenGrant and
// requireAuthentication. Every access token names a live auth.sessions row in `session_id`.
import { randomBytes, randomUUID } from 'node:crypto'
import type { Localbase } from '#localbase/src/context.ts'
import { signJwt, verifyJwt } from '#localbase/src/jwt.ts'
import { badRequest, forbidden, unauthorized, validationFailed } from '#localbase/src/auth/errors.ts'
import { findUserById, isBanned, isUuid, loadUserJson, type Sql, type UserJson, type UserRow } from '#localbase/src/auth/users.ts'

// GoTrue's default GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL.
const REUSE_INTERVAL_SECONDS = 10
const REFRESH_TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

export type TokenResponse = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: UserJson
}

type Amr = { method: string; timestamp: number }

/** An opaque refresh token: 32 random lower-case alphanumerics (~165 bits). */
function newRefreshToken(): string {
  const bytes = randomBytes(32)
  let token = ''
  for (const byte of bytes) token += REFRESH_TOKEN_ALPHABET[byte % REFRESH_TOKEN_ALPHABET.length]
  return token
}

async function sessionAmr(sql: Sql, sessionId: string): Promise<Amr[]> {
  const { rows } = await sql.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  )
  return rows.map((row) => ({ method: row.authentication_method, timestamp: Math.floor(row.updated_at.getTime() / 1000) }))
}

async function tokenResponse(lb: Localbase, sql: Sql, user: UserRow, sessionId: string, refreshToken: string): Promise<TokenResponse> {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + lb.config.jwtExpiry
  const userJson = await loadUserJson(sql, user)
  const claims = {
    iss: `${lb.config.url}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: userJson.app_metadata,
    user_metadata: userJson.user_metadata,
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr: await sessionAmr(sql, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  }
  const accessToken = await signJwt(claims, lb.config.jwtSecret)
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: lb.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson,
  }
}

/**
 * Starts a session for a user who just proved who they are: a sessions row, the
 * authentication method (for `amr`), a first refresh token, and last_sign_in_at.
 */
export async function issueSession(lb: Localbase, sql: Sql, userId: string, method: string): Promise<TokenResponse> {
  const sessionId = randomUUID()
  const refreshToken = newRefreshToken()
  await sql.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId])
  await sql.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at) values ($1, $2, $3, now(), now())`,
    [randomUUID(), sessionId, method],
  )
  await sql.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [refreshToken, userId, sessionId])
  await sql.query('update auth.users set last_sign_in_at = now() where id = $1', [userId])
  await sql.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId])
  const user = (await findUserById(sql, userId))!
  return tokenResponse(lb, sql, user, sessionId, refreshToken)
}

type RefreshTokenRow = { id: string; token: string; revoked: boolean; updated_at: Date; session_id: string | null; parent: string | null }

/**
 * The refresh_token grant. Tokens are single-use: using one revokes it and issues its child.
 * A revoked token still answers with the session's active token when it is that token's
 * parent (the client lost the response) or was revoked less than 10 s ago (parallel
 * requests sharing one cookie); any other reuse ends the whole session.
 */
export async function refreshTokenGrant(lb: Localbase, token: string): Promise<TokenResponse> {
  if (token.length < 12 || !/^[A-Za-z0-9_-]+$/.test(token)) throw validationFailed('Refresh token is not valid')
  const outcome = await lb.db.transaction(async (tx) => {
    // Locked: parallel refreshes with one token (server requests sharing a cookie) then take
    // turns, and the later ones see it revoked and get its child, on a real server as on PGlite.
    const current = (await tx.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [token])).rows[0]
    if (!current) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    const user = current.session_id ? await sessionUser(tx, current.session_id) : undefined
    if (!current.session_id || !user) return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found')
    if (isBanned(user)) return badRequest('user_banned', 'Invalid Refresh Token: User Banned')

    if (current.revoked) {
      const active = (
        await tx.query<RefreshTokenRow>(
          'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
          [current.session_id],
        )
      ).rows[0]
      const withinWindow = Date.now() - current.updated_at.getTime() <= REUSE_INTERVAL_SECONDS * 1000
      if (active && (active.parent === current.token || withinWindow)) {
        await tx.query('update auth.sessions set updated_at = now() where id = $1', [current.session_id])
        return tokenResponse(lb, tx, user, current.session_id, active.token)
      }
      // Reuse outside the window looks like a stolen token: end the session it belongs to.
      await tx.query('delete from auth.sessions where id = $1', [current.session_id])
      return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    }

    const child = newRefreshToken()
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [current.id])
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      child,
      user.id,
      current.session_id,
      current.token,
    ])
    await tx.query('update auth.sessions set updated_at = now() where id = $1', [current.session_id])
    return tokenResponse(lb, tx, user, current.session_id, child)
  })
  if (outcome instanceof Error) throw outcome
  return outcome
}

async function sessionUser(sql: Sql, sessionId: string): Promise<UserRow | undefined> {
  const { rows } = await sql.query<UserRow>('select u.* from auth.sessions s join auth.users u on u.id = s.user_id where s.id = $1', [
    sessionId,
  ])
  return rows[0]
}

export type Authenticated = { user: UserRow; sessionId: string | undefined }

/** The Bearer token of the Authorization header only, as GoTrue's extractBearerToken. */
function authorizationBearer(request: Request): string {
  const match = request.headers.get('authorization')?.match(/^[Bb]earer (\S+)$/)
  if (!match?.[1]) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token')
  return match[1]
}

/** Maps jose's failures onto the golang-jwt wording GoTrue puts after its prefix. */
function jwtFailure(message: string, expired: boolean): string {
  if (expired) return 'token has invalid claims: token is expired'
  if (message.startsWith('Expected 3 parts')) return 'token is malformed: token contains an invalid number of segments'
  if (/signature/i.test(message)) return 'token signature is invalid: signature is invalid'
  return `token is malformed: ${message}`
}

/** Verifies the Bearer JWT and returns its claims, or fails with 401/403 as GoTrue does. */
export async function bearerClaims(lb: Localbase, request: Request): Promise<Record<string, unknown>> {
  const verified = await verifyJwt(authorizationBearer(request), lb.config.jwtSecret)
  if (!verified.ok) {
    const detail = jwtFailure(verified.failure.message, verified.failure.reason === 'expired')
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`)
  }
  return verified.claims
}

/** requireAuthentication: a valid user JWT whose user and session still exist. */
export async function requireUser(lb: Localbase, request: Request): Promise<Authenticated> {
  const claims = await bearerClaims(lb, request)
  const sub = typeof claims.sub === 'string' ? claims.sub : ''
  if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID')
  const user = await findUserById(lb.db, sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  const sessionId = typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : undefined
  if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID')
    const { rows } = await lb.db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id])
    if (rows.length === 0) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { user, sessionId }
}
