// Listing sync as the dashboard's Sync tab reads it (supabase/migrations/20261126002000_listing_sync.sql),
// through the member's own client: row-level security keeps it to the shelter's owners and admins.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { SnapshotFormat } from '#app/sync/types.ts'
import type { Database, Json, Tables } from '#app/types/database.ts'
// Relative, with its extension: app/sync/pipeline.server.ts (and so the worker) loads this in plain Node.
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>

const SOURCE_COLUMNS = 'id, kind, format, name, created_at, pull_interval_minutes, paused, last_pulled_at, consecutive_failures' as const
const RUN_COLUMNS =
  'id, source_id, status, trigger, file_name, added, updated, unchanged, removed, failed, message, started_at, finished_at, rows_read, rows_total, rows_applied' as const

export type SyncSource = Pick<
  Tables<'sync_sources'>,
  'id' | 'kind' | 'format' | 'name' | 'created_at' | 'pull_interval_minutes' | 'paused' | 'last_pulled_at' | 'consecutive_failures'
>
export type RunSummary = Pick<
  Tables<'import_runs'>,
  | 'id'
  | 'source_id'
  | 'status'
  | 'trigger'
  | 'file_name'
  | 'added'
  | 'updated'
  | 'unchanged'
  | 'removed'
  | 'failed'
  | 'message'
  | 'started_at'
  | 'finished_at'
  | 'rows_read'
  | 'rows_total'
  | 'rows_applied'
>

/** How long the tab keeps runs in view. */
export const RUN_HISTORY_DAYS = 30

export async function getSources(supabase: Client, shelterId: string): Promise<SyncSource[]> {
  const { data, error } = await supabase.from('sync_sources').select(SOURCE_COLUMNS).eq('shelter_id', shelterId).order('created_at')
  if (error) throw new BackendError('reading sync sources', error)
  return data
}

export async function getSource(supabase: Client, shelterId: string, id: string): Promise<SyncSource> {
  const { data, error } = await supabase.from('sync_sources').select(SOURCE_COLUMNS).eq('shelter_id', shelterId).eq('id', id).maybeSingle()
  if (error && error.code !== '22P02') throw new BackendError('reading a sync source', error)
  if (!data) throw new Response('Source not found', { status: 404 })
  return data
}

/** The shelter's runs of the last 30 days (of one source, if given), newest first. */
export async function getRuns(supabase: Client, shelterId: string, sourceId?: string): Promise<RunSummary[]> {
  const since = new Date(Date.now() - RUN_HISTORY_DAYS * 86_400_000).toISOString()
  let query = supabase.from('import_runs').select(RUN_COLUMNS).eq('shelter_id', shelterId).gte('started_at', since)
  if (sourceId) query = query.eq('source_id', sourceId)
  const { data, error } = await query.order('started_at', { ascending: false }).limit(200)
  if (error) throw new BackendError('reading sync runs', error)
  return data
}

export async function getRun(supabase: Client, shelterId: string, id: string): Promise<RunSummary> {
  const { data, error } = await supabase.from('import_runs').select(RUN_COLUMNS).eq('shelter_id', shelterId).eq('id', id).maybeSingle()
  if (error && error.code !== '22P02') throw new BackendError('reading a sync run', error)
  if (!data) throw new Response('Run not found', { status: 404 })
  return data
}

export async function getRunErrors(supabase: Client, runId: string) {
  const { data, error } = await supabase.from('import_run_errors').select('line, external_id, reason').eq('run_id', runId).order('id')
  if (error) throw new BackendError('reading a run’s failed rows', error)
  return data
}

/** Adds an upload source; a refusal (a name already taken) comes back as its message. */
export async function createUploadSource(
  supabase: Client,
  name: string,
  format: SnapshotFormat,
): Promise<{ source: SyncSource } | { refusal: string }> {
  const { data, error } = await supabase.rpc('create_sync_source', { kind: 'upload', name, format })
  if (error?.code === '22023') return { refusal: error.message }
  if (error) throw new BackendError('adding a sync source', error)
  return { source: data }
}

/**
 * Applies a held run after all, or discards it; returns the run that holds the outcome, or the
 * refusal of a run that is no longer held (a 409). A run that is not there, not the member's
 * shelter's or not an id is a thrown 404.
 */
export async function decideHeldRun(supabase: Client, runId: string, apply: boolean): Promise<{ run: RunSummary } | { refusal: string }> {
  const { data, error } = await supabase.rpc('decide_held_import', { run_id: runId, apply })
  if (error?.code === 'PT409') return { refusal: error.message }
  if (error?.code === 'PT404' || error?.code === '22P02' || error?.code === '42501') throw new Response('Run not found', { status: 404 })
  if (error) throw new BackendError('deciding a held run', error)
  return { run: data }
}

/** A setting the source keeps between runs (Adopt-a-Pet's last import.cfg), or null. */
export async function getSourceSetting(supabase: Client, sourceId: string, setting: string): Promise<unknown> {
  const { data, error } = await supabase.rpc('sync_source_setting', { source_id: sourceId, setting })
  if (error) throw new BackendError('reading a sync source’s settings', error)
  return data
}

export async function rememberSourceSetting(supabase: Client, sourceId: string, setting: string, value: unknown): Promise<void> {
  // Cast: a setting is whatever JSON the source's form stored (checked by the form's schema).
  const { error } = await supabase.rpc('remember_sync_source_setting', { source_id: sourceId, setting, value: value as Json })
  if (error) throw new BackendError('saving a sync source’s settings', error)
}
