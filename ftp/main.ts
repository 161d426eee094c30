// npm run ftp: the FTP drop (decision 034) until SIGINT/SIGTERM. `npm start` and
// `npm run dev` run it beside the app with the embedded backend (on 127.0.0.1, five above
// LOCALBASE_PORT or any free port); the container runs it on FTP_PORT. Logs
// `ftp ready <url>, listening on <host>:<port>` once it listens, which scripts/lib/backend.ts
// waits for (in the line's JSON, or plain with LOG_FORMAT=pretty).
//
// Needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY. FTP_TLS_KEY_FILE and FTP_TLS_CERT_FILE offer
// explicit TLS; FTP_TLS=self-signed makes a certificate in DATA_DIR (the embedded default).
// On an address other than loopback, TLS is required unless FTP_ALLOW_PLAIN=true; without a
// certificate there it prints `ftp off: <why>` and exits 0 instead of starting.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { log as logger, startLog } from '#app/utils/log.server.ts'
import { startSentry } from '#app/utils/sentry.server.ts'
import { guardProcess } from '#ftp/guard.ts'
import { PlainFtpRefused } from '#ftp/gate.ts'
import { startFtpDrop } from '#ftp/server.ts'

startLog({ name: 'ftp' })
// Sentry (when set up) hears of these through its own handlers, which leave the process running.
guardProcess((_line, error) => logger.error({ err: error }, 'BUG: an error nobody caught; kept running'))
await startSentry('ftp')

const env = process.env
const log = (line: string) => logger.info(line)
const dataDir = path.resolve(env.DATA_DIR || '.data')
if (!env.SUPABASE_URL || !env.SUPABASE_SERVICE_ROLE_KEY) {
  logger.fatal('set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (see .env.example)')
  process.exit(1)
}
const supabase = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
})

const host = env.FTP_HOST || '127.0.0.1'
const explicitPort = env.FTP_PORT ? Number(env.FTP_PORT) : undefined
const port = explicitPort ?? Number(env.LOCALBASE_PORT || 54321) + 5
const [min, max] = (env.FTP_PASSIVE_PORTS || '30000-30009').split('-').map(Number)

const options = {
  supabase,
  workDir: path.join(dataDir, 'ftp'),
  host,
  passiveHost: env.FTP_PASSIVE_HOST || undefined,
  passivePorts: { min: min ?? 30000, max: max ?? min ?? 30009 },
  tls: await tlsSettings(),
  maxSessions: Number(env.FTP_MAX_SESSIONS || 50),
  allowPlain: /^(true|1|yes|on)$/i.test(env.FTP_ALLOW_PLAIN?.trim() ?? ''),
  log,
}
let drop: Awaited<ReturnType<typeof startFtpDrop>>
try {
  drop = await startFtpDrop({ ...options, port })
} catch (error) {
  // The rest of the site runs on without the drop: the start script reads this line.
  if (error instanceof PlainFtpRefused) {
    log(`ftp off: ${error.message}`)
    process.exit(0)
  }
  // Like localbase's SMTP port: the derived one may be taken (another checkout running); a set one may not.
  if (explicitPort !== undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
  drop = await startFtpDrop({ ...options, port: 0 })
}
// The address shelters are given: a wildcard listen address means nothing to them.
const wildcard = host === '0.0.0.0' || host === '::'
const publicHost = env.FTP_PASSIVE_HOST || (wildcard ? siteHostname() : host)
if (wildcard && !env.FTP_PASSIVE_HOST)
  log('FTP_PASSIVE_HOST is unset: passive transfers (PASV) from other machines need it set to the public address')
// The listen address is for the start script, whose /healthz checks that the drop answers.
const listening = `${host.includes(':') ? `[${host}]` : host}:${drop.port}`
log(`ftp ready ftp://${publicHost}:${drop.port}${drop.tls ? ' (explicit TLS)' : ''}, listening on ${listening}`)

function siteHostname(): string {
  try {
    return new URL(env.SITE_URL || env.LOCALBASE_SITE_URL || '').hostname
  } catch {
    return 'localhost'
  }
}

async function tlsSettings() {
  if (env.FTP_TLS_KEY_FILE && env.FTP_TLS_CERT_FILE) {
    return { key: await readFile(env.FTP_TLS_KEY_FILE, 'utf8'), cert: await readFile(env.FTP_TLS_CERT_FILE, 'utf8') }
  }
  if (env.FTP_TLS !== 'self-signed') return null
  const key = path.join(dataDir, 'ftp-tls-key.pem')
  const cert = path.join(dataDir, 'ftp-tls-cert.pem')
  if (!existsSync(cert)) {
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '3650', '-subj', '/CN=localhost', '-keyout', key, '-out', cert],
        { stdio: 'ignore' },
      )
    } catch {
      log('no openssl to make a certificate with: plain FTP only (on loopback)')
      return null
    }
  }
  return { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') }
}

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await drop.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
