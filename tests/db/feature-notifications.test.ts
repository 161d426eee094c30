// 'Get Notified' requests: each account records and reads only its own; nobody changes or
// removes one but the service role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
})
afterAll(async () => {
  await h?.stop()
})

describe('feature_notification_requests', () => {
  it('records one request per account and feature, readable by that account alone', async () => {
    const [a, b] = [await h.signedIn(), await h.signedIn()]
    expect((await a.client.from('feature_notification_requests').insert({ feature: 'full_dashboard' })).error).toBeNull()
    expect((await a.client.from('feature_notification_requests').insert({ feature: 'full_dashboard' })).error?.code).toBe('23505')
    expect((await a.client.from('feature_notification_requests').select('user_id, feature')).data).toEqual([
      { user_id: a.userId, feature: 'full_dashboard' },
    ])
    expect((await b.client.from('feature_notification_requests').select('user_id')).data).toEqual([])
  })

  it('refuses requests for someone else, unknown features, visitors, changes and deletes', async () => {
    const [a, b] = [await h.signedIn(), await h.signedIn()]
    expect(
      (await a.client.from('feature_notification_requests').insert({ feature: 'full_dashboard', user_id: b.userId })).error?.code,
    ).toBe('42501')
    expect((await a.client.from('feature_notification_requests').insert({ feature: 'time_travel' as 'full_dashboard' })).error?.code).toBe(
      '23514',
    )
    expect((await h.anon().from('feature_notification_requests').insert({ feature: 'full_dashboard' })).error?.code).toBe('42501')
    await a.client.from('feature_notification_requests').insert({ feature: 'full_dashboard' })
    expect((await a.client.from('feature_notification_requests').delete().eq('user_id', a.userId)).error?.code).toBe('42501')
    const { data } = await h.service().from('feature_notification_requests').select('user_id').eq('user_id', a.userId)
    expect(data).toHaveLength(1)
  })
})
