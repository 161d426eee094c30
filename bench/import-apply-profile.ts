// Where an import's time goes, step by step, on a database of its own (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): reads a generated Petfinder file, stages it, and applies it in pieces
// as the worker does, timing the read, each staging call, the safety catch, each piece and the
// end; then the same file again (nothing changed). `--without <trigger,…>` disables triggers on
// animals for a run (a profile by subtraction). A measurement, not a test.
//
//   npm exec -- node bench/import-apply-profile.ts [--rows 20000] [--piece 500] [--stage 500] [--without name,…]
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { animalRow, type ImportRun } from '#app/sync/pipeline.server.ts'
import { readSnapshot } from '#app/sync/formats/index.ts'
import { startHarness } from '#localbase/test/harness.ts'
import { petfinderLargeFile } from '#bench/sync-formats.ts'

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    piece: { type: 'string', default: '500' },
    stage: { type: 'string', default: '500' },
    without: { type: 'string', default: '' },
    times: { type: 'string', default: '2' },
    sql: { type: 'string', default: '' },
  },
})
const rows = Number(values.rows)
const piece = Number(values.piece)
const stage = Number(values.stage)
const log = (line: string) => console.log(`[apply profile] ${line}`)
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const spread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return `${times.length} × p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms`
}

const h = await startHarness({ seedFiles: [] })
try {
  const service = h.service() as SupabaseClient<Database>
  const signedIn = await h.signedIn(undefined, undefined, { user_type: 'shelter', shelter_name: 'Profiled Shelter' })
  const { data: shelter } = await service.from('shelter_profiles').select('id').eq('user_id', signedIn.userId).single()
  await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', shelter!.id)
  const { data: source, error } = await service
    .from('sync_sources')
    .insert({ shelter_id: shelter!.id, kind: 'upload', format: 'petfinder', name: 'Profiled' })
    .select('id')
    .single()
  if (error) throw error
  if (values.sql) await h.lb.db.exec(values.sql)
  for (const name of values.without.split(',').filter(Boolean)) await h.lb.db.query(`alter table public.animals disable trigger ${name}`)

  let started = performance.now()
  const snapshot = readSnapshot('petfinder', new TextEncoder().encode(petfinderLargeFile(rows)))
  log(`${rows} rows read in ${seconds(performance.now() - started)}`)
  const items = snapshot.animals.map(animalRow)

  for (let time = 1; time <= Number(values.times); time++) {
    const { data: run, error: startError } = await service.rpc('start_import', { source_id: source.id, trigger: 'upload' })
    if (startError) throw startError
    const runId = (run as ImportRun).id
    const staging: number[] = []
    started = performance.now()
    for (let at = 0; at < items.length; at += stage) {
      const t = performance.now()
      const staged = await service.rpc('add_import_rows', { run_id: runId, animals: items.slice(at, at + stage), errors: [] })
      if (staged.error) throw staged.error
      staging.push(performance.now() - t)
    }
    log(`import ${time}: staged in ${seconds(performance.now() - started)} (${spread(staging)})`)
    const applyStart = performance.now()
    let t = performance.now()
    const startedApplying = await service.rpc('start_applying_import', { run_id: runId, explicitly_empty: false })
    if (startedApplying.error) throw startedApplying.error
    log(`import ${time}: safety catch ${(performance.now() - t).toFixed(0)} ms`)
    let current = startedApplying.data as ImportRun
    const pieces: number[] = []
    while ((current.rows_applied ?? 0) < (current.rows_total ?? 0)) {
      t = performance.now()
      const applied = await service.rpc('apply_import_piece', { run_id: runId, max_rows: piece })
      if (applied.error) throw applied.error
      pieces.push(performance.now() - t)
      current = applied.data as ImportRun
    }
    t = performance.now()
    const completed = await service.rpc('complete_import', { run_id: runId })
    if (completed.error) throw completed.error
    const done = completed.data as ImportRun
    log(`import ${time}: pieces ${spread(pieces)}; end ${(performance.now() - t).toFixed(0)} ms`)
    const tenth = Math.max(1, Math.floor(pieces.length / 10))
    log(
      `import ${time}: pieces' p50 by tenth of the file: ${Array.from({ length: Math.ceil(pieces.length / tenth) }, (_, n) =>
        [...pieces.slice(n * tenth, (n + 1) * tenth)].sort((a, b) => a - b)[Math.floor(tenth / 2)]?.toFixed(0),
      ).join(', ')} ms`,
    )
    log(
      `import ${time}: applied in ${seconds(performance.now() - applyStart)}: ${done.added} added, ${done.updated} updated, ${done.unchanged} unchanged, ${done.removed} removed`,
    )
  }
  log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  )
} finally {
  await h.stop()
}
