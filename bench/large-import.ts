// A large upload through the real path: `npm start` on a fresh data dir (the app,
// localbase on PGlite with its demo data, the worker), a shelter owner's browser session, and a
// 200,000-row Petfinder CSV posted to the source's page as the Sync tab's form does. Reports
// the time to answer (the redirect to the run's page), to read (the run applying) and to applied
// (the run over), and the p50 / p95 / max of /about, /search and an animal page fetched over and
// over while the import runs, against the same pages idle. A measurement, not a test.
//
//   npm exec -- node bench/large-import.ts [--rows 200000] [--idle-seconds 10]
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import { dashboardHash } from '#app/utils/misc.ts'
import { sessionCookie, startSite } from '#scripts/lib/local-servers.ts'
import { isOpenRun } from '#app/sync/types.ts'
import { petfinderLargeFile } from '#bench/sync-formats.ts'

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '200000' }, 'idle-seconds': { type: 'string', default: '10' } },
})
const rows = Number(values.rows)
const log = (line: string) => console.log(`[large import] ${line}`)

type Sample = { page: string; ms: number; status: number }

function stats(samples: Sample[]) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted[sorted.length - 1] ?? NaN,
    errors: samples.filter((sample) => sample.status >= 500 || sample.status === 0).length,
  }
}

log('starting the site on a fresh data dir')
const server = await startSite({ name: 'large-import', env: { NODE_ENV: 'production' }, timeoutMs: 300_000 })
const { keys } = server
const site = server.baseUrl

try {
  const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }
  const service = createClient(keys.url, keys.serviceRoleKey, noSession)

  // A vetted shelter with a Petfinder source, and its owner's session as the browser holds it.
  const email = `large-import-${Date.now()}@example.com`
  const password = 'correct-horse-large-1'
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { user_type: 'shelter', shelter_name: 'Large Import Shelter' },
  })
  if (created.error) throw created.error
  const userId = created.data.user.id
  const { data: shelter } = await service.from('shelter_profiles').select('id').eq('user_id', userId).single()
  await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', shelter!.id)
  const { data: source, error: sourceError } = await service
    .from('sync_sources')
    .insert({ shelter_id: shelter!.id, kind: 'upload', format: 'petfinder', name: 'Large export' })
    .select('id')
    .single()
  if (sourceError) throw sourceError
  const signedIn = await createClient(keys.url, keys.anonKey, noSession).auth.signInWithPassword({ email, password })
  if (signedIn.error) throw signedIn.error
  const cookie = sessionCookie(keys.url, signedIn.data.session)
  const dashboard = `/dashboard/${dashboardHash(userId)}`

  // The pages a visitor reads meanwhile: /about, a search, one of the demo animals.
  const { data: animal } = await service.from('animals').select('id').eq('status', 'available').limit(1).single()
  const pages = ['/about', '/search?location=Austin%2C+TX', `/animals/${animal!.id}`]
  const probe = async (until: () => boolean, samples: Sample[]) => {
    for (let turn = 0; !until(); turn++) {
      const page = pages[turn % pages.length]!
      const started = performance.now()
      // A page that fails to answer at all (a reset, or no answer in 30 s) counts as a failure, status 0.
      const status = await fetch(`${site}${page}`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      )
      samples.push({ page, ms: performance.now() - started, status })
    }
  }
  const idle: Sample[] = []
  const idleUntil = performance.now() + Number(values['idle-seconds']) * 1000
  await probe(() => performance.now() > idleUntil, idle)

  const file = petfinderLargeFile(rows)
  const bytes = new TextEncoder().encode(file)
  log(`${rows.toLocaleString('en-US')} rows, ${(bytes.byteLength / 1e6).toFixed(1)} MB, uploaded through ${dashboard}/sync/sources/<id>`)
  const form = new FormData()
  form.append('file', new Blob([bytes], { type: 'text/csv' }), 'large.csv')
  const busy: Sample[] = []
  let over = false
  const sent = performance.now()
  const answer = await fetch(`${site}${dashboard}/sync/sources/${source.id}`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: site },
    redirect: 'manual',
  })
  const answeredMs = performance.now() - sent
  const location = answer.headers.get('location') ?? ''
  const runId = location.match(/\/sync\/runs\/([0-9a-f-]{36})/)?.[1]
  if (answer.status !== 302 || !runId)
    throw new Error(`the upload answered ${answer.status} ${location}: ${(await answer.text()).slice(0, 300)}`)
  log(`answered in ${(answeredMs / 1000).toFixed(2)} s: ${answer.status} to the run's page`)

  const probing = probe(() => over, busy)
  let readMs: number | null = null
  let run: Record<string, unknown> = {}
  for (;;) {
    const { data } = await service
      .from('import_runs')
      .select('status, rows_read, rows_total, rows_applied, added, updated, unchanged, removed, failed, message')
      .eq('id', runId)
      .single()
    run = data ?? {}
    if (readMs === null && run.status === 'running') readMs = performance.now() - sent
    if (!isOpenRun(String(run.status))) break
    if (performance.now() - sent > 15 * 60_000) throw new Error('not applied within 15 minutes')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const appliedMs = performance.now() - sent
  over = true
  await probing
  log(
    `applied in ${(appliedMs / 1000).toFixed(1)} s after the upload (read and staged in ${((readMs ?? NaN) / 1000).toFixed(1)} s): ${JSON.stringify(run)}`,
  )
  for (const page of pages) {
    const before = stats(idle.filter((sample) => sample.page === page))
    const during = stats(busy.filter((sample) => sample.page === page))
    log(
      `${page.padEnd(48)} idle p50 ${before.p50.toFixed(0)} ms p95 ${before.p95.toFixed(0)} ms | during the import p50 ${during.p50.toFixed(0)} ms, ` +
        `p95 ${during.p95.toFixed(0)} ms, max ${during.max.toFixed(0)} ms (${during.count} requests, ${during.errors} 5xx or no answer)`,
    )
  }
  log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')} on ${os.cpus().length} CPUs`,
  )
  if (run.status !== 'succeeded') process.exitCode = 1
} catch (error) {
  console.error(server.output())
  throw error
} finally {
  await server.stop()
}
