// The push API's reads and writes, for one caller (a key): every query names the key's source,
// because the service role it runs as is not held back by row-level security. The writes are
// the database's single-animal functions (supabase/migrations/20261126003000_api_keys.sql),
// which share apply_import's upsert; a whole snapshot is stored and imported by the worker, as
// an upload is (app/sync/stored-files.server.ts).
import type { Tables } from '#app/types/database.ts'
import { importedAnimalFromPush } from '#app/sync/formats/index.ts'
import type { PushAnimal } from '#app/sync/pawhaven-json-schema.ts'
import { animalRow, type ImportRun } from '#app/sync/pipeline.server.ts'
import { queueStoredFile } from '#app/sync/stored-files.server.ts'
import type { SnapshotFormat } from '#app/sync/types.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import type { ApiCaller } from '#app/api/guard.server.ts'
import type { ApiAnimal } from '#app/api/schemas.ts'

const ANIMAL_COLUMNS =
  'id, external_id, name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size, primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs, good_with_cats, house_trained, spayed_neutered, vaccinations_current, special_needs, special_needs_notes, adoption_fee, description, status, listed, source_photos, created_at, updated_at' as const

type AnimalRow = Pick<Tables<'animals'>, 'id' | 'external_id' | 'source_photos' | 'created_at' | 'updated_at' | 'listed' | 'status'> &
  Record<string, unknown>

/** A row as the API shows it (the vocabulary columns hold what the schema names: the table's checks). */
function toApiAnimal(row: AnimalRow): ApiAnimal {
  const { source_photos, ...fields } = row
  return {
    ...(fields as unknown as Omit<ApiAnimal, 'photos' | 'url' | 'external_id'>),
    external_id: row.external_id ?? '',
    adoption_fee: row.adoption_fee === null ? null : Number(row.adoption_fee),
    photos: Array.isArray(source_photos) ? source_photos.filter((url): url is string => typeof url === 'string') : [],
    url: `/animals/${row.id}`,
  }
}

export async function listApiAnimals(caller: ApiCaller, { page, perPage }: { page: number; perPage: number }) {
  const from = (page - 1) * perPage
  const { data, error, count } = await caller.service
    .from('animals')
    .select(ANIMAL_COLUMNS, { count: 'exact' })
    .eq('shelter_id', caller.shelterId)
    .eq('source_id', caller.sourceId)
    .order('external_id')
    .range(from, from + perPage - 1)
  if (error) throw new BackendError('listing API animals', error)
  return { animals: data.map(toApiAnimal), total: count ?? 0 }
}

export async function getApiAnimal(caller: ApiCaller, externalId: string): Promise<ApiAnimal | null> {
  const { data, error } = await caller.service
    .from('animals')
    .select(ANIMAL_COLUMNS)
    .eq('shelter_id', caller.shelterId)
    .eq('source_id', caller.sourceId)
    .eq('external_id', externalId)
    .maybeSingle()
  if (error) throw new BackendError('reading an API animal', error)
  return data ? toApiAnimal(data) : null
}

/** Adds or replaces one animal of the caller's source (mapped like a snapshot's items); whether it was added. */
export async function putApiAnimal(caller: ApiCaller, animal: PushAnimal): Promise<{ outcome: 'added' | 'updated' | 'unchanged' }> {
  const { data, error } = await caller.service.rpc('api_put_animal', {
    source_id: caller.sourceId,
    animal: animalRow(importedAnimalFromPush(animal)),
  })
  if (error) throw new BackendError('writing an API animal', error)
  return { outcome: (data as { outcome: 'added' | 'updated' | 'unchanged' }).outcome }
}

/** Archives one animal of the caller's source; false when it has none by that id. */
export async function archiveApiAnimal(caller: ApiCaller, externalId: string): Promise<boolean> {
  const { data, error } = await caller.service.rpc('api_archive_animal', { source_id: caller.sourceId, external_id: externalId })
  if (error) throw new BackendError('archiving an API animal', error)
  return data !== null
}

export async function setApiAnimalStatus(caller: ApiCaller, externalId: string, status: PushAnimal['status']): Promise<boolean> {
  const { data, error } = await caller.service.rpc('api_set_animal_status', { source_id: caller.sourceId, external_id: externalId, status })
  if (error) throw new BackendError('changing an API animal’s status', error)
  return data !== null
}

/**
 * A whole snapshot file of the caller's source, stored and queued: the worker reads and applies
 * it as it does an upload, so a large file never holds the web server. The run is queued.
 */
export function queueApiSnapshot(caller: ApiCaller, format: SnapshotFormat, bytes: Uint8Array): Promise<ImportRun> {
  const name = `api.${format === 'pawhaven-json' || format === 'asm3-json' ? 'json' : 'csv'}`
  return queueStoredFile(caller.service, caller.service, caller.sourceId, { name, bytes }, { trigger: 'api', format })
}

const RUN_COLUMNS =
  'id, status, format, rows_read, rows_total, rows_applied, added, updated, unchanged, removed, failed, message, started_at, finished_at' as const

/** A run of the caller's source with its failed rows (the first 1,000), or null. */
export async function getApiRun(caller: ApiCaller, runId: string) {
  const { data: run, error } = await caller.service
    .from('import_runs')
    .select(RUN_COLUMNS)
    .eq('shelter_id', caller.shelterId)
    .eq('source_id', caller.sourceId)
    .eq('id', runId)
    .maybeSingle()
  if (error && error.code !== '22P02') throw new BackendError('reading an API run', error)
  if (!run) return null
  const errors = await caller.service
    .from('import_run_errors')
    .select('line, external_id, reason')
    .eq('run_id', run.id)
    .order('id')
    .limit(1000)
  if (errors.error) throw new BackendError('reading an API run’s failed rows', errors.error)
  return { ...run, errors: errors.data }
}
