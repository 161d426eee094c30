// auth.users and auth.identities: reading, creating and confirming users, and the User JSON
// GoTrue serialises (models.User), field for field.
import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { Tx } from '#localbase/src/db.ts'
import { AuthError, validationFailed } from '#localbase/src/auth/errors.ts'

/** Anything that runs a query: the database or an open transaction. */
export type Sql = Pick<Tx, 'query'>

export type UserRow = {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  email_change: string | null
  email_change_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  phone: string | null
  phone_confirmed_at: Date | null
  phone_change: string | null
  phone_change_sent_at: Date | null
  confirmed_at: Date | null
  reauthentication_sent_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  is_anonymous: boolean
}

type IdentityRow = {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date
  updated_at: Date
  email: string | null
}

// bcrypt's default cost, as GoTrue uses (golang.org/x/crypto/bcrypt.DefaultCost).
const BCRYPT_COST = 10
const MIN_PASSWORD_LENGTH = 6
const MAX_PASSWORD_BYTES = 72
// badoux/checkmail's ValidateFormat pattern, which GoTrue uses for every address.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string) => UUID_FORMAT.test(value)

/** GoTrue's validateEmail: required, at most 255 characters, checkmail's format; lower-cased. */
export function validateEmail(raw: string): string {
  const email = raw.trim()
  if (email === '') throw validationFailed('An email address is required')
  if (email.length > 255) throw validationFailed('An email address is too long')
  if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format')
  return email.toLowerCase()
}

/** GoTrue's checkPasswordStrength with the default settings (minimum 6, no character sets). */
export function checkPasswordStrength(password: string) {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`)
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    })
  }
}

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST)

export async function passwordMatches(user: UserRow, password: string): Promise<boolean> {
  if (!user.encrypted_password) return false
  return bcrypt.compare(password, user.encrypted_password)
}

let dummyHash: Promise<string> | undefined
/** Spends the same bcrypt work as a real check, so unknown emails answer no faster than wrong passwords. */
export async function spendPasswordCheck(password: string) {
  dummyHash ??= hashPassword(randomUUID())
  await bcrypt.compare(password, await dummyHash)
}

/** Merges metadata as GoTrue's UpdateUserMetaData: a null value deletes the key. */
export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

export const isConfirmed = (user: UserRow) => user.email_confirmed_at !== null
export const isBanned = (user: UserRow) => user.banned_until !== null && user.banned_until.getTime() > Date.now()

export async function findUserById(sql: Sql, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined
  return (await sql.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0]
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const { rows } = await sql.query<UserRow>(
    `select * from auth.users where lower(email) = lower($1) and is_sso_user = false and aud = 'authenticated'`,
    [email],
  )
  return rows[0]
}

export type NewUser = {
  email: string
  passwordHash: string | null
  userMetadata: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  identityData?: Record<string, unknown>
  id?: string
  role?: string
}

/**
 * Inserts the user row (so `after insert` triggers on auth.users see raw_user_meta_data,
 * as on Supabase) and its email identity, then reads the row back, as triggers may change it.
 */
export async function insertUser(sql: Sql, user: NewUser): Promise<UserRow> {
  const id = user.id ?? randomUUID()
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata }
  await sql.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5, $6)`,
    [id, user.role ?? 'authenticated', user.email, user.passwordHash ?? '', appMetadata, user.userMetadata],
  )
  // Signup data keys join the identity data unless they would overwrite a claim (GoTrue's Signup).
  const identityData: Record<string, unknown> = { sub: id, email: user.email, email_verified: false, phone_verified: false }
  for (const [key, value] of Object.entries(user.identityData ?? {})) if (!(key in identityData)) identityData[key] = value
  await sql.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1::text, $1::uuid, $2, 'email', now())`,
    [id, identityData],
  )
  return (await findUserById(sql, id))!
}

/** models.User.Confirm: stamps email_confirmed_at and records email_verified in the metadata. */
export async function confirmUser(sql: Sql, userId: string) {
  await sql.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb, updated_at = now()
     where id = $1`,
    [userId],
  )
  await sql.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  )
  await sql.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`, [userId])
}

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : undefined)

function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at) ?? '',
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  }
}

/** The User object in GoTrue's field order; optional fields are left out when empty. */
export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: iso(user.phone_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  }
}

export type UserJson = ReturnType<typeof userJson>

export async function loadUserJson(sql: Sql, user: UserRow): Promise<UserJson> {
  const { rows } = await sql.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [user.id])
  return userJson(user, rows)
}

/** Loads several users' identities in one query (the admin list). */
export async function usersJson(sql: Sql, users: UserRow[]): Promise<UserJson[]> {
  if (users.length === 0) return []
  const { rows } = await sql.query<IdentityRow>('select * from auth.identities where user_id = any($1::uuid[]) order by created_at', [
    users.map((user) => user.id),
  ])
  return users.map((user) =>
    userJson(
      user,
      rows.filter((identity) => identity.user_id === user.id),
    ),
  )
}
