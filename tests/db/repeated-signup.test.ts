// A sign-up with an address that already has a confirmed account: Auth answers it like a new
// one and sends nothing; the site's outbox tells the owner, at most once a day
// (public.tell_owner_of_repeated_signup, for the service role only; decision 050).
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

const tell = async (email: string) => {
  const { data, error } = await service.rpc('tell_owner_of_repeated_signup', { email })
  if (error) throw error
  return data
}
const notices = async (email: string) =>
  (
    await h.lb.db.query<{ data: unknown }>(`select data from public.email_outbox where template = 'repeated_signup' and to_address = $1`, [
      email.toLowerCase(),
    ])
  ).rows

describe('tell_owner_of_repeated_signup', () => {
  it('queues one notice a day to a confirmed account, and nothing for other addresses', async () => {
    const confirmed = 'Owner.Repeat@example.com'
    const created = await service.auth.admin.createUser({ email: confirmed, password: 'correct-horse-1', email_confirm: true })
    expect(created.error).toBeNull()
    expect(await tell(` ${confirmed} `)).toBe(true)
    expect(await notices(confirmed)).toEqual([{ data: {} }])
    expect(await tell(confirmed)).toBe(false)
    expect(await notices(confirmed)).toHaveLength(1)
    // The notice of the day before does not count.
    await h.lb.db.query(`update public.email_outbox set created_at = now() - interval '25 hours' where template = 'repeated_signup'`)
    expect(await tell(confirmed)).toBe(true)
    expect(await notices(confirmed)).toHaveLength(2)

    const unconfirmed = 'waiting.repeat@example.com'
    expect((await h.anon().auth.signUp({ email: unconfirmed, password: 'correct-horse-1' })).error).toBeNull()
    expect(await tell(unconfirmed)).toBe(false)
    expect(await tell('nobody.repeat@example.com')).toBe(false)
    expect(await tell('')).toBe(false)
    expect(await notices(unconfirmed)).toEqual([])
  })

  it('is the service role’s alone', async () => {
    const { error } = await h.anon().rpc('tell_owner_of_repeated_signup', { email: 'x@example.com' })
    expect(error?.code).toBe('42501')
  })
})
