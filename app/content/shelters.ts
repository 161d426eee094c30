import { normalizePlace } from '#app/content/animals.ts'

/** A shelter card from the spec's sample data, until the directory reads approved shelters. */
export type SampleShelter = {
  id: string
  name: string
  description: string
  city: string
  state: string
  zip: string
  phone: string
  email: string
  website: string
  animalCount: string
}

// 555-01xx numbers and .example domains are reserved for fiction: no real shelter gets calls.
export const sampleShelters: readonly SampleShelter[] = [
  {
    id: 'happy-tails-rescue',
    name: 'Happy Tails Rescue',
    description: 'A foster-based dog rescue giving former strays the training and patience they need to thrive.',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '(512) 555-0142',
    email: 'hello@happytails.example',
    website: 'https://happytails.example',
    animalCount: '45 animals',
  },
  {
    id: 'second-chance-animal-shelter',
    name: 'Second Chance Animal Shelter',
    description: 'An open-admission shelter caring for dogs, cats and small animals from across the Front Range.',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    phone: '(303) 555-0178',
    email: 'adopt@secondchance.example',
    website: 'https://secondchance.example',
    animalCount: '72 animals',
  },
  {
    id: 'whiskers-and-paws-cat-rescue',
    name: 'Whiskers & Paws Cat Rescue',
    description: 'A cat-only rescue with a cage-free adoption center, a kitten nursery and a bonded-pairs program.',
    city: 'Portland',
    state: 'OR',
    zip: '97205',
    phone: '(503) 555-0119',
    email: 'meow@whiskersandpaws.example',
    website: 'https://whiskersandpaws.example',
    animalCount: '28 animals',
  },
  {
    id: 'golden-years-sanctuary',
    name: 'Golden Years Senior Pet Sanctuary',
    description: 'Senior dogs and cats get a comfortable place to wait for families who love a calmer companion.',
    city: 'Asheville',
    state: 'NC',
    zip: '28801',
    phone: '(828) 555-0163',
    email: 'care@goldenyears.example',
    website: 'https://goldenyears.example',
    animalCount: '19 animals',
  },
  {
    id: 'hop-along-rabbit-rescue',
    name: 'Hop Along Rabbit Rescue',
    description: 'Rabbits, guinea pigs and other small animals, spayed or neutered and ready for indoor homes.',
    city: 'San Diego',
    state: 'CA',
    zip: '92101',
    phone: '(619) 555-0135',
    email: 'bunnies@hopalong.example',
    website: 'https://hopalong.example',
    animalCount: '34 animals',
  },
  {
    id: 'lakeside-humane-society',
    name: 'Lakeside Humane Society',
    description: 'A community humane society with low-cost clinics, a pet food bank and hundreds of adoptions a year.',
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    phone: '(312) 555-0190',
    email: 'info@lakesidehumane.example',
    website: 'https://lakesidehumane.example',
    animalCount: '120 animals',
  },
]

/** The directory's city-or-ZIP box over the sample cards. */
export function filterSampleShelters(shelters: readonly SampleShelter[], query: string): SampleShelter[] {
  const place = normalizePlace(query)
  if (!place) return [...shelters]
  return shelters.filter((shelter) => normalizePlace(`${shelter.city} ${shelter.state} ${shelter.zip}`).includes(place))
}
