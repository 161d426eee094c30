// Pawhaven's staff accounts, managed from the command line only (npm run staff): a staff
// member is an existing account with a row in public.staff_members, written with the
// service-role key. Against a Supabase project (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY), or
// the embedded backend in DATA_DIR: through its API when it runs, else by opening its
// database in this process for the moment.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { projectRoot } from '#scripts/lib/backend.ts'

export type StaffBackend = { supabase: SupabaseClient<Database>; where: string; close: () => Promise<void> }

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }

export async function connectAsService(env: Record<string, string | undefined>): Promise<StaffBackend> {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_SERVICE_ROLE_KEY)
      throw new Error('SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not: staff are managed with the service-role key.')
    const supabase = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, clientOptions)
    return { supabase, where: env.SUPABASE_URL, close: async () => {} }
  }
  const dataDir = path.resolve(env.DATA_DIR || path.join(projectRoot, '.data'))
  let keys: { url: string; serviceRoleKey: string } | undefined
  try {
    keys = JSON.parse(await readFile(path.join(dataDir, 'localbase.json'), 'utf8'))
  } catch {
    throw new Error(
      `No embedded backend in ${dataDir}: run npm start once (with the same DATA_DIR), or set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.`,
    )
  }
  if (await answers(keys!.url)) {
    const supabase = createClient<Database>(keys!.url, keys!.serviceRoleKey, clientOptions)
    return { supabase, where: `the embedded backend at ${keys!.url}`, close: async () => {} }
  }
  // Stopped: open its data dir here, on a private port, without touching its key file. (Loaded
  // only here: npm start imports this module too, and has no use for a database of its own.)
  const { startLocalbase } = await import('#localbase/src/server.ts')
  const localbase = await startLocalbase({
    dataDir,
    databaseUrl: env.LOCALBASE_DATABASE_URL || undefined,
    port: 0,
    jwtSecret: env.LOCALBASE_JWT_SECRET || undefined,
    seedFiles: [],
    writeKeyFile: false,
  })
  const supabase = createClient<Database>(localbase.config.url, localbase.keys.serviceRoleKey, clientOptions)
  return { supabase, where: `the embedded backend in ${dataDir}`, close: () => localbase.close() }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).ok
  } catch {
    return false
  }
}

export async function findUserByEmail(supabase: SupabaseClient<Database>, email: string) {
  const wanted = email.trim().toLowerCase()
  for (let page = 1; ; page++) {
    const { data, error } = await supabase.auth.admin.listUsers({ page, perPage: 1000 })
    if (error) throw new Error(`Could not list accounts: ${error.message}`)
    const user = data.users.find((candidate) => candidate.email?.toLowerCase() === wanted)
    if (user) return user
    if (data.users.length < 1000) return null
  }
}

/** Makes an existing account staff; returns false when it already was. */
export async function addStaff(supabase: SupabaseClient<Database>, email: string): Promise<boolean> {
  const user = await findUserByEmail(supabase, email)
  if (!user) throw new Error(`No account has the email ${email}: the person signs up at /join first.`)
  const { data, error } = await supabase
    .from('staff_members')
    .upsert({ user_id: user.id }, { onConflict: 'user_id', ignoreDuplicates: true })
    .select('user_id')
  if (error) throw new Error(`Could not add ${email}: ${error.message}`)
  return data.length > 0
}

/** Returns false when the account was not staff. */
export async function removeStaff(supabase: SupabaseClient<Database>, email: string): Promise<boolean> {
  const user = await findUserByEmail(supabase, email)
  if (!user) throw new Error(`No account has the email ${email}.`)
  const { data, error } = await supabase.from('staff_members').delete().eq('user_id', user.id).select('user_id')
  if (error) throw new Error(`Could not remove ${email}: ${error.message}`)
  return data.length > 0
}

export async function listStaff(supabase: SupabaseClient<Database>): Promise<Array<{ email: string; since: string }>> {
  const { data, error } = await supabase.from('staff_members').select('user_id, created_at').order('created_at')
  if (error) throw new Error(`Could not list staff: ${error.message}`)
  const staff = []
  for (const member of data) {
    const { data: found } = await supabase.auth.admin.getUserById(member.user_id)
    staff.push({ email: found.user?.email ?? member.user_id, since: member.created_at })
  }
  return staff
}
