// How the Sync tab names a source's way in and says where it stands, for the pages (no
// server-only imports): 'Shelterluv', 'Upload · Petfinder import CSV', 'Last pull … · Paused'.
import { intervalLabel, PULL_KIND_LABELS } from '#app/sync/pull-options.ts'
import { SNAPSHOT_FORMAT_LABELS, type SnapshotFormat } from '#app/sync/types.ts'

export const SOURCE_KINDS = ['upload', 'ftp', 'feed', 'shelterluv', 'rescuegroups', 'asm3', 'api'] as const
export type SourceKind = (typeof SOURCE_KINDS)[number]
export const SOURCE_KIND_LABELS: Record<SourceKind, string> = {
  upload: 'Upload',
  ftp: 'FTP drop',
  ...PULL_KIND_LABELS,
  api: 'API',
}

type Source = {
  kind: string
  format: string | null
  pull_interval_minutes: number | null
  paused: boolean
  last_pulled_at: string | null
  consecutive_failures: number
}

/** The way in, and for files the format: 'Upload · Petfinder import CSV', 'FTP drop · …', 'Feed URL', 'API'. */
export function sourceKindLabel(source: Pick<Source, 'kind' | 'format'>): string {
  const kind = SOURCE_KIND_LABELS[source.kind as SourceKind] ?? source.kind
  // A feed is read in whatever format it serves; only uploads and FTP drops name theirs.
  const format =
    source.format && (source.kind === 'upload' || source.kind === 'ftp') ? SNAPSHOT_FORMAT_LABELS[source.format as SnapshotFormat] : null
  return format ? `${kind} · ${format}` : kind
}

/**
 * A pulled source's schedule and state in a line ('Every 15 minutes · Paused'), or null for a
 * source that is not pulled.
 */
export function pullScheduleLabel(source: Source): string | null {
  if (source.pull_interval_minutes === null) return null
  const state = source.paused ? 'Paused' : source.consecutive_failures ? `Failing (${source.consecutive_failures} in a row)` : 'Active'
  return `${intervalLabel(source.pull_interval_minutes)} · ${state}`
}

/** What a source without a run yet says in its place. */
export function noRunYet(source: Source): string {
  if (source.pull_interval_minutes !== null) return source.paused ? 'No pull yet.' : 'No pull yet: the first starts within a minute.'
  if (source.kind === 'api') return 'No snapshot yet: single animals your software sends show at once.'
  return 'No file yet.'
}
