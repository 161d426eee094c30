// The animal vocabulary shared by the search forms, the category pages and the sample cards.
// Values are what the URL (and, with the listings issue, the database) carries.

export const animalTypes = ['dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'] as const
export type AnimalType = (typeof animalTypes)[number]

export const ageGroups = ['young', 'adult', 'senior'] as const
export type AgeGroup = (typeof ageGroups)[number]

export type Option<Value extends string = string> = { value: Value; label: string }

/** The home hero's type select, as the spec lists it (any, dog, cat, rabbit, reptile, other). */
export const heroTypeOptions: ReadonlyArray<Option<AnimalType | ''>> = [
  { value: '', label: 'Any' },
  { value: 'dog', label: 'Dog' },
  { value: 'cat', label: 'Cat' },
  { value: 'rabbit', label: 'Rabbit' },
  { value: 'reptile', label: 'Reptile' },
  { value: 'other', label: 'Other' },
]

/** The search page's type filter, as the spec lists it (dogs, cats, rabbits, birds, other). */
export const searchTypeOptions: ReadonlyArray<Option<AnimalType>> = [
  { value: 'dog', label: 'Dogs' },
  { value: 'cat', label: 'Cats' },
  { value: 'rabbit', label: 'Rabbits' },
  { value: 'bird', label: 'Birds' },
  { value: 'other', label: 'Other' },
]

/** Plural labels for every type, for links that arrive with a type the spec's filter lacks. */
export const typeLabels: Record<AnimalType, string> = {
  dog: 'Dogs',
  cat: 'Cats',
  rabbit: 'Rabbits',
  bird: 'Birds',
  'small-animal': 'Small Animals',
  reptile: 'Reptiles',
  horse: 'Horses',
  barnyard: 'Barnyard',
  other: 'Other',
}

export const ageOptions: ReadonlyArray<Option<AgeGroup>> = [
  { value: 'young', label: 'Young (0-2 years)' },
  { value: 'adult', label: 'Adult (3-7 years)' },
  { value: 'senior', label: 'Senior (8+ years)' },
]

export function isAnimalType(value: unknown): value is AnimalType {
  return typeof value === 'string' && (animalTypes as readonly string[]).includes(value)
}

export function isAgeGroup(value: unknown): value is AgeGroup {
  return typeof value === 'string' && (ageGroups as readonly string[]).includes(value)
}

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
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()
}
