// Two checkouts of the site measured side by side, for a change's before and after on a machine
// whose other work comes and goes: both run at once (`npm start` each, on a data dir each, seeded
// alike: copy one `npm run bench -- --keep` made), and each bench target is driven in short
// bursts, one site then the other, round after round, so both meet the same load. Prints, per
// target and site, requests per second, the throughput as a share of the same site's static
// asset (the bench's yardstick) and the CPU per request of its app, localbase and worker (/proc).
//
//   npm exec -- node bench/compare.ts --before <checkout> --before-data <dir> --after <checkout> --after-data <dir>
//     [--match <exact target names>;…] [--rounds 6] [--burst 5] [--connections 10]
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile, readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { benchTargets } from '#bench/targets.ts'
import { assertLocalbaseStopped } from '#scripts/lib/demo-data/load.ts'
import { freePort, stopProcessGroup, waitForHealth } from '#scripts/lib/local-servers.ts'

const STATIC = 'static asset'
const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    'before-data': { type: 'string' },
    after: { type: 'string' },
    'after-data': { type: 'string' },
    match: {
      type: 'string',
      default: `${STATIC};search, ZIP + 100 mi + dogs;animal page;search map, ZIP + 100 mi + dogs;search map, everything`,
    },
    rounds: { type: 'string', default: '6' },
    burst: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
})
for (const name of ['before', 'before-data', 'after', 'after-data'] as const) if (!values[name]) throw new Error(`--${name} is required`)
const rounds = Number(values.rounds)
const burst = Number(values.burst)
const connections = Number(values.connections)
const names = values.match.split(';').map((name) => name.trim())
const targets = benchTargets().filter((target) => target.server === 'app' && !target.as && names.includes(target.name))
if (!targets.length) throw new Error(`no signed-out app target is named ${values.match}`)
const log = (line: string) => console.log(`[compare] ${line}`)

type Site = { label: string; root: string; baseUrl: string; child: ChildProcess }
type Tally = { requests: number; seconds: number; cpu: Record<string, number> }

const sites: Site[] = []
try {
  for (const [label, root, dataDir] of [
    ['before', values.before!, values['before-data']!],
    ['after', values.after!, values['after-data']!],
  ] as const) {
    sites.push(await startSite(label, path.resolve(root), path.resolve(dataDir)))
  }
  log(`load average ${loadAverage()}`)
  const tallies = new Map<string, Map<string, Tally>>()
  for (const target of targets) {
    const perSite = new Map<string, Tally>(sites.map((site) => [site.label, { requests: 0, seconds: 0, cpu: {} }]))
    tallies.set(target.name, perSite)
    for (const site of sites) {
      const check = await fetch(site.baseUrl + target.path, { redirect: 'manual' })
      if (check.status !== 200) throw new Error(`${target.name}: ${site.label} answered ${check.status}`)
      await check.arrayBuffer()
      await autocannon({ url: site.baseUrl + target.path, connections, duration: 2 })
    }
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither always follows the other.
      for (const site of round % 2 ? [...sites].reverse() : sites) {
        const tally = perSite.get(site.label)!
        const before = await groupCpu(site.child.pid!)
        let requests = 0
        const started = performance.now()
        await new Promise<void>((resolve, reject) => {
          const run = autocannon({ url: site.baseUrl + target.path, connections, duration: burst }, (error) =>
            error ? reject(error) : resolve(),
          )
          run.on('response', () => void requests++)
        })
        tally.seconds += (performance.now() - started) / 1000
        const after = await groupCpu(site.child.pid!)
        tally.requests += requests
        for (const [role, seconds] of Object.entries(after)) tally.cpu[role] = (tally.cpu[role] ?? 0) + seconds - (before[role] ?? 0)
      }
    }
    log(`${target.name}: done, load average ${loadAverage()}`)
  }
  const rows = []
  for (const [name, perSite] of tallies) {
    for (const site of sites) {
      const tally = perSite.get(site.label)!
      const yardstick = tallies.get(STATIC)?.get(site.label)
      const perSecond = tally.requests / tally.seconds
      const cpuPerRequest = (role: string) => round2(((tally.cpu[role] ?? 0) * 1000) / tally.requests)
      rows.push({
        target: name,
        site: site.label,
        'req/s': round2(perSecond),
        '% of static': yardstick && name !== STATIC ? round2((100 * perSecond) / (yardstick.requests / yardstick.seconds)) : '',
        'CPU ms/req': round2(Object.values(tally.cpu).reduce((sum, seconds) => sum + seconds, 0) * (1000 / tally.requests)),
        app: cpuPerRequest('app'),
        localbase: cpuPerRequest('localbase'),
        worker: cpuPerRequest('worker'),
      })
    }
  }
  console.table(rows)
  log(`load average ${loadAverage()}; ${rounds} rounds of ${burst} s per site and target at ${connections} connections`)
} finally {
  for (const site of sites) await stopProcessGroup(site.child)
}

async function startSite(label: string, root: string, dataDir: string): Promise<Site> {
  await assertLocalbaseStopped(dataDir)
  const port = await freePort()
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      SUPABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOCALBASE_PORT: String(await freePort()),
      NODE_ENV: 'production',
    },
  })
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(`${baseUrl}/healthz`, child, 10 * 60_000)
  log(`${label}: ${root} on ${baseUrl}, data in ${dataDir}`)
  return { label, root, baseUrl, child }
}

/** CPU seconds used so far by each process of a site's process group, by what it runs. */
async function groupCpu(group: number): Promise<Record<string, number>> {
  const cpu: Record<string, number> = {}
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(fields[2]) !== group) continue
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
    const role = /server\/index\.ts/.test(command)
      ? 'app'
      : /localbase\/src\/main\.ts/.test(command)
        ? 'localbase'
        : /worker\/main\.ts/.test(command)
          ? 'worker'
          : 'other'
    // /proc counts in USER_HZ, 100 a second.
    cpu[role] = (cpu[role] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100
  }
  return cpu
}

function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')
}

function round2(n: number) {
  return Math.round(n * 100) / 100
}
