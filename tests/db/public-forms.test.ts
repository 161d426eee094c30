// What the database guarantees about the public forms' tables, whatever the app does: anyone
// may add a row, nobody but the service role reads, changes or deletes one. Run against a
// localbase with the real migrations, through the REST API, with real tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h?.stop()
})

const message = (email: string) => ({
  name: 'Ann Lee',
  email,
  subject: 'general_inquiry',
  message: 'A question about adopting a rabbit.',
})

async function subscribers(email: string) {
  const { data, error } = await h.service().from('newsletter_subscriptions').select('email').ilike('email', email)
  if (error) throw error
  return data
}

describe('newsletter_subscriptions', () => {
  it('lets anyone subscribe, once per address whatever its case', async () => {
    const email = uniqueEmail('news')
    expect((await h.anon().rpc('subscribe_newsletter', { email })).error).toBeNull()
    expect((await h.anon().rpc('subscribe_newsletter', { email: email.toUpperCase() })).error).toBeNull()
    expect(await subscribers(email)).toHaveLength(1)
  })

  it('answers a repeated address exactly like a new one, and refuses a malformed one', async () => {
    const email = uniqueEmail('repeat')
    const first = await h.anon().rpc('subscribe_newsletter', { email })
    const again = await h.anon().rpc('subscribe_newsletter', { email })
    expect({ status: again.status, error: again.error, data: again.data }).toEqual({
      status: first.status,
      error: first.error,
      data: first.data,
    })
    expect((await h.anon().rpc('subscribe_newsletter', { email: 'not-an-address' })).error?.code).toBe('23514')
  })

  it('takes no plain insert, whose 201 or 409 would tell who is subscribed', async () => {
    const email = uniqueEmail('direct')
    const user = await h.signedIn()
    for (const client of [h.anon(), user.client]) {
      expect((await client.from('newsletter_subscriptions').insert({ email })).error?.code).toBe('42501')
    }
    expect(await subscribers(email)).toHaveLength(0)
  })

  it('hides the list from everyone but the service role', async () => {
    const email = uniqueEmail('hidden')
    await h.anon().rpc('subscribe_newsletter', { email })
    const user = await h.signedIn()
    for (const client of [h.anon(), user.client]) {
      expect((await client.from('newsletter_subscriptions').select('email')).error?.code).toBe('42501')
      expect((await client.from('newsletter_subscriptions').delete().eq('email', email)).error?.code).toBe('42501')
    }
    expect(await subscribers(email)).toHaveLength(1)
  })
})

describe('support_messages', () => {
  it('gives each message a reference number and records a signed-in sender', async () => {
    const anonymous = await h.anon().rpc('submit_support_message', { ...message(uniqueEmail('anon')), priority: 'high' })
    expect(anonymous.data).toMatch(/^PH-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    const user = await h.signedIn()
    const signedIn = await user.client.rpc('submit_support_message', message(user.email))
    const { data } = await h.service().from('support_messages').select('*').in('reference', [anonymous.data, signedIn.data])
    expect(data?.find((row) => row.reference === anonymous.data)).toMatchObject({ user_id: null, priority: 'high' })
    expect(data?.find((row) => row.reference === signedIn.data)).toMatchObject({ user_id: user.userId, priority: 'normal' })
  })

  it('refuses what the form would refuse', async () => {
    const bad = [{ subject: 'pizza' }, { message: 'short' }, { priority: 'whenever' }, { email: 'nope' }]
    for (const change of bad) {
      const { error } = await h.anon().rpc('submit_support_message', { ...message(uniqueEmail('bad')), ...change })
      expect(error?.code).toBe('23514')
    }
  })

  it('lets nobody choose their own reference or pretend to be another user', async () => {
    const victim = await h.signedIn()
    const forged = await h
      .anon()
      .from('support_messages')
      .insert({ ...message(uniqueEmail('forge')), user_id: victim.userId })
    expect(forged.error?.code).toBe('42501')
    const chosen = await h
      .anon()
      .from('support_messages')
      .insert({ ...message(uniqueEmail('forge')), reference: 'PH-AAAA-AAAA' })
    expect(chosen.error?.code).toBe('42501')
  })

  it('hides messages from everyone but the service role', async () => {
    const user = await h.signedIn()
    await user.client.rpc('submit_support_message', message(user.email))
    for (const client of [h.anon(), user.client]) {
      expect((await client.from('support_messages').select('*')).error?.code).toBe('42501')
      expect((await client.from('support_messages').update({ name: 'x' }).eq('email', user.email)).error?.code).toBe('42501')
    }
    const { data } = await h.service().from('support_messages').select('email').eq('email', user.email)
    expect(data).toHaveLength(1)
  })
})
