// npm run dev: the embedded backend (unless SUPABASE_URL is set) plus `remix dev`, which
// rebuilds and reloads the app on every change, with the worker and the FTP drop supervised
// as `npm start` does (scripts/lib/supervisor.ts).
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { loadDotEnv, projectRoot, siteProcesses, startBackend, startFtp, workerProcess } from '#scripts/lib/backend.ts'
import { supervise } from '#scripts/lib/supervisor.ts'

loadDotEnv()
// The processes log JSON lines (app/utils/log.server.ts); in a terminal, one readable line each.
process.env.LOG_FORMAT ||= process.stdout.isTTY ? 'pretty' : 'json'
const port = Number(process.env.PORT || 3000)
const backend = await startBackend(port)
const ftp = await startFtp(backend)
const startWorker = workerProcess(backend, port)
const startRemix = () =>
  spawn(process.execPath, [createRequire(import.meta.url).resolve('@remix-run/dev/dist/cli.js'), 'dev'], {
    cwd: projectRoot,
    env: { ...process.env, ...backend.env, ...ftp.env, NODE_ENV: 'development', PORT: String(port) },
    stdio: 'inherit',
  })

supervise(siteProcesses(startRemix, backend, startWorker, ftp))
