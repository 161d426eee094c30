// npm start: builds when the build is missing or older than the sources, starts the
// embedded backend unless SUPABASE_URL is set, then serves the production build with
// server/index.ts on PORT (default 3000) and runs the background worker beside it.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { loadDotEnv, projectRoot, startBackend, startFtp, startWorker, superviseTogether } from './lib/backend.ts'

loadDotEnv()
const port = Number(process.env.PORT || 3000)
const serverBuild = path.join(projectRoot, 'build/index.js')

if (isBuildStale()) {
  console.log('Building the app (the build is missing or older than the sources)...')
  const build = spawnSync(process.execPath, [require('@remix-run/dev/dist/cli.js'), 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const backend = await startBackend(port)
const ftp = await startFtp(backend)
const app = spawn(process.execPath, [path.join(projectRoot, 'server/index.ts'), serverBuild], {
  cwd: projectRoot,
  env: { ...process.env, ...backend.env, ...ftp.env, NODE_ENV: 'production', PORT: String(port) },
  stdio: 'inherit',
})
const worker = startWorker(backend, port)
superviseTogether([app, backend.child, worker, ftp.child].filter((child) => child !== undefined))

function require(id: string) {
  return createRequire(import.meta.url).resolve(id)
}

function isBuildStale(): boolean {
  if (!existsSync(serverBuild)) return true
  // A deployed image ships the build without the sources: nothing to compare.
  if (!existsSync(path.join(projectRoot, 'app/root.tsx'))) return false
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
