// What /auth/v1 answers when things go wrong: both error shapes, hostile input, and the rate
// limits on a localbase of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, h, mailTo, PASSWORD, raw, startAuthHarness, useAuthHarness } from '#localbase/test/auth-support.ts'
import { uniqueEmail, type Harness } from '#localbase/test/harness.ts'

useAuthHarness()

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
    const wrongType = await raw('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: { a: 1 }, code_verifier: 'x' }),
    })
    expect(wrongType.body).toEqual({
      code: 'bad_json',
      message:
        'Could not parse request body as JSON: json: cannot unmarshal object into Go struct field PKCEGrantParams.auth_code of type string',
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
    const oddToken = await raw(`/verify?token=${encodeURIComponent("%00'; drop table auth.users;--")}&type=signup`)
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
    limited = await startAuthHarness({ signInPerIp: 3, signInPerIpAndEmail: 2, signUpPerIp: 2, emailsPerAddress: 1, recoverPerIp: 2 })
  })
  afterAll(async () => limited?.stop())

  const from = (ip: string) => client(limited.lb.keys.anonKey, { 'x-forwarded-for': ip }, limited.url)

  it('limits password sign-ins per IP and per IP and address with 429 over_request_rate_limit', async () => {
    const email = uniqueEmail('limited')
    for (let attempt = 0; attempt < 3; attempt++) {
      const { error } = await from('10.0.0.1').auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD })
      expect(error?.code).toBe('invalid_credentials')
    }
    const blocked = await from('10.0.0.1').auth.signInWithPassword({ email, password: PASSWORD })
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })

    await from('10.0.1.1').auth.signInWithPassword({ email, password: PASSWORD })
    await from('10.0.1.1').auth.signInWithPassword({ email, password: PASSWORD })
    const perClientAndEmail = await from('10.0.1.1').auth.signInWithPassword({ email, password: PASSWORD })
    expect(perClientAndEmail.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
  })

  it("never locks an account's owner out because another client failed: there is no per-account limit", async () => {
    const email = uniqueEmail('owner')
    await client(limited.lb.keys.serviceRoleKey, {}, limited.url).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
    for (let attempt = 0; attempt < 10; attempt++) {
      await from(`10.0.6.${attempt}`).auth.signInWithPassword({ email, password: 'wrong-password-1' })
    }
    const owner = await from('10.0.7.1').auth.signInWithPassword({ email, password: PASSWORD })
    expect(owner.error).toBeNull()
    expect(owner.data.session).not.toBeNull()
  })

  it('reads the address the app forwards in Sb-Forwarded-For before X-Forwarded-For', async () => {
    const via = (ip: string) => client(limited.lb.keys.anonKey, { 'sb-forwarded-for': ip, 'x-forwarded-for': '10.0.8.99' }, limited.url)
    for (let attempt = 0; attempt < 3; attempt++)
      await via('10.0.8.1').auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD })
    expect((await via('10.0.8.1').auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD })).error?.status).toBe(429)
    expect((await via('10.0.8.2').auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    )
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
