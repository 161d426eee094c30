import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { takeLogged } from '#tests/setup/logged.ts'

// Stand in for the request's Supabase client, so the backend can be made to fail.
const rpc = vi.fn()
// The visitor limit (counted by public.take_rate_limit, tests/db/rate-limits.test.ts) lets these through.
const allowed = { data: [{ allowed: true, retry_after_seconds: 0 }], error: null }
vi.mock('#app/utils/supabase.server.ts', () => ({
  getSupabase: () => ({ supabase: { rpc }, headers: new Headers() }),
  getServiceSupabase: () => ({ rpc: async () => allowed }),
}))
// The toast cookie needs a session secret from the environment.
vi.stubEnv('SUPABASE_URL', 'http://127.0.0.1:9')
vi.stubEnv('SUPABASE_ANON_KEY', 'anon')
vi.stubEnv('SESSION_SECRET', 'a-test-secret-of-enough-length')
afterAll(() => vi.unstubAllEnvs())

const { action } = await import('#app/routes/resources.subscribe/route.tsx')

let address = 0
function subscribe(fields: Record<string, string>, mode: 'navigate' | 'cors') {
  address += 1
  const request = new Request('http://localhost/resources/subscribe', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Sec-Fetch-Mode': mode, 'X-Forwarded-For': `192.0.2.${address}` },
  })
  return action({ request, params: {}, context: {} })
}

beforeEach(() => rpc.mockReset())

describe('the footer subscribe action', () => {
  it('answers the JavaScript form in place', async () => {
    rpc.mockResolvedValue({ data: null, error: null })
    const response = await subscribe({ email: ' pat@example.com ' }, 'cors')
    expect(rpc).toHaveBeenCalledWith('subscribe_newsletter', { email: 'pat@example.com' })
    expect(await response.json()).toMatchObject({
      subscribed: true,
      message: 'Thanks for subscribing! Watch your inbox for weekly updates.',
    })
  })

  it('sends a browser without JavaScript back where it was, with a toast', async () => {
    rpc.mockResolvedValue({ data: null, error: null })
    const response = await subscribe({ email: 'pat@example.com', redirectTo: '/blog?category=behavior' }, 'navigate')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/blog?category=behavior#newsletter')
    expect(response.headers.get('set-cookie')).toContain('ph_toast=')
  })

  it('never redirects off the site', async () => {
    rpc.mockResolvedValue({ data: null, error: null })
    const response = await subscribe({ email: 'pat@example.com', redirectTo: 'https://evil.example' }, 'navigate')
    expect(response.headers.get('location')).toBe('/#newsletter')
  })

  it('refuses an invalid address with the spec message, storing nothing', async () => {
    const response = await subscribe({ email: 'pat@' }, 'cors')
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({ email: ['Please enter a valid email address'] })
    expect(rpc).not.toHaveBeenCalled()
  })

  it('turns a filled honeypot away', async () => {
    const response = await subscribe({ email: 'bot@example.com', newsletter_website: 'x' }, 'cors')
    expect(response.status).toBe(400)
    expect(rpc).not.toHaveBeenCalled()
  })

  it('shows a friendly error when the backend fails', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'permission denied for function subscribe_newsletter' } })
    const response = await subscribe({ email: 'pat@example.com' }, 'cors')
    expect(response.status).toBe(503)
    const body = await response.json()
    expect(body.result.error?.['']).toEqual(['We couldn\u2019t subscribe you right now. Please try again in a few minutes.'])
    expect(JSON.stringify(body)).not.toContain('permission denied')
    expect(takeLogged('error')).toEqual([expect.objectContaining({ msg: expect.stringContaining('newsletter subscribe failed') })])
  })
})
