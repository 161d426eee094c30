import { beforeEach, describe, expect, it, vi } from 'vitest'
import { takeLogged } from '#tests/setup/logged.ts'

// Stand in for the request's Supabase client: each one made is counted, and its getUser answers
// when the test says so.
type Pending = { resolve: (user: { id: string } | null) => void; fail: (error: object) => void }
const pending: Pending[] = []
const getUserCalls = vi.fn()
vi.mock('#app/utils/supabase.server.ts', () => ({
  hasSessionCookie: () => true,
  getSupabase: () => ({
    supabase: {
      auth: {
        getUser: () => {
          getUserCalls()
          return new Promise((resolve) => {
            pending.push({
              resolve: (user) => resolve(user ? { data: { user }, error: null } : { data: { user: null }, error: new Error('no') }),
              fail: (error) => resolve({ data: { user: null }, error }),
            })
          })
        },
      },
    },
    headers: new Headers(),
  }),
}))

const { getSessionUser, getUser } = await import('#app/utils/auth.server.ts')
const { BackendError } = await import('#app/utils/backend.server.ts')

function page(cookie: string, { method = 'GET', address = '192.0.2.1' } = {}) {
  return new Request('http://localhost/dashboard/abc/messages', { method, headers: { Cookie: cookie, 'X-Forwarded-For': address } })
}

beforeEach(() => {
  pending.length = 0
  getUserCalls.mockReset()
})

describe('getUser', () => {
  it('asks the auth server once for the loaders of one page, and they share the answer and the client', async () => {
    const checks = [getUser(page('sb-x-auth-token=a')), getUser(page('sb-x-auth-token=a')), getUser(page('sb-x-auth-token=a'))]
    expect(getUserCalls).toHaveBeenCalledTimes(1)
    pending[0]!.resolve({ id: 'user-a' })
    const [root, layout, tab] = await Promise.all(checks)
    expect(root!.user?.id).toBe('user-a')
    expect(layout).toBe(root)
    expect(tab!.supabase).toBe(root!.supabase)
  })

  it('keeps nothing once answered: the next page asks again', async () => {
    const first = getUser(page('sb-x-auth-token=a'))
    pending[0]!.resolve({ id: 'user-a' })
    await first
    const second = getUser(page('sb-x-auth-token=a'))
    expect(getUserCalls).toHaveBeenCalledTimes(2)
    pending[1]!.resolve(null)
    expect((await second).user).toBeNull()
  })

  it('never shares between different sessions or visitors, nor for actions', async () => {
    void getUser(page('sb-x-auth-token=a'))
    void getUser(page('sb-x-auth-token=b'))
    void getUser(page('sb-x-auth-token=a', { address: '192.0.2.2' }))
    void getUser(page('sb-x-auth-token=a', { method: 'POST' }))
    void getUser(page('sb-x-auth-token=a', { method: 'POST' }))
    expect(getUserCalls).toHaveBeenCalledTimes(5)
    for (const check of pending) check.resolve(null)
  })
})

describe('an auth server that does not answer', () => {
  const outage = { name: 'AuthRetryableFetchError', status: 0, message: 'fetch failed' }

  it('is a 503 for a page that needs the user, never a signed-out visitor sent to sign in', async () => {
    const check = getUser(page('sb-x-auth-token=a'))
    pending[0]!.fail(outage)
    await expect(check).rejects.toBeInstanceOf(BackendError)
    expect(takeLogged('error')).not.toHaveLength(0)
  })

  it('shows the header signed out on a page that only shows who is signed in, so the page still serves', async () => {
    const check = getSessionUser(page('sb-x-auth-token=a'))
    pending[0]!.fail({ status: 502, message: 'Bad Gateway' })
    expect((await check).user).toBeNull()
    expect(takeLogged('error')).not.toHaveLength(0)
  })

  it('is an expired or revoked session when the auth server answers 4xx: signed out', async () => {
    const check = getUser(page('sb-x-auth-token=a'))
    pending[0]!.fail({ name: 'AuthApiError', status: 403, message: 'invalid JWT' })
    expect((await check).user).toBeNull()
  })
})
