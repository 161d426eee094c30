// RescueGroups API v5: JSON:API pages of
// an organization's available animals, GET /v5/public/orgs/{org}/animals/search/available
// ?include=pictures,species,colors&limit=100&page=N, until meta.pages. Pure: the worker fetches
// the pages (worker/tasks/pull-source.ts), this reads them with the readers' shared mapping.
//
// A good-with flag that is absent is unknown (RescueGroups leaves the key out); the other is*
// flags are true only when sent true. specialNeedsDetails is kept only when isSpecialNeeds says
// so (shelters write return notes there). descriptionHtml is preferred: cleanDescription drops
// its tracking pixel and repairs the live API's mojibake. isAdoptionPending → pending.
import { UnreadableSnapshot, type ImportedStatus } from '#app/sync/types.ts'
import type { GoodWithAnswer } from '#app/utils/vocabulary.ts'
import { isRecord, jsonText, todayIso } from '#app/sync/formats/mapping.ts'
import { buildAnimal, requireExternalId, snapshotBuilder, type ListingFields } from '#app/sync/formats/snapshot.ts'
import type { PulledSnapshot } from '#app/sync/formats/pulled.ts'

export const RESCUEGROUPS_PAGE_SIZE = 100

type Resource = { type: string; id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> }
export type RescueGroupsPage = { data: Resource[]; included: Resource[]; pages: number }

/** One page's document: `{meta, data: [...], included: [...]}`; an UnreadableSnapshot when it is not one. */
export function readRescueGroupsPage(body: unknown): RescueGroupsPage {
  if (!isRecord(body)) throw new UnreadableSnapshot('RescueGroups answered with something other than a list of animals.')
  if (Array.isArray(body.errors) && body.errors.length) {
    const first = isRecord(body.errors[0]) ? (jsonText(body.errors[0].detail) ?? jsonText(body.errors[0].title)) : null
    throw new UnreadableSnapshot(`RescueGroups refused the request${first ? `: ${first.slice(0, 300)}` : ''}.`)
  }
  // An organization with no animals answers without data at all.
  const data = body.data === undefined ? [] : body.data
  if (!Array.isArray(data)) throw new UnreadableSnapshot('RescueGroups answered without a list of animals.')
  const meta = isRecord(body.meta) ? body.meta : {}
  const pages = Number(meta.pages)
  return {
    data: data.map(resource),
    included: Array.isArray(body.included) ? body.included.map(resource) : [],
    pages: Number.isFinite(pages) && pages > 0 ? pages : 1,
  }
}

/** The animals of every page, in order, as a snapshot; `today` (YYYY-MM-DD) for birth dates. */
export function readRescueGroupsAnimals(pages: RescueGroupsPage[], { today = todayIso() }: { today?: string } = {}): PulledSnapshot {
  const included = new Map<string, Resource>()
  for (const page of pages) for (const item of page.included) included.set(`${item.type}:${item.id}`, item)
  const related = (item: Resource, name: string): Resource[] => {
    const link = item.relationships[name]
    const data = isRecord(link) && Array.isArray(link.data) ? link.data : []
    return data.flatMap((ref) => (isRecord(ref) ? (included.get(`${jsonText(ref.type)}:${jsonText(ref.id)}`) ?? []) : []))
  }
  // (JSON items: the builder says "at item N" for them, as for our own JSON.)
  const snapshot = snapshotBuilder('pawhaven-json')
  let position = 0
  for (const page of pages) {
    for (const item of page.data) {
      position += 1
      if (item.type !== 'animals') continue
      snapshot.row(position, item.id || null, () => readAnimal(item, related, today))
    }
  }
  const { animals, errors } = snapshot.done()
  // An empty answer is not the market's "remove all" (see shelterluv.ts): a drop that large is held.
  return { animals, errors, explicitlyEmpty: false }
}

function readAnimal(item: Resource, related: (item: Resource, name: string) => Resource[], today: string) {
  const a = item.attributes
  const species = related(item, 'species')[0]
  const pictures = related(item, 'pictures').sort((x, y) => (Number(x.attributes.order) || 0) - (Number(y.attributes.order) || 0))
  const specialNeeds = yesNo(a.isSpecialNeeds)
  const fields: ListingFields = {
    externalId: requireExternalId(item.id, 'id'),
    name: jsonText(a.name),
    type: species ? (jsonText(species.attributes.singular) ?? jsonText(species.attributes.name)) : null,
    primaryBreed: jsonText(a.breedPrimary),
    secondaryBreed: jsonText(a.breedSecondary),
    mixed: typeof a.isBreedMixed === 'boolean' ? a.isBreedMixed : null,
    age: jsonText(a.ageGroup),
    birthDate: jsonText(a.birthDate),
    sex: jsonText(a.sex),
    size: jsonText(a.sizeGroup),
    colors: related(item, 'colors').map((color) => jsonText(color.attributes.name)),
    coat: jsonText(a.coatLength),
    goodWithChildren: answer(a.isKidsOk),
    goodWithDogs: answer(a.isDogsOk),
    goodWithCats: answer(a.isCatsOk),
    houseTrained: yesNo(a.isHousetrained),
    spayedNeutered: yesNo(a.isAltered),
    vaccinationsCurrent: yesNo(a.isCurrentVaccinations),
    specialNeeds,
    specialNeedsNotes: specialNeeds ? jsonText(a.specialNeedsDetails) : null,
    adoptionFee: jsonText(a.adoptionFeeString),
    description: jsonText(a.descriptionHtml) ?? jsonText(a.descriptionText),
    status: (a.isAdoptionPending === true ? 'pending' : 'available') satisfies ImportedStatus,
    photos: pictures.map((picture) => pictureUrl(picture.attributes)),
  }
  return buildAnimal(fields, { name: 'name', type: 'species' }, today)
}

/** The largest size a picture resource names. */
function pictureUrl(attributes: Record<string, unknown>): string | null {
  for (const size of ['original', 'large', 'small']) {
    const value = attributes[size]
    if (isRecord(value) && jsonText(value.url)) return jsonText(value.url)
  }
  return null
}

/** A care answer: true or false as sent, null when the attribute is missing (not known). */
function yesNo(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null
}

function answer(value: unknown): GoodWithAnswer {
  return value === true ? 'yes' : value === false ? 'no' : 'unknown'
}

function resource(value: unknown): Resource {
  const record = isRecord(value) ? value : {}
  return {
    type: jsonText(record.type) ?? '',
    id: jsonText(record.id) ?? '',
    attributes: isRecord(record.attributes) ? record.attributes : {},
    relationships: isRecord(record.relationships) ? record.relationships : {},
  }
}
