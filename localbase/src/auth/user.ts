// GET /user, PUT /user and POST /logout: the endpoints GoTrue puts behind requireAuthentication.
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { redirectTarget, sendAuthEmail } from '#localbase/src/auth/emails.ts'
import { badRequest, forbidden, unprocessable, validationFailed } from '#localbase/src/auth/errors.ts'
import { spendEmailBudget } from '#localbase/src/auth/limits.ts'
import { createOneTimeToken, parsePkce } from '#localbase/src/auth/otp.ts'
import { readParams } from '#localbase/src/auth/params.ts'
import { requireUser } from '#localbase/src/auth/tokens.ts'
import {
  checkPasswordStrength,
  findUserByEmail,
  findUserById,
  hashPassword,
  loadUserJson,
  mergeMetadata,
  passwordMatches,
  validateEmail,
  type Sql,
} from '#localbase/src/auth/users.ts'

export const DUPLICATE_EMAIL = 'A user with this email address has already been registered'

export async function handleGetUser(lb: Localbase, request: Request): Promise<Response> {
  const { user } = await requireUser(lb, request)
  return json(await loadUserJson(lb.db, user))
}

/**
 * models.User.UpdatePassword: store the new hash, drop pending emailed tokens, and sign out
 * every other session (all of them when the caller has none), since the old password may
 * have been known to someone else.
 */
export async function storePassword(sql: Sql, userId: string, passwordHash: string, keepSessionId: string | undefined) {
  await sql.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [userId, passwordHash])
  await sql.query('delete from auth.one_time_tokens where user_id = $1', [userId])
  await sql.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [userId, keepSessionId ?? null])
}

export async function handleUpdateUser(lb: Localbase, request: Request): Promise<Response> {
  const { user, sessionId } = await requireUser(lb, request)
  const params = await readParams(request, 'UserUpdateParams', {
    email: 'string',
    password: 'string',
    nonce: 'string',
    data: 'object',
    app_metadata: 'object',
    phone: 'string',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  })
  const newEmail = params.str('email') === '' ? '' : validateEmail(params.str('email'))
  const password = params.optStr('password')
  if (password !== undefined) checkPasswordStrength(password)
  if (params.obj('app_metadata')) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges')
  if (params.str('phone') !== '' && params.str('phone') !== user.phone) {
    throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
  }
  const pkce = parsePkce(params.str('code_challenge'), params.str('code_challenge_method'))
  const changesEmail = newEmail !== '' && newEmail !== user.email
  if (changesEmail) {
    const owner = await findUserByEmail(lb.db, newEmail)
    if (owner && owner.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL)
  }
  let passwordHash: string | undefined
  if (password !== undefined) {
    if (password !== '' && (await passwordMatches(user, password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.')
    }
    passwordHash = await hashPassword(password)
  }
  if (changesEmail) spendEmailBudget(lb, newEmail)
  const redirectTo = redirectTarget(lb, new URL(request.url).searchParams.get('redirect_to'))

  const emailToken = await lb.db.transaction(async (tx) => {
    if (passwordHash) await storePassword(tx, user.id, passwordHash, sessionId)
    const data = params.obj('data')
    if (data) {
      const current = (await findUserById(tx, user.id))!.raw_user_meta_data
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        mergeMetadata(current, data),
      ])
    }
    if (!changesEmail) return undefined
    // The change takes effect once the new address confirms it (one confirmation, to the new address).
    await tx.query('update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1', [
      user.id,
      newEmail,
    ])
    return createOneTimeToken(tx, { user, type: 'email_change_token_new', relatesTo: newEmail, redirectTo, pkce })
  })
  if (emailToken) await sendAuthEmail(lb, 'email_change', { to: newEmail, ...emailToken, redirectTo })
  return json(await loadUserJson(lb.db, (await findUserById(lb.db, user.id))!))
}

export async function handleLogout(lb: Localbase, request: Request): Promise<Response> {
  const { user, sessionId } = await requireUser(lb, request)
  const scope = new URL(request.url).searchParams.get('scope') ?? ''
  if (!['', 'global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`)
  if (sessionId && scope === 'local') {
    await lb.db.query('delete from auth.sessions where id = $1', [sessionId])
  } else if (sessionId && scope === 'others') {
    await lb.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId])
  } else {
    await lb.db.query('delete from auth.sessions where user_id = $1', [user.id])
  }
  return new Response(null, { status: 204 })
}
