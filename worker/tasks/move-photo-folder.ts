// Moves a shelter's photos out of its creator's folder (<user id>/, where photos were stored
// before shelters were teams) into the shelter's own (<shelter id>/), rewrites the photos'
// storage_path, and then removes the folder from public.legacy_photo_folders, after which the
// storage policies no longer accept it. Enqueued per folder by the migration
// 20261125003100_move_legacy_photo_folders.sql. Safe to run again: a retry after a failure
// (or a crash between a move and its row) picks up where the last run stopped.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Json } from '#app/types/database.ts'
import { PermanentJobError, type TaskContext } from '#worker/runner.ts'

const BUCKET = 'animal-photos'
const PAGE = 100

export type MovePhotoFolderPayload = { shelter_id: string; from_folder: string }

export async function moveFolder(
  payload: Json,
  { supabase, log, signal }: Pick<TaskContext, 'supabase' | 'log' | 'signal'>,
): Promise<void> {
  const { shelter_id: shelterId, from_folder: from } = readPayload(payload)
  const legacy = await supabase.from('legacy_photo_folders').select('shelter_id').eq('folder', from).maybeSingle()
  if (legacy.error) throw new Error(`Could not read legacy photo folder ${from}: ${legacy.error.message}`)
  if (!legacy.data) {
    log(`photo folder ${from} was already moved`)
    return
  }
  if (legacy.data.shelter_id !== shelterId)
    throw new PermanentJobError(`Photo folder ${from} belongs to shelter ${legacy.data.shelter_id}, not ${shelterId}`)

  const bucket = supabase.storage.from(BUCKET)
  const newName = (name: string) => `${shelterId}/${name.slice(from.length + 1)}`
  const objects = await listObjects(supabase, from)
  for (const name of objects) {
    // Its lease lost, another worker is moving the folder: a retry picks up where both stopped.
    signal?.throwIfAborted()
    const moved = await bucket.move(name, newName(name))
    if (moved.error) throw new Error(`Could not move ${name}: ${moved.error.message}`)
    await pointPhotosAt(supabase, name, newName(name))
  }

  // Rows still naming the old folder whose picture is no longer there (moved by a run that
  // stopped before rewriting them, or never stored): the new address is the right one.
  const left = new Set(await listObjects(supabase, from))
  const stale = await supabase.from('animal_photos').select('storage_path').like('storage_path', `${from}/%`)
  if (stale.error) throw new Error(`Could not read the photos of ${from}: ${stale.error.message}`)
  for (const { storage_path: path } of stale.data) {
    if (path && !left.has(path)) await pointPhotosAt(supabase, path, newName(path))
  }
  // A photo uploaded there by an older app while this ran: move it on the next try.
  if (left.size) throw new Error(`${left.size} photos appeared in ${from} while it was moved`)

  const done = await supabase.from('legacy_photo_folders').delete().eq('folder', from)
  if (done.error) throw new Error(`Could not close legacy photo folder ${from}: ${done.error.message}`)
  log(`moved ${objects.length} photos of shelter ${shelterId} from ${from}/ to ${shelterId}/`)
}

function readPayload(payload: Json): MovePhotoFolderPayload {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
  const fields = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : {}
  const { shelter_id, from_folder } = fields
  if (typeof shelter_id !== 'string' || !uuid.test(shelter_id) || typeof from_folder !== 'string' || !uuid.test(from_folder)) {
    throw new PermanentJobError(`A move_photo_folder job needs a shelter_id and a from_folder (uuids): ${JSON.stringify(payload)}`)
  }
  return { shelter_id, from_folder }
}

async function pointPhotosAt(supabase: SupabaseClient<Database>, from: string, to: string): Promise<void> {
  const { error } = await supabase.from('animal_photos').update({ storage_path: to }).eq('storage_path', from)
  if (error) throw new Error(`Could not point the photos at ${to}: ${error.message}`)
}

/** Every object under `prefix`, by its full name: the Storage API lists one level at a time. */
async function listObjects(supabase: SupabaseClient<Database>, prefix: string): Promise<string[]> {
  const names: string[] = []
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await supabase.storage
      .from(BUCKET)
      .list(prefix, { limit: PAGE, offset, sortBy: { column: 'name', order: 'asc' } })
    if (error) throw new Error(`Could not list ${prefix}: ${error.message}`)
    for (const entry of data) {
      const name = `${prefix}/${entry.name}`
      // A folder has no id.
      if (entry.id === null) names.push(...(await listObjects(supabase, name)))
      else names.push(name)
    }
    if (data.length < PAGE) return names
  }
}
