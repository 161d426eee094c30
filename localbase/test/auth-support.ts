// Shared setup of the /auth/v1 conformance suite (auth-*.test.ts): each file starts its own
// localbase with a trigger like the app's, and drives it with the real supabase-js and
// @supabase/ssr clients; raw fetches check what the clients hide (status codes, both error
// shapes, redirects).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createServerClient } from '@supabase/ssr'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect } from 'vitest'
import type { StartOptions } from '#localbase/src/server.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

export const SITE = 'http://localhost:3000'
export const PASSWORD = 'correct-horse-1'

// A trigger like the app's: a profile row made from the sign-up metadata.
const TRIGGER_MIGRATION = `
create table public.test_profiles (user_id uuid primary key references auth.users (id) on delete cascade, name text, kind text);
create function public.test_handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if new.raw_user_meta_data ->> 'user_type' = 'shelter' then
    insert into public.test_profiles (user_id, name, kind) values (new.id, new.raw_user_meta_data ->> 'shelter_name', 'shelter');
  end if;
  return new;
end
$$;
create trigger test_on_auth_user_created after insert on auth.users for each row execute function public.test_handle_new_user();
`

// Limits no test reaches by accident; auth-errors.test.ts proves the real ones on a localbase of its own.
const GENEROUS_LIMITS = {
  signInPerIp: 10_000,
  signInPerIpAndEmail: 10_000,
  signUpPerIp: 10_000,
  emailsPerAddress: 100,
  recoverPerIp: 10_000,
}

/** A localbase with only the test trigger migrated (no app schema, no seed), limited as asked. */
export async function startAuthHarness(rateLimits: StartOptions['rateLimits']): Promise<Harness> {
  const migrationsDir = await mkdtemp(path.join(os.tmpdir(), 'localbase-auth-migrations-'))
  await writeFile(path.join(migrationsDir, '20240101000000_test_trigger.sql'), TRIGGER_MIGRATION)
  const harness = await startHarness({ siteUrl: SITE, migrationsDir, seedFiles: [], rateLimits })
  return {
    ...harness,
    async stop() {
      await harness.stop()
      await rm(migrationsDir, { recursive: true, force: true })
    },
  }
}

/** The file's localbase, set by useAuthHarness before its tests run. */
export let h: Harness

/** Starts the file's localbase before its tests and stops it after them. */
export function useAuthHarness() {
  beforeAll(async () => {
    h = await startAuthHarness(GENEROUS_LIMITS)
  })
  afterAll(async () => {
    await h?.stop()
  })
}

export function client(key = h.lb.keys.anonKey, headers: Record<string, string> = {}, url = h.url): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
  })
}

/** A @supabase/ssr server client over an in-memory cookie jar, as a Remix loader would use. */
export function ssrClient(jar: Map<string, string>) {
  return createServerClient(h.url, h.lb.keys.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll(cookies) {
        for (const { name, value, options } of cookies) {
          if (options?.maxAge === 0) jar.delete(name)
          else jar.set(name, value)
        }
      },
    },
  })
}

type Mail = { id: string; to: string; subject: string; text: string; html: string; created_at: string }

export async function mailTo(email: string, url = h.url): Promise<Mail[]> {
  return (await fetch(`${url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()
}

/** The confirm link's query (token_hash, type, next) and the 6-digit code of the newest email. */
export async function latestLink(email: string) {
  const [mail] = await mailTo(email)
  if (!mail) throw new Error(`no mail to ${email}`)
  const link = mail.text.match(/https?:\/\/\S+\/auth\/confirm\?\S+/)?.[0]
  if (!link) throw new Error(`no confirm link in: ${mail.text}`)
  const query = new URL(link).searchParams
  return {
    mail,
    link,
    tokenHash: query.get('token_hash')!,
    type: query.get('type')!,
    next: query.get('next'),
    code: mail.text.match(/code: (\d{6})/)?.[1],
  }
}

/** A raw request to /auth/v1, with the headers auth-js sends unless told otherwise. */
export async function raw(pathAndQuery: string, init: RequestInit & { version?: boolean; bearer?: string | null } = {}) {
  const headers = new Headers(init.headers)
  headers.set('apikey', h.lb.keys.anonKey)
  if (init.bearer !== null) headers.set('authorization', `Bearer ${init.bearer ?? h.lb.keys.anonKey}`)
  if (init.version !== false) headers.set('x-supabase-api-version', '2024-01-01')
  if (init.body) headers.set('content-type', 'application/json;charset=UTF-8')
  const response = await fetch(`${h.url}/auth/v1${pathAndQuery}`, { ...init, headers, redirect: 'manual' })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined }
}

export async function signUpConfirmed(metadata: Record<string, unknown> = {}) {
  const email = uniqueEmail('confirmed')
  const { error } = await client().auth.signUp({ email, password: PASSWORD, options: { data: metadata } })
  expect(error).toBeNull()
  const { tokenHash } = await latestLink(email)
  const { data, error: verifyError } = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
  expect(verifyError).toBeNull()
  return { email, session: data.session!, user: data.user! }
}
