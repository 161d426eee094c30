// Conformance of /auth/v1/admin: users made, listed, changed and deleted with the service role,
// and links generated without email.
import { decodeJwt } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { client, h, mailTo, PASSWORD, raw, SITE, useAuthHarness } from '#localbase/test/auth-support.ts'
import { uniqueEmail } from '#localbase/test/harness.ts'

useAuthHarness()

// The listing is checked over more than one page: other users exist before the test's own.
beforeAll(async () => {
  await h.signedIn()
  await h.signedIn()
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
    expect(listing.headers.get('link')).toMatch(
      /^<\/admin\/users\?page=2&per_page=2>; rel="next", <\/admin\/users\?page=\d+&per_page=2>; rel="last"$/,
    )

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
    expect(action_link).toBe(
      `${h.url}/auth/v1/verify?token=${hashed_token}&type=recovery&redirect_to=${encodeURIComponent(`${SITE}/reset`)}`,
    )
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
    expect((await admin().generateLink({ type: 'recovery', email: uniqueEmail('none') })).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    })

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
