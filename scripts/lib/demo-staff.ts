// The embedded demo's staff account, so the vetting console at /staff can be tried at once:
// made on the first start of a data dir with demo data, with a random password kept in
// DATA_DIR/demo-staff.json (0600) and printed once. A real project makes its staff with
// `npm run staff -- add <email>`.
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { addStaff, findUserByEmail } from '#scripts/lib/staff.ts'

export const DEMO_STAFF_EMAIL = 'staff@pawhaven.test'

export type DemoStaff = { email: string; password: string }

export async function ensureDemoStaff(dataDir: string, backend: { url: string; serviceRoleKey: string }): Promise<DemoStaff | null> {
  const file = path.join(dataDir, 'demo-staff.json')
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DemoStaff
  } catch {
    // Not made yet.
  }
  const supabase = createClient<Database>(backend.url, backend.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } })
  // Someone made the account by hand: leave it and its password alone.
  if (await findUserByEmail(supabase, DEMO_STAFF_EMAIL)) return null
  const staff: DemoStaff = { email: DEMO_STAFF_EMAIL, password: randomBytes(12).toString('base64url') }
  const { error } = await supabase.auth.admin.createUser({
    email: staff.email,
    password: staff.password,
    email_confirm: true,
    user_metadata: { user_type: 'adopter' },
  })
  if (error) throw new Error(`Could not make the demo staff account: ${error.message}`)
  await addStaff(supabase, staff.email)
  await writeFile(file, JSON.stringify(staff, null, 2) + '\n', { mode: 0o600 })
  console.log(`Demo staff account for /staff: ${staff.email} / ${staff.password} (kept in ${file})`)
  return staff
}
