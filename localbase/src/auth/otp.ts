// Emailed one-time tokens (auth.one_time_tokens) and PKCE flow states (auth.flow_state),
// after GoTrue's crypto.GenerateTokenHash, addFlowPrefixToToken, generateFlowState,
// issueAuthCode and the pkce grant.
import { createHash, randomInt, randomUUID } from 'node:crypto'
import type { Localbase } from '#localbase/src/context.ts'
import { AuthError, badRequest, notFound, unprocessable, validationFailed } from '#localbase/src/auth/errors.ts'
import { issueSession, type TokenResponse } from '#localbase/src/auth/tokens.ts'
import type { Sql, UserRow } from '#localbase/src/auth/users.ts'

export type TokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new'
export type Pkce = { challenge: string; method: 's256' | 'plain' }
export type OneTimeToken = {
  id: string
  user_id: string
  token_type: TokenType
  token_hash: string
  relates_to: string
  redirect_to: string | null
  flow_state_id: string | null
  created_at: Date
}

// GoTrue's MAILER_OTP_EXP and FLOW_STATE_EXPIRY_DURATION defaults.
export const OTP_EXPIRY_SECONDS = 86_400
const FLOW_STATE_EXPIRY_SECONDS = 300
const PKCE_PREFIX = 'pkce_'

// The legacy auth.users columns GoTrue still writes beside each one-time token.
const USER_COLUMNS: Record<TokenType, { token: string; sentAt: string }> = {
  confirmation_token: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery_token: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_token_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
}

/** The token hash in links: hex(sha224(email + otp)), as GoTrue makes it. */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex')

/** validatePKCEParams: both or neither, a 43–128 character RFC 7636 challenge, s256 or plain. */
export function parsePkce(challenge: string, method: string): Pkce | undefined {
  if ((challenge === '') !== (method === '')) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge')
  if (challenge === '') return undefined
  if (challenge.length < 43 || challenge.length > 128) throw validationFailed('code challenge has to be between 43 and 128 characters')
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw validationFailed('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes')
  }
  const normalized = method.toLowerCase()
  if (normalized !== 's256' && normalized !== 'plain') throw validationFailed(`code challenge method ${method} not supported`)
  return { challenge, method: normalized }
}

/** Starts a PKCE flow: the auth code is made now and handed out once the link is verified. */
async function createFlowState(sql: Sql, userId: string, pkce: Pkce, authenticationMethod: string): Promise<string> {
  const id = randomUUID()
  await sql.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      userId,
      randomUUID(),
      pkce.method,
      pkce.challenge,
      authenticationMethod === 'email/signup' ? 'email' : authenticationMethod,
      authenticationMethod,
    ],
  )
  return id
}

const AUTHENTICATION_METHODS: Record<TokenType, string> = {
  confirmation_token: 'email/signup',
  recovery_token: 'recovery',
  email_change_token_new: 'email_change',
}

/**
 * Makes the one-time token behind an email: a 6-digit code and the hash that links carry
 * (prefixed `pkce_` when the request started a PKCE flow). It replaces any earlier token of
 * the same type for the user, and stamps the matching *_sent_at column.
 */
export async function createOneTimeToken(
  sql: Sql,
  options: { user: UserRow; type: TokenType; relatesTo: string; redirectTo: string; pkce?: Pkce; method?: string },
): Promise<{ otp: string; tokenHash: string }> {
  const { user, type, relatesTo } = options
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const flowStateId = options.pkce
    ? await createFlowState(sql, user.id, options.pkce, options.method ?? AUTHENTICATION_METHODS[type])
    : null
  const hash = (flowStateId ? PKCE_PREFIX : '') + tokenHash(relatesTo, otp)
  await sql.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [user.id, type])
  await sql.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, redirect_to, flow_state_id)
     values ($1, $2, $3, $4, $5, $6)`,
    [user.id, type, hash, relatesTo, options.redirectTo, flowStateId],
  )
  const columns = USER_COLUMNS[type]
  await sql.query(`update auth.users set ${columns.token} = $2, ${columns.sentAt} = now() where id = $1`, [user.id, hash])
  return { otp, tokenHash: hash }
}

/** A live token of one of the types whose hash matches, with or without the pkce_ prefix. */
export async function findOneTimeToken(sql: Sql, hash: string, types: TokenType[], userId?: string): Promise<OneTimeToken | undefined> {
  // Hashes are hex with an optional pkce_ prefix; anything else cannot match (and may not reach SQL).
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(hash)) return undefined
  const { rows } = await sql.query<OneTimeToken>(
    `select * from auth.one_time_tokens
     where token_hash in ($1, $2) and token_type = any($3::text[]) and ($4::uuid is null or user_id = $4::uuid)
       and created_at > now() - make_interval(secs => $5)
     order by created_at desc limit 1`,
    [hash, PKCE_PREFIX + hash, types, userId ?? null, OTP_EXPIRY_SECONDS],
  )
  return rows[0]
}

/** issueAuthCode: marks the flow's code as handed out and returns it for the redirect. */
export async function issueAuthCode(sql: Sql, token: OneTimeToken): Promise<string> {
  const { rows } = await sql.query<{ auth_code: string }>(
    'update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1 returning auth_code',
    [token.flow_state_id],
  )
  if (!rows[0]) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.')
  return rows[0].auth_code
}

type FlowStateRow = {
  id: string
  user_id: string | null
  code_challenge_method: string
  code_challenge: string
  authentication_method: string
  auth_code_issued_at: Date | null
}

function challengeFor(verifier: string, method: string) {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
}

/** The pkce grant: trades an issued auth code and its verifier for a session, once. */
export async function exchangeAuthCode(lb: Localbase, authCode: string, verifier: string): Promise<TokenResponse> {
  if (authCode === '' || verifier === '') {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty')
  }
  const outcome = await lb.db.transaction(async (tx): Promise<TokenResponse | AuthError> => {
    const flow = (
      await tx.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null', [authCode])
    ).rows[0]
    if (!flow || !flow.user_id) return notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
    if (Date.now() > flow.auth_code_issued_at!.getTime() + FLOW_STATE_EXPIRY_SECONDS * 1000) {
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      return unprocessable('flow_state_expired', 'invalid flow state, flow state has expired')
    }
    if (challengeFor(verifier, flow.code_challenge_method) !== flow.code_challenge) {
      return badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier')
    }
    await tx.query('delete from auth.flow_state where id = $1', [flow.id])
    return issueSession(lb, tx, flow.user_id, flow.authentication_method)
  })
  if (outcome instanceof AuthError) throw outcome
  return outcome
}
