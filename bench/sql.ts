// node bench/sql.ts: the database's share of each page, measured without HTTP, for
// docs/performance.md: wall-clock p50 / p95 of each search shape and the other listing reads,
// and the CPU time per call in this process (for PGlite, steadier on a busy machine; for a
// server it is only the client's share).
//
//   node bench/sql.ts [--sizes 1000,10000,100000]   in-memory PGlite seeds, 50 animals per shelter
//   node bench/sql.ts --data-dir <dir>              an embedded data dir as it is (pending migrations
//                                                   applied first, unless --skip-migrations)
//   node bench/sql.ts --database-url postgres://…   a real PostgreSQL as it is, seeded beforehand with
//                                                   npm run seed -- --database-url … --all-available
//   [--runs 200] [--only <words in a label>] [--plans] [--out results.json]
//
// --plans: EXPLAIN ANALYZE of the plain queries; on PostgreSQL also of the statements inside
// search_animals() (auto_explain, its log sent to this client).
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { asRole, bootstrap, openDatabase } from '#localbase/src/db.ts'
import { DEMO_ANIMAL_ID_SQL } from '#scripts/lib/demo-data/index.ts'
import { seedDemo, type SqlRunner } from '#scripts/lib/demo-data/load.ts'

const projectRoot = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    runs: { type: 'string', default: '200' },
    plans: { type: 'boolean', default: false },
    out: { type: 'string' },
    only: { type: 'string' },
    'data-dir': { type: 'string' },
    'skip-migrations': { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
})
const runs = Number(values.runs)

// New York, where the seed puts its first shelters.
const NYC = 'lat => 40.7128, lon => -74.006'
const QUERIES: Array<[string, string]> = [
  ['search: 100 mi of NYC, dogs', `select to_json(public.search_animals(${NYC}, radius_miles => 100, type => 'dog'))`],
  ['search: 100 mi of NYC, nearest first', `select to_json(public.search_animals(${NYC}, radius_miles => 100, sort => 'distance'))`],
  ['search: 500 mi of NYC', `select to_json(public.search_animals(${NYC}, radius_miles => 500))`],
  ['search: 500 mi of NYC, nearest first', `select to_json(public.search_animals(${NYC}, radius_miles => 500, sort => 'distance'))`],
  [
    'search: 500 mi of NYC, waiting longest, page 100',
    `select to_json(public.search_animals(${NYC}, radius_miles => 500, sort => 'oldest', page_offset => 2376))`,
  ],
  [
    'search: 10 mi of NYC, cats, good with dogs',
    `select to_json(public.search_animals(${NYC}, radius_miles => 10, type => 'cat', good_with => array['dogs']))`,
  ],
  [
    'search: 250 mi of NYC, senior + female, nearest first',
    `select to_json(public.search_animals(${NYC}, radius_miles => 250, age => 'senior', sex => 'female', sort => 'distance'))`,
  ],
  ['search: everything, newest', `select to_json(public.search_animals())`],
  ['search: cats, waiting longest', `select to_json(public.search_animals(type => 'cat', sort => 'oldest'))`],
  ['search: everything, page 100', `select to_json(public.search_animals(page_offset => 2376))`],
  ['search: horses, last page (offset 10,000)', `select to_json(public.search_animals(type => 'horse', page_offset => 10000))`],
  ['search: senior + small, nationwide', `select to_json(public.search_animals(age => 'senior', size => 'small'))`],
  ['search: good with children, nationwide', `select to_json(public.search_animals(good_with => array['children']))`],
  [
    'search: young male dogs, page 100',
    `select to_json(public.search_animals(type => 'dog', age => 'young', sex => 'male', page_offset => 2376))`,
  ],
  [
    'search: rare: xlarge senior, good with all, nationwide',
    `select to_json(public.search_animals(age => 'senior', size => 'xlarge', good_with => array['children', 'dogs', 'cats']))`,
  ],
  [
    'search: rare: rabbits good with all, offset 10,000',
    `select to_json(public.search_animals(type => 'rabbit', good_with => array['children', 'dogs', 'cats'], page_offset => 10000))`,
  ],
  ['search: keywords "gentle lap"', `select to_json(public.search_animals(q => 'gentle lap'))`],
  ['search: keywords "friendly", 100 mi of NYC', `select to_json(public.search_animals(${NYC}, radius_miles => 100, q => 'friendly'))`],
  ['search: breed "retriever"', `select to_json(public.search_animals(breed => 'retriever'))`],
  [
    'search: breed "terrier", 500 mi of NYC, nearest first',
    `select to_json(public.search_animals(${NYC}, radius_miles => 500, breed => 'terrier', sort => 'distance'))`,
  ],
  // The filters (20261127004000_search_filters.sql): totals from the new tallies,
  // counted where no tally holds the filters (`--only filter` runs just these).
  ['filter: house-trained, nationwide', `select to_json(public.search_animals(house_trained => true))`],
  ['filter: special needs, nationwide, page 100', `select to_json(public.search_animals(special_needs => true, page_offset => 2376))`],
  [
    'filter: long-coated dogs, nationwide, waiting longest',
    `select to_json(public.search_animals(type => 'dog', coat => 'long', sort => 'oldest'))`,
  ],
  ['filter: colour "Black", nationwide', `select to_json(public.search_animals(color => 'Black'))`],
  ['filter: colour "Black" + senior, nationwide', `select to_json(public.search_animals(color => 'Black', age => 'senior'))`],
  ['filter: new this week, nationwide', `select to_json(public.search_animals(new_this_week => true))`],
  [
    'filter: new this week, 100 mi of NYC, nearest first',
    `select to_json(public.search_animals(${NYC}, radius_miles => 100, new_this_week => true, sort => 'distance'))`,
  ],
  [
    'filter: house-trained, 100 mi of NYC, dogs',
    `select to_json(public.search_animals(${NYC}, radius_miles => 100, type => 'dog', house_trained => true))`,
  ],
  [
    'filter: house-trained, 500 mi of NYC, nearest first',
    `select to_json(public.search_animals(${NYC}, radius_miles => 500, house_trained => true, sort => 'distance'))`,
  ],
  [
    'filter: special needs + short coat, 500 mi of NYC, waiting longest',
    `select to_json(public.search_animals(${NYC}, radius_miles => 500, special_needs => true, coat => 'short', sort => 'oldest'))`,
  ],
  [
    'filter: house-trained + senior + female, 250 mi of NYC',
    `select to_json(public.search_animals(${NYC}, radius_miles => 250, house_trained => true, age => 'senior', sex => 'female'))`,
  ],
  [
    'filter: colour "Black", 100 mi of NYC, nearest first',
    `select to_json(public.search_animals(${NYC}, radius_miles => 100, color => 'Black', sort => 'distance'))`,
  ],
  ['filter: breed "pit bull terrier"', `select to_json(public.search_animals(breed => 'pit bull terrier'))`],
  [
    'filter: breed "lab mix", 100 mi of NYC, nearest first',
    `select to_json(public.search_animals(${NYC}, radius_miles => 100, breed => 'lab mix', sort => 'distance'))`,
  ],
  ['filter: waiting_longest() (home row)', `select json_agg(c) from public.waiting_longest(6) c`],
  [
    'animal page: animal + photos + shelter',
    `select a.*, (select json_agg(p order by p.position) from public.animal_photos p where p.animal_id = a.id) as photos,
      (select row_to_json(s) from public.shelter_profiles s where s.id = a.shelter_id) as shelter
      from public.animals a where a.id = ${DEMO_ANIMAL_ID_SQL(1)}`,
  ],
  ['animal_type_counts()', `select * from public.animal_type_counts()`],
  [
    'shelter_animal_counts(24 shelters)',
    `select * from public.shelter_animal_counts(array(select id from public.shelter_profiles order by id limit 24))`,
  ],
  // What search would cost as a security invoker function: RLS adds its quals (a subquery on
  // shelter_profiles) and the partial `where listed` indexes no longer apply. For comparison
  // only: the site never runs it.
  [
    '(as invoker, under RLS) count 100 mi of NYC, dogs',
    `select count(*) from public.animals a
      where a.grid_cell = any (public.grid_cells_around(40.7128, -74.006, 160934.4))
        and extensions.cube_distance(a.location, extensions.ll_to_earth(40.7128, -74.006)) <= extensions.gc_to_sec(160934.4)
        and a.type = 'dog'`,
  ],
]
const AS_ANON = new Set(['animal page: animal + photos + shelter', '(as invoker, under RLS) count 100 mi of NYC, dogs'])
const selected = QUERIES.filter(([label]) => !values.only || label.includes(values.only))

/** One database to measure: how to run a query (as the pages would: anon or the definer's caller). */
type Target = {
  run: (label: string, sql: string) => Promise<unknown>
  plan: (label: string, sql: string) => Promise<string | undefined>
  close: () => Promise<void>
}
type Timing = { query: string; p50Ms: number; p95Ms: number; cpuMsPerCall: number; plan?: string }
const report: Record<string, Timing[]> = {}

if (values['database-url']) {
  await measure(`postgres ${new URL(values['database-url']).pathname.slice(1)}`, await postgresTarget(values['database-url']))
} else if (values['data-dir']) {
  const db = await openDatabase(path.resolve(values['data-dir']))
  // Skipped to measure a data dir as it was before a new migration.
  if (!values['skip-migrations']) {
    await bootstrap(db, { migrationsDir: path.join(projectRoot, 'supabase/migrations') })
    // A migration that rewrites a table (a column's new type) leaves it without statistics and
    // with an empty visibility map (no index-only scans), as localbase's maintenance would find it.
    await db.exec('vacuum analyze')
  }
  await measure(`pglite ${values['data-dir']}`, pgliteTarget(db))
} else {
  for (const size of values.sizes.split(',').map(Number)) {
    const db = await openDatabase(undefined)
    await bootstrap(db, { migrationsDir: path.join(projectRoot, 'supabase/migrations') })
    const runner: SqlRunner = { run: async (sql) => (await db.exec(sql)).at(-1)?.rows ?? [], close: async () => {} }
    await seedDemo(runner, { animals: size, shelters: Math.max(10, Math.round(size / 50)), allAvailable: true }, (line) =>
      console.log(`[${size}] ${line}`),
    )
    await measure(String(size), pgliteTarget(db))
  }
}

if (values.out) {
  await writeFile(
    values.out,
    JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, loadavg: os.loadavg(), runs, report }, null, 2) + '\n',
  )
  console.log(`wrote ${values.out}`)
}

async function measure(name: string, target: Target) {
  const loadBefore = os.loadavg()[0]!.toFixed(1)
  for (let round = 0; round < 5; round++) for (const [label, sql] of selected) await target.run(label, sql)
  report[name] = []
  for (const [label, sql] of selected) {
    const times: number[] = []
    const cpu = process.cpuUsage()
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await target.run(label, sql)
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
    if (values.plans) timing.plan = await target.plan(label, sql)
    report[name]!.push(timing)
  }
  console.log(`${name}: load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after`)
  console.table(report[name]!.map(({ plan: _, ...timing }) => timing))
  if (values.plans) for (const timing of report[name]!) if (timing.plan) console.log(`\n## ${timing.query}\n${timing.plan}`)
  await target.close()
}

function pgliteTarget(db: Awaited<ReturnType<typeof openDatabase>>): Target {
  const query = (label: string, sql: string) => (AS_ANON.has(label) ? asRole(db, { role: 'anon' }, (tx) => tx.query(sql)) : db.query(sql))
  return {
    run: query,
    // For search_animals, auto_explain is not loaded in PGlite, so no plan.
    plan: async (label, sql) => {
      if (sql.includes('search_animals(')) return undefined
      const result = await query(label, `explain (analyze, costs off, timing off, summary off) ${sql}`)
      return result.rows.map((row) => String((row as { 'QUERY PLAN': string })['QUERY PLAN'])).join('\n')
    },
    close: () => db.close(),
  }
}

/** A real PostgreSQL: one connection, as a pooled PostgREST connection would keep its plans. */
async function postgresTarget(url: string): Promise<Target> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const asAnon = async (sql: string) => {
    await client.query('begin')
    try {
      // As localbase and PostgREST set a request up (extensions on the path, as on Supabase).
      await client.query(`select set_config('search_path', 'public, extensions', true), set_config('role', 'anon', true),
                                 set_config('request.jwt.claims', '{"role":"anon"}', true)`)
      return await client.query(sql)
    } finally {
      await client.query('commit')
    }
  }
  const query = (label: string, sql: string) => (AS_ANON.has(label) ? asAnon(sql) : client.query(sql))
  return {
    run: query,
    plan: async (label, sql) => {
      if (!sql.includes('search_animals(')) {
        const result = await query(label, `explain (analyze, costs off, timing off, summary off) ${sql}`)
        return result.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n')
      }
      // The statements inside the function, from auto_explain's log sent to this connection.
      const notices: string[] = []
      const listener = (notice: { message?: string }) => notices.push(notice.message ?? '')
      client.on('notice', listener)
      await client.query(`load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
                          set auto_explain.log_timing = off; set auto_explain.log_nested_statements = on; set client_min_messages = log`)
      try {
        await client.query(sql)
      } finally {
        await client.query('set auto_explain.log_min_duration = -1; reset client_min_messages')
        client.off('notice', listener)
      }
      return notices.filter((notice) => !notice.includes('Query Text: select public.search_animals(')).join('\n')
    },
    close: () => client.end(),
  }
}

function round(value: number) {
  return Math.round(value * 100) / 100
}
