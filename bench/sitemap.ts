// How long the sitemap takes at scale (the goal: "/sitemap.xml lists every listed animal at
// 100,000 listings and answers within 1 s per file"). A measurement, not a test:
//
//   npm exec -- node bench/sitemap.ts [--animals 100000] [--runs 3] [--data-dir <dir>] [--keep] [--no-http]
//
// Seeds a temporary data dir (PGlite, the embedded backend's engine) with `animals` available
// listings (the demo seed, as `npm run bench`), or reuses a seeded `--data-dir` as it is, then
// measures twice, `runs` times each:
// - in process: the index's two reads (sitemap_animal_files, sitemap_shelter_files) and every
//   file, built by the app's own code (app/utils/sitemap.ts) from the same keyset reads the web
//   server makes through the API (sitemap_animals(after, 10000) until 50,000 URLs);
// - through the site (unless --no-http): `npm start` on the data dir, then /sitemap.xml and
//   every file it lists, one request at a time as a crawler asks, each timed from the request
//   to its last byte (gzip, as crawlers ask for it) and to its first. This is the response time
//   the goal is about: the app, the API's HTTP hop and the database together.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { openSync, closeSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { bootstrap, openDatabase } from '#localbase/src/db.ts'
import { assertLocalbaseStopped, seedDemo, type SqlRunner } from '#scripts/lib/demo-data/load.ts'
import { freePort, stopProcessGroup, waitForHealth } from '#scripts/lib/local-servers.ts'
import {
  SITEMAP_FILE_URLS,
  sitemapFileChunks,
  sitemapIndexXml,
  sitemapRows,
  type SitemapFile,
  type SitemapKind,
  type SitemapPageReader,
} from '#app/utils/sitemap.ts'

const { values } = parseArgs({
  allowNegative: true,
  options: {
    animals: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    http: { type: 'boolean', default: true },
  },
})
const ANIMALS = Number(values.animals)
const RUNS = Number(values.runs)
const SITE = 'https://pawhaven.example'
const GOAL_MS = 1000
const log = (line: string) => console.log(`[sitemap] ${line}`)
const projectRoot = path.resolve(import.meta.dirname, '..')
const ms = (start: number) => Math.round(performance.now() - start)

const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : await mkdtemp(path.join(os.tmpdir(), 'pawhaven-sitemap-'))
let worstInProcess = 0
let worstHttp = 0
try {
  if (values['data-dir']) await assertLocalbaseStopped(dataDir)
  const db = await openDatabase(dataDir)
  try {
    const { fresh } = await bootstrap(db, {
      migrationsDir: path.join(projectRoot, 'supabase/migrations'),
      seedFiles: [path.join(projectRoot, 'supabase/seed.sql')],
    })
    if (fresh) {
      const runner: SqlRunner = { run: async (sql) => (await db.exec(sql)).at(-1)?.rows ?? [], close: async () => {} }
      await seedDemo(runner, { animals: ANIMALS, shelters: Math.max(10, Math.round(ANIMALS / 50)), allAvailable: true }, log)
      await db.exec('analyze public.animals; analyze public.shelter_profiles;')
    } else {
      log(`measuring the data dir as it is: ${dataDir}`)
    }
    worstInProcess = await measureInProcess(db)
  } finally {
    await db.close()
  }
  if (values.http) worstHttp = await measureThroughTheSite(dataDir)
} finally {
  if (values['data-dir'] || values.keep) log(`data dir kept: ${dataDir}`)
  else await rm(dataDir, { recursive: true, force: true })
}
log(`in process: slowest file ${worstInProcess} ms`)
if (values.http) log(`through the site: slowest response ${worstHttp} ms (goal ≤ ${GOAL_MS.toLocaleString('en-US')} ms per file)`)
if ((values.http ? worstHttp : worstInProcess) > GOAL_MS) process.exitCode = 1

type Db = Awaited<ReturnType<typeof openDatabase>>

async function measureInProcess(db: Db): Promise<number> {
  const reader =
    (kind: SitemapKind): SitemapPageReader =>
    async (after, pageSize, inclusive) => {
      const fn = kind === 'animals' ? 'sitemap_animals' : 'sitemap_shelters'
      const { rows } = await db.query<{ page: unknown }>(`select public.${fn}($1, $2, $3) as page`, [after, pageSize, inclusive])
      return sitemapRows(kind, typeof rows[0]!.page === 'string' ? JSON.parse(rows[0]!.page) : rows[0]!.page)
    }
  const files = async (kind: SitemapKind): Promise<SitemapFile[]> => {
    const { rows } = await db.query<SitemapFile>(`select * from public.sitemap_${kind === 'animals' ? 'animal' : 'shelter'}_files($1)`, [
      SITEMAP_FILE_URLS,
    ])
    return rows
  }
  let worst = 0
  for (let run = 1; run <= RUNS; run++) {
    let started = performance.now()
    const index = { shelters: await files('shelters'), animals: await files('animals') }
    const indexXml = sitemapIndexXml(SITE, index)
    const indexMs = ms(started)
    const timings: string[] = []
    let urls = 0
    for (const [kind, list] of [
      ['shelters', index.shelters],
      ['animals', index.animals],
    ] as const) {
      for (const file of list) {
        started = performance.now()
        let bytes = 0
        let count = 0
        for await (const chunk of sitemapFileChunks(SITE, kind, file.first_id, reader(kind))) {
          bytes += chunk.length
          count += chunk.split('<url>').length - 1
        }
        const took = ms(started)
        worst = Math.max(worst, took)
        urls += count
        timings.push(`${kind} ${count.toLocaleString('en-US')} URLs ${(bytes / 1e6).toFixed(1)} MB ${took} ms`)
      }
    }
    log(
      `in process, run ${run}: index (${index.shelters.length + index.animals.length + 1} files, ${indexXml.length} bytes) ${indexMs} ms; ${timings.join('; ')}; ${urls.toLocaleString('en-US')} URLs in all`,
    )
  }
  return worst
}

/** `npm start` on the data dir; the index and each file it lists, one request at a time. */
async function measureThroughTheSite(dir: string): Promise<number> {
  const [port, apiPort, smtpPort, ftpPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const logFile = path.join(dir, 'sitemap-server.log')
  const output = openSync(logFile, 'a')
  const server = spawn(process.execPath, [path.join(projectRoot, 'scripts/start.ts')], {
    cwd: projectRoot,
    // Its own process group, so stopping it stops the app, localbase and the worker together.
    detached: true,
    stdio: ['ignore', output, output],
    env: {
      ...process.env,
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      DATA_DIR: dir,
      PORT: String(port),
      LOCALBASE_PORT: String(apiPort),
      LOCALBASE_SMTP_PORT: String(smtpPort),
      FTP_PORT: String(ftpPort),
      NODE_ENV: 'production',
    },
  })
  closeSync(output)
  const base = `http://127.0.0.1:${port}`
  let worst = 0
  try {
    log(`starting npm start on the data dir (log: ${logFile})`)
    await waitForHealth(`${base}/healthz`, server, 10 * 60_000)
    for (let run = 1; run <= RUNS; run++) {
      const index = await timedGet(`${base}/sitemap.xml`)
      const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
      const timings = [`index (${files.length} files) ${index.totalMs} ms`]
      let urls = 0
      for (const file of files) {
        const answer = await timedGet(base + file)
        const count = answer.body.split('<url>').length - 1
        urls += count
        worst = Math.max(worst, answer.totalMs)
        timings.push(
          `${file.replace(/^\/sitemaps\//, '').replace(/-[0-9a-f-]{36}\.xml$/, '…')} ${count.toLocaleString('en-US')} URLs ${(answer.body.length / 1e6).toFixed(1)} MB first byte ${answer.firstByteMs} ms, whole ${answer.totalMs} ms`,
        )
      }
      worst = Math.max(worst, index.totalMs)
      log(`through the site, run ${run}: ${timings.join('; ')}; ${urls.toLocaleString('en-US')} URLs in all`)
    }
  } finally {
    await stopProcessGroup(server)
  }
  return worst
}

/** A GET read to its last byte, gzip-encoded on the wire: the time to the answer's head and to its end. */
async function timedGet(url: string): Promise<{ body: string; firstByteMs: number; totalMs: number }> {
  const started = performance.now()
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } })
  const firstByteMs = ms(started)
  const body = await response.text()
  const totalMs = ms(started)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return { body, firstByteMs, totalMs }
}
