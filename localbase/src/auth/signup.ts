// POST /signup, /recover and /resend: the endpoints that send a confirmation or recovery email.
// Email confirmation is always required, as on a hosted project with confirmations on.
import { randomUUID } from 'node:crypto'
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { sendAuthEmail, redirectTarget, type EmailKind } from '#localbase/src/auth/emails.ts'
import { AuthError, badRequest, unprocessable, validationFailed } from '#localbase/src/auth/errors.ts'
import { WINDOWS, limitByIp, spendEmailBudget } from '#localbase/src/auth/limits.ts'
import { createOneTimeToken, parsePkce, type Pkce, type TokenType } from '#localbase/src/auth/otp.ts'
import { readParams } from '#localbase/src/auth/params.ts'
import {
  checkPasswordStrength,
  findUserByEmail,
  hashPassword,
  insertUser,
  isConfirmed,
  loadUserJson,
  userJson,
  validateEmail,
  type UserRow,
} from '#localbase/src/auth/users.ts'

/** Makes the token for one email inside a transaction, then writes the email once it committed. */
async function emailUser(
  lb: Localbase,
  user: UserRow,
  kind: EmailKind,
  options: { to: string; redirectTo: string; pkce?: Pkce; type: TokenType },
) {
  const { otp, tokenHash } = await lb.db.transaction((tx) =>
    createOneTimeToken(tx, { user, type: options.type, relatesTo: options.to, redirectTo: options.redirectTo, pkce: options.pkce }),
  )
  await sendAuthEmail(lb, kind, { to: options.to, tokenHash, otp, redirectTo: options.redirectTo })
}

/**
 * GoTrue's sanitizeUser: the answer to a sign-up with an address that is already confirmed. It
 * is the existing user with a new random id, fresh timestamps, nothing confirmed or signed in,
 * no identities and the caller's own metadata, so it reads like a new sign-up's answer and does
 * not reveal that the account exists.
 */
function sanitizedUser(existing: UserRow, data: Record<string, unknown>) {
  const now = new Date().toISOString()
  return {
    ...userJson(existing, []),
    id: randomUUID(),
    phone: '',
    email_confirmed_at: undefined,
    phone_confirmed_at: undefined,
    confirmed_at: undefined,
    last_sign_in_at: undefined,
    confirmation_sent_at: now,
    created_at: now,
    updated_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505'

export async function handleSignup(lb: Localbase, request: Request): Promise<Response> {
  limitByIp(lb, request, 'signup', lb.config.rateLimits.signUpPerIp, WINDOWS.signUp)
  const params = await readParams(request, 'SignupParams', {
    email: 'string',
    phone: 'string',
    password: 'string',
    data: 'object',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  })
  const [rawEmail, phone, password] = [params.str('email'), params.str('phone'), params.str('password')]
  if (rawEmail === '' && phone === '' && password === '') {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  }
  if (password === '') throw validationFailed('Signup requires a valid password')
  checkPasswordStrength(password)
  if (rawEmail !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided on signup.')
  const pkce = parsePkce(params.str('code_challenge'), params.str('code_challenge_method'))
  if (rawEmail === '' && phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
  const email = validateEmail(rawEmail)
  const data = params.obj('data') ?? {}
  const redirectTo = redirectTarget(lb, new URL(request.url).searchParams.get('redirect_to'))

  const existing = await findUserByEmail(lb.db, email)
  if (existing && isConfirmed(existing)) {
    // GoTrue with confirmations on sends nothing and answers as for a new sign-up; the same work
    // as one (a bcrypt hash), so the time taken does not tell either. The app may tell the
    // owner from its own outbox (decision 050).
    await hashPassword(password)
    return json(sanitizedUser(existing, data))
  }
  if (existing) {
    // Unconfirmed: GoTrue leaves the account as it is and sends the confirmation again.
    spendEmailBudget(lb, email)
    await emailUser(lb, existing, 'confirmation', { to: email, redirectTo, pkce, type: 'confirmation_token' })
    return json(await loadUserJson(lb.db, (await findUserByEmail(lb.db, email))!))
  }

  spendEmailBudget(lb, email)
  // Hash before the transaction: bcrypt is slow and would hold the database.
  const passwordHash = await hashPassword(password)
  let user: UserRow
  try {
    user = await lb.db.transaction((tx) => insertUser(tx, { email, passwordHash, userMetadata: data, identityData: data }))
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Signed up at the same moment by another request: answer as GoTrue answers a repeat.
      const raced = await findUserByEmail(lb.db, email)
      if (raced) return json(sanitizedUser(raced, data))
    }
    // A trigger on auth.users refused the row: GoTrue answers this as its own failure.
    throw new AuthError(500, 'unexpected_failure', 'Database error saving new user')
  }
  await emailUser(lb, user, 'confirmation', { to: email, redirectTo, pkce, type: 'confirmation_token' })
  return json(await loadUserJson(lb.db, (await findUserByEmail(lb.db, email))!))
}

export async function handleRecover(lb: Localbase, request: Request): Promise<Response> {
  limitByIp(lb, request, 'recover', lb.config.rateLimits.recoverPerIp, WINDOWS.recover)
  const params = await readParams(request, 'RecoverParams', {
    email: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  })
  if (params.str('email') === '') throw validationFailed('Password recovery requires an email')
  const email = validateEmail(params.str('email'))
  const pkce = parsePkce(params.str('code_challenge'), params.str('code_challenge_method'))
  const user = await findUserByEmail(lb.db, email)
  // The same answer for unknown addresses, so the endpoint does not reveal who has an account.
  if (!user) return json({})
  spendEmailBudget(lb, email)
  const redirectTo = redirectTarget(lb, new URL(request.url).searchParams.get('redirect_to'))
  await emailUser(lb, user, 'recovery', { to: email, redirectTo, pkce, type: 'recovery_token' })
  return json({})
}

export async function handleResend(lb: Localbase, request: Request): Promise<Response> {
  limitByIp(lb, request, 'recover', lb.config.rateLimits.recoverPerIp, WINDOWS.recover)
  const params = await readParams(request, 'ResendConfirmationParams', {
    type: 'string',
    email: 'string',
    phone: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  })
  const type = params.str('type')
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change')
  }
  if (params.str('email') === '') {
    throw validationFailed(type === 'signup' ? 'Type provided requires an email address' : 'Missing email address or phone number')
  }
  const email = validateEmail(params.str('email'))
  const pkce = parsePkce(params.str('code_challenge'), params.str('code_challenge_method'))
  const redirectTo = redirectTarget(lb, new URL(request.url).searchParams.get('redirect_to'))
  const user = await findUserByEmail(lb.db, email)
  if (!user) return json({})
  if (type === 'signup') {
    if (isConfirmed(user)) return json({})
    spendEmailBudget(lb, email)
    await emailUser(lb, user, 'confirmation', { to: email, redirectTo, pkce, type: 'confirmation_token' })
  } else {
    if (!user.email_change) return json({})
    spendEmailBudget(lb, user.email_change)
    await emailUser(lb, user, 'email_change', { to: user.email_change, redirectTo, pkce, type: 'email_change_token_new' })
  }
  return json({})
}
