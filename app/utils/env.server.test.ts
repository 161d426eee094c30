import { afterEach, describe, expect, it, vi } from 'vitest'

describe('getEnv', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('names every missing variable', async () => {
    vi.stubEnv('SUPABASE_URL', '')
    vi.stubEnv('SUPABASE_ANON_KEY', '')
    vi.stubEnv('SESSION_SECRET', '')
    const { getEnv } = await import('#app/utils/env.server.ts')
    expect(() => getEnv()).toThrow(/SUPABASE_URL[\s\S]*SUPABASE_ANON_KEY[\s\S]*SESSION_SECRET/)
  })

  it('treats empty variables as unset and fills the support contact defaults', async () => {
    vi.stubEnv('SUPABASE_URL', 'http://127.0.0.1:54321')
    vi.stubEnv('SUPABASE_ANON_KEY', 'anon-key')
    vi.stubEnv('SESSION_SECRET', 'a-secret-of-sixteen-or-more')
    vi.stubEnv('SUPPORT_EMAIL', '')
    const { getEnv } = await import('#app/utils/env.server.ts')
    expect(getEnv()).toMatchObject({ SUPPORT_EMAIL: 'support@pawhaven.org', SUPPORT_PHONE: '(555) 010-7297' })
  })

  it('rejects a malformed value, naming it', async () => {
    vi.stubEnv('SUPABASE_URL', 'not a url')
    vi.stubEnv('SUPABASE_ANON_KEY', 'anon-key')
    vi.stubEnv('SESSION_SECRET', 'a-secret-of-sixteen-or-more')
    const { getEnv } = await import('#app/utils/env.server.ts')
    expect(() => getEnv()).toThrow(/SUPABASE_URL/)
  })

  it.each([
    [undefined, false],
    ['', false],
    ['true', true],
    ['ON', true],
    ['1', true],
    ['false', false],
    ['no', false],
  ])('reads VETTING_BYPASS_ENABLED=%j as %s', async (value, enabled) => {
    vi.stubEnv('SUPABASE_URL', 'http://127.0.0.1:54321')
    vi.stubEnv('SUPABASE_ANON_KEY', 'anon-key')
    vi.stubEnv('SESSION_SECRET', 'a-secret-of-sixteen-or-more')
    if (value !== undefined) vi.stubEnv('VETTING_BYPASS_ENABLED', value)
    else delete process.env.VETTING_BYPASS_ENABLED
    const { getEnv } = await import('#app/utils/env.server.ts')
    expect(getEnv().VETTING_BYPASS_ENABLED).toBe(enabled)
  })

  it('refuses a switch that is neither on nor off', async () => {
    vi.stubEnv('SUPABASE_URL', 'http://127.0.0.1:54321')
    vi.stubEnv('SUPABASE_ANON_KEY', 'anon-key')
    vi.stubEnv('SESSION_SECRET', 'a-secret-of-sixteen-or-more')
    vi.stubEnv('VETTING_BYPASS_ENABLED', 'maybe')
    const { getEnv } = await import('#app/utils/env.server.ts')
    expect(() => getEnv()).toThrow(/VETTING_BYPASS_ENABLED/)
  })
})
