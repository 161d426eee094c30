// Starts a localbase on a temporary data dir for one test file, and makes real
// supabase-js clients against it: anon, service role, and signed-in users. With
// TEST_DATABASE_URL it runs on a fresh database in that PostgreSQL server (test-database.ts).
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { startLocalbase, type RunningLocalbase, type StartOptions } from '#localbase/src/server.ts'
import { createTestDatabase } from '#localbase/test/test-database.ts'

export type Harness = {
  lb: RunningLocalbase
  url: string
  dataDir: string
  anon: () => SupabaseClient
  service: () => SupabaseClient
  /** Creates a confirmed user through the admin API and returns a client signed in as them. */
  signedIn: (
    email?: string,
    password?: string,
    metadata?: Record<string, unknown>,
  ) => Promise<{ client: SupabaseClient; userId: string; email: string; password: string }>
  stop: () => Promise<void>
}

let counter = 0
export function uniqueEmail(prefix = 'user') {
  counter += 1
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`
}

export async function startHarness(options: StartOptions = {}): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'localbase-test-'))
  const database = await createTestDatabase()
  let lb: RunningLocalbase
  try {
    lb = await startLocalbase({ dataDir, port: 0, databaseUrl: database.url, ...options })
  } catch (error) {
    await database.drop()
    throw error
  } finally {
    await database.ready()
  }
  const url = lb.config.url
  const client = (key: string) =>
    createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } })
  const harness: Harness = {
    lb,
    url,
    dataDir,
    anon: () => client(lb.keys.anonKey),
    service: () => client(lb.keys.serviceRoleKey),
    async signedIn(email = uniqueEmail(), password = 'correct-horse-1', metadata = {}) {
      const { data, error } = await harness
        .service()
        .auth.admin.createUser({ email, password, email_confirm: true, user_metadata: metadata })
      if (error || !data.user) throw error ?? new Error('no user created')
      const signedIn = harness.anon()
      const { error: signInError } = await signedIn.auth.signInWithPassword({ email, password })
      if (signInError) throw signInError
      return { client: signedIn, userId: data.user.id, email, password }
    },
    async stop() {
      await lb.close()
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  return harness
}
