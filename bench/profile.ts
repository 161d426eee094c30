// Where the servers' CPU goes under load: starts `npm start` on a seeded data dir with the
// inspector open in each process, drives a bench target with autocannon as `npm run bench` does
// (10 connections), and meanwhile records a CPU profile of the app and of localbase through the
// inspector. Prints, per process, its CPU per request (from /proc), the functions with the most
// self time and the most inclusive time, the same by package, and the requests the app sent to
// localbase per page (counted from undici's diagnostics channel). The profiles are written as
// .cpuprofile files (Chrome DevTools' Performance panel, or speedscope, opens them).
//
//   npm exec -- node bench/profile.ts --data-dir <dir from npm run bench -- --keep>
//     [--match <words of a target's name>,…] [--duration 15] [--connections 10] [--top 25] [--out <dir>]
//     [--cpu-only: no profile, only the CPU per request and the calls] [--site <another checkout to start>]
import { spawn } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { benchTargets } from '#bench/targets.ts'
import { assertLocalbaseStopped } from '#scripts/lib/demo-data/load.ts'
import { freePort, stopProcessGroup, waitForHealth } from '#scripts/lib/local-servers.ts'
import { summarizeProfile, type CpuProfile, type ProfileSummary } from '#bench/profile-summary.ts'

const projectRoot = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    match: { type: 'string', default: 'search, ZIP + 100 mi + dogs;animal page' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
    top: { type: 'string', default: '25' },
    out: { type: 'string' },
    // Another checkout's site (its npm start), to compare before and after on the same data dir.
    site: { type: 'string' },
    // Only the CPU per request and the calls to localbase, without the profiler's own cost.
    'cpu-only': { type: 'boolean', default: false },
  },
})
if (!values['data-dir']) throw new Error('--data-dir <a data dir seeded by npm run bench -- --keep> is required')
const dataDir = path.resolve(values['data-dir'])
const siteRoot = path.resolve(values.site ?? projectRoot)
const outDir = path.resolve(values.out ?? path.join(dataDir, 'profiles'))
const duration = Number(values.duration)
const connections = Number(values.connections)
const top = Number(values.top)
const profiling = !values['cpu-only']
// Exact names, `;`-separated (names hold commas), or words of a name, `,`-separated as in run.ts.
const wanted = values.match.includes(';') ? values.match.split(';').map((name) => name.trim()) : null
const words = values.match
  .toLowerCase()
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean)
const targets = benchTargets().filter(
  (target) =>
    target.server === 'app' &&
    !target.as &&
    (wanted ? wanted.includes(target.name) : words.some((w) => target.name.toLowerCase().includes(w))),
)
if (!targets.length) throw new Error(`no signed-out app target matches ${values.match}`)
const log = (line: string) => console.log(`[profile] ${line}`)

await assertLocalbaseStopped(dataDir)
await mkdir(outDir, { recursive: true })
const appPort = await freePort()
const apiPort = await freePort()
const child = spawn(process.execPath, [path.join(siteRoot, 'scripts/start.ts')], {
  cwd: siteRoot,
  detached: true,
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    ...process.env,
    SUPABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(appPort),
    LOCALBASE_PORT: String(apiPort),
    NODE_ENV: 'production',
    // Every process of the site listens for an inspector on a port of its own.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim(),
  },
})
const inspectors: string[] = []
let stderr = ''
child.stderr!.on('data', (chunk: Buffer) => {
  stderr += chunk.toString()
  for (const match of chunk.toString().matchAll(/Debugger listening on (ws:\/\/\S+)/g)) inspectors.push(match[1]!)
})

try {
  await waitForHealth(`http://127.0.0.1:${appPort}/healthz`, child, 10 * 60_000).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr.slice(-2000)}`)
  })
  const processes = await identify(inspectors)
  const app = processes.find((p) => p.role === 'app')
  const localbase = processes.find((p) => p.role === 'localbase')
  if (!app || !localbase) throw new Error(`inspectors found: ${processes.map((p) => p.role).join(', ')}`)
  // Outgoing requests of the app, by method and path, and requests localbase served.
  await app.evaluate(`(() => {
    const dc = process.getBuiltinModule('node:diagnostics_channel')
    globalThis.__benchCalls = new Map()
    dc.subscribe('undici:request:create', ({ request }) => {
      const key = request.method + ' ' + request.path.replace(/\\?.*/, '')
      globalThis.__benchCalls.set(key, (globalThis.__benchCalls.get(key) ?? 0) + 1)
    })
  })()`)
  log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  for (const target of targets) {
    const url = `http://127.0.0.1:${appPort}${target.path}`
    const check = await fetch(url, { redirect: 'manual' })
    if (check.status !== 200) throw new Error(`${target.name}: ${url} answered ${check.status}`)
    await check.arrayBuffer()
    await autocannon({ url, connections, duration: 3 })
    await app.evaluate('globalThis.__benchCalls.clear()')
    const before = await Promise.all(processes.map((p) => processCpuSeconds(p.pid)))
    if (profiling) await Promise.all([app, localbase].map((p) => p.send('Profiler.start')))
    let requests = 0
    await new Promise<void>((resolve, reject) => {
      const run = autocannon({ url, connections, duration }, (error) => (error ? reject(error) : resolve()))
      run.on('response', () => void requests++)
    })
    const profiles = profiling
      ? await Promise.all([app, localbase].map(async (p) => (await p.send('Profiler.stop')).profile as CpuProfile))
      : []
    const after = await Promise.all(processes.map((p) => processCpuSeconds(p.pid)))
    const calls = (await app.evaluate('[...globalThis.__benchCalls]')) as [string, number][]

    const slug = target.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')
    console.log(`\n## ${target.name}: GET ${target.path}`)
    console.log(
      `${requests} requests in ${duration} s (${(requests / duration).toFixed(1)}/s), load average ${os.loadavg()[0]!.toFixed(2)}`,
    )
    const cpu = processes.map((p, i) => ({ process: p.role, 'CPU ms/request': round(((after[i]! - before[i]!) * 1000) / requests) }))
    console.table(cpu)
    console.log('The app to localbase, per page:')
    console.table(calls.map(([call, count]) => ({ call, 'per page': round(count / requests) })))
    for (const [i, p] of profiling ? [app, localbase].entries() : []) {
      const file = path.join(outDir, `${slug}.${p.role}.cpuprofile`)
      await writeFile(file, JSON.stringify(profiles[i]))
      printSummary(`${p.role} (${file})`, summarizeProfile(profiles[i]!, { top, root: siteRoot }), requests)
    }
  }
} finally {
  await stopProcessGroup(child)
}
// The inspectors' sockets may outlive their processes by a while: nothing is left to wait for.
process.exit(0)

function printSummary(title: string, summary: ProfileSummary, requests: number) {
  const perRequest = (ms: number) => round(ms / requests)
  console.log(`\n### ${title}: ${round(summary.totalMs)} ms sampled, ${round(summary.busyMs)} ms busy (not idle)`)
  console.log('By package (self time):')
  console.table(summary.byPackage.map((row) => ({ package: row.name, 'self ms/req': perRequest(row.selfMs), '% busy': row.percent })))
  console.log('Functions by self time:')
  console.table(
    summary.bySelf.map((row) => ({ function: row.name, where: row.where, 'self ms/req': perRequest(row.selfMs), '% busy': row.percent })),
  )
  console.log('Functions by inclusive time:')
  console.table(
    summary.byTotal.map((row) => ({
      function: row.name,
      where: row.where,
      'total ms/req': perRequest(row.totalMs),
      '% busy': row.percent,
    })),
  )
}

function round(n: number) {
  return Math.round(n * 100) / 100
}

type Inspected = {
  role: string
  pid: number
  send: (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>
  evaluate: (expression: string) => Promise<unknown>
}

/** Connects to each inspector and names its process by the script it runs. */
async function identify(urls: string[]): Promise<Inspected[]> {
  const found: Inspected[] = []
  for (const url of urls) {
    // A process that has ended since (the build, when start.ts made one) is not the site's.
    const inspected = await connect(url).catch(() => null)
    if (!inspected) continue
    const [script, pid] = (await inspected.evaluate('[process.argv[1], process.pid]')) as [string, number]
    const relative = path.relative(siteRoot, script)
    const role =
      relative === 'server/index.ts'
        ? 'app'
        : relative === 'localbase/src/main.ts'
          ? 'localbase'
          : relative === 'worker/main.ts'
            ? 'worker'
            : relative === 'ftp/main.ts'
              ? 'ftp'
              : relative
    found.push({ ...inspected, role, pid })
  }
  for (const p of found.filter((p) => p.role === 'app' || p.role === 'localbase')) {
    await p.send('Profiler.enable')
    await p.send('Profiler.setSamplingInterval', { interval: 200 })
  }
  return found
}

async function connect(url: string): Promise<Omit<Inspected, 'role' | 'pid'>> {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let id = 0
  const waiting = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } }
    const pending = message.id === undefined ? undefined : waiting.get(message.id)
    if (!pending) return
    waiting.delete(message.id!)
    if (message.error) pending.reject(new Error(message.error.message))
    else pending.resolve(message.result ?? {})
  })
  // The processes outlive this script only until stopProcessGroup: do not keep it alive.
  ;(socket as unknown as { unref?: () => void }).unref?.()
  const send = (method: string, params?: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const messageId = ++id
      waiting.set(messageId, { resolve, reject })
      socket.send(JSON.stringify({ id: messageId, method, params }))
    })
  const evaluate = async (expression: string) => {
    const answer = await send('Runtime.evaluate', { expression, returnByValue: true, includeCommandLineAPI: false })
    if (answer.exceptionDetails) throw new Error(`${expression.slice(0, 80)}: ${JSON.stringify(answer.exceptionDetails).slice(0, 500)}`)
    return (answer.result as { value: unknown }).value
  }
  return { send, evaluate }
}

/** User + system CPU seconds a process has used, from /proc (USER_HZ: 100 a second). */
async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100
}
