// How long the sitemap takes at scale (the goal: "/sitemap.xml lists every listed animal at
// 100,000 listings and answers within 1 s per file"). A measurement, not a test:
//
//   npm exec -- node bench/sitemap.ts [--animals 100000] [--runs 3]
//
// Seeds an in-memory PGlite (the embedded backend's engine) with `animals` available listings
// (the demo seed, as `npm run bench`), then times, `runs` times each: the index's two reads
// (sitemap_animal_files, sitemap_shelter_files) and every file, built by the app's own code
// (app/utils/sitemap.ts) from the same keyset reads the web server makes through the API
// (sitemap_animals(after, 10000) until 50,000 URLs). The API's HTTP hop is not in these
// figures; `npm run bench`'s load test has the index and the first animals file through the app.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { bootstrap, openDatabase } from '#localbase/src/db.ts'
import { seedDemo, type SqlRunner } from '#scripts/lib/demo-data/load.ts'
import {
  SITEMAP_FILE_URLS,
  sitemapFileChunks,
  sitemapIndexXml,
  sitemapRows,
  type SitemapFile,
  type SitemapKind,
  type SitemapPageReader,
} from '#app/utils/sitemap.ts'

const { values } = parseArgs({ options: { animals: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } } })
const ANIMALS = Number(values.animals)
const RUNS = Number(values.runs)
const SITE = 'https://pawhaven.example'
const log = (line: string) => console.log(`[sitemap] ${line}`)
const projectRoot = path.resolve(import.meta.dirname, '..')

const db = await openDatabase(undefined)
await bootstrap(db, { migrationsDir: path.join(projectRoot, 'supabase/migrations') })
const runner: SqlRunner = { run: async (sql) => (await db.exec(sql)).at(-1)?.rows ?? [], close: async () => {} }
await seedDemo(runner, { animals: ANIMALS, shelters: Math.max(10, Math.round(ANIMALS / 50)), allAvailable: true }, log)
await db.exec('analyze public.animals; analyze public.shelter_profiles;')

const reader =
  (kind: SitemapKind): SitemapPageReader =>
  async (after, pageSize, inclusive) => {
    const fn = kind === 'animals' ? 'sitemap_animals' : 'sitemap_shelters'
    const { rows } = await db.query<{ page: unknown }>(`select public.${fn}($1, $2, $3) as page`, [after, pageSize, inclusive])
    return sitemapRows(kind, typeof rows[0]!.page === 'string' ? JSON.parse(rows[0]!.page) : rows[0]!.page)
  }

async function files(kind: SitemapKind): Promise<SitemapFile[]> {
  const { rows } = await db.query<SitemapFile>(`select * from public.sitemap_${kind === 'animals' ? 'animal' : 'shelter'}_files($1)`, [
    SITEMAP_FILE_URLS,
  ])
  return rows
}

const ms = (start: number) => Math.round(performance.now() - start)
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
    `run ${run}: index (${index.shelters.length + index.animals.length + 1} files, ${indexXml.length} bytes) ${indexMs} ms; ${timings.join('; ')}; ${urls.toLocaleString('en-US')} URLs in all`,
  )
}
log(`${ANIMALS.toLocaleString('en-US')} listings: slowest file ${worst} ms (goal ≤ 1,000 ms per file)`)
await db.close()
if (worst > 1000) process.exitCode = 1
