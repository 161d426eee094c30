// Conformance of /auth/v1/token (password, refresh_token, pkce) and GET /verify: sessions,
// refresh-token rotation and the PKCE flow of @supabase/ssr.
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { client, h, latestLink, PASSWORD, raw, SITE, ssrClient, useAuthHarness } from '#localbase/test/auth-support.ts'
import { uniqueEmail } from '#localbase/test/harness.ts'

useAuthHarness()

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

    const again = await raw('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    })
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
    const bad = await raw('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'y'.repeat(56) }),
    })
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
