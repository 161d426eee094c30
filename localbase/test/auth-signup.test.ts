// Conformance of /auth/v1/signup, POST /verify and /resend: sign-up with email confirmation,
// driven by the real supabase-js. Shared setup: auth-support.ts.
import { describe, expect, it } from 'vitest'
import { client, h, latestLink, mailTo, PASSWORD, raw, signUpConfirmed, SITE, useAuthHarness } from '#localbase/test/auth-support.ts'
import { uniqueEmail } from '#localbase/test/harness.ts'

useAuthHarness()

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
    expect(data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      is_anonymous: false,
    })
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

  it("answers a repeated sign-up of a confirmed address with GoTrue's sanitized user, and sends nothing", async () => {
    const { email, user } = await signUpConfirmed()
    const mailsBefore = (await mailTo(email)).length
    const { data, error } = await client().auth.signUp({ email, password: 'another-password', options: { data: { user_type: 'adopter' } } })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user!.id).not.toBe(user.id)
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      role: 'authenticated',
      identities: [],
      user_metadata: { user_type: 'adopter' },
    })
    expect(data.user!.email_confirmed_at).toBeUndefined()
    // Shaped like a new sign-up's answer, field for field.
    const fresh = await client().auth.signUp({
      email: uniqueEmail('fresh'),
      password: PASSWORD,
      options: { data: { user_type: 'adopter' } },
    })
    expect(Object.keys(data.user!).sort()).toEqual(Object.keys(fresh.data.user!).sort())
    // GoTrue with confirmations on emails nobody; the app's own outbox may (decision 050).
    expect(await mailTo(email)).toHaveLength(mailsBefore)
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
    expect(badEmail.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })

    const noPassword = await raw('/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail() }) })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body).toEqual({ code: 'validation_failed', message: 'Signup requires a valid password' })

    const noEmail = await raw('/signup', { method: 'POST', body: JSON.stringify({ password: PASSWORD }) })
    expect(noEmail.body).toEqual({ code: 'validation_failed', message: 'An email address is required' })

    const long = await client().auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) })
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Password cannot be longer than 72 characters' })
  })
})
