// API keys for the push API's browser tests, made as the shelter's owner through the dashboard's
// own function.
import { createClient } from '@supabase/supabase-js'
import { expect, type TestShelter } from '#tests/e2e/fixtures.ts'

/** A key of the shelter's, made as its owner. */
export async function apiKey(shelter: TestShelter, scope: 'read' | 'read_write' = 'read_write'): Promise<string> {
  const client = createClient(process.env.E2E_SUPABASE_URL ?? '', process.env.E2E_ANON_KEY ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const signedIn = await client.auth.signInWithPassword({ email: shelter.email, password: shelter.password })
  expect(signedIn.error).toBeNull()
  const { data, error } = await client.rpc('create_api_key', { name: `Test ${scope}`, scope })
  expect(error).toBeNull()
  return (data as { key: string }).key
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` })
