// The production build that server/index.ts serves: built when it is missing or older than the
// sources, so `npm start` and the tests that start web servers of their own never serve a stale one.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const projectRoot = path.resolve(import.meta.dirname, '../..')
export const serverBuild = path.join(projectRoot, 'build/index.js')

/** Builds the app when the build is stale; throws when the build fails. */
export function ensureBuild(log: (line: string) => void = console.log) {
  if (!isBuildStale()) return
  log('Building the app (the build is missing or older than the sources)...')
  const build = spawnSync(process.execPath, [remixCli()!, 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) throw new Error(`remix build failed (exit code ${build.status ?? build.signal})`)
}

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
