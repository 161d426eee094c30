// Listings files that wait for the worker: stored in the private `sync-files` bucket with the
// service role (nobody else can read or write there), recorded as a queued run by the member who
// sent them (queue_import checks they manage the source), and removed once their run is over.
// The web server stores an upload and answers at once; the worker's import_file task reads it.
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '#app/types/database.ts'
// Relative, with its extension: the worker loads this module in plain Node.
import { BackendError } from '#app/utils/backend.server.ts'
import type { RunTrigger } from '#app/sync/pipeline.server.ts'
import type { SnapshotFormat } from '#app/sync/types.ts'

type Client = SupabaseClient<Database>

export const SYNC_FILES_BUCKET = 'sync-files'

type StoredFile = { name: string; bytes: Uint8Array }

/**
 * Stores a file (and an Adopt-a-Pet import.cfg beside it) under the source's folder, then queues
 * its run as `supabase`, the member who sent it (or the service role for the FTP drop and the
 * API). `format` is for a file not in its source's format (the API's ?format=). Returns the
 * queued run. Nothing is left stored when the run cannot be queued.
 */
export async function queueStoredFile(
  supabase: Client,
  service: Client,
  sourceId: string,
  file: StoredFile,
  { trigger, config, format }: { trigger: RunTrigger; config?: StoredFile | null; format?: SnapshotFormat },
): Promise<Tables<'import_runs'>> {
  const key = randomUUID()
  const filePath = `${sourceId}/${key}.file`
  const configPath = config ? `${sourceId}/${key}.cfg` : null
  const stored: string[] = []
  try {
    for (const [path, part] of [[filePath, file] as const, ...(config && configPath ? [[configPath, config] as const] : [])]) {
      const { error } = await service.storage
        .from(SYNC_FILES_BUCKET)
        .upload(path, part.bytes, { contentType: 'application/octet-stream', upsert: false })
      if (error) throw new BackendError('storing a listings file', error)
      stored.push(path)
    }
    const { data, error } = await supabase.rpc('queue_import', {
      source_id: sourceId,
      file_path: filePath,
      config_path: configPath ?? undefined,
      trigger,
      file_name: file.name || undefined,
      format,
    })
    if (error) throw new BackendError('queueing an import', error)
    return data
  } catch (error) {
    if (stored.length) await service.storage.from(SYNC_FILES_BUCKET).remove(stored)
    throw error
  }
}

/** A stored file's bytes, or null when it is not there (removed, or never stored). */
export async function readStoredFile(service: Client, path: string): Promise<Uint8Array | null> {
  const { data, error } = await service.storage.from(SYNC_FILES_BUCKET).download(path)
  if (error) {
    // storage-js reports a missing object as a StorageUnknownError wrapping the 400/404 answer.
    const status =
      (error as { originalError?: { status?: number }; status?: number }).originalError?.status ?? (error as { status?: number }).status
    if (status === 400 || status === 404 || /not found/i.test(error.message)) return null
    throw new BackendError('reading a stored listings file', error)
  }
  return new Uint8Array(await data.arrayBuffer())
}

/** Removes the stored files of runs that are over, and forgets them; returns how many runs' files went. */
export async function removeFinishedFiles(
  service: Client,
  runs?: Array<Pick<Tables<'import_runs'>, 'id' | 'file_path' | 'config_path'>>,
): Promise<number> {
  let files = runs?.map((run) => ({ run_id: run.id, file_path: run.file_path, config_path: run.config_path }))
  if (!files) {
    const { data, error } = await service.rpc('finished_import_files', {})
    if (error) throw new BackendError('listing finished listings files', error)
    files = data
  }
  const paths = files.flatMap((file) => [file.file_path, file.config_path].filter((path): path is string => Boolean(path)))
  if (!paths.length) return 0
  const removed = await service.storage.from(SYNC_FILES_BUCKET).remove(paths)
  if (removed.error) throw new BackendError('removing listings files', removed.error)
  const { error } = await service.rpc('forget_import_files', { run_ids: files.map((file) => file.run_id) })
  if (error) throw new BackendError('forgetting listings files', error)
  return files.length
}
