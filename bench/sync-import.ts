// The import pipeline at the size: a 10,000-row Petfinder CSV imported,
// photos aside, in ≤ 10 s; the same file again in ≤ 5 s with 0 changes. A measurement, not a
// test. It starts localbase on a temporary data dir (PGlite, the embedded default; with
// TEST_DATABASE_URL, a fresh database in that PostgreSQL), makes an approved shelter with a
// Petfinder source, and times the whole path an upload takes: reading the file
// (app/sync/formats), staging it in pieces over REST and applying it (import_snapshot's rules).
//
//   npm exec -- node bench/sync-import.ts [rows] [--postgres] [--worker]
//
// --worker takes the worker's way instead: the file stored and queued, then the import_file
// task reads it in a thread, stages it and applies it in pieces (bench/large-import.ts times the
// whole path through the web server).
//
// --postgres starts a throwaway PostgreSQL cluster from Debian's binaries, as the unit tests do.
import { performance } from 'node:perf_hooks'
import { startHarness } from '#localbase/test/harness.ts'
import { findPostgresBin, startCluster } from '#scripts/lib/postgres-cluster.ts'
import { applySnapshot } from '#app/sync/pipeline.server.ts'
import { readSnapshot } from '#app/sync/formats/index.ts'
import { petfinderBenchFile } from '#bench/sync-formats.ts'
import { queueStoredFile } from '#app/sync/stored-files.server.ts'
import { importFileTask } from '#worker/tasks/import-file.ts'

const rows = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10_000)
const binDir = process.argv.includes('--postgres') ? findPostgresBin() : null
if (process.argv.includes('--postgres') && !binDir) throw new Error("No PostgreSQL binaries found (install Debian's postgresql)")
const cluster = binDir ? await startCluster(binDir, () => {}) : null
if (cluster) process.env.TEST_DATABASE_URL = cluster.url
const h = await startHarness({ seedFiles: [] })
try {
  const service = h.service()
  const owner = await h.signedIn(undefined, undefined, { user_type: 'shelter', shelter_name: 'Bench Shelter' })
  const { data: shelter } = await service.from('shelter_profiles').select('id').eq('user_id', owner.userId).single()
  await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', shelter!.id)
  const { data: source, error } = await service
    .from('sync_sources')
    .insert({ shelter_id: shelter!.id, kind: 'upload', format: 'petfinder', name: 'Bench' })
    .select('id')
    .single()
  if (error) throw error
  const bytes = new TextEncoder().encode(petfinderBenchFile(rows))
  console.log(
    `${rows.toLocaleString('en-US')} rows, ${(bytes.byteLength / 1e6).toFixed(1)} MB, on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  )

  const viaWorker = process.argv.includes('--worker')
  const task = importFileTask()
  for (const label of ['first import', 'same file again', 'same file, third time']) {
    if (viaWorker) {
      const started = performance.now()
      const queued = await queueStoredFile(owner.client, service, source!.id, { name: 'bench.csv', bytes }, { trigger: 'upload' })
      await task({ run_id: queued.id }, { supabase: service, job: {} as never, log: () => {} })
      const { data: run } = await service.from('import_runs').select('*').eq('id', queued.id).single()
      console.log(
        `${label.padEnd(22)} ${((performance.now() - started) / 1000).toFixed(2)} s (stored, read, staged and applied in pieces): ` +
          `${run.status}, ${run.added} added, ${run.updated} updated, ${run.unchanged} unchanged, ${run.removed} removed, ${run.failed} failed`,
      )
      continue
    }
    const started = performance.now()
    const snapshot = readSnapshot('petfinder', bytes)
    const read = performance.now()
    const run = await applySnapshot(owner.client, source!.id, snapshot, { trigger: 'upload', fileName: 'bench.csv' })
    const done = performance.now()
    console.log(
      `${label.padEnd(22)} ${((done - started) / 1000).toFixed(2)} s (read ${((read - started) / 1000).toFixed(2)} s, stage + apply ${((done - read) / 1000).toFixed(2)} s): ` +
        `${run.status}, ${run.added} added, ${run.updated} updated, ${run.unchanged} unchanged, ${run.removed} removed, ${run.failed} failed`,
    )
  }
} finally {
  await h.stop()
  await cluster?.stop()
}
