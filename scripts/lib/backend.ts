// What `npm start` and `npm run dev` share: the environment, and the embedded backend
// (localbase) in its own process when no Supabase project is configured.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ensureDemoStaff } from '#scripts/lib/demo-staff.ts'
import type { SupervisedProcess } from '#scripts/lib/supervisor.ts'

export const projectRoot = path.resolve(import.meta.dirname, '../..')

/** Reads `.env` (if any) without overriding what the shell already set. */
export function loadDotEnv() {
  const file = path.join(projectRoot, '.env')
  if (existsSync(file)) process.loadEnvFile(file)
}

export type Backend = { env: Record<string, string>; child?: ChildProcess }

/**
 * With SUPABASE_URL set, uses that project and starts nothing. Otherwise starts localbase
 * on 127.0.0.1:${LOCALBASE_PORT:-54321} with data in ${DATA_DIR:-./.data}, waits until it
 * answers, and returns its URL and keys.
 */
export async function startBackend(appPort: number): Promise<Backend> {
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(projectRoot, '.data'))
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const sessionSecret = process.env.SESSION_SECRET || (await persistentSecret(path.join(dataDir, 'session-secret')))
  // Encrypts the pull connectors' keys (decision 033); a deployment sets its own and keeps it.
  const syncSecretKey = process.env.SYNC_SECRET_KEY || (await persistentSecret(path.join(dataDir, 'sync-secret-key')))

  if (process.env.SUPABASE_URL) {
    if (!process.env.SUPABASE_ANON_KEY) throw new Error('SUPABASE_URL is set but SUPABASE_ANON_KEY is not: set both (see .env.example).')
    return { env: { SESSION_SECRET: sessionSecret, SYNC_SECRET_KEY: syncSecretKey } }
  }
  // The spec's testing button works out of the box locally; the container image sets it off.
  const vettingBypass = process.env.VETTING_BYPASS_ENABLED || 'true'

  const port = Number(process.env.LOCALBASE_PORT || 54321)
  const child = spawn(process.execPath, [path.join(projectRoot, 'localbase/src/main.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOCALBASE_PORT: String(port),
      LOCALBASE_SITE_URL: process.env.LOCALBASE_SITE_URL || process.env.SITE_URL || `http://localhost:${appPort}`,
      VETTING_BYPASS_ENABLED: vettingBypass,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout?.pipe(process.stdout)
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('localbase ready')) {
        child.stdout?.off('data', onData)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`localbase exited (code ${code}) before it was ready; see the lines above.`)))
  })
  const keys = JSON.parse(await readFile(path.join(dataDir, 'localbase.json'), 'utf8')) as {
    url: string
    anonKey: string
    serviceRoleKey: string
    smtpUrl: string
  }
  if (process.env.LOCALBASE_DEMO_DATA !== 'false') await ensureDemoStaff(dataDir, keys)
  return {
    child,
    env: {
      SUPABASE_URL: keys.url,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SESSION_SECRET: sessionSecret,
      SYNC_SECRET_KEY: syncSecretKey,
      VETTING_BYPASS_ENABLED: vettingBypass,
      // The app's own email goes to localbase's SMTP server, and from there to its mailbox.
      SMTP_URL: process.env.SMTP_URL || keys.smtpUrl,
    },
  }
}

/**
 * How to start the background worker (worker/main.ts) beside the app, with the backend's
 * settings; links in its emails point at the app. Without a service-role key (a Supabase
 * project configured without one) there is nothing it may do, so there is none (undefined),
 * and the log says why.
 */
export function workerProcess(backend: Backend, appPort: number): (() => ChildProcess) | undefined {
  const env = { ...process.env, ...backend.env }
  // Containers that run workers of their own (`npm run worker`) can leave them out of the app's.
  if (/^(false|0|off|no)$/i.test(env.RUN_WORKER?.trim() ?? '')) return undefined
  if (!env.SUPABASE_SERVICE_ROLE_KEY || !env.SMTP_URL) {
    console.warn(
      '[worker] not started: set SUPABASE_SERVICE_ROLE_KEY and SMTP_URL to send email and run background jobs (see .env.example).',
    )
    return undefined
  }
  return () =>
    spawn(process.execPath, [path.join(projectRoot, 'worker/main.ts')], {
      cwd: projectRoot,
      env: { ...env, SITE_URL: env.SITE_URL || env.LOCALBASE_SITE_URL || `http://localhost:${appPort}` },
      stdio: 'inherit',
    })
}

export type Ftp = {
  child?: ChildProcess
  /** Starts it again (after a crash), without waiting for it. */
  restart?: () => ChildProcess
  /** For the app: FTP_DROP_URL and FTP_DROP_TLS for the Sync tab, FTP_LISTEN_ADDRESS for /healthz. */
  env: Record<string, string>
}

/**
 * The FTP drop (ftp/main.ts) beside the app, when there is a service-role key (RUN_FTP=false:
 * not). With the embedded backend it listens on 127.0.0.1, five above LOCALBASE_PORT (or any
 * free port), with a self-signed certificate for explicit TLS. Resolves once it listens, with
 * the address for the app's Sync tab (FTP_DROP_URL, FTP_DROP_TLS).
 */
export async function startFtp(backend: Backend): Promise<Ftp> {
  const env = { ...process.env, ...backend.env }
  if (/^(false|0|off|no)$/i.test(env.RUN_FTP?.trim() ?? '') || !env.SUPABASE_SERVICE_ROLE_KEY) return { env: {} }
  const start = () => {
    const started = spawn(process.execPath, [path.join(projectRoot, 'ftp/main.ts')], {
      cwd: projectRoot,
      env: { FTP_TLS: backend.child ? 'self-signed' : '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    started.stdout?.pipe(process.stdout)
    return started
  }
  const child = start()
  const ready = await new Promise<FtpReady | null>((resolve) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const line = parseFtpReady(output)
      if (line) {
        child.stdout?.off('data', onData)
        resolve(line)
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => {
      // "ftp off": it refused to take passwords in clear text. Any other exit before it was
      // ready (its port taken, say) must not stop the site either: it runs without the drop.
      if (!(code === 0 && /ftp off: /.test(output)))
        console.error(`the FTP drop exited (code ${code}) before it was ready; the site runs without it (see the lines above).`)
      resolve(null)
    })
  })
  if (!ready) return { env: {} }
  // A public address set for the container wins over the one it listens on.
  return {
    child,
    restart: start,
    env: { FTP_DROP_URL: env.FTP_DROP_URL || ready.url, FTP_DROP_TLS: ready.tls ? 'true' : 'false', FTP_LISTEN_ADDRESS: ready.listening },
  }
}

/**
 * What npm start and npm run dev supervise: the web server and the embedded backend are
 * essential (either one's exit stops the rest; the backend stops last), the worker and the FTP
 * drop are restarted when they crash.
 */
export function siteProcesses(
  startWeb: () => ChildProcess,
  backend: Backend,
  startWorker: (() => ChildProcess) | undefined,
  ftp: Ftp,
): SupervisedProcess[] {
  const processes: SupervisedProcess[] = [{ name: 'web', role: 'essential', start: startWeb }]
  const backendChild = backend.child
  if (backendChild) processes.push({ name: 'backend', role: 'essential', stopLast: true, child: backendChild, start: () => backendChild })
  if (startWorker) processes.push({ name: 'worker', role: 'restart', start: startWorker })
  if (ftp.child && ftp.restart) processes.push({ name: 'ftp', role: 'restart', child: ftp.child, start: ftp.restart })
  return processes
}

export type FtpReady = { url: string; tls: boolean; listening: string }

/**
 * The FTP drop's ready line once it is whole (ftp/main.ts): `ftp ready <url>[ (explicit TLS)],
 * listening on <host>:<port>`, as the message of a JSON log line or a plain one.
 */
export function parseFtpReady(output: string): FtpReady | null {
  const match = output.match(/ftp ready (ftp:\/\/[^\s,"]+)( \(explicit TLS\))?, listening on ([^\s"]+)[^\n]*\n/)
  return match ? { url: match[1]!, tls: Boolean(match[2]), listening: match[3]! } : null
}

async function persistentSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch {
    const secret = randomBytes(32).toString('hex')
    await writeFile(file, secret + '\n', { mode: 0o600 })
    return secret
  }
}
