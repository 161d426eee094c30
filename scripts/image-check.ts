// npm run check:image: does the container image boot and stay up? CI's stand-in for building
// the image (scripts/build-image.sh does that, in minutes more than CI has): it lays out the
// image's files from the Dockerfile's own COPY lines and .dockerignore (scripts/lib/image-
// layout.ts) in a temporary folder, checks that every file the entry points import is there,
// and boots the image's CMD in it with the Dockerfile's ENV (ports, the data dir and the site
// URL moved to free ones here; the rest as the Dockerfile sets them). Then, against the
// running layout:
//   - /, /healthz (every part up) and the embedded backend's mailbox answer;
//   - a visitor signs up through the site and the confirmation email reaches the mailbox;
//     signed in through its link, they ask a shelter about a pet, and that email, which the
//     worker sends over SMTP, reaches the mailbox too;
//   - the worker killed with SIGKILL is restarted, and the site stays up;
//   - a minute after it booted, every process is still running;
//   - SIGTERM to the CMD stops every process within 10 s.
// Builds the app first, as the Dockerfile's build stage does (a build/ left by `npm run dev`
// is a development build, which the image would never hold).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { projectRoot } from '#scripts/lib/backend.ts'
import { assembleLayout, readDockerfile, traceImports } from '#scripts/lib/image-layout.ts'
import { freePort } from '#scripts/lib/local-servers.ts'

/** What the image runs: its CMD's script is added; these are what that script starts. */
const ENTRY_POINTS = ['server/index.ts', 'worker/main.ts', 'ftp/main.ts', 'localbase/src/main.ts']
const STOP_WITHIN_MS = 10_000
const UP_FOR_MS = 60_000

const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
const say = (line: string) => console.log(`[check:image ${elapsed()}] ${line}`)
const failures: string[] = []
const check = (ok: boolean, what: string) => {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(what)
  return ok
}

const root = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-image-'))
let cmd: ChildProcess | undefined
const logFile = path.join(root, 'image.log')
try {
  buildForProduction()
  const plan = readDockerfile(readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8'))
  const files = await assembleLayout(plan, projectRoot, root)
  const app = path.join(root, plan.workdir)
  say(`layout: ${files} files and packages from ${plan.copies.length} COPY lines, in ${root}`)
  const script = plan.cmd.find((part) => /\.(ts|js)$/.test(part))
  const trace = await traceImports(app, [...(script ? [script] : []), ...ENTRY_POINTS])
  check(trace.problems.length === 0, `every import of the ${trace.files} files the entry points load is in the image`)
  for (const problem of trace.problems) say(`     ${problem}`)
  if (trace.problems.length) throw new Error('the image lacks files its processes import')

  const [port, localbasePort, ftpPort] = [await freePort(), await freePort(), await freePort()]
  const dataDir = path.join(root, 'data')
  const env = {
    // A container's environment: the Dockerfile's ENV on an empty one.
    PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: root,
    ...plan.env,
    // Moved for this machine: free ports and a data dir of its own.
    PORT: String(port),
    LOCALBASE_PORT: String(localbasePort),
    FTP_PORT: String(ftpPort),
    DATA_DIR: dataDir,
    WORKER_POLL_INTERVAL_MS: '200',
  }
  const site = `http://127.0.0.1:${port}`
  const mailboxUrl = `http://127.0.0.1:${localbasePort}`
  const [command, ...args] = plan.cmd
  say(`boot: ${plan.cmd.join(' ')} in ${plan.workdir} (PORT=${port}, log in ${logFile})`)
  const log = createWriteStream(logFile)
  // (Remix's globals declare NODE_ENV required in every environment; the Dockerfile's sets it.)
  const image = spawn(command!, args, {
    cwd: app,
    env: env as unknown as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cmd = image
  image.stdout.pipe(log)
  image.stderr.pipe(log)

  const health = await waitFor('/healthz with every part up', 240_000, async () => {
    if (image.exitCode !== null) throw new Error(`the image's command exited with code ${image.exitCode}`)
    const answer = await getJson(`${site}/healthz`)
    const components = answer?.body?.components
    return answer?.status === 200 && components && Object.values(components).every((state) => state === 'up') ? answer.body : null
  })
  const bootedAt = Date.now()
  check(true, `/healthz: ${JSON.stringify(health)}`)
  check((await fetch(site)).status === 200, 'GET / answers 200')
  check((await fetch(`${mailboxUrl}/mailbox`)).status === 200, 'the mailbox answers 200')

  await signUpAndAsk(site, mailboxUrl)

  const children = () => childrenOf(image.pid!)
  const before = children()
  check(before.length === 4, `the CMD runs 4 processes: ${before.map((child) => child.name).join(', ')}`)
  const worker = before.find((child) => child.name === 'worker')
  if (worker) {
    process.kill(worker.pid, 'SIGKILL')
    const restarted = await waitFor(
      'a new worker',
      30_000,
      async () => children().find((child) => child.name === 'worker' && child.pid !== worker.pid) ?? null,
    ).catch(() => null)
    check(
      restarted !== null && image.exitCode === null,
      `kill -9 of the worker (pid ${worker.pid}) is followed by a restart (pid ${restarted?.pid})`,
    )
    const logged = await readFile(logFile, 'utf8')
    check(/worker was killed by SIGKILL after .*: restart 1 in 1\.0 s/.test(logged), 'the restart is logged')
  }

  const waitMs = bootedAt + UP_FOR_MS - Date.now()
  if (waitMs > 0) {
    say(`waiting ${Math.round(waitMs / 1000)} s, to a minute after it booted`)
    await new Promise((resolve) => setTimeout(resolve, waitMs))
  }
  const after = children()
  check(
    image.exitCode === null && ['web', 'backend', 'worker', 'ftp'].every((name) => after.some((child) => child.name === name)),
    `a minute after booting, all processes are up: ${after.map((child) => `${child.name} ${child.pid}`).join(', ')}`,
  )
  const stillHealthy = await getJson(`${site}/healthz`)
  check(stillHealthy?.status === 200, `/healthz still answers 200: ${JSON.stringify(stillHealthy?.body)}`)

  const stopping = Date.now()
  process.kill(image.pid!, 'SIGTERM')
  const gone = await waitFor('every process to stop', STOP_WITHIN_MS + 5_000, async () => (groupAlive(image.pid!) ? null : true)).catch(
    () => false,
  )
  const tookMs = Date.now() - stopping
  check(gone === true && tookMs <= STOP_WITHIN_MS, `SIGTERM stopped every process in ${(tookMs / 1000).toFixed(1)} s (at most 10 s)`)
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error))
  say(`FAIL ${failures.at(-1)}`)
} finally {
  if (cmd?.pid && groupAlive(cmd.pid)) process.kill(-cmd.pid, 'SIGKILL')
  if (failures.length && existsSync(logFile)) {
    console.log(`--- the image's output (last lines) ---\n${(await readFile(logFile, 'utf8')).split('\n').slice(-60).join('\n')}`)
  }
  await rm(root, { recursive: true, force: true })
}
say(failures.length ? `${failures.length} check(s) failed` : 'the image boots, stays up and stops cleanly')
process.exit(failures.length ? 1 : 0)

/**
 * A visitor signs up through the site; the confirmation email arrives (localbase's auth sends
 * it to the mailbox itself). Its link signs them in; they ask about a pet, which the database
 * queues as an email to the shelter that only the worker delivers, over SMTP.
 */
async function signUpAndAsk(site: string, mailbox: string) {
  const email = `image-check-${Date.now()}@example.com`
  const password = 'image-check-Passw0rd!'
  const signUp = await fetch(`${site}/join`, {
    method: 'POST',
    body: new URLSearchParams({ email, password, confirmPassword: password, role: 'adopter' }),
    redirect: 'manual',
  })
  check(signUp.status === 302, `sign-up through /join answers a redirect (${signUp.status})`)
  const confirmation = await waitFor('the confirmation email', 30_000, async () => {
    const messages = (
      await getJson<Array<{ subject: string; text: string }>>(`${mailbox}/mailbox/api/messages?to=${encodeURIComponent(email)}`)
    )?.body
    return messages?.find((message) => /confirm/i.test(message.subject)) ?? null
  })
  check(true, `the confirmation email reached the mailbox: "${confirmation.subject}"`)
  const link = confirmation.text.match(/https?:\/\/\S+\/auth\/confirm\?\S+/)?.[0]
  if (!check(Boolean(link), 'it holds a confirmation link')) return
  const confirmed = await fetch(link!.replace(/^https?:\/\/[^/]+/, site), { redirect: 'manual' })
  const cookies = confirmed.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ')
  check(confirmed.status === 302 && /auth-token/.test(cookies), `its link signs the visitor in (${confirmed.status})`)

  const search = await (await fetch(`${site}/search`)).text()
  const animalId = search.match(/\/animals\/([0-9a-f-]{36})/)?.[1]
  if (!check(Boolean(animalId), 'the search lists a pet')) return
  const since = new Date(Date.now() - 1_000).toISOString()
  const asked = await fetch(`${site}/animals/${animalId}/ask`, {
    method: 'POST',
    headers: { cookie: cookies },
    body: new URLSearchParams({ message: 'Is this pet good with cats? (the image check asks)' }),
    redirect: 'manual',
  })
  check(
    asked.status === 302 && /\/account\/messages\//.test(asked.headers.get('location') ?? ''),
    `asking about a pet answers a redirect to the conversation (${asked.status})`,
  )
  const delivered = await waitFor('the question emailed to the shelter', 60_000, async () => {
    type Message = { to: string; subject: string; text: string; created_at: string }
    const messages = (await getJson<Message[]>(`${mailbox}/mailbox/api/messages`))?.body
    return messages?.find((message) => message.created_at >= since && message.text.includes('good with cats')) ?? null
  })
  check(true, `the worker emailed the question over SMTP to ${delivered.to}: "${delivered.subject}"`)
}

async function getJson<T = { components?: Record<string, string> }>(url: string): Promise<{ status: number; body: T | null } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    return { status: response.status, body: (await response.json().catch(() => null)) as T | null }
  } catch {
    return null
  }
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const result = await probe()
    if (result !== null && result !== undefined) return result
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The CMD's child processes, named by the script each runs. */
function childrenOf(pid: number): Array<{ pid: number; name: string }> {
  const names: Record<string, string> = {
    'server/index.ts': 'web',
    'localbase/src/main.ts': 'backend',
    'worker/main.ts': 'worker',
    'ftp/main.ts': 'ftp',
  }
  const children: Array<{ pid: number; name: string }> = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent !== pid) continue
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ')
      const name = Object.entries(names).find(([file]) => commandLine.includes(file))?.[1] ?? commandLine
      children.push({ pid: Number(entry), name })
    } catch {
      // It ended while we looked.
    }
  }
  return children
}

/** Whether any process of the group `pid` leads is still running (not a zombie). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
  } catch {
    return false
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === pid && fields[0] !== 'Z') return true
    } catch {
      // It ended while we looked.
    }
  }
  return false
}

/** `remix build` with NODE_ENV=production, into build/ and public/build as the image's build stage. */
function buildForProduction() {
  const building = Date.now()
  const cli = createRequire(import.meta.url).resolve('@remix-run/dev/dist/cli.js')
  const build = spawnSync(process.execPath, [cli, 'build'], {
    cwd: projectRoot,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) throw new Error('remix build failed: run `npm run build` to see why')
  say(`built the app for production in ${((Date.now() - building) / 1000).toFixed(1)} s`)
}
