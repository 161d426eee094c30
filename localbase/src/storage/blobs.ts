// Where object bytes live. With a data dir: `${dataDir}/storage/<bucket>/<key>/#<version>`.
// Each key is a directory holding its current version file, like supabase/storage's file
// backend: so `a` and `a/b` can both exist, an upsert writes a new file beside the old one
// (the old bytes stay valid until the row points elsewhere), and `#` (refused in keys)
// keeps version files apart from child keys. Without a data dir, bytes stay in memory.
import { mkdir, readFile, rm, rmdir, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Localbase } from '#localbase/src/context.ts'
import type { Database } from '#localbase/src/db.ts'
import { isValidBucketName, isValidKey } from '#localbase/src/storage/paths.ts'

/** One stored version of one object. */
export type BlobRef = { bucket: string; key: string; version: string }

export type BlobStore = {
  write(ref: BlobRef, bytes: Buffer): Promise<void>
  /** The bytes, or undefined when there are none (or the reference is not a safe one). */
  read(ref: BlobRef): Promise<Buffer | undefined>
  /** Removes one version; a missing one is not an error. */
  remove(ref: BlobRef): Promise<void>
  removeBucket(bucket: string): Promise<void>
}

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Refs come from rows, and rows can be written by SQL: check them again before touching disk. */
function isSafeRef(ref: BlobRef): boolean {
  return isValidBucketName(ref.bucket) && isValidKey(ref.key) && VERSION.test(ref.version)
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

export class DiskBlobStore implements BlobStore {
  readonly root: string

  constructor(root: string) {
    this.root = path.resolve(root)
  }

  /** The file of a ref, or undefined when it would not lie inside the root. */
  fileOf(ref: BlobRef): string | undefined {
    if (!isSafeRef(ref)) return undefined
    const file = path.resolve(this.root, ref.bucket, ...ref.key.split('/'), `#${ref.version}`)
    return file.startsWith(this.bucketDir(ref.bucket) + path.sep) ? file : undefined
  }

  private bucketDir(bucket: string): string {
    return path.resolve(this.root, bucket)
  }

  async write(ref: BlobRef, bytes: Buffer) {
    const file = this.fileOf(ref)
    if (!file) throw new Error(`refusing to store bytes for ${ref.bucket}/${ref.key}`)
    // A concurrent removal may prune the fresh directory between mkdir and write: retry once.
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(file), { recursive: true })
      try {
        return await writeFile(file, bytes, { flag: 'wx' })
      } catch (error) {
        if (attempt > 0 || !isMissing(error)) throw error
      }
    }
  }

  async read(ref: BlobRef) {
    const file = this.fileOf(ref)
    if (!file) return undefined
    try {
      return await readFile(file)
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }

  async remove(ref: BlobRef) {
    const file = this.fileOf(ref)
    if (!file) return
    try {
      await unlink(file)
    } catch (error) {
      if (!isMissing(error)) throw error
    }
    // Prune the directories the key leaves empty, stopping at the bucket's.
    const stop = this.bucketDir(ref.bucket)
    for (let dir = path.dirname(file); dir !== stop && dir.startsWith(stop + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir)
      } catch {
        break
      }
    }
  }

  async removeBucket(bucket: string) {
    if (!isValidBucketName(bucket)) return
    await rm(this.bucketDir(bucket), { recursive: true, force: true })
  }
}

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>()

  private static id(ref: BlobRef) {
    return JSON.stringify([ref.bucket, ref.key, ref.version])
  }

  async write(ref: BlobRef, bytes: Buffer) {
    this.blobs.set(MemoryBlobStore.id(ref), Buffer.from(bytes))
  }

  async read(ref: BlobRef) {
    return this.blobs.get(MemoryBlobStore.id(ref))
  }

  async remove(ref: BlobRef) {
    this.blobs.delete(MemoryBlobStore.id(ref))
  }

  async removeBucket(bucket: string) {
    for (const id of this.blobs.keys()) if ((JSON.parse(id) as string[])[0] === bucket) this.blobs.delete(id)
  }
}

// One store per running localbase; keyed by its database, which lives exactly as long.
const stores = new WeakMap<Database, BlobStore>()

export function blobStore(lb: Localbase): BlobStore {
  let store = stores.get(lb.db)
  if (!store) {
    const { dataDir } = lb.config
    store = dataDir ? new DiskBlobStore(path.join(dataDir, 'storage')) : new MemoryBlobStore()
    stores.set(lb.db, store)
  }
  return store
}

/** Removes refs, never failing the request that already committed: leftovers only cost space. */
export async function removeQuietly(store: BlobStore, refs: Array<BlobRef | undefined>) {
  await Promise.all(refs.map((ref) => (ref ? store.remove(ref).catch(() => undefined) : undefined)))
}
