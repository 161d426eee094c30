// Stores copies of a synced animal's photos (decision 030). import_snapshot keeps
// the snapshot's photo URLs in animals.source_photos, shows the https ones as they are, and
// enqueues this job for each animal whose list changed. Here each of the first six URLs that
// has no stored copy yet is fetched with hard limits (worker/safe-fetch.ts), re-encoded like an
// upload (processPhoto), stored as <shelter id>/<animal id>/sync-<hash of the URL>.webp and put
// in the URL's place by store_synced_photo. A URL that cannot be had is logged and skipped,
// keeping its https row if it had one: the list's next change tries again, nothing sooner.
// Last, the sync- copies no photo row names any more (the list dropped them) leave Storage.
import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Json } from '#app/types/database.ts'
import { isPlaceholderPhotoUrl } from '#app/sync/photo-urls.ts'
import { PhotoError, processPhoto } from '#app/utils/photo-processing.server.ts'
import { PermanentJobError, type Task, type TaskContext } from '#worker/runner.ts'
import { FetchRefused, fetchPicture, type FetchPolicy } from '#worker/safe-fetch.ts'

const BUCKET = 'animal-photos'
const MAX_PHOTOS = 6
/** The prefix of the names this task gives: whatever else is in an animal's folder was uploaded by a person. */
export const SYNCED_COPY_PREFIX = 'sync-'
/** Runs through the list again when a snapshot changed it meanwhile, this many times at most. */
const MAX_PASSES = 3

export type FetchSyncedPhotosOptions = { fetchPolicy?: FetchPolicy }
type Context = Pick<TaskContext, 'supabase' | 'log' | 'signal'>

type SyncedAnimal = {
  id: string
  shelter_id: string
  source_photos: Json | null
  animal_photos: Array<{ storage_path: string | null; source_url: string | null }>
}

export function fetchSyncedPhotosTask(options: FetchSyncedPhotosOptions = {}): Task {
  return (payload, context) => fetchSyncedPhotos(payload, context, options)
}

export async function fetchSyncedPhotos(
  payload: Json,
  context: Context,
  { fetchPolicy = {} }: FetchSyncedPhotosOptions = {},
): Promise<void> {
  const animalId = readPayload(payload)
  const failed = new Set<string>()
  let list: string | undefined
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const animal = await readAnimal(context.supabase, animalId)
    if (!animal) {
      context.log(`animal ${animalId} is gone or no longer synced: no photos to fetch`)
      return
    }
    // The job is one per animal while pending: a snapshot that changed the list while this
    // ran enqueued nothing, so look again until the list holds still.
    const current = JSON.stringify(animal.source_photos)
    if (current === list) return
    list = current
    await storeCopies(animal, context, fetchPolicy, failed)
    await removeUnshownCopies(animal, context)
  }
}

async function storeCopies(animal: SyncedAnimal, { supabase, log, signal }: Context, fetchPolicy: FetchPolicy, failed: Set<string>) {
  const urls = photoUrls(animal.source_photos)
  const stored = new Set(animal.animal_photos.filter((photo) => photo.storage_path).map((photo) => photo.source_url))
  let fetched = 0
  for (const [index, url] of urls.entries()) {
    const label = `photo ${index + 1} of animal ${animal.id} (${url})`
    if (stored.has(url) || failed.has(url) || urls.indexOf(url) !== index) continue
    // Its lease lost, another worker may be fetching the same photos: leave them to it.
    signal?.throwIfAborted()
    if (isPlaceholderPhotoUrl(url)) {
      log(`${label} skipped: a placeholder or a video, not a photo`)
      await removeExternalRow(supabase, animal.id, url)
      continue
    }
    let processed
    try {
      const picture = await fetchPicture(url, fetchPolicy)
      processed = await processPhoto(picture.bytes, 'The picture')
    } catch (error) {
      if (!(error instanceof FetchRefused || error instanceof PhotoError)) throw error
      failed.add(url)
      log(`${label} skipped: ${error.message}`)
      continue
    }
    const path = `${animal.shelter_id}/${animal.id}/${SYNCED_COPY_PREFIX}${createHash('sha256').update(url).digest('hex').slice(0, 32)}.webp`
    const upload = await supabase.storage
      .from(BUCKET)
      .upload(path, processed.data, { contentType: 'image/webp', cacheControl: '31536000', upsert: false })
    // 409: stored by a run that stopped before placing it; the name is the URL's, so it is this picture.
    const status = upload.error && 'statusCode' in upload.error ? Number(upload.error.statusCode) : 0
    if (upload.error && status !== 409) {
      if (status < 400 || status >= 500) throw new Error(`Could not store ${path}: ${upload.error.message}`)
      // Refused for good (the shelter's storage quota, a size limit): the https row stays.
      failed.add(url)
      log(`${label} skipped: Storage refused it (${upload.error.message})`)
      continue
    }
    const placed = await supabase.rpc('store_synced_photo', {
      animal_id: animal.id,
      source_url: url,
      storage_path: path,
      width: processed.width,
      height: processed.height,
    })
    if (placed.error) throw new Error(`Could not place ${path}: ${placed.error.message}`)
    if (placed.data) fetched += 1
    else log(`${label} dropped: no longer listed when it was stored`)
  }
  log(`animal ${animal.id}: ${fetched} photos fetched and stored, ${urls.length} listed`)
}

/** The snapshot's photo URLs in order, at most six (as import_snapshot places them). */
function photoUrls(sourcePhotos: Json | null): string[] {
  if (!Array.isArray(sourcePhotos)) return []
  return sourcePhotos.slice(0, MAX_PHOTOS).map((url) => (typeof url === 'string' ? url : ''))
}

/** A placeholder shown as it came (an https one): the animal is better without it. */
async function removeExternalRow(supabase: SupabaseClient<Database>, animalId: string, url: string) {
  const { error } = await supabase.from('animal_photos').delete().eq('animal_id', animalId).eq('source_url', url).is('storage_path', null)
  if (error) throw new Error(`Could not remove the placeholder of animal ${animalId}: ${error.message}`)
}

/** The copies this task stored that no photo row names any more; uploads are never touched. */
async function removeUnshownCopies(animal: SyncedAnimal, { supabase, log }: Context) {
  const folder = `${animal.shelter_id}/${animal.id}`
  const names: string[] = []
  for (let offset = 0; ; offset += 100) {
    const { data, error } = await supabase.storage.from(BUCKET).list(folder, { limit: 100, offset })
    if (error) throw new Error(`Could not list ${folder}: ${error.message}`)
    names.push(
      ...data.filter((entry) => entry.id !== null && entry.name.startsWith(SYNCED_COPY_PREFIX)).map((entry) => `${folder}/${entry.name}`),
    )
    if (data.length < 100) break
  }
  if (!names.length) return
  const { data: rows, error } = await supabase
    .from('animal_photos')
    .select('storage_path')
    .eq('animal_id', animal.id)
    .not('storage_path', 'is', null)
  if (error) throw new Error(`Could not read the photos of animal ${animal.id}: ${error.message}`)
  const shown = new Set(rows.map((row) => row.storage_path))
  const unshown = names.filter((name) => !shown.has(name))
  if (!unshown.length) return
  const removed = await supabase.storage.from(BUCKET).remove(unshown)
  if (removed.error) throw new Error(`Could not remove the dropped photos of animal ${animal.id}: ${removed.error.message}`)
  log(`animal ${animal.id}: removed ${unshown.length} stored photos the listing no longer has`)
}

async function readAnimal(supabase: SupabaseClient<Database>, animalId: string): Promise<SyncedAnimal | null> {
  const { data, error } = await supabase
    .from('animals')
    .select('id, shelter_id, source_id, source_photos, animal_photos (storage_path, source_url)')
    .eq('id', animalId)
    .maybeSingle()
  if (error) throw new Error(`Could not read animal ${animalId}: ${error.message}`)
  if (!data || !data.source_id) return null
  return data
}

function readPayload(payload: Json): string {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
  const animalId = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload.animal_id : undefined
  if (typeof animalId !== 'string' || !uuid.test(animalId)) {
    throw new PermanentJobError(`A fetch_synced_photos job needs an animal_id (a uuid): ${JSON.stringify(payload)}`)
  }
  return animalId
}
