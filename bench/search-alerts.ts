// How long one alert run takes over 10,000 saved searches (the goal: "an alert run over 10,000
// saved searches finishes in ≤ 60 s"). A measurement, not a test:
//
//   npm exec -- node bench/search-alerts.ts [--animals 100000] [--searches 10000] [--new 2000]
//
// Seeds an in-memory PGlite (the embedded backend's engine) with `animals` available listings
// (the demo seed, as `npm run bench`), of which `new` were published in the last day and the rest
// earlier, and `searches` saved searches of 1,000 adopters, every one due and last checked a day
// ago (the worst case: all daily searches at once). Filters are a mix like people's: a type for
// 70%, a place (a shelter's) within 25–250 miles for 80%, age, size, good-with, a breed or
// keywords for some. Then runs public.run_saved_search_alerts(200) — the worker task's call —
// until nothing is due, and reports the wall time, the emails queued and the animals reported.
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { bootstrap, openDatabase } from '#localbase/src/db.ts'
import { seedDemo, type SqlRunner } from '#scripts/lib/demo-data/load.ts'

const { values } = parseArgs({
  options: {
    animals: { type: 'string', default: '100000' },
    searches: { type: 'string', default: '10000' },
    new: { type: 'string', default: '2000' },
  },
})
const ANIMALS = Number(values.animals)
const SEARCHES = Number(values.searches)
const NEW = Number(values.new)
const log = (line: string) => console.log(`[search-alerts] ${line}`)
const projectRoot = path.resolve(import.meta.dirname, '..')

const db = await openDatabase(undefined)
await bootstrap(db, { migrationsDir: path.join(projectRoot, 'supabase/migrations') })
const runner: SqlRunner = { run: async (sql) => (await db.exec(sql)).at(-1)?.rows ?? [], close: async () => {} }
await seedDemo(runner, { animals: ANIMALS, shelters: Math.max(10, Math.round(ANIMALS / 50)), allAvailable: true }, log)

await db.exec(`
  update public.animals set published_at = now() - interval '2 days' - random() * interval '60 days';
  update public.animals set published_at = now() - random() * interval '23 hours'
   where id in (select id from public.animals order by random() limit ${NEW});
  insert into auth.users (id, email, email_confirmed_at)
  select gen_random_uuid(), 'alert-bench-' || n || '@example.com', now() from generate_series(1, 1000) n;
  analyze public.animals;
`)
const started = performance.now()
await db.exec(`
  insert into public.saved_searches (user_id, name, query, frequency, filters)
  select u.id, 'Bench search ' || n, '', 'daily',
         jsonb_strip_nulls(jsonb_build_object(
           'type', case when random() < 0.7 then (array['dog', 'dog', 'cat', 'cat', 'rabbit', 'bird'])[1 + floor(random() * 6)::int] end,
           'lat', case when p.near then s.latitude end,
           'lon', case when p.near then s.longitude end,
           'radius_miles', case when p.near then (array[25, 50, 100, 100, 250])[1 + floor(random() * 5)::int] end,
           'age', case when random() < 0.2 then (array['young', 'adult', 'senior'])[1 + floor(random() * 3)::int] end,
           'size', case when random() < 0.15 then (array['small', 'medium', 'large'])[1 + floor(random() * 3)::int] end,
           'good_with', case when random() < 0.15 then jsonb_build_array('children') end,
           'breed', case when random() < 0.05 then (array['retriever', 'terrier', 'shepherd'])[1 + floor(random() * 3)::int] end,
           'q', case when random() < 0.05 then (array['friendly', 'gentle', 'playful'])[1 + floor(random() * 3)::int] end))
    from generate_series(1, ${SEARCHES}) n
    join lateral (select id from auth.users where email like 'alert-bench-%' offset (n % 1000) limit 1) u on true
    join lateral (select random() < 0.8 as near) p on true
    join lateral (select latitude, longitude from public.shelter_profiles where latitude is not null offset floor(random() * 100)::int + (n * 0) limit 1) s on true;
  update public.saved_searches set created_at = now() - interval '2 days', checked_until = now() - interval '1 day', next_check_at = now() - interval '1 minute';
  analyze public.saved_searches;
`)
log(`seeded ${SEARCHES} saved searches in ${((performance.now() - started) / 1000).toFixed(1)} s`)

const loadBefore = os.loadavg()
const runStarted = performance.now()
let checked = 0
let batches = 0
for (;;) {
  const { rows } = await db.query<{ checked: number }>('select public.run_saved_search_alerts(200) as checked')
  batches += 1
  checked += rows[0]!.checked
  if (rows[0]!.checked < 200) break
}
const seconds = (performance.now() - runStarted) / 1000
const { rows: emails } = await db.query<{ count: number }>(
  `select count(*)::int as count from public.email_outbox where template = 'saved_search_alert'`,
)
const { rows: seen } = await db.query<{ count: number }>('select count(*)::int as count from public.saved_search_seen')
log(
  `alert run: ${checked} searches checked in ${batches} batches, ${seconds.toFixed(1)} s (goal ≤ 60 s); ${emails[0]!.count} emails queued, ${seen[0]!.count} matches reported`,
)
log(
  `${ANIMALS} listings, ${NEW} published in the last day; load average before ${loadBefore.map((load) => load.toFixed(1)).join(' ')}, after ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
)
await db.close()
