// One imported animal for the sync tests: every field of the snapshot contract
// (app/sync/types.ts), with the values a test does not care about filled in.
import type { ImportedAnimal } from '#app/sync/types.ts'

export function importedAnimal(externalId: string, fields: Partial<ImportedAnimal> = {}): ImportedAnimal {
  return {
    externalId,
    name: `Pet ${externalId}`,
    type: 'dog',
    primaryBreed: 'Beagle',
    secondaryBreed: null,
    mixedBreed: false,
    ageGroup: 'adult',
    birthDate: null,
    sex: 'female',
    size: 'medium',
    primaryColor: null,
    secondaryColor: null,
    tertiaryColor: null,
    coat: null,
    goodWithChildren: 'yes',
    goodWithDogs: 'unknown',
    goodWithCats: 'no',
    houseTrained: true,
    spayedNeutered: true,
    vaccinationsCurrent: false,
    specialNeeds: false,
    specialNeedsNotes: null,
    adoptionFee: 150,
    description: 'Loves walks.\n\nAnd naps.',
    status: 'available',
    photos: [],
    ...fields,
  }
}
