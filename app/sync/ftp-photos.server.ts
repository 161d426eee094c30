// Photo files dropped over FTP (`<ID>-<n>.<ext>`, decision 034) as stored photos of a source's
// animals. The FTP drop re-encodes a photo as it lands (processPhoto), then places it at once
// when the source has the animal, or keeps it in the private `ftp-photos` bucket until the
// animal arrives (decision 050): the FTP drop places waiting photos after each listings file it
// imports, and the worker's attach_ftp_photos job does when an animal arrives another way. Any
// FTP host, app server or worker sees the same waiting photos. Imported by the FTP drop and the
// worker, which run without a bundler: relative imports with extensions only.
import { createHash, randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import type { ProcessedPhoto } from '#app/utils/photo-processing.server.ts'

type Client = SupabaseClient<Database>

export const ANIMAL_PHOTOS_BUCKET = 'animal-photos'
export const WAITING_PHOTOS_BUCKET = 'ftp-photos'

/** Where a photo goes: a source's place n of the animal with an external id. */
export type FtpPhotoPlace = { sourceId: string; externalId: string; place: number }
export type PhotoAnimal = { id: string; shelter_id: string }
export type Placement = { placed: true } | { placed: false; reason: string }

/** Stores a re-encoded photo in the animal's folder and records it at its place (store_ftp_photo). */
export async function placeFtpPhoto(
  supabase: Client,
  where: FtpPhotoPlace,
  animal: PhotoAnimal,
  photo: ProcessedPhoto,
): Promise<Placement> {
  const hash = createHash('sha256').update(photo.data).digest('hex').slice(0, 32)
  const storagePath = `${animal.shelter_id}/${animal.id}/sync-${hash}.webp`
  const upload = await supabase.storage
    .from(ANIMAL_PHOTOS_BUCKET)
    .upload(storagePath, photo.data, { contentType: 'image/webp', cacheControl: '31536000', upsert: false })
  // 409: the same picture is already stored there (a retry, or the same file sent again).
  if (upload.error && statusOf(upload.error) !== 409) return { placed: false, reason: `Storage refused it (${upload.error.message})` }
  const placed = await supabase.rpc('store_ftp_photo', {
    source_id: where.sourceId,
    external_id: where.externalId,
    place: where.place,
    storage_path: storagePath,
    width: photo.width,
    height: photo.height,
  })
  if (placed.error) throw new Error(`Could not place ${storagePath}: ${placed.error.message}`)
  if (placed.data === null) {
    if (!upload.error) await supabase.storage.from(ANIMAL_PHOTOS_BUCKET).remove([storagePath])
    return { placed: false, reason: `animal ${where.externalId} has six other photos` }
  }
  if (placed.data && placed.data !== storagePath) await supabase.storage.from(ANIMAL_PHOTOS_BUCKET).remove([placed.data])
  return { placed: true }
}

/**
 * Keeps a re-encoded photo in ftp-photos for an animal the source does not have yet. A newer
 * file for the same place replaces the one waiting. Not held when Storage refuses it or the
 * source already has the most photos that may wait.
 */
export async function holdFtpPhoto(
  supabase: Client,
  where: FtpPhotoPlace & { fileName: string },
  photo: ProcessedPhoto,
): Promise<{ held: true } | { held: false; reason: string }> {
  const storagePath = `${where.sourceId}/${randomBytes(16).toString('hex')}.webp`
  const bucket = supabase.storage.from(WAITING_PHOTOS_BUCKET)
  const upload = await bucket.upload(storagePath, photo.data, { contentType: 'image/webp', upsert: false })
  if (upload.error) return { held: false, reason: `Storage refused it (${upload.error.message})` }
  const held = await supabase.rpc('hold_ftp_photo', {
    source_id: where.sourceId,
    external_id: where.externalId,
    place: where.place,
    storage_path: storagePath,
    width: photo.width,
    height: photo.height,
    file_name: where.fileName.slice(0, 255),
  })
  if (held.error || held.data === null) {
    await bucket.remove([storagePath])
    if (held.error) throw new Error(`Could not keep ${where.fileName} waiting: ${held.error.message}`)
    return { held: false, reason: 'too many photos are waiting for their animals already' }
  }
  if (held.data) await bucket.remove([held.data])
  return { held: true }
}

/** How many times attach looks again for photos whose animal arrived while it worked. */
const ATTACH_ROUNDS = 5

/**
 * Places the source's waiting photos whose animals now exist, and forgets them; returns how
 * many it placed. Safe to run in two processes at once: a photo is stored under a name made of
 * its bytes, and placing it twice changes nothing.
 */
export async function attachWaitingPhotos(supabase: Client, sourceId: string, log: (line: string) => void): Promise<number> {
  const bucket = supabase.storage.from(WAITING_PHOTOS_BUCKET)
  let placed = 0
  for (let round = 0; round < ATTACH_ROUNDS; round++) {
    const { data: ready, error } = await supabase.rpc('ftp_photos_ready', { source_id: sourceId })
    if (error) throw new Error(`Could not read the waiting photos of source ${sourceId}: ${error.message}`)
    if (!ready.length) break
    for (const photo of ready) {
      const label = `source ${sourceId}: ${photo.file_name}`
      const stored = await bucket.download(photo.storage_path)
      if (stored.error && !isMissing(stored.error)) throw new Error(`Could not read ${photo.storage_path}: ${stored.error.message}`)
      if (stored.data) {
        const bytes = Buffer.from(await stored.data.arrayBuffer())
        const where = { sourceId, externalId: photo.external_id, place: photo.place }
        const outcome = await placeFtpPhoto(
          supabase,
          where,
          { id: photo.animal_id, shelter_id: photo.shelter_id },
          {
            data: bytes,
            width: photo.width,
            height: photo.height,
          },
        )
        log(outcome.placed ? `${label} is photo ${photo.place} of animal ${photo.external_id}` : `${label} not placed: ${outcome.reason}`)
        if (outcome.placed) placed++
      } else {
        log(`${label} not placed: its waiting copy is gone`)
      }
      const released = await supabase.rpc('release_ftp_photo', { id: photo.id, storage_path: photo.storage_path })
      if (released.error) throw new Error(`Could not forget ${photo.storage_path}: ${released.error.message}`)
      if (released.data) await bucket.remove([photo.storage_path])
    }
  }
  return placed
}

/** The daily clean-up: photos that waited a week, and objects no waiting photo names; returns how many objects went. */
export async function expireWaitingPhotos(supabase: Client): Promise<number> {
  const { data: paths, error } = await supabase.rpc('expire_ftp_photos', {})
  if (error) throw new Error(`expire_ftp_photos failed: ${error.message}`)
  if (!paths.length) return 0
  const removed = await supabase.storage.from(WAITING_PHOTOS_BUCKET).remove(paths)
  if (removed.error) throw new Error(`Could not remove expired FTP photos: ${removed.error.message}`)
  return paths.length
}

function statusOf(error: object): number {
  return 'statusCode' in error ? Number(error.statusCode) : 0
}

/** storage-js reports a missing object as an error wrapping the 400/404 answer. */
function isMissing(error: Error): boolean {
  const status =
    (error as { originalError?: { status?: number }; status?: number }).originalError?.status ?? (error as { status?: number }).status
  return status === 400 || status === 404 || /not found/i.test(error.message)
}
