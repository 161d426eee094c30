// npm run test:e2e: starts `npm start` on a fresh temporary data dir and free ports, waits
// for /healthz, runs Playwright against it, then stops the server. Extra arguments go to
// Playwright (e.g. `npm run test:e2e -- tests/e2e/auth`).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { projectRoot } from './lib/backend.ts'
import { NO_CHROMIUM, findChromium, freePort, stopProcessGroup, waitForHealth } from './lib/local-servers.ts'

const require = createRequire(import.meta.url)
const chromium = findChromium()
if (chromium === null) {
  console.error(NO_CHROMIUM)
  process.exit(1)
}
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-e2e-'))
const [port, localbasePort, smtpPort, ftpPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
const baseUrl = `http://localhost:${port}`

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
    // The browser tests wait for emails the worker sends: it looks for jobs often.
    WORKER_POLL_INTERVAL_MS: '200',
    SUPABASE_URL: '',
    SUPABASE_ANON_KEY: '',
    // The browser stands in for a proxy on loopback: each test sends its own X-Forwarded-For
    // (tests/e2e/fixtures.ts), as a site behind a load balancer sees its visitors.
    TRUST_PROXY: 'loopback',
    // Many tests sign in from one address anyway: per-IP limits would be hit by the suite
    // itself. Per-address-and-account limits stay as shipped, and the tests prove them.
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
  await waitForHealth(`${baseUrl}/healthz`, server, 180_000)
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
  await stopProcessGroup(server)
  await rm(dataDir, { recursive: true, force: true })
}
process.exit(status)



