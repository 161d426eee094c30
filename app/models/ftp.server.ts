// The FTP drop's accounts as the Sync tab manages them (supabase/migrations/20261126005000_ftp_drop.sql,
// decision 034): a password is made here, shown once, and kept only as a bcrypt hash.
import { randomBytes } from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { SnapshotFormat } from '#app/sync/types.ts'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>
/** bcrypt's cost: about a tenth of a second per login check. */
const HASH_COST = 11

export type FtpCredentials = { username: string; password: string }
export type FtpDropAddress = { host: string; port: number; tls: boolean }

/** 24 characters of letters and digits: easy to paste into shelter software, no quoting trouble. */
function newPassword(): string {
  return randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')
}

export async function createFtpSource(
  supabase: Client,
  name: string,
  format: SnapshotFormat,
): Promise<{ sourceId: string; credentials: FtpCredentials } | { refusal: string }> {
  const password = newPassword()
  const { data, error } = await supabase.rpc('create_ftp_source', { name, format, password_hash: await bcrypt.hash(password, HASH_COST) })
  if (error?.code === '22023') return { refusal: error.message }
  if (error || !data[0]) throw new BackendError('adding an FTP source', error ?? { message: 'no account returned' })
  return { sourceId: data[0].source_id, credentials: { username: data[0].username, password } }
}

export async function resetFtpPassword(supabase: Client, sourceId: string): Promise<FtpCredentials> {
  const password = newPassword()
  const { data, error } = await supabase.rpc('reset_ftp_password', {
    source_id: sourceId,
    password_hash: await bcrypt.hash(password, HASH_COST),
  })
  if (error) throw new BackendError('resetting an FTP password', error)
  return { username: data, password }
}

export async function getFtpUsername(supabase: Client, sourceId: string): Promise<string | null> {
  const { data, error } = await supabase.from('ftp_accounts').select('username').eq('source_id', sourceId).maybeSingle()
  if (error) throw new BackendError('reading an FTP account', error)
  return data?.username ?? null
}

/** Where shelters send their files: FTP_DROP_URL (npm start sets it to the drop it started), or null. */
export function ftpDropAddress(env: NodeJS.ProcessEnv = process.env): FtpDropAddress | null {
  if (!env.FTP_DROP_URL) return null
  try {
    const url = new URL(env.FTP_DROP_URL)
    return { host: url.hostname, port: Number(url.port || 21), tls: /^(1|true|yes|on)$/i.test(env.FTP_DROP_TLS ?? '') }
  } catch {
    return null
  }
}
