// How long one pull cycle takes for 100 sources (the goal: "Report … the pull cycle's duration
// for 100 sources"). A measurement, not a test:
//
//   npm exec -- node bench/pull-cycle.ts [--sources 100] [--animals 50] [--concurrency 4] [--postgres]
//
// --postgres runs it on a throwaway PostgreSQL cluster from Debian's binaries, as the unit tests do.
// Starts localbase on a temporary data dir (the test harness) and one fake server on this
// machine that plays a feed with an ETag, Shelterluv v1 and RescueGroups v5 (the project's own
// fixtures). A third of the sources are each kind. Then, for each cycle, every source is made
// due, schedule_pulls enqueues the jobs and a worker with `concurrency` slots drains them,
// exactly as in production (photos aside: their jobs are left queued). Cycles: the first pull
// (everything added), the same lists again (feeds answer 304, connectors change nothing), and
// one animal changed in every source.
import http from 'node:http'
import os from 'node:os'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import type { SupabaseClient } from '@supabase/supabase-js'
import { encryptConnectorKey } from '#app/sync/connector-keys.ts'
import { PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import {
  RESCUEGROUPS_DOG_SPECIES,
  rescueGroupsAnimal,
  rescueGroupsPage,
  rescueGroupsPicture,
  shelterluvAnimal,
  shelterluvPage,
} from '#app/sync/formats/pull-fixtures.ts'
import type { Database } from '#app/types/database.ts'
import { startHarness, uniqueEmail } from '#localbase/test/harness.ts'
import { findPostgresBin, startCluster } from '#scripts/lib/postgres-cluster.ts'
import { createWorker } from '#worker/runner.ts'
import { pullSourceTask, schedulePulls } from '#worker/tasks/pull-source.ts'

const { values } = parseArgs({
  options: {
    sources: { type: 'string', default: '100' },
    animals: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '4' },
    postgres: { type: 'boolean', default: false },
  },
})
const SOURCES = Number(values.sources)
const ANIMALS = Number(values.animals)
const CONCURRENCY = Number(values.concurrency)
const SECRET = 'bench-sync-secret-key-0123456789abcdef0123456789'
const log = (line: string) => console.log(`[pull-cycle] ${line}`)

// Each source's list, by its number; `version` changes one animal of every list.
let version = 0
const name = (source: number, n: number) => (n === 0 && version > 0 ? `Changed ${version}` : `Pet ${source}-${n}`)
const ANIMAL_NUMBERS = Array.from({ length: ANIMALS }, (_, n) => n)

function handler(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url!, 'http://x')
  const json = (body: unknown) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
  const feed = url.pathname.match(/^\/feed\/(\d+)\/animals\.csv$/)
  if (feed) {
    const source = Number(feed[1])
    const etag = `"${source}-${version}"`
    if (request.headers['if-none-match'] === etag) return response.writeHead(304, { ETag: etag }).end()
    const rows = ANIMAL_NUMBERS.map((n) =>
      petfinderRow({
        ID: `F${source}-${n}`,
        AnimalName: name(source, n),
        Type: 'Dog',
        PrimaryBreed: 'Beagle',
        Age: 'Adult',
        Sex: 'F',
        Size: 'M',
        Status: 'A',
        photo1: `https://photos.example.org/${source}-${n}.jpg`,
      }),
    )
    return response.writeHead(200, { 'Content-Type': 'text/csv', ETag: etag }).end([PETFINDER_HEADER, ...rows].join('\r\n'))
  }
  if (url.pathname === '/shelterluv/api/v1/animals') {
    const source = Number(request.headers['x-api-key']?.toString().replace('key-', ''))
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const all = ANIMAL_NUMBERS.map((n) => shelterluvAnimal(`${source}${String(n).padStart(5, '0')}`, { Name: name(source, n) }))
    return json(shelterluvPage(all.slice(offset, offset + 100), offset + 100 < all.length, all.length))
  }
  const rg = url.pathname.match(/^\/rescuegroups\/v5\/public\/orgs\/(\d+)\/animals\/search\/available$/)
  if (rg) {
    const source = Number(rg[1])
    const page = Number(url.searchParams.get('page'))
    const all = ANIMAL_NUMBERS.map((n) => rescueGroupsAnimal(`${source}${String(n).padStart(5, '0')}`, { name: name(source, n) }))
    const animals = all.slice((page - 1) * 100, page * 100)
    const pictures = animals.flatMap((animal) =>
      animal.relationships.pictures.data.map((p, i) => rescueGroupsPicture(p.id, i + 1, animal.id)),
    )
    return json(rescueGroupsPage(animals, [RESCUEGROUPS_DOG_SPECIES, ...pictures], page, Math.ceil(all.length / 100), all.length))
  }
  response.writeHead(404).end()
}

const server = http.createServer(handler)
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const binDir = values.postgres ? findPostgresBin() : null
if (values.postgres && !binDir) throw new Error("No PostgreSQL binaries found (install Debian's postgresql)")
const cluster = binDir ? await startCluster(binDir, () => {}) : null
if (cluster) process.env.TEST_DATABASE_URL = cluster.url
const h = await startHarness({ seedFiles: [] })
try {
  const service = h.service() as SupabaseClient<Database>
  await h.lb.db.query('delete from public.job_schedules')
  const { client: owner } = await h.signedIn(uniqueEmail('bench'), 'correct-horse-1', {
    user_type: 'shelter',
    shelter_name: 'Pull Bench Rescue',
  })
  for (let source = 1; source <= SOURCES; source++) {
    const kind = (['feed', 'shelterluv', 'rescuegroups'] as const)[source % 3]!
    const { error } = await owner.rpc('add_pull_source', {
      kind,
      name: `Source ${source}`,
      url: kind === 'feed' ? `${base}/feed/${source}/animals.csv` : undefined,
      key_ciphertext: kind === 'feed' ? undefined : encryptConnectorKey(`key-${source}`, SECRET),
      settings: kind === 'rescuegroups' ? { org_id: String(source) } : {},
    })
    if (error) throw new Error(error.message)
  }
  const tasks = {
    schedule_pulls: schedulePulls,
    pull_source: pullSourceTask({
      secretKey: SECRET,
      fetchPolicy: { allowPrivateAddresses: true },
      endpoints: { shelterluv: `${base}/shelterluv/api/v1`, rescuegroups: `${base}/rescuegroups/v5` },
    }),
  }
  const failures: string[] = []
  const worker = createWorker({
    supabase: service,
    tasks,
    concurrency: CONCURRENCY,
    log: (line) => / failed /.test(line) && failures.push(line),
  })

  const cycle = async (label: string) => {
    await service
      .from('sync_sources')
      .update({ next_run_at: new Date(Date.now() - 1000).toISOString() })
      .not('pull_interval_minutes', 'is', null)
    const since = new Date().toISOString()
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    await schedulePulls({}, { supabase: service, job: {} as never, log: () => {} })
    const jobs = await worker.drain()
    const ms = performance.now() - started
    // This process's CPU (on PGlite the database runs in it too, with the REST server, the worker
    // and the fake servers): what the cycle costs, which other work on the machine moves much less
    // than the time it takes.
    const cpu = process.cpuUsage(cpuBefore)
    const cpuMs = (cpu.user + cpu.system) / 1000
    const { data: runs } = await service.from('import_runs').select('added, updated, unchanged, removed, status').gte('started_at', since)
    const sum = (key: 'added' | 'updated' | 'unchanged' | 'removed') => runs!.reduce((total, run) => total + run[key], 0)
    log(
      `${label}: ${jobs} pulls in ${(ms / 1000).toFixed(2)} s (${(ms / jobs).toFixed(0)} ms a source, ${CONCURRENCY} at a time; CPU ${(cpuMs / 1000).toFixed(2)} s); ` +
        `${runs!.length} runs recorded: ${sum('added')} added, ${sum('updated')} updated, ${sum('unchanged')} unchanged, ${sum('removed')} removed`,
    )
    return { ms: Math.round(ms), cpuMs: Math.round(cpuMs) }
  }

  log(`${SOURCES} sources (a third each feed, Shelterluv, RescueGroups), ${ANIMALS} animals each, on ${cluster ? 'PostgreSQL' : 'PGlite'}`)
  const first = await cycle('first pull')
  const same = await cycle('same lists again')
  version = 1
  const changed = await cycle('one animal changed in each')
  if (failures.length) log(`failures:\n${failures.join('\n')}`)
  console.log(
    JSON.stringify({
      sources: SOURCES,
      animalsPerSource: ANIMALS,
      concurrency: CONCURRENCY,
      loadavg: os.loadavg().map((load) => Math.round(load * 10) / 10),
      first,
      unchanged: same,
      oneChange: changed,
    }),
  )
} finally {
  server.close()
  await h.stop()
  await cluster?.stop()
}
