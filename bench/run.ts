// npm run bench: what visitors feel at scale. Seeds a fresh data dir with 100,000 available
// animals across 2,000 shelters and a busy shelter (1,000 conversations, 1,000 applications)
// whose owner signs in, starts the production build on it (`npm start`: the app and localbase),
// and drives each target of bench/targets.ts with autocannon, one after another: a check that
// it answers as it should, a short warm-up, then 20 s at 10 connections. Signed-in targets send
// the session cookie (or token) of a bench account signed in through localbase's auth API.
// Prints p50 / p95 / p99 latency, requests per second and errors per target, and writes
// bench/results.json. See bench/README.md.
//
//   npm run bench -- [--animals 100000] [--shelters 2000] [--duration 20] [--connections 10]
//                    [--data-dir <seeded dir, reused as is>] [--keep] [--only app|api] [--match <words of a target's name>,…]
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { openSync } from 'node:fs'
import { createServer } from 'node:net'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { assertLocalbaseStopped, openDataDir, seedDemo } from '#scripts/lib/demo-data/load.ts'
import { measurePageScripts, printReport, type PageScripts } from '#bench/bundle.ts'
import { BENCH_ACCOUNTS, BUSY_SHELTER_DEFAULTS, hasBusyShelter, seedBusyShelter, type BenchAccount } from '#bench/busy-shelter.ts'
import { sessionCookie, stopProcessGroup } from '#scripts/lib/local-servers.ts'
import { benchTargets, type Target } from '#bench/targets.ts'
import { measureApiVisibility, type ApiVisibility } from '#bench/api-visibility.ts'
import { measureViewRecording, printViewRecording } from '#bench/view-recording.ts'

const projectRoot = path.resolve(import.meta.dirname, '..')
// Ports in ranges set aside for this tool; the first free one of each, chosen as the servers
// start (seeding takes minutes, and another run on the machine may take a port meanwhile).
let APP_PORT = 0
let API_PORT = 0

const { values } = parseArgs({
  options: {
    animals: { type: 'string', default: '100000' },
    shelters: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
    match: { type: 'string' },
  },
})
const duration = Number(values.duration)
const connections = Number(values.connections)
// --match 'signed in,dashboard': the targets whose name contains any of these.
const matches = values.match
  ?.toLowerCase()
  .split(',')
  .map((words) => words.trim())
  .filter(Boolean)
const targets = benchTargets().filter(
  (target) =>
    (!values.only || target.server === values.only) && (!matches || matches.some((words) => target.name.toLowerCase().includes(words))),
)
const log = (line: string) => console.log(`[bench] ${line}`)
// Issue 13's figure (bench/api-visibility.ts): an API write seen in search and on the animal's page.
const VISIBILITY = 'api change visible'
const measureVisibility = values.only !== 'api' && (!matches || matches.some((words) => VISIBILITY.includes(words)))

const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : await seededDataDir()
if (values['data-dir'] && (measureVisibility || targets.some((target) => target.as))) await addBusyShelterIfMissing(dataDir)
const servers = await startServers(dataDir, values.only === 'api' ? 'api' : 'app')
try {
  const keys = JSON.parse(await readFile(path.join(dataDir, 'localbase.json'), 'utf8')) as { anonKey: string; url: string }
  const sessions = signedInSessions(keys)
  const loadBefore = os.loadavg()
  const results: Measurement[] = []
  for (const target of targets) {
    // A server that went away would turn every later target into errors: stop instead.
    await servers.assertAlive()
    log(`${target.name}: ${target.method} ${target.path}${target.as ? ` (signed in as ${BENCH_ACCOUNTS[target.as].email})` : ''}`)
    const request = await requestFor(target, keys.anonKey, sessions)
    await checkAnswer(target, request)
    results.push(await measure(target, request, servers.cpuSeconds))
  }
  printTable(results)
  let apiVisibility: ApiVisibility | null = null
  if (measureVisibility) {
    log(`${VISIBILITY}: PUT then PATCH through /api/v1 as the busy shelter, /search and the animal page fetched until they show it`)
    const { access_token } = await sessions.session('shelterOwner', 0)
    apiVisibility = await measureApiVisibility({
      appUrl: `http://127.0.0.1:${APP_PORT}`,
      apiUrl: `http://127.0.0.1:${API_PORT}`,
      anonKey: keys.anonKey,
      accessToken: access_token,
      log,
    })
    printVisibility(apiVisibility)
  }
  // Issue 14: what counting a view costs a request, in process (the beacon's own round trip is a target above).
  const viewRecording = await measureViewRecording()
  printViewRecording(viewRecording)
  // What a first visit downloads: gzipped JavaScript per page, against the 120 KB goal.
  let javascript: PageScripts[] | null = null
  if (values.only !== 'api') {
    javascript = await measurePageScripts(`http://127.0.0.1:${APP_PORT}`)
    printReport(javascript)
  }
  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      loadavgBefore: loadBefore,
    },
    node: process.version,
    settings: {
      animals: Number(values.animals),
      shelters: Number(values.shelters),
      busyShelter: BUSY_SHELTER_DEFAULTS,
      durationSeconds: duration,
      connections,
    },
    results,
    apiVisibility,
    viewRecording,
    javascript,
  }
  await writeFile(path.join(projectRoot, 'bench/results.json'), JSON.stringify(report, null, 2) + '\n')
  log('wrote bench/results.json')
} finally {
  await servers.stop()
  if (!values['data-dir'] && !values.keep) await rm(dataDir, { recursive: true, force: true })
  else log(`data dir kept: ${dataDir}`)
}

// The benches that bring their own backend (a fresh PGlite each), run after the servers above
// have stopped so they do not compete for the CPU: listing sync's import throughput and pull
// cycle and the saved-search alert run. Their figures go into the report.
const companions = companionBenches().filter(
  (bench) => values.only !== 'api' && (!matches || matches.some((words) => bench.name.includes(words))),
)
if (companions.length) {
  const ran = []
  for (const bench of companions) {
    log(`${bench.name}: node ${bench.args.join(' ')}`)
    ran.push({ name: bench.name, goal: bench.goal, ...(await runCompanion(bench.args)) })
  }
  const resultsPath = path.join(projectRoot, 'bench/results.json')
  const report = JSON.parse(await readFile(resultsPath, 'utf8')) as Record<string, unknown>
  await writeFile(resultsPath, JSON.stringify({ ...report, companions: ran }, null, 2) + '\n')
  if (ran.some((bench) => bench.exitCode !== 0)) process.exitCode = 1
}

function companionBenches() {
  return [
    { name: 'sync import', goal: '10,000-row Petfinder CSV ≤ 10 s; again ≤ 5 s with 0 changes', args: ['bench/sync-import.ts', '10000'] },
    {
      name: 'large import',
      goal: '200,000-row upload answered at once and applied by the worker ≤ 60 s; other pages’ p95 during it',
      args: ['bench/large-import.ts', '--rows', '200000'],
    },
    { name: 'pull cycle', goal: 'report: one cycle of 100 scheduled pulls', args: ['bench/pull-cycle.ts', '--sources', '100'] },
    { name: 'sitemap', goal: 'at 100,000 listings, each sitemap file ≤ 1 s', args: ['bench/sitemap.ts', '--animals', '100000'] },
    {
      name: 'saved-search alerts',
      goal: 'an alert run over 10,000 saved searches ≤ 60 s',
      args: ['bench/search-alerts.ts', '--searches', '10000'],
    },
  ]
}

/** Runs one companion bench on this Node, echoing its output, and keeps what it printed. */
function runCompanion(args: string[]): Promise<{ exitCode: number | null; output: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      output += chunk.toString()
    })
    child.on('error', reject)
    child.on('close', (exitCode) => resolve({ exitCode, output: output.split('\n').filter(Boolean) }))
  })
}

type Measurement = {
  name: string
  method: string
  path: string
  requests: number
  requestsPerSecond: number
  latencyMs: { p50: number; p95: number; p99: number; max: number }
  errors: number
  statusCodes: Record<string, number>
  /** CPU the servers used per request during the measured run (the app, localbase and the worker together). */
  serverCpuMsPerRequest: number | null
  goal?: Target['goal']
  goalMet?: boolean
}

async function seededDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-bench-'))
  log(`seeding ${values.animals} animals across ${values.shelters} shelters in ${dir}`)
  const db = await openDataDir(dir, () => {})
  try {
    await seedDemo(db, { animals: Number(values.animals), shelters: Number(values.shelters), allAvailable: true }, log)
    await seedBusyShelter(db, BUSY_SHELTER_DEFAULTS, log)
  } finally {
    await db.close()
  }
  return dir
}

/** A data dir seeded before the busy shelter existed gets it, so the signed-in targets can sign in. */
async function addBusyShelterIfMissing(dir: string) {
  await assertLocalbaseStopped(dir)
  const db = await openDataDir(dir, log)
  try {
    if (!(await hasBusyShelter(db))) await seedBusyShelter(db, BUSY_SHELTER_DEFAULTS, log)
  } finally {
    await db.close()
  }
}

/** `npm start` on the data dir (or localbase alone), its output in <data dir>/bench-server.log. */
async function startServers(dir: string, what: 'app' | 'api') {
  await assertLocalbaseStopped(dir)
  APP_PORT = await freePort(3650, 3699)
  API_PORT = await freePort(55650, 55699)
  const logFile = path.join(dir, 'bench-server.log')
  const output = openSync(logFile, 'a')
  const script = what === 'app' ? 'scripts/start.ts' : 'localbase/src/main.ts'
  const child = spawn(process.execPath, [path.join(projectRoot, script)], {
    cwd: projectRoot,
    // Its own process group, so stopping it stops the app and localbase together.
    detached: true,
    stdio: ['ignore', output, output],
    env: {
      ...process.env,
      SUPABASE_URL: '',
      DATA_DIR: dir,
      PORT: String(APP_PORT),
      LOCALBASE_PORT: String(API_PORT),
      NODE_ENV: 'production',
    },
  })
  const ready = what === 'app' ? `http://127.0.0.1:${APP_PORT}/healthz` : `http://127.0.0.1:${API_PORT}/health`
  log(`starting ${script} (log: ${logFile})`)
  // The first start may build the app.
  await waitFor(ready, child, 10 * 60_000)
  // The answer must be this run's server, not one another run started on the port meanwhile
  // (the first start builds first, and binds its ports only then).
  const config = await readFile(path.join(dir, 'localbase.json'), 'utf8').catch(() => null)
  if (!config || new URL((JSON.parse(config) as { url: string }).url).port !== String(API_PORT)) {
    throw new Error(`${ready} answered, but not from the server on ${dir}: another process took the port; run the bench again`)
  }
  log('ready')
  return {
    async assertAlive() {
      const answers = await fetch(ready, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.ok,
        () => false,
      )
      if (!answers) throw new Error(`${ready} stopped answering (server exit code ${child.exitCode}); see ${logFile}`)
    },
    /** CPU seconds the servers (the app, localbase, the worker: the process group) have used so far; null off Linux. */
    cpuSeconds: () => processGroupCpuSeconds(child.pid),
    stop: () => stopProcessGroup(child),
  }
}

/**
 * User + system CPU of every process in a process group, from /proc. The latency of a page
 * depends on what else the machine runs; the servers' CPU time per request much less, so the
 * table shows both.
 */
async function processGroupCpuSeconds(group: number | undefined): Promise<number | null> {
  if (group === undefined) return null
  let ticks = 0
  try {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
      // After the command's ")": state, ppid, pgrp, …, utime (14th field), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12])
    }
  } catch {
    return null
  }
  // /proc counts in USER_HZ, 100 a second on Linux.
  return ticks / 100
}

async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`no free port from ${from} to ${to}`)
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}); see its log`)
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

type Session = { access_token: string; expires_at: number; user: { id: string } }
/** A target's request; `visitors` gives each connection its own headers (its own session and address). */
type BenchRequest = {
  url: string
  method: Target['method']
  headers: Record<string, string>
  body: string | undefined
  visitors?: Array<Record<string, string>>
}

/** Connection i's address, as a proxy in front of the app would forward it (IPv6 documentation range). */
function visitorAddress(i: number): string {
  return `2001:db8::${(i + 1).toString(16)}`
}

/**
 * The bench accounts' sessions: each connection of a signed-in target is a visitor of its own,
 * with its own address and its own session of the account (as people signed in on their own
 * devices would be; the app shares an auth check only between requests of one cookie). Each is
 * signed in once through localbase's auth API (a password grant, as the login form makes it),
 * and again only when less than 10 minutes of its access token are left: the app refreshes a
 * session (rotating its refresh token) only when the access token is about to expire, so every
 * request of a run sends the same valid cookie.
 */
function signedInSessions(keys: { anonKey: string; url: string }) {
  const sessions = new Map<string, Session>()
  const shelters = new Map<BenchAccount, string>()

  async function session(account: BenchAccount, visitor: number): Promise<Session> {
    const known = sessions.get(`${account} ${visitor}`)
    if (known && known.expires_at * 1000 - Date.now() > 10 * 60_000) return known
    const { email, password } = BENCH_ACCOUNTS[account]
    const response = await fetch(`http://127.0.0.1:${API_PORT}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': visitorAddress(visitor) },
      body: JSON.stringify({ email, password }),
    })
    if (!response.ok) {
      throw new Error(
        `signing in as ${email} failed (${response.status} ${await response.text()}): is the data dir seeded with the busy shelter (bench/busy-shelter.ts)?`,
      )
    }
    const signedIn = (await response.json()) as Session
    sessions.set(`${account} ${visitor}`, signedIn)
    return signedIn
  }

  return {
    session,
    /** The cookie @supabase/ssr reads for the account's session. */
    async cookie(account: BenchAccount, visitor: number): Promise<string> {
      return sessionCookie(keys.url, await session(account, visitor))
    },
    /** The shelter the account belongs to, as the account reads it. */
    async shelterId(account: BenchAccount): Promise<string> {
      const known = shelters.get(account)
      if (known) return known
      const { access_token, user } = await session(account, 0)
      const response = await fetch(`http://127.0.0.1:${API_PORT}/rest/v1/shelter_members?select=shelter_id&user_id=eq.${user.id}`, {
        headers: { apikey: keys.anonKey, authorization: `Bearer ${access_token}` },
      })
      const [membership] = (await response.json()) as Array<{ shelter_id: string }>
      if (!membership) throw new Error(`${BENCH_ACCOUNTS[account].email} belongs to no shelter`)
      shelters.set(account, membership.shelter_id)
      return membership.shelter_id
    },
  }
}
type Sessions = ReturnType<typeof signedInSessions>

async function requestFor(target: Target, anonKey: string, sessions: Sessions): Promise<BenchRequest> {
  let path = target.path
  if (path.includes('{shelter_id}')) {
    if (!target.as) throw new Error(`${target.name}: {shelter_id} needs a signed-in account`)
    path = path.replaceAll('{shelter_id}', await sessions.shelterId(target.as))
  }
  const headers: Record<string, string> = { ...target.headers }
  if (target.server === 'api')
    Object.assign(headers, { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' })
  let visitors: BenchRequest['visitors']
  if (target.as) {
    const account = target.as
    visitors = await Promise.all(
      Array.from({ length: connections }, async (_, i): Promise<Record<string, string>> =>
        target.server === 'api'
          ? { 'x-forwarded-for': visitorAddress(i), authorization: `Bearer ${(await sessions.session(account, i)).access_token}` }
          : { 'x-forwarded-for': visitorAddress(i), cookie: await sessions.cookie(account, i) },
      ),
    )
  }
  const base = target.server === 'app' ? `http://127.0.0.1:${APP_PORT}` : `http://127.0.0.1:${API_PORT}`
  return {
    url: base + path,
    method: target.method,
    headers,
    body: target.body === undefined ? undefined : JSON.stringify(target.body),
    visitors,
  }
}

/**
 * One request before the run (as the first connection's visitor): it must answer 2xx (a
 * signed-in page that sends its visitor to sign in would otherwise be measured as a fast
 * redirect), show what `expect` names, and — for a signed-in page — not set a new session
 * cookie (a refresh on every request would rotate the refresh token and measure the auth
 * server's refresh instead of the page).
 */
async function checkAnswer(target: Target, request: BenchRequest) {
  const headers = { ...request.headers, ...request.visitors?.[0] }
  const response = await fetch(request.url, { method: request.method, headers, body: request.body, redirect: 'manual' })
  const body = await response.text()
  if (response.status < 200 || response.status > 299) {
    const where = response.headers.get('location')
    throw new Error(
      `${target.name}: ${request.method} ${request.url} answered ${response.status}${where ? ` (to ${where})` : ''}, not 2xx: ${body.slice(0, 300)}`,
    )
  }
  if (target.expect && !body.includes(target.expect)) {
    throw new Error(`${target.name}: the answer does not contain ${JSON.stringify(target.expect)}${target.as ? ' (signed out?)' : ''}`)
  }
  const setsSession = response.headers.getSetCookie().some((cookie) => /^sb-[^=]*-auth-token/.test(cookie))
  if (target.as && setsSession) throw new Error(`${target.name}: the app set a new session cookie (a session refresh on every request?)`)
}

async function measure(target: Target, request: BenchRequest, cpuSeconds: () => Promise<number | null>): Promise<Measurement> {
  const { visitors, ...base } = request
  // Connection i sends visitor i's headers (autocannon sets a connection's headers whole).
  let connection = 0
  const setupClient = visitors
    ? (client: autocannon.Client) => client.setHeaders({ ...base.headers, ...visitors[connection++ % visitors.length] })
    : undefined
  const options = { ...base, connections, setupClient }
  // A short run first, unmeasured: JIT-compiled code and warm caches, as in steady use.
  await autocannon({ ...options, duration: 3 })
  const cpuBefore = await cpuSeconds()
  const latencies: number[] = []
  const statusCodes: Record<string, number> = {}
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ ...options, duration }, (error, finished) => (error ? reject(error) : resolve(finished)))
    // Every response's own time, so the percentiles are exact (autocannon reports p97.5, not p95).
    run.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime)
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1
    })
  })
  const cpuAfter = await cpuSeconds()
  latencies.sort((a, b) => a - b)
  const percentile = (p: number) => round(latencies[Math.max(0, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0)
  const measurement: Measurement = {
    name: target.name,
    method: target.method,
    path: target.path,
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / duration),
    latencyMs: { p50: percentile(50), p95: percentile(95), p99: percentile(99), max: round(latencies.at(-1) ?? 0) },
    errors: result.errors + result.timeouts + result.non2xx,
    statusCodes,
    serverCpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || !latencies.length ? null : round(((cpuAfter - cpuBefore) * 1000) / latencies.length),
    goal: target.goal,
  }
  if (target.goal) {
    const { p95Ms, minRequestsPerSecond } = target.goal
    measurement.goalMet =
      measurement.errors === 0 &&
      (p95Ms === undefined || measurement.latencyMs.p95 <= p95Ms) &&
      (minRequestsPerSecond === undefined || measurement.requestsPerSecond >= minRequestsPerSecond)
  }
  return measurement
}

function printTable(results: Measurement[]) {
  const rows = results.map((result) => ({
    target: result.name,
    'p50 ms': result.latencyMs.p50,
    'p95 ms': result.latencyMs.p95,
    'p99 ms': result.latencyMs.p99,
    'req/s': result.requestsPerSecond,
    errors: result.errors,
    'server CPU ms/req': result.serverCpuMsPerRequest ?? '',
    statuses: Object.entries(result.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(' '),
    goal: result.goal ? `${result.goalMet ? 'met' : 'MISSED'} (${describeGoal(result.goal)})` : '',
  }))
  console.table(rows)
}

function printVisibility(visibility: ApiVisibility) {
  const row = (label: string, stats: { p50: number; max: number }) => ({
    'a change through /api/v1': label,
    'p50 ms': stats.p50,
    'max ms': stats.max,
  })
  console.table([
    row('PUT (new animal): in /search', visibility.put.searchMs),
    row('PUT (new animal): on its page', visibility.put.pageMs),
    row('PATCH adopted: gone from /search', visibility.patch.searchMs),
    row('PATCH adopted: on its page', visibility.patch.pageMs),
  ])
  log(
    `${visibility.samples} samples, from the write's answer; goal ≤ ${visibility.goalMs} ms: ${visibility.goalMet ? 'met' : 'MISSED'}. The pages' Cache-Control: ${visibility.pageCacheControl}`,
  )
}

function describeGoal(goal: NonNullable<Target['goal']>) {
  return [goal.p95Ms && `p95 ≤ ${goal.p95Ms} ms`, goal.minRequestsPerSecond && `≥ ${goal.minRequestsPerSecond} req/s`]
    .filter(Boolean)
    .join(', ')
}

function round(value: number) {
  return Math.round(value * 10) / 10
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim()
  } catch {
    return null
  }
}
