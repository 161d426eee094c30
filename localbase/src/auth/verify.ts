// POST /verify (verifyOtp with a token hash, or an email and the 6-digit code) and GET /verify
// (the link GoTrue's own templates use), after GoTrue's verify.go.
import { randomBytes } from 'node:crypto'
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { redirectTarget } from '#localbase/src/auth/emails.ts'
import { AuthError, forbidden, unprocessable, validationFailed } from '#localbase/src/auth/errors.ts'
import { WINDOWS, limitByIp, limitSignInByClientAndEmail } from '#localbase/src/auth/limits.ts'
import { findOneTimeToken, issueAuthCode, tokenHash, type OneTimeToken, type TokenType } from '#localbase/src/auth/otp.ts'
import { readParams } from '#localbase/src/auth/params.ts'
import { issueSession, type TokenResponse } from '#localbase/src/auth/tokens.ts'
import { confirmUser, findUserById, hashPassword, isBanned, isConfirmed, validateEmail, type Sql } from '#localbase/src/auth/users.ts'

const LOOKUP: Record<string, TokenType[]> = {
  email: ['confirmation_token', 'recovery_token'],
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_new'],
}

const linkExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired')
const codeExpired = () => forbidden('otp_expired', 'Token has expired or is invalid')

/**
 * Applies what the token proves (confirm the address, allow a password reset, switch the
 * email) and uses it up. Returns the verification type after `email` is resolved.
 */
async function applyToken(sql: Sql, token: OneTimeToken, requestedType: string, expired: () => AuthError): Promise<string> {
  // Using the token up inside the transaction makes two concurrent verifications get one session.
  const used = await sql.query('delete from auth.one_time_tokens where id = $1 returning id', [token.id])
  if (used.rows.length === 0) throw expired()
  const user = (await findUserById(sql, token.user_id))!
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned')
  let type = requestedType
  if (type === 'email') type = token.token_type === 'recovery_token' ? 'magiclink' : 'signup'
  if (type === 'signup' || type === 'invite') {
    // An invited user has no password yet: GoTrue sets a random one the app asks them to replace.
    if (!user.encrypted_password && user.invited_at) {
      await sql.query('update auth.users set encrypted_password = $2 where id = $1', [
        user.id,
        await hashPassword(randomBytes(32).toString('hex')),
      ])
    }
    await confirmUser(sql, user.id)
  } else if (type === 'recovery' || type === 'magiclink') {
    await sql.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id])
    if (!isConfirmed(user)) await confirmUser(sql, user.id)
  } else if (type === 'email_change') {
    const { rows } = await sql.query('select 1 from auth.users where lower(email) = lower($1) and id <> $2', [token.relates_to, user.id])
    if (rows.length > 0) throw unprocessable('email_exists', 'A user with this email address has already been registered')
    await sql.query(
      `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
         email_change_confirm_status = 0, updated_at = now() where id = $1`,
      [user.id],
    )
    await sql.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id, token.relates_to],
    )
    if (!isConfirmed(user)) await confirmUser(sql, user.id)
  }
  return type
}

function checkType(type: string) {
  if (type === '') throw validationFailed('Verify requires a verification type')
}

export async function handleVerifyPost(lb: Localbase, request: Request): Promise<Response> {
  const params = await readParams(request, 'VerifyParams', {
    type: 'string',
    token: 'string',
    token_hash: 'string',
    email: 'string',
    phone: 'string',
    redirect_to: 'string',
  })
  const type = params.str('type')
  const [code, hash, rawEmail, phone] = [params.str('token'), params.str('token_hash'), params.str('email'), params.str('phone')]
  checkType(type)
  if ((code === '') === (hash === '')) throw validationFailed('Verify requires either a token or a token hash')
  const types = LOOKUP[type]

  let token: OneTimeToken | undefined
  if (hash !== '') {
    if (rawEmail !== '' || phone !== '' || params.str('redirect_to') !== '') {
      throw validationFailed('Only the token_hash and type should be provided')
    }
    if (!types) throw validationFailed('Invalid email verification type')
    token = await findOneTimeToken(lb.db, hash, types)
    if (!token) throw linkExpired()
  } else {
    if (rawEmail === '' || phone !== '') {
      if (phone !== '' && rawEmail === '') throw codeExpired()
      throw validationFailed('Only an email address or phone number should be provided on verify')
    }
    let email: string
    try {
      email = validateEmail(rawEmail)
    } catch {
      throw new AuthError(422, 'validation_failed', 'Invalid email format')
    }
    // A 6-digit code is guessable: code attempts spend the sign-in budgets, like passwords.
    limitByIp(lb, request, 'signin', lb.config.rateLimits.signInPerIp, WINDOWS.signIn)
    limitSignInByClientAndEmail(lb, request, email)
    if (!types) throw codeExpired()
    token = await findCodeToken(lb.db, email, code, type, types)
    if (!token) throw codeExpired()
  }

  const found = token
  const expired = hash !== '' ? linkExpired : codeExpired
  const session = await lb.db.transaction(async (tx) => {
    await applyToken(tx, found, type, expired)
    // Verified directly, a PKCE link's flow will never be exchanged: drop it.
    if (found.flow_state_id) await tx.query('delete from auth.flow_state where id = $1', [found.flow_state_id])
    return issueSession(lb, tx, found.user_id, 'otp')
  })
  return json(session)
}

/** The token an emailed 6-digit code stands for: the hash over (address, code), for that user. */
async function findCodeToken(sql: Sql, email: string, code: string, type: string, types: TokenType[]) {
  const hash = tokenHash(email, code)
  if (type === 'email_change') return findOneTimeToken(sql, hash, types)
  const { rows } = await sql.query<{ id: string }>(
    `select id from auth.users where lower(email) = $1 and is_sso_user = false and aud = 'authenticated'`,
    [email],
  )
  return rows[0] ? findOneTimeToken(sql, hash, types, rows[0].id) : undefined
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location } })
}

// GoTrue's oauthErrorMap, from HTTP status to the OAuth error name.
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
}

/** prepErrorRedirectURL: the error in the fragment, and also in the query for PKCE flows. */
function errorRedirect(target: string, error: AuthError, pkce: boolean): Response {
  const url = new URL(target)
  const details = new URLSearchParams()
  const oauthError = OAUTH_ERRORS[error.status]
  if (oauthError) details.set('error', oauthError)
  details.set('error_code', error.code)
  details.set('error_description', error.message)
  if (pkce) for (const [name, value] of details) url.searchParams.set(name, value)
  details.set('sb', '')
  url.hash = details.toString()
  return redirect(url.toString())
}

/** AccessTokenResponse.AsRedirectURL: the implicit flow hands the session over in the fragment. */
function sessionRedirect(target: string, session: TokenResponse, type: string): Response {
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  })
  return redirect(`${target}#${fragment.toString()}`)
}

export async function handleVerifyGet(lb: Localbase, request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams
  const type = query.get('type') ?? ''
  const hash = query.get('token') ?? ''
  checkType(type)
  if (hash === '') throw validationFailed('Verify requires a token or a token hash')
  const pkce = hash.startsWith('pkce_')
  const types = LOOKUP[type]
  const token = types ? await findOneTimeToken(lb.db, hash, types) : undefined
  const target = redirectTarget(lb, query.get('redirect_to') ?? token?.redirect_to)
  try {
    if (!types) throw validationFailed('Invalid email verification type')
    if (!token) throw linkExpired()
    const outcome = await lb.db.transaction(async (tx): Promise<{ code: string } | { session: TokenResponse; resolvedType: string }> => {
      const resolvedType = await applyToken(tx, token, type, linkExpired)
      if (pkce && token.flow_state_id) return { code: await issueAuthCode(tx, token) }
      return { session: await issueSession(lb, tx, token.user_id, 'otp'), resolvedType }
    })
    if ('code' in outcome) {
      const url = new URL(target)
      url.searchParams.set('code', outcome.code)
      return redirect(url.toString())
    }
    return sessionRedirect(target, outcome.session, outcome.resolvedType)
  } catch (error) {
    if (error instanceof AuthError) return errorRedirect(target, error, pkce)
    throw error
  }
}
