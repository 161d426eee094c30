// What happens to a file that lands in a shelter's FTP folder (issue 13 §3.4, decision 034).
// A listings file is imported in the source's format through the same pipeline as an upload
// (trigger 'ftp'); Adopt-a-Pet's import.cfg is kept for the pets.csv that follows (or the
// next ones: ASM3 can stop sending it); a photo named `<ID>-<n>.<ext>` is re-encoded like an
// upload and placed at place n of the source's animal with that external id. A photo for an
// animal the source does not have yet (ASM3 sends photos before the csv) waits on disk and is
// placed after the source's next import. Work for one source runs one file at a time, in the
// order the files landed.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../app/types/database.ts'
import { isImportConfigName, parseAdoptapetConfig, petfinderPhotoFileIndex } from '../app/sync/formats/index.ts'
import { rememberSourceSetting } from '../app/models/sync.server.ts'
import { ADOPTAPET_CONFIG, importFile, type ImportRun } from '../app/sync/pipeline.server.ts'
import type { SnapshotFormat } from '../app/sync/types.ts'
import { PhotoError, processPhoto } from '../app/utils/photo-processing.server.ts'

const BUCKET = 'animal-photos'
const MAX_PHOTOS = 6
/** How long a photo waits for its animal's listing before it is dropped. */
const PENDING_PHOTO_MS = 24 * 60 * 60 * 1000
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|bmp|tiff?|heic)$/i
/** A file still on its way (uploaded under a temporary name, renamed when whole), or a hidden one. */
const IN_PROGRESS_FILE = /^\.|\.(tmp|temp|part|filepart|partial|crdownload)$/i

export type DropSource = { id: string; shelterId: string; format: SnapshotFormat | null; name: string }
export type Landed =
  { kind: 'listings'; run: ImportRun } | { kind: 'config' } | { kind: 'photo'; placed: boolean } | { kind: 'ignored'; reason: string }

export type DropOptions = {
  supabase: SupabaseClient<Database>
  /** Where photos wait for their animal: <pendingDir>/<source id>/<file name>. */
  pendingDir: string
  log: (line: string) => void
}

export function createDropHandler({ supabase, pendingDir, log }: DropOptions) {
  const queues = new Map<string, Promise<unknown>>()

  /** Runs `work` after the source's earlier files. */
  function inTurn<T>(sourceId: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(sourceId) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(work)
    const settled = next.catch(() => undefined)
    queues.set(sourceId, settled)
    void settled.then(() => {
      if (queues.get(sourceId) === settled) queues.delete(sourceId)
    })
    return next
  }

  async function land(source: DropSource, fileName: string, bytes: Uint8Array): Promise<Landed> {
    const name = path.basename(fileName)
    if (IN_PROGRESS_FILE.test(name)) return { kind: 'ignored', reason: `${name} is not whole yet` }
    if (isImportConfigName(name)) {
      if (source.format !== 'adoptapet') return { kind: 'ignored', reason: `${name} is only read for Adopt-a-Pet files` }
      await rememberSourceSetting(supabase, source.id, ADOPTAPET_CONFIG, parseAdoptapetConfig(bytes))
      log(`source ${source.id}: kept ${name}`)
      return { kind: 'config' }
    }
    if (IMAGE_FILE.test(name)) return { kind: 'photo', placed: await placePhoto(source, name, bytes, true) }
    const run = await importFile(supabase, { id: source.id, format: source.format }, { name, bytes }, { trigger: 'ftp' })
    log(
      `source ${source.id}: ${name} imported (run ${run.id}, ${run.status}: ${run.added} added, ${run.updated} updated, ${run.removed} removed, ${run.failed} failed)`,
    )
    await placePendingPhotos(source)
    return { kind: 'listings', run }
  }

  /** Places a photo file; one whose animal the source does not have yet waits (when `keep`). */
  async function placePhoto(source: DropSource, name: string, bytes: Uint8Array, keep: boolean): Promise<boolean> {
    const index = petfinderPhotoFileIndex(name, await knownIds(source.id, name))
    const target = index && index.position <= MAX_PHOTOS ? await animalOf(source.id, index.externalId) : null
    if (!index || index.position > MAX_PHOTOS) {
      log(`source ${source.id}: ${name} skipped: not named <ID>-<n> with n from 1 to ${MAX_PHOTOS}`)
      return false
    }
    if (!target) {
      if (keep) {
        const folder = path.join(pendingDir, source.id)
        await mkdir(folder, { recursive: true })
        await writeFile(path.join(folder, name), bytes)
        log(`source ${source.id}: ${name} waits for animal ${index.externalId}`)
      }
      return false
    }
    let processed
    try {
      processed = await processPhoto(Buffer.from(bytes), 'The picture')
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error
      log(`source ${source.id}: ${name} skipped: ${error.message}`)
      return true
    }
    const hash = createHash('sha256').update(processed.data).digest('hex').slice(0, 32)
    const storagePath = `${target.shelter_id}/${target.id}/sync-${hash}.webp`
    const upload = await supabase.storage
      .from(BUCKET)
      .upload(storagePath, processed.data, { contentType: 'image/webp', cacheControl: '31536000', upsert: false })
    const status = upload.error && 'statusCode' in upload.error ? Number(upload.error.statusCode) : 0
    if (upload.error && status !== 409) {
      log(`source ${source.id}: ${name} skipped: Storage refused it (${upload.error.message})`)
      return true
    }
    const placed = await supabase.rpc('store_ftp_photo', {
      source_id: source.id,
      external_id: index.externalId,
      place: index.position,
      storage_path: storagePath,
      width: processed.width,
      height: processed.height,
    })
    if (placed.error) throw new Error(`Could not place ${storagePath}: ${placed.error.message}`)
    if (placed.data === null) {
      if (!upload.error) await supabase.storage.from(BUCKET).remove([storagePath])
      log(`source ${source.id}: ${name} not placed: animal ${index.externalId} has six other photos`)
      return true
    }
    if (placed.data && placed.data !== storagePath) await supabase.storage.from(BUCKET).remove([placed.data])
    log(`source ${source.id}: ${name} is photo ${index.position} of animal ${index.externalId}`)
    return true
  }

  /** After an import: the photos that waited for their animals. */
  async function placePendingPhotos(source: DropSource) {
    const folder = path.join(pendingDir, source.id)
    const names = await readdir(folder).catch(() => [] as string[])
    for (const name of names.sort()) {
      const file = path.join(folder, name)
      const info = await stat(file).catch(() => null)
      if (!info) continue
      if (Date.now() - info.mtimeMs > PENDING_PHOTO_MS) {
        await rm(file, { force: true })
        log(`source ${source.id}: ${name} dropped: no animal with its id came within a day`)
        continue
      }
      if (await placePhoto(source, name, await readFile(file), false)) await rm(file, { force: true })
    }
  }

  /** The source's external ids a photo's name could be for ("SH-12.jpg": SH-12's cover, or SH's 12th). */
  async function knownIds(sourceId: string, name: string): Promise<Set<string>> {
    const stem = name.replace(IMAGE_FILE, '')
    const candidates = [stem, stem.replace(/-\d{1,2}$/, '')]
    const { data, error } = await supabase.from('animals').select('external_id').eq('source_id', sourceId).in('external_id', candidates)
    if (error) throw new Error(`Could not read the animals of source ${sourceId}: ${error.message}`)
    const ids = new Set(data.map((row) => row.external_id).filter((id): id is string => id !== null))
    // None yet: the name's first reading, so the photo can wait for that id.
    if (!ids.size) ids.add(petfinderPhotoFileIndex(name)?.externalId ?? stem)
    return ids
  }

  async function animalOf(sourceId: string, externalId: string) {
    const { data, error } = await supabase
      .from('animals')
      .select('id, shelter_id')
      .eq('source_id', sourceId)
      .eq('external_id', externalId)
      .maybeSingle()
    if (error) throw new Error(`Could not read animal ${externalId} of source ${sourceId}: ${error.message}`)
    return data
  }

  return {
    /** Handles a file that landed, after the source's earlier ones. */
    land: (source: DropSource, fileName: string, bytes: Uint8Array) => inTurn(source.id, () => land(source, fileName, bytes)),
    /** Resolves when every file handed in so far is handled. */
    idle: async () => {
      while (queues.size) await Promise.all(queues.values())
    },
  }
}
