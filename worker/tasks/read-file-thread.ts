// Reads a listings file in a thread of its own, so the worker's event loop (its job leases,
// its other jobs) keeps running while a 200,000-row file is read: the format readers are
// synchronous and take seconds on a file that size. The snapshot comes back in pieces the size
// of a staging request, each cheap to pass between threads.
import { parentPort, workerData } from 'node:worker_threads'
import { readSnapshot, type ImportConfig } from '#app/sync/formats/index.ts'
import { UnreadableSnapshot, type SnapshotFormat } from '#app/sync/types.ts'

export type ReadRequest = { format: SnapshotFormat; bytes: Uint8Array; config: ImportConfig | null; piece: number }
export type ReadMessage =
  | { kind: 'rows'; animals: ReturnType<typeof readSnapshot>['animals']; errors: ReturnType<typeof readSnapshot>['errors'] }
  | { kind: 'done'; explicitlyEmpty: boolean; animals: number; errors: number }
  | { kind: 'unreadable'; message: string }
  | { kind: 'failed'; message: string }

const { format, bytes, config, piece } = workerData as ReadRequest
const post = (message: ReadMessage) => parentPort!.postMessage(message)
try {
  const snapshot = readSnapshot(format, bytes, { config })
  const pieces = Math.max(Math.ceil(snapshot.animals.length / piece), Math.ceil(snapshot.errors.length / piece))
  for (let index = 0; index < pieces; index++) {
    post({
      kind: 'rows',
      animals: snapshot.animals.slice(index * piece, (index + 1) * piece),
      errors: snapshot.errors.slice(index * piece, (index + 1) * piece),
    })
  }
  post({ kind: 'done', explicitlyEmpty: snapshot.explicitlyEmpty, animals: snapshot.animals.length, errors: snapshot.errors.length })
} catch (error) {
  if (error instanceof UnreadableSnapshot) post({ kind: 'unreadable', message: error.message })
  else post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
}
