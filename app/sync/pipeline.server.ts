// The import pipeline: a snapshot read by a format reader (app/sync/formats) goes to
// public.import_snapshot, which applies it in one transaction and records the run. A file that
// does not parse as a whole is recorded as a failed run that changed nothing. An upload is
// stored and queued instead (stored-files.server.ts), and the worker's import_file task stages
// it and applies it piece by piece (applyInPieces), each piece its own transaction.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '#app/types/database.ts'
// Relative imports with their extension: the worker, the FTP drop and the benches load this
// module in plain Node, outside the Remix build.
import { getSourceSetting, rememberSourceSetting } from '#app/models/sync.server.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { parseAdoptapetConfig, readSnapshot, type ImportConfig } from '#app/sync/formats/index.ts'
import { UnreadableSnapshot, type ImportedAnimal, type ParsedSnapshot, type RowError, type SnapshotFormat } from '#app/sync/types.ts'

type Client = SupabaseClient<Database>
export type ImportRun = Tables<'import_runs'>
export type RunTrigger = 'upload' | 'schedule' | 'api' | 'ftp' | 'manual'

/** One imported animal as a row of public.animals (the names import_snapshot reads), with its photo URLs. */
export function animalRow(animal: ImportedAnimal) {
  return {
    external_id: animal.externalId,
    name: animal.name,
    type: animal.type,
    primary_breed: animal.primaryBreed,
    secondary_breed: animal.secondaryBreed,
    mixed_breed: animal.mixedBreed,
    age_group: animal.ageGroup,
    birth_date: animal.birthDate,
    sex: animal.sex,
    size: animal.size,
    primary_color: animal.primaryColor,
    secondary_color: animal.secondaryColor,
    tertiary_color: animal.tertiaryColor,
    coat: animal.coat,
    good_with_children: animal.goodWithChildren,
    good_with_dogs: animal.goodWithDogs,
    good_with_cats: animal.goodWithCats,
    house_trained: animal.houseTrained,
    spayed_neutered: animal.spayedNeutered,
    vaccinations_current: animal.vaccinationsCurrent,
    special_needs: animal.specialNeeds,
    special_needs_notes: animal.specialNeedsNotes,
    adoption_fee: animal.adoptionFee,
    description: animal.description,
    status: animal.status,
    photos: animal.photos,
    // Only when there are bonds: a row without them hashes as it did before bonds existed.
    ...(animal.bondedWith?.length ? { bonded_with: animal.bondedWith } : {}),
  }
}

/** Rows per request while a snapshot is staged: a request stays around a megabyte or two. */
const ROWS_PER_REQUEST = 500

/** Stages one piece of a run's snapshot (animals, and rows the reader could not read). */
export async function stageRows(supabase: Client, runId: string, animals: ImportedAnimal[], errors: RowError[]): Promise<void> {
  const { error } = await supabase.rpc('add_import_rows', { run_id: runId, animals: animals.map(animalRow), errors })
  if (error) throw new BackendError('staging an import', error)
}

/**
 * Applies a snapshot to the source's listings: staged in pieces (a big file never has to fit in
 * one request), then applied in one transaction. The run says what changed, or why it is held.
 */
export async function applySnapshot(
  supabase: Client,
  sourceId: string,
  snapshot: Pick<ParsedSnapshot, 'animals' | 'errors' | 'explicitlyEmpty'>,
  { trigger, fileName }: { trigger: RunTrigger; fileName?: string | null },
): Promise<ImportRun> {
  const started = await supabase.rpc('start_import', { source_id: sourceId, trigger, file_name: fileName ?? undefined })
  if (started.error) throw new BackendError('starting an import', started.error)
  const runId = started.data.id
  const pieces = Math.max(Math.ceil(snapshot.animals.length / ROWS_PER_REQUEST), Math.ceil(snapshot.errors.length / ROWS_PER_REQUEST))
  try {
    for (let piece = 0; piece < pieces; piece++) {
      const range = [piece * ROWS_PER_REQUEST, (piece + 1) * ROWS_PER_REQUEST] as const
      await stageRows(supabase, runId, snapshot.animals.slice(...range), snapshot.errors.slice(...range))
    }
    const finished = await supabase.rpc('finish_import', { run_id: runId, explicitly_empty: snapshot.explicitlyEmpty })
    if (finished.error) throw new BackendError('applying an import', finished.error)
    return finished.data
  } catch (error) {
    // Nothing was applied: the run says so, and its staged rows go (best effort; the error stands).
    await supabase.rpc('abandon_import', {
      run_id: runId,
      message: 'This file could not be imported: nothing changed. Please send it again.',
    })
    throw error
  }
}

/**
 * Animals per transaction when a run is applied piece by piece: each holds the database for a
 * moment only. 1,000 applies 200,000 animals within a minute on PGlite while a page waits at most
 * one piece (docs/performance.md has the measurements at 500, 1,000 and 1,500).
 */
export const ANIMALS_PER_PIECE = 1000

/**
 * Applies a staged run piece by piece (the worker's way: each piece its own transaction, the
 * run counting them, so the run page shows progress and other requests get their turn): the
 * safety catch first, unless the run is already running (an attempt that stopped half way goes
 * on from where it stopped), then every animal, then the end (archiving, the counts).
 */
export async function applyInPieces(
  supabase: Client,
  run: ImportRun,
  {
    explicitlyEmpty,
    animalsPerPiece = ANIMALS_PER_PIECE,
    signal,
  }: { explicitlyEmpty: boolean; animalsPerPiece?: number; signal?: AbortSignal },
): Promise<ImportRun> {
  if (run.status === 'receiving') {
    const started = await supabase.rpc('start_applying_import', { run_id: run.id, explicitly_empty: explicitlyEmpty })
    // Another file of the source is being applied: this one's job comes back later.
    if (started.error?.code === 'PT409') throw new Error(started.error.message)
    if (started.error) throw new BackendError('starting to apply an import', started.error)
    run = started.data
  }
  while (run.status === 'running' && (run.rows_applied ?? 0) < (run.rows_total ?? 0)) {
    signal?.throwIfAborted()
    const applied = await supabase.rpc('apply_import_piece', { run_id: run.id, max_rows: animalsPerPiece })
    if (applied.error) throw new BackendError('applying an import', applied.error)
    // A piece that applied nothing means the count was off: the end checks that nothing is left.
    if ((applied.data.rows_applied ?? 0) === (run.rows_applied ?? 0)) {
      run = applied.data
      break
    }
    run = applied.data
  }
  if (run.status !== 'running') return run
  signal?.throwIfAborted()
  const completed = await supabase.rpc('complete_import', { run_id: run.id })
  if (completed.error) throw new BackendError('completing an import', completed.error)
  return completed.data
}

/** Records a file that could not be read at all: a failed run, nothing changed. */
export async function recordUnreadable(
  supabase: Client,
  sourceId: string,
  message: string,
  { trigger, fileName }: { trigger: RunTrigger; fileName?: string | null },
): Promise<ImportRun> {
  const { data, error } = await supabase.rpc('record_failed_import', {
    source_id: sourceId,
    message,
    trigger,
    file_name: fileName ?? undefined,
  })
  if (error) throw new BackendError('recording an import', error)
  return data
}

/** The setting an Adopt-a-Pet source keeps: the last import.cfg it was sent, as parsed. */
export const ADOPTAPET_CONFIG = 'adoptapet_config'

/**
 * The import.cfg an Adopt-a-Pet pets.csv reads with: the one sent beside it (kept for next
 * time), or else the last one the source was sent (ASM3 can stop sending it). Null for other
 * formats. A config that cannot be read throws UnreadableSnapshot.
 */
export async function importConfigFor(
  supabase: Client,
  source: { id: string; format: SnapshotFormat | null },
  config: { name: string; bytes: Uint8Array } | null | undefined,
): Promise<ImportConfig | null> {
  if (source.format !== 'adoptapet') return null
  if (config) {
    const importConfig = parseAdoptapetConfig(config.bytes)
    await rememberSourceSetting(supabase, source.id, ADOPTAPET_CONFIG, importConfig)
    return importConfig
  }
  return ((await getSourceSetting(supabase, source.id, ADOPTAPET_CONFIG)) as ImportConfig | null) ?? null
}

/**
 * A file of a source, read in the source's format and applied: a file dropped by FTP, a feed.
 * A file that cannot be read as a whole is a failed run that changed nothing.
 */
export async function importFile(
  supabase: Client,
  source: { id: string; format: SnapshotFormat | null },
  file: { name: string; bytes: Uint8Array },
  { trigger, config }: { trigger: RunTrigger; config?: { name: string; bytes: Uint8Array } | null },
): Promise<ImportRun> {
  const fileName = file.name || null
  if (!source.format) return recordUnreadable(supabase, source.id, 'This source does not take files.', { trigger, fileName })
  try {
    const importConfig = await importConfigFor(supabase, source, config)
    const snapshot = readSnapshot(source.format, file.bytes, { config: importConfig })
    return await applySnapshot(supabase, source.id, snapshot, { trigger, fileName })
  } catch (error) {
    if (error instanceof UnreadableSnapshot) return recordUnreadable(supabase, source.id, error.message, { trigger, fileName })
    throw error
  }
}
