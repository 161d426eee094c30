// What a pull connector's reader gives the pipeline (app/sync/pipeline.server.ts applySnapshot):
// a snapshot without a file format, since it came from an API.
import type { ParsedSnapshot } from '#app/sync/types.ts'

export type PulledSnapshot = Pick<ParsedSnapshot, 'animals' | 'errors' | 'explicitlyEmpty'>
