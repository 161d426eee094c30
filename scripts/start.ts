// npm start (and the container's command): builds when the build is missing or older than the
// sources, starts the embedded backend unless SUPABASE_URL is set, then serves the production
// build with server/index.ts on PORT (default 3000) and runs the background worker and the FTP
// drop beside it. scripts/lib/supervisor.ts keeps them running: a crashed worker or FTP drop is
// restarted, and only the web server's or the backend's exit stops the rest (decision 045).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ensureBuild, serverBuild } from '#scripts/lib/build.ts'
import { loadDotEnv, projectRoot, siteProcesses, startBackend, startFtp, workerProcess } from '#scripts/lib/backend.ts'
import { supervise } from '#scripts/lib/supervisor.ts'

loadDotEnv()
// The processes log JSON lines (app/utils/log.server.ts); in a terminal, one readable line each.
process.env.LOG_FORMAT ||= process.stdout.isTTY ? 'pretty' : 'json'
const port = Number(process.env.PORT || 3000)

try {
  ensureBuild()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
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
