// Pawhaven's own JSON as a file or feed: `{ "animals": [ … ] }` or a bare array, each item an
// animal as app/sync/pawhaven-json-schema.ts defines it (the push API's schema). Items are checked one
// by one: an invalid one becomes a RowError naming its fields and the rest are kept. Broken JSON
// or another shape is refused as a whole; an empty list is the "remove all".
import { type z } from 'zod'
import { COATS_BY_TYPE } from '#app/utils/vocabulary.ts'
import { pushAnimalSchema, type PushAnimal } from '#app/sync/pawhaven-json-schema.ts'
import { UnreadableSnapshot, type ImportedAnimal } from '#app/sync/types.ts'
import { decodeText, isBlankFile, toBytes, type SnapshotBytes } from '#app/sync/formats/decode.ts'
import { mapColors } from '#app/sync/formats/mapping.ts'
import { photoList } from '#app/sync/formats/photos.ts'
import { RowProblem, snapshotBuilder, type ReadSnapshot } from '#app/sync/formats/snapshot.ts'
import { cleanPlainText } from '#app/sync/formats/text.ts'

/** An animal from the push API or a JSON file, as the pipeline takes it: colours outside the type's list and coats it has none of are dropped. */
export function importedAnimalFromPush(animal: PushAnimal): ImportedAnimal {
  const [primaryColor, secondaryColor, tertiaryColor] = mapColors(
    [animal.primary_color, animal.secondary_color, animal.tertiary_color],
    animal.type,
  )
  const specialNeedsNotes = cleanPlainText(animal.special_needs_notes)
  return {
    externalId: animal.external_id,
    name: animal.name,
    type: animal.type,
    primaryBreed: animal.primary_breed || null,
    secondaryBreed: animal.secondary_breed || null,
    mixedBreed: animal.mixed_breed,
    ageGroup: animal.age_group,
    birthDate: animal.birth_date ?? null,
    sex: animal.sex,
    size: animal.size ?? null,
    primaryColor,
    secondaryColor,
    tertiaryColor,
    coat: animal.coat && COATS_BY_TYPE[animal.type].includes(animal.coat) ? animal.coat : null,
    goodWithChildren: animal.good_with_children,
    goodWithDogs: animal.good_with_dogs,
    goodWithCats: animal.good_with_cats,
    houseTrained: animal.house_trained,
    spayedNeutered: animal.spayed_neutered,
    vaccinationsCurrent: animal.vaccinations_current,
    specialNeeds: specialNeedsNotes !== null ? true : animal.special_needs,
    specialNeedsNotes,
    adoptionFee: animal.adoption_fee === null || animal.adoption_fee === undefined ? null : Math.round(animal.adoption_fee * 100) / 100,
    description: cleanPlainText(animal.description),
    status: animal.status,
    photos: photoList(animal.photos),
    ...(animal.bonded_with?.length ? { bondedWith: [...new Set(animal.bonded_with)].filter((id) => id !== animal.external_id) } : {}),
  }
}

/** A validation failure as one sentence naming each field: "name: Required; photos.7: …". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'animal'}: ${issue.message}`).join('; ')
}

function itemsOf(root: unknown): unknown[] {
  if (Array.isArray(root)) return root
  if (root && typeof root === 'object' && 'animals' in root && Array.isArray(root.animals)) return root.animals
  throw new UnreadableSnapshot(
    'This JSON is not a Pawhaven snapshot: it should be {"animals": [ … ]} (or a list of animals). Nothing was changed.',
  )
}

/** Reads our JSON; throws UnreadableSnapshot for broken JSON or another shape. `line` in errors is the item's position (1-based). */
export function readPawhavenJson(input: SnapshotBytes): ReadSnapshot {
  const snapshot = snapshotBuilder('pawhaven-json')
  const bytes = toBytes(input)
  if (isBlankFile(bytes)) return snapshot.done({ explicitlyEmpty: true })
  const { text, encoding } = decodeText(bytes)
  let root: unknown
  try {
    root = JSON.parse(text)
  } catch (error) {
    throw new UnreadableSnapshot(
      `This is not valid JSON (${error instanceof Error ? error.message : 'parse error'}): it may be cut off. Nothing was changed.`,
    )
  }
  const items = itemsOf(root)
  items.forEach((item, index) => {
    const externalId =
      item && typeof item === 'object' && 'external_id' in item && typeof item.external_id === 'string' ? item.external_id.trim() : null
    snapshot.row(index + 1, externalId, () => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw new RowProblem('This item is not an animal (a JSON object).')
      const result = pushAnimalSchema.safeParse(item)
      if (!result.success) throw new RowProblem(describeIssues(result.error))
      return importedAnimalFromPush(result.data)
    })
  })
  return snapshot.done({ explicitlyEmpty: items.length === 0, encoding })
}
