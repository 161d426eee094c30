// npm run test:e2e: starts `npm start` on a fresh temporary data dir and free ports, waits
// for /healthz, runs Playwright against it, then stops the server. Extra arguments go to
// Playwright (e.g. `npm run test:e2e -- tests/e2e/auth`).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { projectRoot } from '#scripts/lib/backend.ts'
import { NO_CHROMIUM, findChromium, startSite } from '#scripts/lib/local-servers.ts'

const require = createRequire(import.meta.url)
const chromium = findChromium()
if (chromium === null) {
  console.error(NO_CHROMIUM)
  process.exit(1)
}
let status = 1
try {
  const site = await startSite({
    name: 'e2e',
    env: {
      // The browser tests wait for emails the worker sends: it looks for jobs often.
      WORKER_POLL_INTERVAL_MS: '200',
      // The browser stands in for a proxy on loopback: each test sends its own X-Forwarded-For
      // (tests/e2e/fixtures.ts), as a site behind a load balancer sees its visitors.
      TRUST_PROXY: 'loopback',
      // Many tests sign in from one address anyway: per-IP limits would be hit by the suite
      // itself. Per-address-and-account limits stay as shipped, and the tests prove them.
      // The tests' feed servers run on this machine: the Sync forms take addresses on 127.0.0.1
      // (only the forms: the worker still refuses to fetch from them, as in production).
      SYNC_ADDRESS_ALLOW_HOSTS: '127.0.0.1',
      LOCALBASE_RATE_LIMITS: JSON.stringify({ signInPerIp: 100_000, signUpPerIp: 100_000, recoverPerIp: 100_000 }),
    },
  })
  try {
    const run = spawnSync(process.execPath, [require.resolve('@playwright/test/cli'), 'test', ...process.argv.slice(2)], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: site.baseUrl,
        E2E_CHROMIUM_PATH: chromium ?? '',
        E2E_SUPABASE_URL: site.keys.url,
        E2E_ANON_KEY: site.keys.anonKey,
        E2E_SERVICE_ROLE_KEY: site.keys.serviceRoleKey,
      },
    })
    status = run.status ?? 1
    // What the servers said last, for a failure that happened on their side.
    if (status !== 0) console.error(`\n--- the site's last output ---\n${site.output(6000)}`)
  } finally {
    await site.stop()
  }
} catch (error) {
  console.error(String(error))
}
process.exit(status)
