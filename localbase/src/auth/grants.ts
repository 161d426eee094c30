// POST /token?grant_type=password|refresh_token|pkce (GoTrue's token.go). grant_type is read
// from the query string, as GoTrue's r.FormValue sees it.
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { OAuthError, badRequest, validationFailed } from '#localbase/src/auth/errors.ts'
import { WINDOWS, limitByIp, limitSignInByClientAndEmail } from '#localbase/src/auth/limits.ts'
import { exchangeAuthCode } from '#localbase/src/auth/otp.ts'
import { readParams } from '#localbase/src/auth/params.ts'
import { issueSession, refreshTokenGrant } from '#localbase/src/auth/tokens.ts'
import { findUserByEmail, isBanned, isConfirmed, passwordMatches, spendPasswordCheck } from '#localbase/src/auth/users.ts'

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials')

async function passwordGrant(lb: Localbase, request: Request): Promise<Response> {
  limitByIp(lb, request, 'signin', lb.config.rateLimits.signInPerIp, WINDOWS.signIn)
  const params = await readParams(request, 'PasswordGrantParams', { email: 'string', phone: 'string', password: 'string' })
  const email = params.str('email').trim().toLowerCase()
  if (email === '' && params.str('phone') === '') throw validationFailed('missing email or phone')
  if (email === '') throw invalidCredentials()
  limitSignInByClientAndEmail(lb, request, email)
  const user = await findUserByEmail(lb.db, email)
  // Unknown users and wrong passwords get the same answer, after the same bcrypt work.
  if (!user) {
    await spendPasswordCheck(params.str('password'))
    throw invalidCredentials()
  }
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  if (!(await passwordMatches(user, params.str('password')))) throw invalidCredentials()
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed')
  return json(await lb.db.transaction((tx) => issueSession(lb, tx, user.id, 'password')))
}

async function refreshGrant(lb: Localbase, request: Request): Promise<Response> {
  const params = await readParams(request, 'RefreshTokenGrantParams', { refresh_token: 'string' })
  const token = params.str('refresh_token')
  if (token === '') throw new OAuthError('invalid_request', 'refresh_token required')
  return json(await refreshTokenGrant(lb, token))
}

async function pkceGrant(lb: Localbase, request: Request): Promise<Response> {
  const params = await readParams(request, 'PKCEGrantParams', { auth_code: 'string', code_verifier: 'string' })
  return json(await exchangeAuthCode(lb, params.str('auth_code'), params.str('code_verifier')))
}

export async function handleToken(lb: Localbase, request: Request): Promise<Response> {
  switch (new URL(request.url).searchParams.get('grant_type')) {
    case 'password':
      return passwordGrant(lb, request)
    case 'refresh_token':
      return refreshGrant(lb, request)
    case 'pkce':
      return pkceGrant(lb, request)
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type')
  }
}
