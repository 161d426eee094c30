// npm start (and the container's command): builds when the build is missing or older than the
// sources, starts the embedded backend unless SUPABASE_URL is set, then serves the production
// build with server/index.ts on PORT (default 3000) and runs the background worker and the FTP
// drop beside it. scripts/lib/supervisor.ts keeps them running: a crashed worker or FTP drop is
// restarted, and only the web server's or the backend's exit stops the rest (decision 045).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { loadDotEnv, projectRoot, siteProcesses, startBackend, startFtp, workerProcess } from './lib/backend.ts'
import { supervise } from './lib/supervisor.ts'

loadDotEnv()
// The processes log JSON lines (app/utils/log.server.ts); in a terminal, one readable line each.
process.env.LOG_FORMAT ||= process.stdout.isTTY ? 'pretty' : 'json'
const port = Number(process.env.PORT || 3000)
const serverBuild = path.join(projectRoot, 'build/index.js')

if (isBuildStale()) {
  console.log('Building the app (the build is missing or older than the sources)...')
  const build = spawnSync(process.execPath, [remixCli()!, 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const backend = await startBackend(port)
const ftp = await startFtp(backend)
const startWorker = workerProcess(backend, port)
// What /healthz requires besides the backend: the helpers this process runs.
const required = [startWorker && 'worker', ftp.child && 'ftp'].filter(Boolean).join(',')
const startApp = () =>
  spawn(process.execPath, [path.join(projectRoot, 'server/index.ts'), serverBuild], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...backend.env,
      ...ftp.env,
      HEALTHZ_REQUIRE: process.env.HEALTHZ_REQUIRE ?? required,
      NODE_ENV: 'production',
      PORT: String(port),
    },
    stdio: 'inherit',
  })

supervise(siteProcesses(startApp, backend, startWorker, ftp))

/** The Remix compiler, when it is installed (not in the image, which ships the build). */
function remixCli(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@remix-run/dev/dist/cli.js')
  } catch {
    return undefined
  }
}

function isBuildStale(): boolean {
  if (!existsSync(serverBuild)) return true
  // A deployed image ships the build, and no compiler: nothing to compare.
  if (!remixCli()) return false
  const built = statSync(serverBuild).mtimeMs
  const sources = ['app', 'public', 'remix.config.js', 'tailwind.config.ts', 'package-lock.json']
  return sources.some((source) => newestMtime(path.join(projectRoot, source)) > built)
}

function newestMtime(file: string): number {
  if (!existsSync(file)) return 0
  const stat = statSync(file)
  if (!stat.isDirectory()) return stat.mtimeMs
  // The build writes public/build itself; only source files count.
  if (file === path.join(projectRoot, 'public/build')) return 0
  return Math.max(0, ...readdirSync(file).map((name) => newestMtime(path.join(file, name))))
}
