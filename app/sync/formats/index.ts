// The format readers: pure functions from a file's bytes to a ParsedSnapshot
// (../types.ts). docs/decisions/029-sync-formats.md says how they read and why.
import type { SnapshotFormat } from '#app/sync/types.ts'
import { parseAdoptapetConfig, readAdoptapet, type ImportConfig } from '#app/sync/formats/adoptapet.ts'
import { type SnapshotBytes } from '#app/sync/formats/decode.ts'
import { readAsm3Json } from '#app/sync/formats/asm3-service.ts'
import { readPawhavenJson } from '#app/sync/formats/pawhaven-json.ts'
import { readPetfinder } from '#app/sync/formats/petfinder.ts'
import { readRescueGroups } from '#app/sync/formats/rescuegroups.ts'
import { type ReadSnapshot } from '#app/sync/formats/snapshot.ts'

export { detectFormat, isImportConfigName } from '#app/sync/formats/detect.ts'
export { parseAdoptapetConfig, readAdoptapet, type ImportConfig } from '#app/sync/formats/adoptapet.ts'
export { readPawhavenJson, importedAnimalFromPush, describeIssues } from '#app/sync/formats/pawhaven-json.ts'
export { readPetfinder, PETFINDER_COLUMNS, PETFINDER_OLD_COLUMNS } from '#app/sync/formats/petfinder.ts'
export { readRescueGroups } from '#app/sync/formats/rescuegroups.ts'
export { petfinderPhotoFileIndex, type PhotoFileIndex } from '#app/sync/formats/photos.ts'
export { ageGroupFromMonths, birthDateFromMonths, mapBreeds, mapSize, mapType, todayIso } from '#app/sync/formats/mapping.ts'
export { cleanDescription, repairMojibake } from '#app/sync/formats/text.ts'
export type { ReadSnapshot } from '#app/sync/formats/snapshot.ts'
export type { TextEncoding, SnapshotBytes } from '#app/sync/formats/decode.ts'

export type ReadOptions = {
  /** Adopt-a-Pet's import.cfg (parsed or its text), or a legacy Petfinder column map. */
  config?: ImportConfig | string | null
  /** Today as YYYY-MM-DD, for birth dates; defaults to the clock. */
  today?: string
}

/** Reads a snapshot file in the given format; throws UnreadableSnapshot when it cannot be read as a whole. */
export function readSnapshot(format: SnapshotFormat, input: SnapshotBytes, options: ReadOptions = {}): ReadSnapshot {
  switch (format) {
    case 'petfinder': {
      const { config } = options
      return readPetfinder(input, { today: options.today, config: typeof config === 'string' ? parseAdoptapetConfig(config) : config })
    }
    case 'adoptapet':
      return readAdoptapet(input, options.config, { today: options.today })
    case 'rescuegroups':
      return readRescueGroups(input, { today: options.today })
    case 'pawhaven-json':
      return readPawhavenJson(input)
    case 'asm3-json':
      return readAsm3Json(input, { today: options.today })
  }
}

export { readShelterluvPage, readShelterluvAnimals, SHELTERLUV_PAGE_SIZE, type ShelterluvPage } from '#app/sync/formats/shelterluv.ts'
export {
  readRescueGroupsPage,
  readRescueGroupsAnimals,
  RESCUEGROUPS_PAGE_SIZE,
  type RescueGroupsPage,
} from '#app/sync/formats/rescuegroups-v5.ts'
export type { PulledSnapshot } from '#app/sync/formats/pulled.ts'
export {
  asm3AdoptableUrl,
  readAsm3Answer,
  readAsm3Animals,
  readAsm3Json,
  ASM3_ACCOUNT,
  ASM3_HOSTED_SERVICE,
} from '#app/sync/formats/asm3-service.ts'
