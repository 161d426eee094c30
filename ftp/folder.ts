// A session's folder in the FTP drop (decision 034): ftp-srv's file system rooted in the
// session's temporary directory, with /import and /import/photos made at login, a size cap on
// writes, and every error turned into a plain message before ftp-srv answers it. ftp-srv puts
// an error's message in its reply, and Node's messages name the path on the server
// ("ENOENT: no such file or directory, open '/…/sessions/session-…/import/TX123.csv'"); a
// write stream's error with nobody listening ends the process.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, open, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Writable } from 'node:stream'
import { FileSystem, type FtpConnection } from 'ftp-srv'

/** The folders exporters expect to find (the Sync tab names /import). */
export const STANDARD_FOLDERS = ['import', 'import/photos']

/** An error whose message may be shown to the FTP client as it is. */
export class FolderError extends Error {}

const PLAIN_MESSAGES: Record<string, string> = {
  ENOENT: 'No such file or folder',
  ENAMETOOLONG: 'Name too long',
  ENOTDIR: 'Not a folder',
  EISDIR: 'Is a folder',
  EEXIST: 'Already exists',
  ENOTEMPTY: 'The folder is not empty',
  EACCES: 'Not allowed',
  EPERM: 'Not allowed',
  EINVAL: 'Not a valid name',
  ELOOP: 'Not a valid name',
  EBUSY: 'Busy; try again',
  ENOSPC: 'No space left here; try again later',
  EDQUOT: 'No space left here; try again later',
  EMFILE: 'Busy; try again',
  ENFILE: 'Busy; try again',
  // Node refuses a NUL in a path before the system sees it.
  ERR_INVALID_ARG_VALUE: 'Not a valid name',
  ERR_INVALID_ARG_TYPE: 'Not a valid name',
}

/** The error as the client may see it; anything unexpected is logged whole and answered plainly. */
export function plainError(error: unknown, log: (line: string) => void): FolderError {
  if (error instanceof FolderError) return error
  const code = (error as NodeJS.ErrnoException | null)?.code
  const known = code ? PLAIN_MESSAGES[code] : undefined
  if (known) return new FolderError(known)
  log(`unexpected file error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  return new FolderError('That did not work')
}

/** A write that grows past the cap fails its STOR (550), and a file that fails is removed. */
class CappedFile extends Writable {
  readonly path: string
  #out: WriteStream
  #bytes = 0
  #cap: number
  #log: (line: string) => void

  constructor(file: string, handle: Awaited<ReturnType<typeof open>>, cap: number, log: (line: string) => void) {
    super()
    this.path = file
    this.#cap = cap
    this.#log = log
    this.#out = createWriteStream(file, { fd: handle })
    this.#out.on('error', (error) => this.destroy(plainError(error, log)))
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.#bytes += chunk.length
    if (this.#bytes > this.#cap) {
      callback(new FolderError(`File too large: Pawhaven takes files of up to ${Math.round(this.#cap / 1024 / 1024)} MB`))
      return
    }
    this.#out.write(chunk, (error) => callback(error ? plainError(error, this.#log) : null))
  }

  override _final(callback: (error?: Error | null) => void) {
    this.#out.end((error?: Error | null) => callback(error ? plainError(error, this.#log) : null))
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (!this.#out.destroyed) this.#out.destroy()
    // A transfer cut off or refused leaves nothing half-written behind.
    if (error) unlink(this.path).catch(() => undefined)
    callback(error)
  }
}

/** ftp-srv's own file system in the session's folder, answering in plain words. */
export class DropFolder extends FileSystem {
  #cap: number
  #renamed: (fsPath: string) => void
  #log: (line: string) => void

  constructor(
    connection: FtpConnection,
    root: string,
    options: { cap: number; renamed: (fsPath: string) => void; log: (line: string) => void },
  ) {
    super(connection, { root, cwd: '/' })
    this.#cap = options.cap
    this.#renamed = options.renamed
    this.#log = options.log
  }

  /** Makes the folders exporters expect, in a new session's root. */
  static async prepare(root: string) {
    for (const folder of STANDARD_FOLDERS) await mkdir(path.join(root, folder), { recursive: true })
  }

  /** Runs one file-system step, turning whatever it throws into a plain message. */
  async #plainly<T>(step: () => T | Promise<T>): Promise<T> {
    try {
      return await step()
    } catch (error) {
      throw plainError(error, this.#log)
    }
  }

  /** ftp-srv's path resolution: `..` stops at the session's root, and an absolute path starts there. */
  #resolve(name: string | null | undefined) {
    if (typeof name !== 'string' || !name.trim()) throw new FolderError('A name is needed')
    const resolved = (this as unknown as { _resolvePath(p: string): { fsPath: string; clientPath: string } })._resolvePath(name)
    if (resolved.fsPath !== this.root && !resolved.fsPath.startsWith(this.root + path.sep)) throw new FolderError('Not allowed')
    return resolved
  }

  override get(fileName: string) {
    return this.#plainly(() => {
      this.#resolve(fileName)
      return super.get(fileName)
    })
  }

  override list(folder = '.') {
    return this.#plainly(() => {
      this.#resolve(folder)
      return super.list(folder)
    })
  }

  override chdir(folder = '.') {
    return this.#plainly(() => {
      this.#resolve(folder)
      return super.chdir(folder)
    })
  }

  override delete(name: string) {
    return this.#plainly(() => {
      this.#resolve(name)
      return super.delete(name)
    })
  }

  /** Answers with the folder as the client names it (ftp-srv's answer is the path on the server). */
  override mkdir(folder: string) {
    return this.#plainly(async () => {
      const { fsPath, clientPath } = this.#resolve(folder)
      await mkdir(fsPath, { recursive: true })
      return clientPath
    })
  }

  /** A file renamed into place (an upload under a temporary name) lands then. */
  override rename(from: string, to: string) {
    return this.#plainly(async () => {
      this.#resolve(from)
      const { fsPath } = this.#resolve(to)
      await super.rename(from, to)
      this.#renamed(fsPath)
    })
  }

  override chmod(name: string, mode: string) {
    return this.#plainly(() => {
      this.#resolve(name)
      return super.chmod(name, mode)
    })
  }

  /** Opens the file before the transfer starts, so a bad name is answered before any data. */
  override write(fileName: string, { append = false }: { append?: boolean; start?: unknown } = {}) {
    // Resuming mid-file is not offered: a listings file comes whole.
    return this.#plainly(async () => {
      const { fsPath, clientPath } = this.#resolve(fileName)
      const handle = await open(fsPath, append ? 'a' : 'w')
      return { stream: new CappedFile(fsPath, handle, this.#cap, this.#log), clientPath }
    })
  }

  override read(fileName: string) {
    return this.#plainly(async () => {
      const { fsPath, clientPath } = this.#resolve(fileName)
      const handle = await open(fsPath, 'r')
      if ((await handle.stat()).isDirectory()) {
        await handle.close()
        throw new FolderError('Is a folder')
      }
      const stream = createReadStream(fsPath, { fd: handle })
      stream.on('error', (error) => this.#log(`reading a file failed: ${error.message}`))
      return { stream, clientPath }
    })
  }
}
