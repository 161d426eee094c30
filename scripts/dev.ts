// npm run dev: the embedded backend (unless SUPABASE_URL is set) plus `remix dev`, which
// rebuilds and reloads the app on every change.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { loadDotEnv, projectRoot, startBackend, startFtp, startWorker, superviseTogether } from './lib/backend.ts'

loadDotEnv()
const port = Number(process.env.PORT || 3000)
const backend = await startBackend(port)
const ftp = await startFtp(backend)
const remix = spawn(process.execPath, [createRequire(import.meta.url).resolve('@remix-run/dev/dist/cli.js'), 'dev'], {
  cwd: projectRoot,
  env: { ...process.env, ...backend.env, ...ftp.env, NODE_ENV: 'development', PORT: String(port) },
  stdio: 'inherit',
})
const worker = startWorker(backend, port)
superviseTogether([remix, backend.child, worker, ftp.child].filter((child) => child !== undefined))
