import { beforeEach, describe, expect, it, vi } from 'vitest'
import { takeLogged } from '#tests/setup/logged.ts'

// The action talks to Supabase through the request's client: stand in for it, so these tests
// can make the backend fail, which the end-to-end tests cannot.
const rpc = vi.fn()
// The limit is counted by public.take_rate_limit (tests/db/rate-limits.test.ts): here a count
// per key that refuses past max_hits with ten minutes to wait.
const counts = new Map<string, number>()
const takeRateLimit = vi.fn(async (_fn: string, { key, max_hits }: { key: string; max_hits: number }) => {
  const taken = counts.get(key) ?? 0
  if (taken >= max_hits) return { data: [{ allowed: false, retry_after_seconds: 600 }], error: null }
  counts.set(key, taken + 1)
  return { data: [{ allowed: true, retry_after_seconds: 0 }], error: null }
})
vi.mock('#app/utils/supabase.server.ts', () => ({
  getSupabase: () => ({ supabase: { rpc }, headers: new Headers({ 'set-cookie': 'sb=refreshed; Path=/' }) }),
  getServiceSupabase: () => ({ rpc: takeRateLimit }),
}))

const { sendSupportMessage, sentReference } = await import('#app/models/support-message.server.ts')

let address = 0
function post(fields: Record<string, string>, path = '/support') {
  address += 1
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'X-Forwarded-For': `203.0.113.${address}` },
  })
}

const valid = {
  name: 'Ann',
  email: 'ann@example.com',
  subject: 'general_inquiry',
  message: 'Hello, I have a question.',
  priority: 'urgent',
}
const options = { supportEmail: 'help@pawhaven.example' }

beforeEach(() => rpc.mockReset())

describe('sendSupportMessage', () => {
  it('stores a valid message and redirects to its confirmation, keeping the session headers', async () => {
    rpc.mockResolvedValue({ data: 'PH-ABCD-2345', error: null })
    const response = await sendSupportMessage(post(valid, '/contact'), options)
    // An empty organization is left out of the call (the function's default is null): the generated types make arguments with defaults optional, not nullable.
    expect(rpc).toHaveBeenCalledWith('submit_support_message', { ...valid, organization: undefined })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/contact?sent=PH-ABCD-2345#message-sent')
    expect(response.headers.get('set-cookie')).toContain('sb=refreshed')
  })

  it('answers field errors without storing anything', async () => {
    const response = await sendSupportMessage(post({ ...valid, email: 'nope' }), options)
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({ email: ['Please enter a valid email address'] })
    expect(rpc).not.toHaveBeenCalled()
  })

  it('turns a filled honeypot away', async () => {
    const response = await sendSupportMessage(post({ ...valid, website_url: 'https://spam.example' }), options)
    expect(response.status).toBe(400)
    expect((await response.json()).result.error?.['']).toEqual(['Form not submitted properly'])
    expect(rpc).not.toHaveBeenCalled()
  })

  it.each([
    ['an error from the backend', () => rpc.mockResolvedValue({ data: null, error: { message: 'relation does not exist' } })],
    ['an unreachable backend', () => rpc.mockRejectedValue(new TypeError('fetch failed'))],
  ])('shows a friendly form error for %s, never the details', async (_case, fail) => {
    fail()
    const response = await sendSupportMessage(post(valid), options)
    expect(response.status).toBe(503)
    const { result } = await response.json()
    expect(result.error?.['']).toEqual([
      'We couldn\u2019t send your message right now. Please try again in a few minutes, or email us at help@pawhaven.example.',
    ])
    expect(JSON.stringify(result)).not.toMatch(/relation|fetch failed/)
    // What was typed comes back, so the form can show it again.
    expect(result.initialValue).toMatchObject({ name: 'Ann', message: 'Hello, I have a question.' })
    const logged = takeLogged('error')
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ msg: 'support message failed' })
  })

  it('limits each visitor address to five messages in ten minutes', async () => {
    rpc.mockResolvedValue({ data: 'PH-ABCD-2345', error: null })
    const from = (fields: Record<string, string>) =>
      new Request('http://localhost/support', {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { 'X-Forwarded-For': '198.51.100.7' },
      })
    for (let sent = 0; sent < 5; sent += 1) expect((await sendSupportMessage(from(valid), options)).status).toBe(302)
    const refused = await sendSupportMessage(from(valid), options)
    expect(refused.status).toBe(429)
    expect((await refused.json()).result.error?.['']?.[0]).toMatch(
      /^You have sent several messages in a short time\. Please wait 10 minutes/,
    )
    expect(rpc).toHaveBeenCalledTimes(5)
    expect(takeRateLimit).toHaveBeenLastCalledWith(
      'take_rate_limit',
      expect.objectContaining({ bucket: 'support_message', key: '198.51.100.7', max_hits: 5, window_seconds: 600 }),
    )
  })
})

describe('sentReference', () => {
  it('reads a well-formed reference from the confirmation URL and ignores anything else', () => {
    expect(sentReference(new Request('http://localhost/support?sent=PH-ABCD-2345'))).toBe('PH-ABCD-2345')
    expect(sentReference(new Request('http://localhost/support?sent=<b>hi</b>'))).toBeNull()
    expect(sentReference(new Request('http://localhost/support'))).toBeNull()
  })
})
