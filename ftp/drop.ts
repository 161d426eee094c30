// What happens to a file that lands in a shelter's FTP folder (decision 034).
// A listings file is stored and queued like an upload (trigger 'ftp'): the worker reads and
// applies it in the source's format, so a large file never holds this process. Adopt-a-Pet's
// import.cfg is kept for the pets.csv that follows (or the next ones: ASM3 can stop sending
// it); a photo named `<ID>-<n>.<ext>` is re-encoded like an upload and placed at place n of the
// source's animal with that external id. A photo for an animal the source does not have yet
// (ASM3 sends photos before the csv) waits in Storage (app/sync/ftp-photos.server.ts), and the
// worker places it when the animal arrives (a trigger on animals queues attach_ftp_photos).
// Work for one source runs one file at a time, in the order the files landed.
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { isImportConfigName, parseAdoptapetConfig, petfinderPhotoFileIndex } from '#app/sync/formats/index.ts'
import { rememberSourceSetting } from '#app/models/sync.server.ts'
import { ADOPTAPET_CONFIG, type ImportRun } from '#app/sync/pipeline.server.ts'
import { queueStoredFile } from '#app/sync/stored-files.server.ts'
import type { SnapshotFormat } from '#app/sync/types.ts'
import { holdFtpPhoto, placeFtpPhoto } from '#app/sync/ftp-photos.server.ts'
import { PhotoError, processPhoto } from '#app/utils/photo-processing.server.ts'

const MAX_PHOTOS = 6
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|bmp|tiff?|heic)$/i
/** A file still on its way (uploaded under a temporary name, renamed when whole), or a hidden one. */
const IN_PROGRESS_FILE = /^\.|\.(tmp|temp|part|filepart|partial|crdownload)$/i

export type DropSource = { id: string; shelterId: string; format: SnapshotFormat | null; name: string }
export type Landed =
  { kind: 'listings'; run: ImportRun } | { kind: 'config' } | { kind: 'photo'; placed: boolean } | { kind: 'ignored'; reason: string }

export type DropOptions = {
  supabase: SupabaseClient<Database>
  log: (line: string) => void
}

export function createDropHandler({ supabase, log }: DropOptions) {
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
    if (IMAGE_FILE.test(name)) return { kind: 'photo', placed: await placePhoto(source, name, bytes) }
    const run = await queueStoredFile(supabase, supabase, source.id, { name, bytes }, { trigger: 'ftp' })
    log(`source ${source.id}: ${name} queued for import (run ${run.id})`)
    return { kind: 'listings', run }
  }

  /** Places a photo file, re-encoded; one whose animal the source does not have yet waits in Storage. */
  async function placePhoto(source: DropSource, name: string, bytes: Uint8Array): Promise<boolean> {
    const index = petfinderPhotoFileIndex(name, await knownIds(source.id, name))
    if (!index || index.position > MAX_PHOTOS) {
      log(`source ${source.id}: ${name} skipped: not named <ID>-<n> with n from 1 to ${MAX_PHOTOS}`)
      return false
    }
    let processed
    try {
      processed = await processPhoto(Buffer.from(bytes), 'The picture')
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error
      log(`source ${source.id}: ${name} skipped: ${error.message}`)
      return false
    }
    const where = { sourceId: source.id, externalId: index.externalId, place: index.position }
    const target = await animalOf(source.id, index.externalId)
    if (!target) {
      const waiting = await holdFtpPhoto(supabase, { ...where, fileName: name }, processed)
      log(`source ${source.id}: ${name} ${waiting.held ? `waits for animal ${index.externalId}` : `skipped: ${waiting.reason}`}`)
      return false
    }
    const outcome = await placeFtpPhoto(supabase, where, target, processed)
    log(
      `source ${source.id}: ${name} ${outcome.placed ? `is photo ${index.position} of animal ${index.externalId}` : `not placed: ${outcome.reason}`}`,
    )
    return outcome.placed
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
    /**
     * Photos an older drop kept waiting on this host's disk (`<dir>/<source id>/<file>`): each is
     * handled as if it landed now (placed, or kept waiting in Storage), then the folder goes.
     */
    adoptDiskPhotos: async (dir: string) => {
      const sources = await readdir(dir).catch(() => [] as string[])
      for (const sourceId of sources) {
        const folder = path.join(dir, sourceId)
        for (const name of (await readdir(folder).catch(() => [] as string[])).sort()) {
          try {
            const bytes = await readFile(path.join(folder, name))
            await inTurn(sourceId, () => placePhoto({ id: sourceId, shelterId: '', format: null, name: '' }, name, bytes))
          } catch (error) {
            log(`source ${sourceId}: ${name} from the disk not handled: ${String(error)}`)
          }
        }
      }
      await rm(dir, { recursive: true, force: true }).catch((error: unknown) => log(`could not remove ${dir}: ${String(error)}`))
    },
    /** Resolves when every file handed in so far is handled. */
    idle: async () => {
      while (queues.size) await Promise.all(queues.values())
    },
  }
}
