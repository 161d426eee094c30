// npm run test:unit: vitest, with the row-level-security suite run twice, on PGlite and on a
// real PostgreSQL (production runs on Supabase's). The PostgreSQL is a throwaway cluster this
// script starts when it finds the server binaries (PATH or /usr/lib/postgresql/<n>/bin) and
// removes at exit; TEST_DATABASE_URL points at one you run yourself instead. Without either,
// the PostgreSQL run is skipped with a notice, except in CI (CI=true), where that fails.
// Extra arguments go to vitest (e.g. `npm run test:unit -- tests/db`).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { projectRoot } from '#scripts/lib/backend.ts'
import { findPostgresBin, startCluster, type Cluster } from '#scripts/lib/postgres-cluster.ts'

const log = (line: string) => console.log(`[test:unit] ${line}`)
const inCi = /^(1|true)$/i.test(process.env.CI ?? '')

let cluster: Cluster | undefined
let databaseUrl = process.env.TEST_DATABASE_URL || undefined
let status = 1
try {
  if (!databaseUrl) {
    const binDir = findPostgresBin()
    if (binDir) {
      cluster = await startCluster(binDir, log)
      databaseUrl = cluster.url
    } else if (inCi) {
      throw new Error(
        'PostgreSQL is not installed (no initdb/postgres on PATH or in /usr/lib/postgresql/*/bin): CI must run the RLS tests on it.',
      )
    } else {
      log(
        "SKIPPED the real-PostgreSQL run: no PostgreSQL binaries found (install Debian's `postgresql`). The RLS tests run on PGlite only.",
      )
    }
  }
  if (databaseUrl) log('the RLS tests run on PGlite and on PostgreSQL (vitest projects "pglite" and "postgres")')
  status = await runVitest(databaseUrl)
  if (!databaseUrl) log('SKIPPED the real-PostgreSQL run (see above).')
} catch (error) {
  console.error(`[test:unit] ${error instanceof Error ? error.message : String(error)}`)
} finally {
  await cluster?.stop()
}
process.exit(status)

function runVitest(url: string | undefined): Promise<number> {
  const child = spawn(process.execPath, [path.join(projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url ?? '' },
  })
  // Ctrl-C reaches vitest too (same process group); wait for it, then stop the cluster.
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
  process.on('SIGINT', forward('SIGINT'))
  process.on('SIGTERM', forward('SIGTERM'))
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}
