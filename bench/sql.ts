// node bench/sql.ts: the database's share of each page, measured inside PGlite itself (no HTTP),
// at growing numbers of listings, for docs/performance.md. For every size it seeds an in-memory
// database (50 animals per shelter, all available), warms up, then times each query many times:
// wall-clock p50 / p95 and the CPU time per call (steadier on a busy machine).
//
//   node bench/sql.ts [--sizes 1000,10000,100000] [--runs 200] [--plans] [--out results.json]
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { asRole, bootstrap, openDatabase, type Database } from '../localbase/src/db.ts'
import { DEMO_ANIMAL_ID_SQL } from '../scripts/lib/demo-data/index.ts'
import { seedDemo, type SqlRunner } from '../scripts/lib/demo-data/load.ts'

const projectRoot = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    runs: { type: 'string', default: '200' },
    plans: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
})
const runs = Number(values.runs)

// New York, where the seed puts its first shelters.
const NYC = 'lat => 40.7128, lon => -74.006'
const QUERIES: Array<[string, string]> = [
  ['search: 100 mi of NYC, dogs', `select public.search_animals(${NYC}, radius_miles => 100, type => 'dog')`],
  ['search: 100 mi of NYC, nearest first', `select public.search_animals(${NYC}, radius_miles => 100, sort => 'distance')`],
  ['search: 500 mi of NYC', `select public.search_animals(${NYC}, radius_miles => 500)`],
  ['search: everything, newest', `select public.search_animals()`],
  ['search: cats, waiting longest', `select public.search_animals(type => 'cat', sort => 'oldest')`],
  ['search: everything, page 100', `select public.search_animals(page_offset => 2376)`],
  ['search: senior + small, nationwide', `select public.search_animals(age => 'senior', size => 'small')`],
  ['search: keywords "gentle lap"', `select public.search_animals(q => 'gentle lap')`],
  ['search: breed "retriever"', `select public.search_animals(breed => 'retriever')`],
  ['animal page: animal + photos + shelter', `select a.*, (select json_agg(p order by p.position) from public.animal_photos p where p.animal_id = a.id) as photos,
      (select row_to_json(s) from public.shelter_profiles s where s.id = a.shelter_id) as shelter
      from public.animals a where a.id = ${DEMO_ANIMAL_ID_SQL(1)}`],
  ['animal_type_counts()', `select * from public.animal_type_counts()`],
  ['shelter_animal_counts(24 shelters)', `select * from public.shelter_animal_counts(array(select id from public.shelter_profiles order by id limit 24))`],
  // What search would cost as a security invoker function: RLS adds its quals (a subquery on
  // shelter_profiles) and the partial `where listed` indexes no longer apply.
  ['(as invoker, under RLS) count 100 mi of NYC, dogs', `select count(*) from public.animals a
      where a.grid_cell = any (public.grid_cells_around(40.7128, -74.006, 160934.4))
        and extensions.cube_distance(a.location, extensions.ll_to_earth(40.7128, -74.006)) <= extensions.gc_to_sec(160934.4)
        and a.type = 'dog'`],
]
const AS_ANON = new Set(['animal page: animal + photos + shelter', '(as invoker, under RLS) count 100 mi of NYC, dogs'])

type Timing = { query: string; p50Ms: number; p95Ms: number; cpuMsPerCall: number; plan?: string }
const report: Record<string, Timing[]> = {}

for (const size of values.sizes.split(',').map(Number)) {
  const db = await openDatabase(undefined)
  await bootstrap(db, { migrationsDir: path.join(projectRoot, 'supabase/migrations') })
  const runner: SqlRunner = { run: async (sql) => (await db.exec(sql)).at(-1)?.rows ?? [], close: async () => {} }
  await seedDemo(runner, { animals: size, shelters: Math.max(10, Math.round(size / 50)), allAvailable: true }, (line) => console.log(`[${size}] ${line}`))
  const run = (label: string, sql: string) => (AS_ANON.has(label) ? asRole(db, { role: 'anon' }, (tx) => tx.query(sql)) : db.query(sql))
  for (let round = 0; round < 5; round++) for (const [label, sql] of QUERIES) await run(label, sql)
  report[size] = []
  for (const [label, sql] of QUERIES) {
    const times: number[] = []
    const cpu = process.cpuUsage()
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await run(label, sql)
      times.push(performance.now() - started)
    }
    const used = process.cpuUsage(cpu)
    times.sort((a, b) => a - b)
    const timing: Timing = {
      query: label,
      p50Ms: round(times[Math.floor(runs * 0.5)]!),
      p95Ms: round(times[Math.floor(runs * 0.95)]!),
      cpuMsPerCall: round((used.user + used.system) / 1000 / runs),
    }
    if (values.plans) timing.plan = await plan(db, label, sql)
    report[size]!.push(timing)
  }
  console.table(report[size]!.map(({ plan: _, ...timing }) => timing))
  await db.close()
}

if (values.out) {
  await writeFile(values.out, JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, loadavg: os.loadavg(), runs, report }, null, 2) + '\n')
  console.log(`wrote ${values.out}`)
}

/** The plan of a raw query; for search_animals, auto_explain is not loaded, so none. */
async function plan(db: Database, label: string, sql: string): Promise<string | undefined> {
  if (sql.includes('search_animals(')) return undefined
  const explain = `explain (analyze, costs off, timing off, summary off) ${sql}`
  const result = AS_ANON.has(label) ? await asRole(db, { role: 'anon' }, (tx) => tx.query<{ 'QUERY PLAN': string }>(explain)) : await db.query<{ 'QUERY PLAN': string }>(explain)
  return result.rows.map((row) => row['QUERY PLAN']).join('\n')
}

function round(value: number) {
  return Math.round(value * 100) / 100
}
