// An adopter's settings: their own to read and write, nobody else's; they go with the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
})
afterAll(async () => {
  await h?.stop()
})

describe('adopter_profiles', () => {
  it('belong to their person alone', async () => {
    const [a, b] = [await h.signedIn(), await h.signedIn()]
    expect(
      (
        await a.client
          .from('adopter_profiles')
          .upsert({ display_name: 'Ana', zip_code: '78701', email_alerts: false }, { onConflict: 'user_id' })
      ).error,
    ).toBeNull()
    expect((await a.client.from('adopter_profiles').upsert({ display_name: 'Ana R.' }, { onConflict: 'user_id' })).error).toBeNull()
    expect((await a.client.from('adopter_profiles').select('user_id, display_name, zip_code, email_alerts')).data).toEqual([
      { user_id: a.userId, display_name: 'Ana R.', zip_code: '78701', email_alerts: false },
    ])
    expect((await b.client.from('adopter_profiles').select('user_id')).data).toEqual([])
    expect(
      (await b.client.from('adopter_profiles').update({ display_name: 'Mallory' }).eq('user_id', a.userId).select('user_id')).data,
    ).toEqual([])
    expect((await b.client.from('adopter_profiles').insert({ user_id: a.userId, display_name: 'Mallory' })).error?.code).toBe('42501')
    expect((await h.anon().from('adopter_profiles').select('user_id')).error?.code).toBe('42501')
    expect((await a.client.from('adopter_profiles').delete().eq('user_id', a.userId)).error?.code).toBe('42501')
    expect((await a.client.from('adopter_profiles').upsert({ zip_code: '7870' }, { onConflict: 'user_id' })).error?.code).toBe('23514')
  })

  it('go with the account', async () => {
    const person = await h.signedIn()
    await person.client.from('adopter_profiles').upsert({ display_name: 'Gone' }, { onConflict: 'user_id' })
    await h.service().auth.admin.deleteUser(person.userId)
    expect((await h.service().from('adopter_profiles').select('user_id').eq('user_id', person.userId)).data).toEqual([])
  })
})
