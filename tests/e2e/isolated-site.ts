// A second, private copy of the site for the tests that need a setting the shared one does not
// have (TRUST_PROXY off, the vetting bypass off, shipped rate limits) or that stop its backend.
// The embedded backend and the Express server run as two processes, so a test can pause the
// backend (SIGSTOP) and see what visitors get. It serves the build `npm run test:e2e` made.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort, stopProcessGroup, waitForHealth } from '#scripts/lib/local-servers.ts'

const projectRoot = path.resolve(import.meta.dirname, '../..')

export type IsolatedSite = {
  baseUrl: string
  backendUrl: string
  anonKey: string
  serviceRoleKey: string
  /** The embedded backend's process, for SIGSTOP / SIGCONT. */
  backend: ChildProcess
  /** What both processes printed, for a failing test's message. */
  log: () => string
  stop: () => Promise<void>
}

/** Starts localbase (no demo data) and the app on free ports; `env` applies to both. */
export async function startIsolatedSite(env: Record<string, string> = {}): Promise<IsolatedSite> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-isolated-'))
  const [port, backendPort, smtpPort] = [await freePort(), await freePort(), await freePort()]
  let output = ''
  const collect = (child: ChildProcess) => {
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  }
  const common: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', LOCALBASE_RATE_LIMITS: '', TRUST_PROXY: '', ...env }

  const backend = spawn(process.execPath, [path.join(projectRoot, 'localbase/src/main.ts')], {
    cwd: projectRoot,
    env: {
      ...common,
      DATA_DIR: dataDir,
      LOCALBASE_PORT: String(backendPort),
      LOCALBASE_SMTP_PORT: String(smtpPort),
      LOCALBASE_DEMO_DATA: 'false',
      LOCALBASE_SITE_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  collect(backend)
  let app: ChildProcess | null = null
  try {
    await waitForHealth(`http://127.0.0.1:${backendPort}/health`, backend, 120_000)
    const keys = JSON.parse(await readFile(path.join(dataDir, 'localbase.json'), 'utf8'))
    app = spawn(process.execPath, [path.join(projectRoot, 'server/index.ts'), path.join(projectRoot, 'build/index.js')], {
      cwd: projectRoot,
      env: {
        ...common,
        PORT: String(port),
        SUPABASE_URL: keys.url,
        SUPABASE_ANON_KEY: keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
        SESSION_SECRET: 'an-isolated-test-site-session-secret',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    collect(app)
    await waitForHealth(`http://localhost:${port}/healthz`, app, 60_000)
    const started: ChildProcess = app
    return {
      baseUrl: `http://localhost:${port}`,
      backendUrl: keys.url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      backend,
      log: () => output.slice(-5000),
      async stop() {
        backend.kill('SIGCONT')
        await Promise.all([stopProcessGroup(started), stopProcessGroup(backend)])
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await Promise.all([app ? stopProcessGroup(app) : null, stopProcessGroup(backend)])
    await rm(dataDir, { recursive: true, force: true })
    throw new Error(`the isolated site did not start: ${String(error)}\n${output.slice(-3000)}`)
  }
}
