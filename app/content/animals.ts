// The spec's own option lists for the home page and its sample cards (the search page's are in
// app/utils/search-params.ts, with its other filters). Values, labels and the order the rest of
// the vocabulary follows in come from app/utils/vocabulary.ts.
import { ANIMAL_TYPE_LABELS, animalTypesOffered, optionsOf, type AgeGroup, type AnimalType, type Option } from '#app/utils/vocabulary.ts'

/** The home hero's type select, as the spec lists it (any, dog, cat, rabbit, reptile, other). */
export const heroTypes: readonly AnimalType[] = ['dog', 'cat', 'rabbit', 'reptile', 'other']

export const heroTypeOptions: ReadonlyArray<Option<AnimalType | ''>> = [
  { value: '', label: 'Any' },
  ...optionsOf(heroTypes, ANIMAL_TYPE_LABELS),
]

/** What the hero's select offers: the spec's list, and every other type /search offers. */
export const heroSelectOptions: ReadonlyArray<Option<AnimalType | ''>> = [
  { value: '', label: 'Any' },
  ...optionsOf(animalTypesOffered(heroTypes), ANIMAL_TYPE_LABELS),
]

/** An animal card from the spec's sample data: shown until live listings replace it. */
export type SampleAnimal = {
  id: string
  name: string
  type: AnimalType
  breed: string
  age: string
  ageGroup: AgeGroup
  location: string
  zip: string
  shelter: string
  image: string
  description: string
}

export const sampleAnimals: readonly SampleAnimal[] = [
  {
    id: 'buddy',
    name: 'Buddy',
    type: 'dog',
    breed: 'Golden Retriever Mix',
    age: '3 years',
    ageGroup: 'adult',
    location: 'Austin, TX',
    zip: '78701',
    shelter: 'Happy Tails Rescue',
    image: '/images/pets/buddy.svg',
    description:
      'Buddy is a gentle, people-loving dog who knows sit, stay and shake. He walks nicely on a leash and gets along with other calm dogs.',
  },
  {
    id: 'luna',
    name: 'Luna',
    type: 'cat',
    breed: 'Domestic Shorthair',
    age: '1 year',
    ageGroup: 'young',
    location: 'Portland, OR',
    zip: '97205',
    shelter: 'Whiskers & Paws Cat Rescue',
    image: '/images/pets/luna.svg',
    description:
      'Luna is a playful tuxedo cat who loves feather toys and sunny windowsills. She is litter-trained and curious about everything.',
  },
  {
    id: 'clover',
    name: 'Clover',
    type: 'rabbit',
    breed: 'Holland Lop',
    age: '8 years',
    ageGroup: 'senior',
    location: 'San Diego, CA',
    zip: '92101',
    shelter: 'Hop Along Rabbit Rescue',
    image: '/images/pets/clover.svg',
    description:
      'Clover is a calm senior bunny who enjoys fresh greens and a quiet lap. She is litter-trained and would love a peaceful home.',
  },
]

export type AnimalFilters = { location?: string; type?: AnimalType; age?: AgeGroup }

/** Narrows the sample cards by the search form's filters (location matches city, state or ZIP). */
export function filterSampleAnimals(animals: readonly SampleAnimal[], filters: AnimalFilters): SampleAnimal[] {
  const place = normalizePlace(filters.location ?? '')
  return animals.filter(
    (animal) =>
      (!filters.type || animal.type === filters.type) &&
      (!filters.age || animal.ageGroup === filters.age) &&
      (!place || normalizePlace(`${animal.location} ${animal.zip}`).includes(place)),
  )
}

/** 'Austin, TX' and 'austin tx' are the same place to a visitor typing in a search box. */
export function normalizePlace(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}
