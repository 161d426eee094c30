// What the scripts that start a server of their own share (the browser tests, the benches, the
// throwaway PostgreSQL): a free port, waiting for it to answer, stopping its process group,
// and the Chromium to drive it with.
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import type * as PlaywrightCore from 'playwright-core'

const require = createRequire(import.meta.url)

/** A port on 127.0.0.1 that nothing listens on just now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Waits until `url` answers 2xx; fails as soon as the server's process exits. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    if (await fetch(url, { signal: AbortSignal.timeout(2_000) }).then((response) => response.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`)
}

/**
 * Stops a server started `detached` (its own process group: the app and localbase) and waits
 * until the group is gone, at most 30 s: localbase flushes the database on the way out.
 */
export async function stopProcessGroup(child: ChildProcess) {
  if (child.pid === undefined) return
  const group = -child.pid
  const alive = () => {
    try {
      process.kill(group, 0)
      return true
    } catch {
      return false
    }
  }
  if (alive()) process.kill(group, 'SIGTERM')
  for (let waited = 0; alive() && waited < 30_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200))
}

export const NO_CHROMIUM =
  'No Chromium found for the browser tests. Install one of:\n' +
  '  - Debian/Ubuntu: sudo apt-get install chromium   (then it is used from /usr/bin/chromium)\n' +
  "  - Playwright's own: npx playwright install chromium\n" +
  '  - or point CHROMIUM_PATH at a Chromium/Chrome binary.'

/**
 * The Chromium to launch: undefined for Playwright's own when it is installed, else
 * CHROMIUM_PATH, else Debian's /usr/bin/chromium; null when there is none.
 */
export function findChromium(): string | undefined | null {
  try {
    const { chromium } = require('playwright-core') as typeof PlaywrightCore
    if (existsSync(chromium.executablePath())) return undefined
  } catch {
    // playwright-core or its browser is not installed: look for a system Chromium below.
  }
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate
  }
  return null
}
