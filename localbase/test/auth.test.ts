// Conformance suite for /auth/v1: the real @supabase/supabase-js and @supabase/ssr clients
// against localbase, for every auth behaviour the app relies on (SUPABASE_WIRE.md §1, §2, §5).
// Raw fetches check what the clients hide: status codes, both error shapes, redirects.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createServerClient } from '@supabase/ssr'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../src/jwt.ts'
import { startHarness, uniqueEmail, type Harness } from './harness.ts'

const SITE = 'http://localhost:3000'
const PASSWORD = 'correct-horse-1'

// A trigger like the app's: a profile row made from the sign-up metadata.
const TRIGGER_MIGRATION = `
create table public.test_profiles (user_id uuid primary key references auth.users (id) on delete cascade, name text, kind text);
create function public.test_handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if new.raw_user_meta_data ->> 'user_type' = 'shelter' then
    insert into public.test_profiles (user_id, name, kind) values (new.id, new.raw_user_meta_data ->> 'shelter_name', 'shelter');
  end if;
  return new;
end
$$;
create trigger test_on_auth_user_created after insert on auth.users for each row execute function public.test_handle_new_user();
`

let h: Harness
let migrationsDir: string

beforeAll(async () => {
  migrationsDir = await mkdtemp(path.join(os.tmpdir(), 'localbase-auth-migrations-'))
  await writeFile(path.join(migrationsDir, '20240101000000_test_trigger.sql'), TRIGGER_MIGRATION)
  h = await startHarness({
    siteUrl: SITE,
    migrationsDir,
    seedFiles: [],
    rateLimits: { signInPerIp: 10_000, signInPerEmail: 10_000, signUpPerIp: 10_000, emailsPerAddress: 100, recoverPerIp: 10_000 },
  })
})

afterAll(async () => {
  await h?.stop()
  await rm(migrationsDir, { recursive: true, force: true })
})

function client(key = h.lb.keys.anonKey, headers: Record<string, string> = {}, url = h.url): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
  })
}

/** A @supabase/ssr server client over an in-memory cookie jar, as a Remix loader would use. */
function ssrClient(jar: Map<string, string>) {
  return createServerClient(h.url, h.lb.keys.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll(cookies) {
        for (const { name, value, options } of cookies) {
          if (options?.maxAge === 0) jar.delete(name)
          else jar.set(name, value)
        }
      },
    },
  })
}

type Mail = { id: string; to: string; subject: string; text: string; html: string; created_at: string }

async function mailTo(email: string, url = h.url): Promise<Mail[]> {
  return (await fetch(`${url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()
}

/** The confirm link's query (token_hash, type, next) and the 6-digit code of the newest email. */
async function latestLink(email: string) {
  const [mail] = await mailTo(email)
  if (!mail) throw new Error(`no mail to ${email}`)
  const link = mail.text.match(/https?:\/\/\S+\/auth\/confirm\?\S+/)?.[0]
  if (!link) throw new Error(`no confirm link in: ${mail.text}`)
  const query = new URL(link).searchParams
  return { mail, link, tokenHash: query.get('token_hash')!, type: query.get('type')!, next: query.get('next'), code: mail.text.match(/code: (\d{6})/)?.[1] }
}

/** A raw request to /auth/v1, with the headers auth-js sends unless told otherwise. */
async function raw(pathAndQuery: string, init: RequestInit & { version?: boolean; bearer?: string | null } = {}) {
  const headers = new Headers(init.headers)
  headers.set('apikey', h.lb.keys.anonKey)
  if (init.bearer !== null) headers.set('authorization', `Bearer ${init.bearer ?? h.lb.keys.anonKey}`)
  if (init.version !== false) headers.set('x-supabase-api-version', '2024-01-01')
  if (init.body) headers.set('content-type', 'application/json;charset=UTF-8')
  const response = await fetch(`${h.url}/auth/v1${pathAndQuery}`, { ...init, headers, redirect: 'manual' })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined }
}

async function signUpConfirmed(metadata: Record<string, unknown> = {}) {
  const email = uniqueEmail('confirmed')
  const { error } = await client().auth.signUp({ email, password: PASSWORD, options: { data: metadata } })
  expect(error).toBeNull()
  const { tokenHash } = await latestLink(email)
  const { data, error: verifyError } = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
  expect(verifyError).toBeNull()
  return { email, session: data.session!, user: data.user! }
}

describe('sign-up with email confirmation', () => {
  it('returns the bare user without a session, runs auth.users triggers and mails a confirm link', async () => {
    const email = uniqueEmail('Shelter')
    const { data, error } = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { user_type: 'shelter', shelter_name: 'Happy Tails' }, emailRedirectTo: `${SITE}/dashboard` },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user).toMatchObject({ aud: 'authenticated', role: 'authenticated', email: email.toLowerCase(), phone: '', is_anonymous: false })
    expect(data.user!.user_metadata).toEqual({ user_type: 'shelter', shelter_name: 'Happy Tails' })
    expect(data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(data.user!.identities).toHaveLength(1)
    expect(data.user!.identities![0]).toMatchObject({ provider: 'email', id: data.user!.id, user_id: data.user!.id })
    expect(data.user!.confirmation_sent_at).toBeTruthy()
    expect(data.user!.email_confirmed_at).toBeUndefined()

    const { rows } = await h.lb.db.query('select name, kind from public.test_profiles where user_id = $1', [data.user!.id])
    expect(rows).toEqual([{ name: 'Happy Tails', kind: 'shelter' }])

    const { mail, link, tokenHash, type, next, code } = await latestLink(email)
    expect(mail.subject).toBe('Confirm your signup')
    expect(mail.to).toBe(email.toLowerCase())
    expect(link.startsWith(`${SITE}/auth/confirm?token_hash=`)).toBe(true)
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/)
    expect(type).toBe('email')
    expect(next).toBe(`${SITE}/dashboard`)
    expect(code).toMatch(/^\d{6}$/)
    expect(mail.html).toContain(`token_hash=${tokenHash}`)
    expect(mail.html).toContain(`next=${encodeURIComponent(`${SITE}/dashboard`)}`)
  })

  it('refuses password sign-in until the address is confirmed with verifyOtp(token_hash)', async () => {
    const email = uniqueEmail()
    await client().auth.signUp({ email, password: PASSWORD })
    const before = await client().auth.signInWithPassword({ email, password: PASSWORD })
    expect(before.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' })

    const { tokenHash } = await latestLink(email)
    const verifying = client()
    const events: string[] = []
    verifying.auth.onAuthStateChange((event) => void events.push(event))
    const { data, error } = await verifying.auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.user_metadata).toMatchObject({ email_verified: true })
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({ email_verified: true })
    expect(events).toContain('SIGNED_IN')

    const after = await client().auth.signInWithPassword({ email, password: PASSWORD })
    expect(after.error).toBeNull()
    expect(after.data.session?.user.email).toBe(email.toLowerCase())

    const reused = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' })
  })

  it('confirms with the emailed 6-digit code too', async () => {
    const email = uniqueEmail()
    await client().auth.signUp({ email, password: PASSWORD })
    const { code } = await latestLink(email)
    const wrong = await client().auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'email' })
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })
    const { data, error } = await client().auth.verifyOtp({ email, token: code!, type: 'signup' })
    expect(error).toBeNull()
    expect(data.session?.user.email_confirmed_at).toBeTruthy()
  })

  it('lets one of two concurrent verifications of the same link win', async () => {
    const email = uniqueEmail('race')
    await client().auth.signUp({ email, password: PASSWORD })
    const { tokenHash } = await latestLink(email)
    const results = await Promise.all([1, 2].map(() => client().auth.verifyOtp({ token_hash: tokenHash, type: 'email' })))
    expect(results.filter((result) => result.error === null)).toHaveLength(1)
    expect(results.find((result) => result.error)?.error?.code).toBe('otp_expired')
  })

  it('answers a repeated sign-up of a confirmed address with a fake user and sends nothing', async () => {
    const { email, user } = await signUpConfirmed()
    const mailsBefore = (await mailTo(email)).length
    const { data, error } = await client().auth.signUp({ email, password: 'another-password' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user!.id).not.toBe(user.id)
    expect(data.user!.identities).toEqual([])
    expect((await mailTo(email)).length).toBe(mailsBefore)
  })

  it('sends the confirmation again when an unconfirmed address signs up twice', async () => {
    const email = uniqueEmail()
    const first = await client().auth.signUp({ email, password: PASSWORD })
    const second = await client().auth.signUp({ email, password: PASSWORD })
    expect(second.error).toBeNull()
    expect(second.data.user!.id).toBe(first.data.user!.id)
    expect(await mailTo(email)).toHaveLength(2)
  })

  it('resends the confirmation to unconfirmed addresses only, replacing the earlier link', async () => {
    const email = uniqueEmail('resend')
    await client().auth.signUp({ email, password: PASSWORD })
    const first = await latestLink(email)
    expect(await client().auth.resend({ type: 'signup', email })).toMatchObject({ error: null })
    const second = await latestLink(email)
    expect(second.tokenHash).not.toBe(first.tokenHash)
    expect((await client().auth.verifyOtp({ token_hash: first.tokenHash, type: 'email' })).error?.code).toBe('otp_expired')
    expect((await client().auth.verifyOtp({ token_hash: second.tokenHash, type: 'email' })).error).toBeNull()

    expect(await client().auth.resend({ type: 'signup', email })).toMatchObject({ error: null })
    expect(await mailTo(email)).toHaveLength(2)
    const nobody = uniqueEmail('nobody')
    expect(await client().auth.resend({ type: 'signup', email: nobody })).toMatchObject({ error: null })
    expect(await mailTo(nobody)).toEqual([])
  })

  it('rejects weak, missing and overlong passwords and malformed addresses with GoTrue codes', async () => {
    const weak = await client().auth.signUp({ email: uniqueEmail(), password: '12345' })
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] })
    expect(weak.error!.message).toBe('Password should be at least 6 characters.')

    const badEmail = await client().auth.signUp({ email: 'not-an-email', password: PASSWORD })
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' })

    const noPassword = await raw('/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail() }) })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body).toEqual({ code: 'validation_failed', message: 'Signup requires a valid password' })

    const noEmail = await raw('/signup', { method: 'POST', body: JSON.stringify({ password: PASSWORD }) })
    expect(noEmail.body).toEqual({ code: 'validation_failed', message: 'An email address is required' })

    const long = await client().auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) })
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Password cannot be longer than 72 characters' })
  })
})

describe('password sign-in and tokens', () => {
  it('issues GoTrue token responses and access tokens with its claims', async () => {
    const { userId, email, client: signedIn } = await h.signedIn(uniqueEmail(), PASSWORD, { name: 'Ada' })
    const { data } = await signedIn.auth.getSession()
    const session = data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    expect(Math.abs(session.expires_at! - (Math.floor(Date.now() / 1000) + 3600))).toBeLessThan(5)
    expect(session.refresh_token).toMatch(/^[a-z0-9]{32}$/)
    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      iss: `${h.url}/auth/v1`,
      sub: userId,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: { name: 'Ada', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    const { rows } = await h.lb.db.query('select user_id from auth.sessions where id = $1', [claims.session_id])
    expect(rows).toEqual([{ user_id: userId }])
  })

  it('gives unknown users and wrong passwords the same invalid_credentials answer', async () => {
    const { email } = await h.signedIn()
    const wrong = await client().auth.signInWithPassword({ email, password: 'wrong-password' })
    const unknown = await client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD })
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
    }
    const grant = await raw('/token?grant_type=magic', { method: 'POST', body: '{}' })
    expect(grant.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' })
  })

  it('rotates refresh tokens once, with a 10 s reuse window and GoTrue error codes', async () => {
    const { client: signedIn } = await h.signedIn()
    const first = (await signedIn.auth.getSession()).data.session!
    const refresh = (token: string) => client().auth.refreshSession({ refresh_token: token })

    const second = await refresh(first.refresh_token)
    expect(second.error).toBeNull()
    expect(second.data.session!.refresh_token).not.toBe(first.refresh_token)
    const sessionId = decodeJwt(second.data.session!.access_token).session_id
    expect(decodeJwt(first.access_token).session_id).toBe(sessionId)

    // A parallel request replaying the first token gets the session's current token back.
    const replay = await refresh(first.refresh_token)
    expect(replay.data.session!.refresh_token).toBe(second.data.session!.refresh_token)

    // Parallel server requests sharing one cookie all refresh with the same token.
    const parallel = await Promise.all([refresh(second.data.session!.refresh_token), refresh(second.data.session!.refresh_token)])
    expect(parallel.map((result) => result.error)).toEqual([null, null])
    const third = parallel[0]!
    expect(parallel[1]!.data.session!.refresh_token).toBe(third.data.session!.refresh_token)

    // The parent of the active token may be replayed even later (the client lost the answer).
    await h.lb.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [
      second.data.session!.refresh_token,
    ])
    const lostAnswer = await refresh(second.data.session!.refresh_token)
    expect(lostAnswer.data.session!.refresh_token).toBe(third.data.session!.refresh_token)

    // Any other replay outside the window is treated as theft: the session ends.
    await h.lb.db.query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [first.refresh_token])
    const stolen = await refresh(first.refresh_token)
    expect(stolen.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' })
    const afterTheft = await raw('/user', { bearer: third.data.session!.access_token })
    expect(afterTheft.status).toBe(403)
    expect(afterTheft.body.code).toBe('session_not_found')

    const unknown = await refresh('abcdefghijklmnopqrstuvwxyz012345')
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    const malformed = await raw('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: 'short' }) })
    expect(malformed.body).toEqual({ code: 'validation_failed', message: 'Refresh token is not valid' })
  })
})

describe('PKCE with @supabase/ssr cookies', () => {
  it('confirms a sign-up through GET /verify and exchangeCodeForSession', async () => {
    const jar = new Map<string, string>()
    const email = uniqueEmail('pkce')
    const signUp = await ssrClient(jar).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${SITE}/welcome` } })
    expect(signUp.error).toBeNull()
    expect(jar.has('sb-127-auth-token-code-verifier')).toBe(true)

    const { tokenHash } = await latestLink(email)
    expect(tokenHash).toMatch(/^pkce_[0-9a-f]{56}$/)
    const verify = await raw(`/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent(`${SITE}/auth/callback`)}`, {
      version: false,
    })
    expect(verify.status).toBe(303)
    const location = new URL(verify.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/auth/callback`)
    const code = location.searchParams.get('code')!
    expect(code).toBeTruthy()

    const exchange = await ssrClient(jar).auth.exchangeCodeForSession(code)
    expect(exchange.error).toBeNull()
    expect(exchange.data.session!.user.email).toBe(email.toLowerCase())
    expect(jar.has('sb-127-auth-token')).toBe(true)
    expect(jar.get('sb-127-auth-token')!.startsWith('base64-')).toBe(true)

    const { data } = await ssrClient(jar).auth.getUser()
    expect(data.user?.email_confirmed_at).toBeTruthy()

    const again = await raw('/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }) })
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' })
  })

  it('lets the SSR confirm route use verifyOtp(token_hash) on a PKCE link, and checks verifiers', async () => {
    const jar = new Map<string, string>()
    const email = uniqueEmail('pkce-hash')
    await ssrClient(jar).auth.signUp({ email, password: PASSWORD })
    const { tokenHash } = await latestLink(email)
    const verified = await ssrClient(jar).auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
    expect(verified.error).toBeNull()
    expect(jar.has('sb-127-auth-token')).toBe(true)

    // A second flow whose verifier does not match.
    const other = uniqueEmail('pkce-bad')
    await ssrClient(new Map()).auth.signUp({ email: other, password: PASSWORD })
    const link = await latestLink(other)
    const verify = await raw(`/verify?token=${link.tokenHash}&type=signup&redirect_to=${encodeURIComponent(SITE)}`)
    const code = new URL(verify.headers.get('location')!).searchParams.get('code')!
    const bad = await raw('/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: code, code_verifier: 'y'.repeat(56) }) })
    expect(bad.body).toEqual({ code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' })
    const empty = await raw('/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: '', code_verifier: '' }) })
    expect(empty.body.message).toBe('invalid request: both auth code and code verifier should be non-empty')
  })

  it('redirects link errors into the fragment (and the query for PKCE)', async () => {
    const implicit = await raw(`/verify?token=deadbeef&type=signup&redirect_to=${encodeURIComponent(`${SITE}/welcome`)}`)
    expect(implicit.status).toBe(303)
    const location = new URL(implicit.headers.get('location')!)
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('error')).toBe('access_denied')
    expect(fragment.get('error_code')).toBe('otp_expired')
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired')
    expect(location.search).toBe('')

    const pkce = await raw(`/verify?token=pkce_deadbeef&type=signup&redirect_to=${encodeURIComponent(`${SITE}/welcome`)}`)
    expect(new URL(pkce.headers.get('location')!).searchParams.get('error_code')).toBe('otp_expired')

    const elsewhere = await raw(`/verify?token=deadbeef&type=signup&redirect_to=${encodeURIComponent('https://evil.example/')}`)
    expect(elsewhere.headers.get('location')!.startsWith(`${SITE}/#`)).toBe(true)
  })

  it('hands an implicit-flow session over in the fragment of GET /verify', async () => {
    const email = uniqueEmail('implicit')
    await client().auth.signUp({ email, password: PASSWORD })
    const { tokenHash } = await latestLink(email)
    const verify = await raw(`/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent(`${SITE}/welcome`)}`)
    const location = new URL(verify.headers.get('location')!)
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('token_type')).toBe('bearer')
    expect(fragment.get('type')).toBe('signup')
    expect(decodeJwt(fragment.get('access_token')!).email).toBe(email.toLowerCase())
  })
})

describe('the signed-in user', () => {
  it('reads and updates the user: metadata merges, null deletes, the same password is refused', async () => {
    const { client: signedIn, userId } = await h.signedIn(uniqueEmail(), PASSWORD, { name: 'Ada', city: 'Austin' })
    const { data } = await signedIn.auth.getUser()
    expect(data.user).toMatchObject({ id: userId, user_metadata: { name: 'Ada', city: 'Austin', email_verified: true } })

    const events: string[] = []
    signedIn.auth.onAuthStateChange((event) => void events.push(event))
    const updated = await signedIn.auth.updateUser({ data: { city: null, shelter: 'Happy Tails' } })
    expect(updated.error).toBeNull()
    expect(updated.data.user!.user_metadata).toEqual({ name: 'Ada', shelter: 'Happy Tails', email_verified: true })
    expect(events).toContain('USER_UPDATED')

    const same = await signedIn.auth.updateUser({ password: PASSWORD })
    expect(same.error).toMatchObject({ status: 422, code: 'same_password', message: 'New password should be different from the old password.' })
    const weak = await signedIn.auth.updateUser({ password: 'abc' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })
    const admin = await signedIn.auth.updateUser({ data: {}, ...({ app_metadata: { role: 'admin' } } as object) })
    expect(admin.error).toMatchObject({ status: 403, code: 'not_admin' })
  })

  it('changes the password, keeps the current session and ends the others', async () => {
    const { client: first, email } = await h.signedIn(uniqueEmail(), PASSWORD)
    const second = client()
    await second.auth.signInWithPassword({ email, password: PASSWORD })
    const changed = await first.auth.updateUser({ password: 'new-password-2' })
    expect(changed.error).toBeNull()
    expect((await first.auth.getUser()).error).toBeNull()
    const secondToken = (await second.auth.getSession()).data.session!.access_token
    expect((await raw('/user', { bearer: secondToken })).body.code).toBe('session_not_found')
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials')
    expect((await client().auth.signInWithPassword({ email, password: 'new-password-2' })).error).toBeNull()
  })

  it('changes the email address once the new address confirms it', async () => {
    const { client: signedIn } = await h.signedIn()
    const taken = (await h.signedIn()).email
    const duplicate = await signedIn.auth.updateUser({ email: taken })
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists', message: 'A user with this email address has already been registered' })

    const newEmail = uniqueEmail('moved')
    const requested = await signedIn.auth.updateUser({ email: newEmail })
    expect(requested.error).toBeNull()
    expect(requested.data.user!.new_email).toBe(newEmail.toLowerCase())
    const { tokenHash, type, mail } = await latestLink(newEmail)
    expect(mail.subject).toBe('Confirm your new email address')
    expect(type).toBe('email_change')
    const confirmed = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'email_change' })
    expect(confirmed.error).toBeNull()
    expect(confirmed.data.user!.email).toBe(newEmail.toLowerCase())
    expect(confirmed.data.user!.new_email).toBeUndefined()
  })
})

describe('password recovery', () => {
  it('always answers {} and mails a recovery link only to known addresses', async () => {
    const unknown = uniqueEmail('ghost')
    const forUnknown = await client().auth.resetPasswordForEmail(unknown)
    expect(forUnknown).toEqual({ data: {}, error: null })
    expect(await mailTo(unknown)).toEqual([])

    const { email } = await h.signedIn()
    const sent = await client().auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/reset-password` })
    expect(sent).toEqual({ data: {}, error: null })
    const { mail, type, next, tokenHash } = await latestLink(email)
    expect(mail.subject).toBe('Reset your password')
    expect(type).toBe('recovery')
    expect(next).toBe(`${SITE}/reset-password`)

    const recovering = client()
    const events: string[] = []
    recovering.auth.onAuthStateChange((event) => void events.push(event))
    const verified = await recovering.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(events).toContain('PASSWORD_RECOVERY')
    expect((await recovering.auth.updateUser({ password: 'recovered-pass-3' })).error).toBeNull()
    expect((await client().auth.signInWithPassword({ email, password: 'recovered-pass-3' })).error).toBeNull()
  })

  it('runs the PKCE recovery flow of @supabase/ssr and reports redirectType recovery', async () => {
    const { email } = await h.signedIn()
    const jar = new Map<string, string>()
    await ssrClient(jar).auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/callback` })
    const { tokenHash } = await latestLink(email)
    expect(tokenHash.startsWith('pkce_')).toBe(true)
    const verify = await raw(`/verify?token=${tokenHash}&type=recovery&redirect_to=${encodeURIComponent(`${SITE}/auth/callback`)}`)
    const code = new URL(verify.headers.get('location')!).searchParams.get('code')!
    const exchanged = await ssrClient(jar).auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe('recovery')
  })
})

describe('sign-out scopes', () => {
  async function sessions(count: number) {
    const { email, client: first } = await h.signedIn()
    const clients = [first]
    for (let i = 1; i < count; i++) {
      const next = client()
      await next.auth.signInWithPassword({ email, password: PASSWORD })
      clients.push(next)
    }
    const tokens = await Promise.all(clients.map(async (c) => (await c.auth.getSession()).data.session!.access_token))
    const alive = async () => Promise.all(tokens.map(async (token) => (await raw('/user', { bearer: token })).status === 200))
    return { clients, tokens, alive }
  }

  it('ends only the other sessions, only this one, or all of them', async () => {
    const others = await sessions(3)
    await others.clients[0]!.auth.signOut({ scope: 'others' })
    expect(await others.alive()).toEqual([true, false, false])

    const local = await sessions(2)
    await local.clients[0]!.auth.signOut({ scope: 'local' })
    expect(await local.alive()).toEqual([false, true])

    const global = await sessions(2)
    const { error } = await global.clients[0]!.auth.signOut()
    expect(error).toBeNull()
    expect(await global.alive()).toEqual([false, false])
    const afterwards = await client().auth.getUser(global.tokens[1])
    expect(afterwards.data.user).toBeNull()
    expect(afterwards.error?.name).toBe('AuthSessionMissingError')
  })

  it('validates the scope and requires a Bearer token', async () => {
    const { tokens } = await sessions(1)
    const bad = await raw('/logout?scope=everywhere', { method: 'POST', bearer: tokens[0] })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everywhere"' })
    const ok = await raw('/logout?scope=local', { method: 'POST', bearer: tokens[0] })
    expect(ok.status).toBe(204)
    expect(ok.text).toBe('')
    for (const endpoint of ['/user', '/logout']) {
      const missing = await raw(endpoint, { method: endpoint === '/user' ? 'GET' : 'POST', bearer: null })
      expect(missing.status).toBe(401)
      expect(missing.body).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' })
    }
  })
})

describe('JWT checks on /user', () => {
  it('answers 403 bad_jwt for garbage, expired, foreign and sub-less tokens', async () => {
    const { userId } = await h.signedIn()
    const garbage = await client().auth.getUser('not.a.jwt')
    expect(garbage.error).toMatchObject({ status: 403, code: 'bad_jwt' })
    expect(garbage.error!.message.startsWith('invalid JWT: unable to parse or verify signature, ')).toBe(true)

    const now = Math.floor(Date.now() / 1000)
    const claims = { sub: userId, aud: 'authenticated', role: 'authenticated', iat: now - 7200, exp: now - 3600 }
    const expired = await client().auth.getUser(await signJwt(claims, h.lb.config.jwtSecret))
    expect(expired.error).toMatchObject({ status: 403, code: 'bad_jwt' })
    expect(expired.error!.message).toContain('token is expired')

    const foreign = await client().auth.getUser(await signJwt({ ...claims, exp: now + 3600 }, 'another-secret-that-is-at-least-32-chars'))
    expect(foreign.error).toMatchObject({ status: 403, code: 'bad_jwt' })

    const anon = await raw('/user', { bearer: h.lb.keys.anonKey })
    expect(anon.status).toBe(403)
    expect(anon.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' })
  })

  it('refuses the tokens of a deleted user', async () => {
    const { client: signedIn, userId } = await h.signedIn()
    const token = (await signedIn.auth.getSession()).data.session!.access_token
    await client(h.lb.keys.serviceRoleKey).auth.admin.deleteUser(userId)
    const gone = await raw('/user', { bearer: token })
    expect(gone.status).toBe(403)
    expect(gone.body).toEqual({ code: 'user_not_found', message: 'User from sub claim in JWT does not exist' })
  })
})

describe('admin API', () => {
  const admin = () => client(h.lb.keys.serviceRoleKey).auth.admin

  it('creates, lists, reads, updates and deletes users', async () => {
    const email = uniqueEmail('admin-made')
    const created = await admin().createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Bea' },
      app_metadata: { plan: 'pro' },
    })
    expect(created.error).toBeNull()
    const user = created.data.user!
    expect(user).toMatchObject({ email: email.toLowerCase(), user_metadata: { name: 'Bea', email_verified: true } })
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' })
    expect(user.email_confirmed_at).toBeTruthy()
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()

    const duplicate = await admin().createUser({ email, password: PASSWORD })
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' })

    const firstPage = await admin().listUsers({ page: 1, perPage: 2 })
    if (firstPage.error) throw firstPage.error
    expect(firstPage.data.users).toHaveLength(2)
    expect(firstPage.data.aud).toBe('authenticated')
    expect(firstPage.data.total).toBeGreaterThan(2)
    expect(firstPage.data.nextPage).toBe(2)
    expect(firstPage.data.users[0]!.id).toBe(user.id)
    const listing = await fetch(`${h.url}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: { apikey: h.lb.keys.serviceRoleKey, authorization: `Bearer ${h.lb.keys.serviceRoleKey}` },
    })
    expect(listing.headers.get('link')).toMatch(/^<\/admin\/users\?page=2&per_page=2>; rel="next", <\/admin\/users\?page=\d+&per_page=2>; rel="last"$/)

    expect((await admin().getUserById(user.id)).data.user?.email).toBe(email.toLowerCase())
    const updated = await admin().updateUserById(user.id, { user_metadata: { name: null, team: 'rescue' }, password: 'changed-pass-4' })
    expect(updated.error).toBeNull()
    expect(updated.data.user!.user_metadata).toEqual({ team: 'rescue', email_verified: true })
    expect((await client().auth.signInWithPassword({ email, password: 'changed-pass-4' })).error).toBeNull()

    expect((await admin().deleteUser(user.id)).error).toBeNull()
    const missing = await admin().getUserById(user.id)
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' })
    // auth-js refuses non-UUID ids itself, so ask the server directly.
    const notUuid = await raw('/admin/users/not-a-uuid', { bearer: h.lb.keys.serviceRoleKey })
    expect(notUuid.status).toBe(404)
    expect(notUuid.body).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' })
  })

  it('creates unconfirmed users that cannot sign in yet', async () => {
    const email = uniqueEmail('unconfirmed')
    await admin().createUser({ email, password: PASSWORD })
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('email_not_confirmed')
    expect(await mailTo(email)).toEqual([])
  })

  it('is refused to anon keys and user tokens with 403 not_admin', async () => {
    const asAnon = await client().auth.admin.listUsers()
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' })
    const { client: signedIn } = await h.signedIn()
    const token = (await signedIn.auth.getSession()).data.session!.access_token
    const asUser = await raw('/admin/users', { bearer: token })
    expect(asUser.status).toBe(403)
    expect(asUser.body).toEqual({ code: 'not_admin', message: 'User not allowed' })
  })

  it('generates recovery and sign-up links without sending email', async () => {
    const { email } = await h.signedIn()
    const recovery = await admin().generateLink({ type: 'recovery', email, options: { redirectTo: `${SITE}/reset` } })
    expect(recovery.error).toBeNull()
    const { action_link, hashed_token, email_otp, verification_type } = recovery.data.properties!
    expect(verification_type).toBe('recovery')
    expect(email_otp).toMatch(/^\d{6}$/)
    expect(action_link).toBe(`${h.url}/auth/v1/verify?token=${hashed_token}&type=recovery&redirect_to=${encodeURIComponent(`${SITE}/reset`)}`)
    expect((await mailTo(email)).length).toBe(0)
    const follow = await fetch(action_link, { redirect: 'manual' })
    expect(follow.status).toBe(303)
    const fragment = new URLSearchParams(new URL(follow.headers.get('location')!).hash.slice(1))
    expect(fragment.get('type')).toBe('recovery')
    expect(decodeJwt(fragment.get('access_token')!).email).toBe(email)

    const newEmail = uniqueEmail('linked')
    const signup = await admin().generateLink({ type: 'signup', email: newEmail, password: PASSWORD })
    expect(signup.data.user?.email).toBe(newEmail.toLowerCase())
    const verified = await client().auth.verifyOtp({ token_hash: signup.data.properties!.hashed_token, type: 'signup' })
    expect(verified.error).toBeNull()
    expect((await admin().generateLink({ type: 'recovery', email: uniqueEmail('none') })).error).toMatchObject({ status: 404, code: 'user_not_found' })

    const magic = await admin().generateLink({ type: 'magiclink', email })
    expect((await client().auth.verifyOtp({ token_hash: magic.data.properties!.hashed_token, type: 'magiclink' })).error).toBeNull()

    const invited = uniqueEmail('invited')
    const invite = await admin().generateLink({ type: 'invite', email: invited })
    expect(invite.data.user?.invited_at).toBeTruthy()
    const accepted = await client().auth.verifyOtp({ token_hash: invite.data.properties!.hashed_token, type: 'invite' })
    expect(accepted.error).toBeNull()
    expect(accepted.data.user?.email_confirmed_at).toBeTruthy()
  })
})

describe('error shapes and hostile input', () => {
  it('echoes X-Supabase-Api-Version with {code, message}, or answers the legacy shape without it', async () => {
    const versioned = await raw('/signup', { method: 'POST', body: '{"email": ' })
    expect(versioned.status).toBe(400)
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(versioned.body.code).toBe('bad_json')
    expect(versioned.body.message.startsWith('Could not parse request body as JSON: ')).toBe(true)

    const legacy = await raw('/signup', { method: 'POST', body: '{"email": ', version: false })
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull()
    expect(legacy.headers.get('x-sb-error-code')).toBe('bad_json')
    expect(legacy.body).toMatchObject({ code: 400, error_code: 'bad_json' })
    expect(legacy.body.msg.startsWith('Could not parse request body as JSON: ')).toBe(true)
  })

  it('answers wrong JSON types, empty bodies, unknown paths and methods without a 5xx', async () => {
    const wrongType = await raw('/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: { a: 1 }, code_verifier: 'x' }) })
    expect(wrongType.body).toEqual({
      code: 'bad_json',
      message: 'Could not parse request body as JSON: json: cannot unmarshal object into Go struct field PKCEGrantParams.auth_code of type string',
    })
    const array = await raw('/recover', { method: 'POST', body: '[]' })
    expect(array.body.code).toBe('bad_json')
    const empty = await raw('/verify', { method: 'POST' })
    expect(empty.body.code).toBe('bad_json')
    const unknown = await raw('/no-such-endpoint')
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('not_found')
    const method = await raw('/signup')
    expect(method.status).toBe(405)
    const nul = await raw('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: 'a\u0000@b.co', password: 'x' }) })
    expect(nul.status).toBe(400)
    expect(nul.body.code).toBe('bad_json')
    const oddToken = await raw(`/verify?token=${encodeURIComponent('%00\'; drop table auth.users;--')}&type=signup`)
    expect(oddToken.status).toBe(303)
    const oddPage = await raw('/admin/users?page=99999999999999999999', { bearer: h.lb.keys.serviceRoleKey })
    expect(oddPage.body.code).toBe('validation_failed')
    expect((await fetch(`${h.url}/mailbox/api/messages?to=%00`)).status).toBe(200)
    const noType = await raw('/verify', { method: 'POST', body: JSON.stringify({ token_hash: 'abc' }) })
    expect(noType.body).toEqual({ code: 'validation_failed', message: 'Verify requires a verification type' })
  })

  it('answers an oversized body with 413 and keeps serving', async () => {
    const huge = await fetch(`${h.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: h.lb.keys.anonKey, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD, data: { blob: 'x'.repeat(2 * 1024 * 1024) } }),
    })
    expect(huge.status).toBe(413)
    expect((await huge.json()).code).toBe('request_too_large')
    const { error } = await client().auth.signUp({ email: uniqueEmail(), password: PASSWORD })
    expect(error).toBeNull()
  })

  it('serves the settings, health and JWKS endpoints', async () => {
    expect((await raw('/settings')).body).toMatchObject({ external: { email: true }, mailer_autoconfirm: false })
    expect((await raw('/health')).body.name).toBe('GoTrue')
    expect((await raw('/.well-known/jwks.json')).body).toEqual({ keys: [] })
  })
})

describe('rate limits', () => {
  let limited: Harness

  beforeAll(async () => {
    limited = await startHarness({
      siteUrl: SITE,
      migrationsDir,
      seedFiles: [],
      rateLimits: { signInPerIp: 3, signInPerEmail: 2, signUpPerIp: 2, emailsPerAddress: 1, recoverPerIp: 2 },
    })
  })
  afterAll(async () => limited?.stop())

  const from = (ip: string) => client(limited.lb.keys.anonKey, { 'x-forwarded-for': ip }, limited.url)

  it('limits password sign-ins per IP and per address with 429 over_request_rate_limit', async () => {
    const email = uniqueEmail('limited')
    for (let attempt = 0; attempt < 3; attempt++) {
      const { error } = await from('10.0.0.1').auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD })
      expect(error?.code).toBe('invalid_credentials')
    }
    const blocked = await from('10.0.0.1').auth.signInWithPassword({ email, password: PASSWORD })
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })

    await from('10.0.1.1').auth.signInWithPassword({ email, password: PASSWORD })
    await from('10.0.1.2').auth.signInWithPassword({ email, password: PASSWORD })
    const perEmail = await from('10.0.1.3').auth.signInWithPassword({ email, password: PASSWORD })
    expect(perEmail.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
  })

  it('limits sign-ups per IP and emails per address', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await from('10.0.2.1').auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull()
    }
    const blocked = await from('10.0.2.1').auth.signUp({ email: uniqueEmail(), password: PASSWORD })
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })

    const email = uniqueEmail('twice')
    expect((await from('10.0.3.1').auth.signUp({ email, password: PASSWORD })).error).toBeNull()
    const resend = await from('10.0.3.2').auth.signUp({ email, password: PASSWORD })
    expect(resend.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    expect(resend.error!.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/)
    expect(await mailTo(email, limited.url)).toHaveLength(1)
  })

  it('limits recovery emails per address and recover requests per IP', async () => {
    const email = uniqueEmail('recover')
    await client(limited.lb.keys.serviceRoleKey, {}, limited.url).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
    expect((await from('10.0.4.1').auth.resetPasswordForEmail(email)).error).toBeNull()
    const again = await from('10.0.4.2').auth.resetPasswordForEmail(email)
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })

    await from('10.0.5.1').auth.resetPasswordForEmail(uniqueEmail())
    await from('10.0.5.1').auth.resetPasswordForEmail(uniqueEmail())
    const perIp = await from('10.0.5.1').auth.resetPasswordForEmail(uniqueEmail())
    expect(perIp.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
  })
})
