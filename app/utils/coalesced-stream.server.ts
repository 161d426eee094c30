// The stream a page is rendered into. React writes a page in pieces of at most 2 KB (a search
// page is about 70), and each piece went on its own through the web stream Remix answers with,
// to Express, and to the socket as a write of its own (and through gzip as a flush of its own).
// Here the pieces written in one turn of the event loop leave as one chunk: the whole page when
// it is ready at once (every page today), each later part (a Suspense boundary's) as it comes.
import { Transform, type TransformCallback } from 'node:stream'

export class CoalescedStream extends Transform {
  #pieces: Buffer[] = []
  #scheduled = false

  override _transform(piece: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
    this.#pieces.push(typeof piece === 'string' ? Buffer.from(piece, encoding) : piece)
    if (!this.#scheduled) {
      this.#scheduled = true
      setImmediate(() => this.#send())
    }
    callback()
  }

  override _flush(callback: TransformCallback) {
    this.#send()
    callback()
  }

  #send() {
    this.#scheduled = false
    if (!this.#pieces.length) return
    const pieces = this.#pieces
    this.#pieces = []
    this.push(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces))
  }
}
