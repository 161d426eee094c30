// Shelterluv API v1: the pages of
// GET /api/v1/animals?status_type=publishable&offset=N, 100 animals a page until has_more is
// false. Keyed on Internal-ID (ID is often ""). Pure: the worker (worker/tasks/pull-source.ts)
// fetches the pages, this reads them into a snapshot with the readers' shared mapping.
//
// What Shelterluv does not say, we do not guess: good-with and house-trained live in
// per-shelter attributes (unknown here, so not known: null), Altered "Yes" is spayed/neutered,
// "No" is not, and a blank is not known. Statuses are the shelter's own words: one that says adoption is pending is pending,
// every other publishable one is available. Stub records (only ID, Internal-ID and Status, seen
// in unfiltered answers) are left out. Microchips, fosters and previous ids are never read.
import { UnreadableSnapshot, type ImportedStatus } from '#app/sync/types.ts'
import { birthDateFromMonths, isRecord, jsonText, parseYesNo, todayIso } from '#app/sync/formats/mapping.ts'
import { buildAnimal, requireExternalId, snapshotBuilder, type LeftOut, type ListingFields } from '#app/sync/formats/snapshot.ts'
import type { PulledSnapshot } from '#app/sync/formats/pulled.ts'

export const SHELTERLUV_PAGE_SIZE = 100

export type ShelterluvPage = { animals: unknown[]; hasMore: boolean; totalCount: number | null }

/** One page's envelope: `{success: 1, animals, has_more, total_count}`; an UnreadableSnapshot when it is not one. */
export function readShelterluvPage(body: unknown): ShelterluvPage {
  if (!isRecord(body)) throw new UnreadableSnapshot('Shelterluv answered with something other than a list of animals.')
  if (Number(body.success) !== 1) {
    const message =
      typeof body.error_message === 'string' && body.error_message.trim() ? `: ${body.error_message.trim().slice(0, 300)}` : ''
    throw new UnreadableSnapshot(`Shelterluv refused the request${message}.`)
  }
  if (!Array.isArray(body.animals)) throw new UnreadableSnapshot('Shelterluv answered without a list of animals.')
  const total = Number(body.total_count)
  return {
    animals: body.animals,
    hasMore: body.has_more === true || body.has_more === 1 || body.has_more === 'true',
    totalCount: Number.isFinite(total) ? total : null,
  }
}

/** The animals of every page, in order, as a snapshot; `today` (YYYY-MM-DD) for birth dates. */
export function readShelterluvAnimals(animals: unknown[], { today = todayIso() }: { today?: string } = {}): PulledSnapshot {
  // (JSON items: the builder says "at item N" for them, as for our own JSON.)
  const snapshot = snapshotBuilder('pawhaven-json')
  animals.forEach((item, index) => {
    const record = isRecord(item) ? item : {}
    snapshot.row(index + 1, jsonText(record['Internal-ID']), () => readAnimal(record, today))
  })
  const { animals: read, errors } = snapshot.done()
  // An empty answer is not the market's "remove all": a key that lost its rights answers the
  // same, so a drop that large is held for a person like any other.
  return { animals: read, errors, explicitlyEmpty: false }
}

function readAnimal(item: Record<string, unknown>, today: string): ReturnType<typeof buildAnimal> | LeftOut {
  const externalId = requireExternalId(jsonText(item['Internal-ID']), 'Internal-ID')
  if (!('Name' in item) && !('Type' in item)) return { leftOut: true, externalId }
  const fields: ListingFields = {
    externalId,
    name: jsonText(item.Name),
    type: jsonText(item.Type),
    primaryBreed: jsonText(item.Breed),
    secondaryBreed: null,
    mixed: null,
    age: null,
    birthDate: birthDate(item, today),
    sex: jsonText(item.Sex),
    size: jsonText(item.Size),
    colors: (jsonText(item.Color) ?? '').split('/').map((color) => (/^\s*none\s*$/i.test(color) ? null : color)),
    coat: null,
    goodWithChildren: 'unknown',
    goodWithDogs: 'unknown',
    goodWithCats: 'unknown',
    houseTrained: null,
    spayedNeutered: parseYesNo(jsonText(item.Altered)),
    vaccinationsCurrent: null,
    specialNeeds: null,
    specialNeedsNotes: null,
    adoptionFee: isRecord(item.AdoptionFeeGroup) ? jsonText(item.AdoptionFeeGroup.Price) : null,
    description: jsonText(item.Description),
    status: status(jsonText(item.Status)),
    photos: [photoUrl(item.CoverPhoto), ...(Array.isArray(item.Photos) ? item.Photos.map(photoUrl) : [])],
  }
  return buildAnimal(fields, { name: 'Name', type: 'Type' }, today)
}

/** DOBUnixTime (seconds, a number or a string) as a date; else a birth month from Age (months). */
function birthDate(item: Record<string, unknown>, today: string): string | null {
  const seconds = Number(item.DOBUnixTime)
  if (item.DOBUnixTime !== '' && item.DOBUnixTime !== null && Number.isFinite(seconds) && seconds > 0) {
    return new Date(seconds * 1000).toISOString().slice(0, 10)
  }
  const months = Number(item.Age)
  return item.Age !== null && item.Age !== '' && Number.isFinite(months) ? birthDateFromMonths(months, today) : null
}

function status(value: string | null): ImportedStatus {
  return value && /pending/i.test(value) && /adopt/i.test(value) ? 'pending' : 'available'
}

/** A photo as Shelterluv lists it: a URL, or an object with one. */
function photoUrl(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (isRecord(value)) return jsonText(value.url) ?? jsonText(value.URL)
  return null
}
