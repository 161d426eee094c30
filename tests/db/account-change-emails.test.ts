// The owner of an account is told when its password changes or the account is deleted, by
// any way in (the person's own session, the admin API, a soft delete): the outbox gets the
// email in the same transaction. Nothing else about an account sends one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

let h: Harness
let service: SupabaseClient<Database>
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
})
afterAll(async () => {
  await h?.stop()
})

async function outboxFor(to: string) {
  const { data, error } = await service.from('email_outbox').select('template, data').eq('to_address', to.toLowerCase()).order('created_at')
  expect(error).toBeNull()
  return data!
}

const templates = async (to: string) => (await outboxFor(to)).map((email) => email.template)

describe('a password change', () => {
  it('made by the person tells them when; their other changes do not', async () => {
    const person = await h.signedIn()
    expect((await person.client.auth.updateUser({ data: { display_name: 'Ana' } })).error).toBeNull()
    expect(await templates(person.email)).toEqual([])

    const before = Date.now()
    expect((await person.client.auth.updateUser({ password: 'a-brand-new-one-9' })).error).toBeNull()
    const [email, ...more] = await outboxFor(person.email)
    expect(more).toEqual([])
    expect(email!.template).toBe('password_changed')
    const changedAt = Date.parse((email!.data as { changed_at: string }).changed_at)
    expect(changedAt).toBeGreaterThanOrEqual(before - 1000)
    expect(changedAt).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('made through the admin API tells the owner too', async () => {
    const person = await h.signedIn()
    expect((await service.auth.admin.updateUserById(person.userId, { password: 'set-by-someone-else-7' })).error).toBeNull()
    expect(await templates(person.email)).toEqual(['password_changed'])
  })

  it('is not told to an address nobody has confirmed', async () => {
    const email = `unconfirmed-${Date.now()}@example.com`
    const { data, error } = await service.auth.admin.createUser({ email, password: 'first-password-1' })
    expect(error).toBeNull()
    expect((await service.auth.admin.updateUserById(data.user!.id, { password: 'second-password-2' })).error).toBeNull()
    expect(await templates(email)).toEqual([])
  })
})

describe('deleting an account', () => {
  it('tells the owner it is gone', async () => {
    const person = await h.signedIn()
    expect((await service.auth.admin.deleteUser(person.userId)).error).toBeNull()
    const [email, ...more] = await outboxFor(person.email)
    expect(more).toEqual([])
    expect(email!.template).toBe('account_deleted')
    expect(Date.parse((email!.data as { deleted_at: string }).deleted_at)).not.toBeNaN()
  })

  it('softly, which also forgets the password, is one email about the deletion', async () => {
    const person = await h.signedIn()
    expect((await service.auth.admin.deleteUser(person.userId, true)).error).toBeNull()
    expect(await templates(person.email)).toEqual(['account_deleted'])
  })
})
