// npm run test:e2e: starts `npm start` on a fresh temporary data dir and free ports, waits
// for /healthz, runs Playwright against it, then stops the server. Extra arguments go to
// Playwright (e.g. `npm run test:e2e -- tests/e2e/auth`).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import type * as PlaywrightCore from 'playwright-core'
import { projectRoot } from './lib/backend.ts'

const require = createRequire(import.meta.url)
const chromium = findChromium()
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-e2e-'))
const [port, localbasePort] = [await freePort(), await freePort()]
const baseUrl = `http://localhost:${port}`

const server = spawn(process.execPath, [path.join(projectRoot, 'scripts/start.ts')], {
  cwd: projectRoot,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOCALBASE_PORT: String(localbasePort),
    SUPABASE_URL: '',
    SUPABASE_ANON_KEY: '',
    // Every test browser signs in from 127.0.0.1: per-IP limits would be hit by the suite
    // itself. Per-email limits stay as shipped, and the tests prove them.
    LOCALBASE_RATE_LIMITS: JSON.stringify({ signInPerIp: 100_000, signUpPerIp: 100_000, recoverPerIp: 100_000 }),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
})
let serverLog = ''
server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk))
server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk))

let status = 1
try {
  await waitForHealth(`${baseUrl}/healthz`, 180_000)
  const keys = JSON.parse(await readFile(path.join(dataDir, 'localbase.json'), 'utf8'))
  const run = spawnSync(process.execPath, [require.resolve('@playwright/test/cli'), 'test', ...process.argv.slice(2)], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_CHROMIUM_PATH: chromium ?? '',
      E2E_SUPABASE_URL: keys.url,
      E2E_ANON_KEY: keys.anonKey,
      E2E_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    },
  })
  status = run.status ?? 1
} catch (error) {
  console.error(String(error))
  console.error('--- server output ---\n' + serverLog.slice(-5000))
} finally {
  try {
    process.kill(-server.pid!, 'SIGTERM')
  } catch {
    // The server's process group has already exited.
  }
  await new Promise((resolve) => setTimeout(resolve, 1500))
  await rm(dataDir, { recursive: true, force: true })
}
process.exit(status)

/** Playwright's own Chromium when installed, else CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
function findChromium(): string | undefined {
  try {
    const { chromium: playwrightChromium } = require('playwright-core') as typeof PlaywrightCore
    if (existsSync(playwrightChromium.executablePath())) return undefined
  } catch {
    // playwright-core or its browser is not installed: look for a system Chromium below.
  }
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate
  }
  console.error(
    'No Chromium found for the browser tests. Install one of:\n' +
      '  - Debian/Ubuntu: sudo apt-get install chromium   (then it is used from /usr/bin/chromium)\n' +
      '  - Playwright\'s own: npx playwright install chromium\n' +
      '  - or point CHROMIUM_PATH at a Chromium/Chrome binary.',
  )
  process.exit(1)
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with code ${server.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet: try again below.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
