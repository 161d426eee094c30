// Conformance of /auth/v1/user, /recover and /logout: what a signed-in user does, password
// recovery, sign-out scopes and the JWT checks.
import { describe, expect, it } from 'vitest'
import { signJwt } from '#localbase/src/jwt.ts'
import { client, h, latestLink, mailTo, PASSWORD, raw, SITE, ssrClient, useAuthHarness } from '#localbase/test/auth-support.ts'
import { uniqueEmail } from '#localbase/test/harness.ts'

useAuthHarness()

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
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    })
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
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    })

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
