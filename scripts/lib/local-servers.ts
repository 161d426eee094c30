// What the scripts that start a server of their own share (the browser tests, the benches, the
// throwaway PostgreSQL): a free port, waiting for it to answer, stopping its process group,
// the whole site on a fresh data dir, a browser's session cookie, and the Chromium to drive it with.
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, openSync, readSync, fstatSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type * as PlaywrightCore from 'playwright-core'

const require = createRequire(import.meta.url)

/** A port on 127.0.0.1 that nothing listens on just now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Waits until `url` answers 2xx; fails as soon as the server's process exits. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    if (
      await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`)
}

/**
 * Stops a server started `detached` (its own process group: the app and localbase) and waits
 * until the group is gone, at most 30 s: localbase flushes the database on the way out.
 */
export async function stopProcessGroup(child: ChildProcess) {
  if (child.pid === undefined) return
  const group = -child.pid
  const alive = () => {
    try {
      process.kill(group, 0)
      return true
    } catch {
      return false
    }
  }
  if (alive()) process.kill(group, 'SIGTERM')
  for (let waited = 0; alive() && waited < 30_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200))
}

export const NO_CHROMIUM =
  'No Chromium found for the browser tests. Install one of:\n' +
  '  - Debian/Ubuntu: sudo apt-get install chromium   (then it is used from /usr/bin/chromium)\n' +
  "  - Playwright's own: npx playwright install chromium\n" +
  '  - or point CHROMIUM_PATH at a Chromium/Chrome binary.'

/**
 * The Chromium to launch: undefined for Playwright's own when it is installed, else
 * CHROMIUM_PATH, else Debian's /usr/bin/chromium; null when there is none.
 */
export function findChromium(): string | undefined | null {
  try {
    const { chromium } = require('playwright-core') as typeof PlaywrightCore
    if (existsSync(chromium.executablePath())) return undefined
  } catch {
    // playwright-core or its browser is not installed: look for a system Chromium below.
  }
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate
  }
  return null
}

/** The embedded backend's keys, as `npm start` writes them to DATA_DIR/localbase.json. */
export type LocalbaseKeys = { url: string; anonKey: string; serviceRoleKey: string }

export type LocalSite = {
  baseUrl: string
  dataDir: string
  keys: LocalbaseKeys
  /** The last `chars` of what the site printed, for an error report. */
  output(chars?: number): string
  /** Stops every process of the site and removes its data dir. */
  stop(): Promise<void>
}

/**
 * `npm start` (scripts/start.ts) on a fresh temporary data dir and free ports, in its own process
 * group, with the embedded backend; resolves once /healthz answers. `env` adds to or overrides
 * the environment (never a real project's SUPABASE_URL). On failure, the error carries the
 * site's last output and the site is stopped.
 */
export async function startSite({
  name,
  env = {},
  timeoutMs = 180_000,
}: {
  name: string
  env?: Record<string, string>
  timeoutMs?: number
}): Promise<LocalSite> {
  const projectRoot = path.resolve(import.meta.dirname, '../..')
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `pawhaven-${name}-`))
  const [port, localbasePort, smtpPort, ftpPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const logPath = path.join(dataDir, 'site.log')
  const logFd = openSync(logPath, 'a')
  const server = spawn(process.execPath, [path.join(projectRoot, 'scripts/start.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOCALBASE_PORT: String(localbasePort),
      LOCALBASE_SMTP_PORT: String(smtpPort),
      // The FTP drop's derived port (LOCALBASE_PORT + 5) could be one of the others.
      FTP_PORT: String(ftpPort),
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      ...env,
    },
    // Into a file, never a pipe: a pipe this process stops reading (a caller that runs
    // Playwright with spawnSync) fills, and every process of the site then blocks on its next
    // log line.
    stdio: ['ignore', logFd, logFd],
    detached: true,
  })
  closeSync(logFd)
  const output = (chars = 5000) => tail(logPath, chars)
  const stop = async () => {
    await stopProcessGroup(server)
    await rm(dataDir, { recursive: true, force: true })
  }
  const baseUrl = `http://localhost:${port}`
  try {
    await waitForHealth(`${baseUrl}/healthz`, server, timeoutMs)
    const keys = JSON.parse(await readFile(path.join(dataDir, 'localbase.json'), 'utf8')) as LocalbaseKeys
    return { baseUrl, dataDir, keys, output, stop }
  } catch (error) {
    const printed = output()
    await stop()
    throw new Error(`${String(error)}\n--- server output ---\n${printed}`)
  }
}

/** The last `chars` characters of a file (empty when it is gone). */
function tail(file: string, chars: number): string {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch {
    return ''
  }
  try {
    const size = fstatSync(fd).size
    const length = Math.min(size, chars)
    const buffer = Buffer.alloc(length)
    readSync(fd, buffer, 0, length, size - length)
    return buffer.toString('utf8')
  } finally {
    closeSync(fd)
  }
}

/** The session cookie @supabase/ssr reads: sb-<first label of the backend's host>-auth-token = "base64-" + base64url(session JSON). */
export function sessionCookie(backendUrl: string, session: object): string {
  return `sb-${new URL(backendUrl).hostname.split('.')[0]}-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`
}
