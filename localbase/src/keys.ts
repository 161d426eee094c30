import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { signJwt } from '#localbase/src/jwt.ts'
import type { Keys } from '#localbase/src/context.ts'

// The same far-future expiry as the Supabase CLI's demo keys.
const API_KEY_EXPIRY = 1983812996

/**
 * The JWT secret: LOCALBASE_JWT_SECRET when given, else the one kept in the data dir,
 * else a new random one (kept there for the next start, readable by the owner only).
 */
export async function loadJwtSecret(dataDir: string | undefined, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('LOCALBASE_JWT_SECRET must be at least 32 characters long')
    return fromEnv
  }
  if (!dataDir) return randomBytes(32).toString('hex')
  const file = path.join(dataDir, 'jwt-secret')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch {
    const secret = randomBytes(32).toString('hex')
    await mkdir(dataDir, { recursive: true })
    await writeFile(file, secret + '\n', { mode: 0o600 })
    return secret
  }
}

/** The anon and service-role API keys: HS256 JWTs signed with the secret, as the CLI makes them. */
export async function deriveKeys(jwtSecret: string): Promise<Keys> {
  const key = (role: string) => signJwt({ iss: 'supabase-demo', role, exp: API_KEY_EXPIRY, iat: 1641769200 }, jwtSecret)
  return { anonKey: await key('anon'), serviceRoleKey: await key('service_role') }
}

/** Writes `${dataDir}/localbase.json` (mode 0600) for the launcher and for tools. */
/** What the launcher and the worker read: where localbase answers (and takes mail), and its keys. */
export async function writeKeyFile(dataDir: string, url: string, keys: Keys, smtpUrl?: string) {
  const file = path.join(dataDir, 'localbase.json')
  await writeFile(file, JSON.stringify({ url, ...keys, ...(smtpUrl ? { smtpUrl } : {}) }, null, 2) + '\n', { mode: 0o600 })
  await chmod(file, 0o600)
}
