// /admin/users and /admin/generate_link (GoTrue's admin.go and mail.go), for service-role callers.
import { randomBytes } from 'node:crypto'
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { redirectTarget } from '#localbase/src/auth/emails.ts'
import { forbidden, notFound, unprocessable, validationFailed } from '#localbase/src/auth/errors.ts'
import { createOneTimeToken, type TokenType } from '#localbase/src/auth/otp.ts'
import { readOptionalParams, readParams, type Params } from '#localbase/src/auth/params.ts'
import { bearerClaims } from '#localbase/src/auth/tokens.ts'
import { DUPLICATE_EMAIL, storePassword } from '#localbase/src/auth/user.ts'
import {
  checkPasswordStrength,
  confirmUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  isConfirmed,
  isUuid,
  loadUserJson,
  mergeMetadata,
  usersJson,
  validateEmail,
  type Sql,
  type UserRow,
} from '#localbase/src/auth/users.ts'

// GOTRUE_JWT_ADMIN_ROLES as the Supabase CLI and hosted projects set it.
const ADMIN_ROLES = ['service_role', 'supabase_admin']

async function requireAdmin(lb: Localbase, request: Request) {
  const claims = await bearerClaims(lb, request)
  if (!ADMIN_ROLES.includes(String(claims.role))) throw forbidden('not_admin', 'User not allowed')
}

/** loadUser: the id must be a UUID, and the user must exist. */
async function loadUser(lb: Localbase, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID')
  const user = await findUserById(lb.db, id)
  if (!user) throw notFound('user_not_found', 'User not found')
  return user
}

/** Parses Go durations such as "24h", "1h30m" or "90s" (ban_duration); "none" lifts a ban. */
function banUntil(duration: string): Date | null | undefined {
  if (duration === '') return undefined
  if (duration === 'none') return null
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)]
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== duration) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${duration}"`)
  }
  return new Date(Date.now() + parts.reduce((sum, part) => sum + Number(part[1]) * units[part[2]!]!, 0))
}

const ADMIN_USER_FIELDS = {
  id: 'string',
  aud: 'string',
  role: 'string',
  email: 'string',
  phone: 'string',
  password: 'string',
  password_hash: 'string',
  email_confirm: 'boolean',
  phone_confirm: 'boolean',
  user_metadata: 'object',
  app_metadata: 'object',
  ban_duration: 'string',
} as const

function rejectPhone(params: Params) {
  if (params.str('phone') !== '') throw validationFailed('Phone numbers are not supported by localbase')
}

async function setBan(sql: Sql, userId: string, until: Date | null | undefined) {
  if (until !== undefined) await sql.query('update auth.users set banned_until = $2 where id = $1', [userId, until])
}

async function createUser(lb: Localbase, request: Request): Promise<Response> {
  const params = await readParams(request, 'AdminUserParams', ADMIN_USER_FIELDS)
  if (params.str('email') === '' && params.str('phone') === '')
    throw validationFailed('Cannot create a user without either an email or phone')
  rejectPhone(params)
  const email = validateEmail(params.str('email'))
  if (await findUserByEmail(lb.db, email)) throw unprocessable('email_exists', DUPLICATE_EMAIL)
  const password = params.optStr('password')
  const passwordHashParam = params.str('password_hash')
  if (password !== undefined && passwordHashParam !== '') throw validationFailed('Only a password or a password hash should be provided')
  if (passwordHashParam !== '' && !/^\$2[aby]\$\d\d\$.{53}$/.test(passwordHashParam)) throw validationFailed('Invalid password hash format')
  if (password && Buffer.byteLength(password) > 72) throw validationFailed('bcrypt: password length exceeds 72 bytes')
  const id = params.str('id')
  if (id !== '' && !isUuid(id)) throw validationFailed('ID must conform to the uuid v4 format')
  const ban = banUntil(params.str('ban_duration'))
  // No password means a random one nobody knows, as GoTrue does; the user can reset it.
  const passwordHash = passwordHashParam || (await hashPassword(password || randomBytes(32).toString('hex')))
  const user = await lb.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      id: id || undefined,
      email,
      passwordHash,
      role: params.str('role') || undefined,
      userMetadata: params.obj('user_metadata') ?? {},
      appMetadata: params.obj('app_metadata'),
    })
    if (params.bool('email_confirm')) await confirmUser(tx, created.id)
    await setBan(tx, created.id, ban)
    return (await findUserById(tx, created.id))!
  })
  return json(await loadUserJson(lb.db, user))
}

async function listUsers(lb: Localbase, request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams
  const number = (name: string, fallback: number) => {
    const raw = query.get(name) ?? ''
    if (raw === '') return fallback
    if (!/^\d+$/.test(raw))
      throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`)
    if (raw.length > 9)
      throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: value out of range`)
    return Number(raw)
  }
  const page = Math.max(1, number('page', 1))
  const perPage = Math.min(1000, Math.max(1, number('per_page', 50)))
  const filter = (query.get('filter') ?? '').replaceAll('\0', '')
  const where = `aud = 'authenticated' and ($1 = '' or position(lower($1) in lower(coalesce(email, ''))) > 0)`
  const total = Number(
    (await lb.db.query<{ count: number }>(`select count(*)::int as count from auth.users where ${where}`, [filter])).rows[0]!.count,
  )
  const { rows } = await lb.db.query<UserRow>(`select * from auth.users where ${where} order by created_at desc, id limit $2 offset $3`, [
    filter,
    perPage,
    (page - 1) * perPage,
  ])
  // GoTrue's addPaginationHeaders; auth-js reads the page number right after the first "=".
  const totalPages = Math.ceil(total / perPage)
  const link = (target: number) => `</admin/users?page=${target}&per_page=${perPage}>`
  const links = page < totalPages ? [`${link(page + 1)}; rel="next"`] : []
  links.push(`${link(totalPages)}; rel="last"`)
  return json(
    { users: await usersJson(lb.db, rows), aud: 'authenticated' },
    { headers: { 'x-total-count': String(total), link: links.join(', ') } },
  )
}

async function updateUser(lb: Localbase, request: Request, user: UserRow): Promise<Response> {
  const params = await readParams(request, 'AdminUserParams', ADMIN_USER_FIELDS)
  rejectPhone(params)
  const email = params.str('email') === '' ? '' : validateEmail(params.str('email'))
  if (email !== '' && email !== user.email) {
    const owner = await findUserByEmail(lb.db, email)
    if (owner && owner.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL)
  }
  const password = params.optStr('password')
  if (password !== undefined) checkPasswordStrength(password)
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined
  const ban = banUntil(params.str('ban_duration'))
  const updated = await lb.db.transaction(async (tx) => {
    if (params.str('role') !== '') await tx.query('update auth.users set role = $2 where id = $1', [user.id, params.str('role')])
    if (params.bool('email_confirm')) await confirmUser(tx, user.id)
    if (passwordHash) await storePassword(tx, user.id, passwordHash, undefined)
    if (email !== '') {
      await tx.query('update auth.users set email = $2 where id = $1', [user.id, email])
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean)
         where user_id = $1 and provider = 'email'`,
        [user.id, email, params.bool('email_confirm')],
      )
    }
    const current = (await findUserById(tx, user.id))!
    const appMetadata = params.obj('app_metadata')
    const userMetadata = params.obj('user_metadata')
    if (appMetadata)
      await tx.query('update auth.users set raw_app_meta_data = $2 where id = $1', [
        user.id,
        mergeMetadata(current.raw_app_meta_data, appMetadata),
      ])
    if (userMetadata)
      await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
        user.id,
        mergeMetadata(current.raw_user_meta_data, userMetadata),
      ])
    await setBan(tx, user.id, ban)
    await tx.query('update auth.users set updated_at = now() where id = $1', [user.id])
    return (await findUserById(tx, user.id))!
  })
  return json(await loadUserJson(lb.db, updated))
}

async function deleteUser(lb: Localbase, request: Request, user: UserRow): Promise<Response> {
  const params = await readOptionalParams(request, 'adminUserDeleteParams', { should_soft_delete: 'boolean' })
  if (params.bool('should_soft_delete')) {
    // A soft delete keeps the row (and what references it) but frees the address and ends every session.
    await lb.db.transaction(async (tx) => {
      await tx.query(
        `update auth.users set email = null, phone = null, encrypted_password = '', email_change = '', confirmation_token = '',
           recovery_token = '', raw_app_meta_data = '{}'::jsonb, deleted_at = coalesce(deleted_at, now()), updated_at = now() where id = $1`,
        [user.id],
      )
      await tx.query('delete from auth.identities where user_id = $1', [user.id])
      await tx.query('delete from auth.sessions where user_id = $1', [user.id])
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id])
    })
  } else {
    await lb.db.query('delete from auth.users where id = $1', [user.id])
  }
  return json({})
}

const LINK_TOKEN_TYPES: Record<string, TokenType> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  email_change_new: 'email_change_token_new',
}

/** generate_link: makes the same token an email would carry, and returns it instead of sending it. */
async function generateLink(lb: Localbase, request: Request): Promise<Response> {
  const params = await readParams(request, 'GenerateLinkParams', {
    type: 'string',
    email: 'string',
    new_email: 'string',
    password: 'string',
    data: 'object',
    redirect_to: 'string',
  })
  let type = params.str('type')
  if (type === 'email_change_current') throw validationFailed('Enable secure email change to generate link for current email')
  if (!LINK_TOKEN_TYPES[type]) throw validationFailed(`Invalid email action link type requested: ${type}`)
  const email = validateEmail(params.str('email'))
  const requested = params.str('redirect_to') || new URL(request.url).searchParams.get('redirect_to')
  const redirectTo = redirectTarget(lb, requested)
  const user = await findUserByEmail(lb.db, email)
  if (!user && type === 'magiclink') type = 'signup'
  if (!user && (type === 'recovery' || type === 'email_change_new')) throw notFound('user_not_found', 'User with this email not found')
  if (user && isConfirmed(user) && (type === 'signup' || type === 'invite')) throw unprocessable('email_exists', DUPLICATE_EMAIL)
  let newEmail = ''
  if (type === 'email_change_new') {
    newEmail = validateEmail(params.str('new_email'))
    const owner = await findUserByEmail(lb.db, newEmail)
    if (owner && owner.id !== user!.id) throw unprocessable('email_exists', DUPLICATE_EMAIL)
  }
  let passwordHash: string | null = null
  if (!user && type === 'signup') {
    const password = params.str('password') || randomBytes(32).toString('hex')
    checkPasswordStrength(password)
    passwordHash = await hashPassword(password)
  }
  const data = params.obj('data') ?? {}
  const { row, token } = await lb.db.transaction(async (tx) => {
    let row = user ?? (await insertUser(tx, { email, passwordHash, userMetadata: data, identityData: data }))
    if (type === 'invite') await tx.query('update auth.users set invited_at = now() where id = $1', [row.id])
    if (user && type === 'signup') {
      await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [row.id, mergeMetadata(row.raw_user_meta_data, data)])
    }
    if (newEmail) await tx.query('update auth.users set email_change = $2 where id = $1', [row.id, newEmail])
    const relatesTo = newEmail || email
    const token = await createOneTimeToken(tx, { user: row, type: LINK_TOKEN_TYPES[type]!, relatesTo, redirectTo })
    row = (await findUserById(tx, row.id))!
    return { row, token }
  })
  const linkType = type === 'email_change_new' ? 'email_change' : type
  const actionLink = `${lb.config.url}/auth/v1/verify?token=${token.tokenHash}&type=${linkType}&redirect_to=${encodeURIComponent(redirectTo)}`
  return json({
    ...(await loadUserJson(lb.db, row)),
    action_link: actionLink,
    email_otp: token.otp,
    hashed_token: token.tokenHash,
    verification_type: type,
    redirect_to: redirectTo,
  })
}

/** Routes `/admin/...` after checking that the caller holds an admin role. */
export async function handleAdmin(lb: Localbase, request: Request, path: string): Promise<Response | undefined> {
  const method = request.method
  const userMatch = path.match(/^\/admin\/users\/([^/]+)$/)
  const known = path === '/admin/users' || path === '/admin/generate_link' || userMatch
  if (!known) return undefined
  await requireAdmin(lb, request)
  if (path === '/admin/users' && method === 'GET') return listUsers(lb, request)
  if (path === '/admin/users' && method === 'POST') return createUser(lb, request)
  if (path === '/admin/generate_link' && method === 'POST') return generateLink(lb, request)
  if (userMatch) {
    const user = await loadUser(lb, userMatch[1]!)
    if (method === 'GET') return json(await loadUserJson(lb.db, user))
    if (method === 'PUT') return updateUser(lb, request, user)
    if (method === 'DELETE') return deleteUser(lb, request, user)
  }
  return undefined
}
