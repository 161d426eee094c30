// Imports a stored listings file (an upload the web server answered at once): reads it in a
// thread of its own, stages its rows as they come, then applies them piece by piece (the safety
// catch, the animals a few thousand at a time, the end), the run counting each step so its page
// shows progress. A run found half read is read again; one found half applied goes on. While
// another file of its source is being read or applied, the run stays queued and the job comes
// back a few seconds later (its attempt not counted). The stored file is removed once the run
// is over, whatever the outcome.
import { Worker } from 'node:worker_threads'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { DeferJobError, PermanentJobError, type Task } from '#worker/runner.ts'
import { ANIMALS_PER_PIECE, applyInPieces, importConfigFor, stageRows, type ImportRun } from '#app/sync/pipeline.server.ts'
import { readStoredFile, removeFinishedFiles } from '#app/sync/stored-files.server.ts'
import { UnreadableSnapshot, isOpenRun, type SnapshotFormat } from '#app/sync/types.ts'
import type { ImportConfig } from '#app/sync/formats/index.ts'
import type { ReadMessage, ReadRequest } from '#worker/tasks/read-file-thread.ts'

type Client = SupabaseClient<Database>

const MISSING_FILE = 'The file was not found where it was kept: nothing changed. Please send it again.'
const NO_FORMAT = 'This source does not take files.'
/** How long a file waits before it looks again whether its source's other import is over. */
const TURN_SECONDS = 5

export type ImportFileOptions = {
  /** Rows per staging request. */
  rowsPerRequest?: number
  /** Animals per transaction while applying. */
  animalsPerPiece?: number
}

export function importFileTask({ rowsPerRequest = 500, animalsPerPiece = ANIMALS_PER_PIECE }: ImportFileOptions = {}): Task {
  return async (payload, { supabase, log, signal }) => {
    const runId = (payload as { run_id?: unknown } | null)?.run_id
    // A payload no retry can mend: the job gives up at once.
    if (typeof runId !== 'string') throw new PermanentJobError('import_file needs a run_id')
    const taken = await supabase.rpc('take_queued_import', { run_id: runId })
    // No such run (or not a run id at all): nothing to import.
    if (taken.error?.code === 'PT404' || taken.error?.code === '22P02') return log(`import_file: run ${runId} is gone`)
    if (taken.error) throw new Error(`take_queued_import failed: ${taken.error.message}`)
    let run: ImportRun = taken.data
    // Another file of the source is being read or applied: this one waits its turn, queued.
    if (run.status === 'queued') throw new DeferJobError(`run ${run.id} waits for its source's other import`, TURN_SECONDS)
    const started = Date.now()
    if (run.status === 'receiving') run = await readAndStage(supabase, run, { rowsPerRequest, signal })
    if (run.status === 'receiving' || run.status === 'running')
      run = await applyInPieces(supabase, run, { explicitlyEmpty: run.explicitly_empty, animalsPerPiece, signal })
    if (!isOpenRun(run.status)) {
      await removeFinishedFiles(supabase, [run])
      log(
        `import_file: run ${run.id} ${run.status} in ${Date.now() - started} ms: ${run.rows_read ?? 0} rows read, ` +
          `${run.added} added, ${run.updated} updated, ${run.unchanged} unchanged, ${run.removed} removed, ${run.failed} failed`,
      )
    }
  }
}

/**
 * Reads a receiving run's stored file and stages its rows. Returns the run, still receiving with
 * everything staged, or failed (a file that cannot be read as a whole, or is gone: nothing changed).
 */
async function readAndStage(
  supabase: Client,
  run: ImportRun,
  { rowsPerRequest, signal }: { rowsPerRequest: number; signal?: AbortSignal },
): Promise<ImportRun> {
  const abandon = async (message: string) => {
    const { data, error } = await supabase.rpc('abandon_import', { run_id: run.id, message })
    if (error) throw new Error(`abandon_import failed: ${error.message}`)
    return data
  }
  const { data: source, error } = await supabase.from('sync_sources').select('id, format').eq('id', run.source_id).single()
  if (error) throw new Error(`reading the run's source failed: ${error.message}`)
  // A file posted to the API may say its own format; any other is in its source's.
  const format = (run.format ?? source.format) as SnapshotFormat | null
  if (!format) return abandon(NO_FORMAT)
  const bytes = run.file_path ? await readStoredFile(supabase, run.file_path) : null
  if (!bytes) return abandon(MISSING_FILE)
  const configBytes = run.config_path ? await readStoredFile(supabase, run.config_path) : null
  let config: ImportConfig | null
  try {
    config = await importConfigFor(supabase, { id: source.id, format }, configBytes ? { name: 'import.cfg', bytes: configBytes } : null)
  } catch (problem) {
    if (problem instanceof UnreadableSnapshot) return abandon(problem.message)
    throw problem
  }
  signal?.throwIfAborted()

  // Rows are staged in order as the thread hands them over; the thread never waits for that.
  let staging = Promise.resolve()
  let outcome: Extract<ReadMessage, { kind: 'done' | 'unreadable' | 'failed' }> | undefined
  await new Promise<void>((resolve, reject) => {
    // The file's bytes move to the thread rather than being copied: this side is done with them.
    const thread = new Worker(new URL('./read-file-thread.ts', import.meta.url), {
      workerData: { format, bytes, config, piece: rowsPerRequest } satisfies ReadRequest,
      transferList: [bytes.buffer as ArrayBuffer],
    })
    const stop = () => void thread.terminate()
    signal?.addEventListener('abort', stop, { once: true })
    thread.on('message', (message: ReadMessage) => {
      if (message.kind === 'rows') {
        staging = staging.then(() => {
          signal?.throwIfAborted()
          return stageRows(supabase, run.id, message.animals, message.errors)
        })
        // Awaited once the thread is done; until then a failure must not count as unhandled,
        // and the thread need not read what can no longer be staged.
        staging.catch(stop)
      } else outcome = message
    })
    thread.on('error', reject)
    thread.on('exit', () => {
      signal?.removeEventListener('abort', stop)
      resolve()
    })
  })
  await staging
  signal?.throwIfAborted()
  if (!outcome) throw new Error('The file reader stopped without an answer')
  if (outcome.kind === 'unreadable') return abandon(outcome.message)
  if (outcome.kind === 'failed') throw new Error(`reading the file failed: ${outcome.message}`)
  const { data: staged, error: readError } = await supabase.from('import_runs').select('*').eq('id', run.id).single()
  if (readError) throw new Error(`reading the run failed: ${readError.message}`)
  return { ...staged, explicitly_empty: outcome.explicitlyEmpty }
}
