import type { AnimalType } from '#app/utils/vocabulary.ts'

/** A before-and-after adoption story (sample content, as the spec's entity). */
export type SuccessStory = {
  id: string
  petName: string
  type: AnimalType
  family: string
  /** ISO date (yyyy-mm) of the adoption. */
  date: string
  story: string
  beforeImage: string
  afterImage: string
}

export const successStories: readonly SuccessStory[] = [
  {
    id: 'max',
    petName: 'Max',
    type: 'dog',
    family: 'The Martinez Family',
    date: '2024-01',
    story:
      'Max spent eight months at the shelter, overlooked because he was shy with strangers. Today he sleeps at the foot of the kids\u2019 bunk beds and greets every visitor with a wagging tail.',
    beforeImage: '/images/stories/max-before.svg',
    afterImage: '/images/stories/max-after.svg',
  },
  {
    id: 'bella',
    petName: 'Bella',
    type: 'cat',
    family: 'Sarah & James',
    date: '2023-11',
    story:
      'Bella came in as a frightened stray with a hurt paw. After weeks of care she chose Sarah at a weekend adoption event, and now rules their apartment from the highest bookshelf.',
    beforeImage: '/images/stories/bella-before.svg',
    afterImage: '/images/stories/bella-after.svg',
  },
  {
    id: 'duke',
    petName: 'Duke',
    type: 'dog',
    family: 'Dorothy, 72',
    date: '2023-09',
    story:
      'At eleven, Duke was the oldest dog in his shelter. Dorothy wanted a calm walking partner, and the two now do a slow loop of the park every morning, followed by a long nap.',
    beforeImage: '/images/stories/duke-before.svg',
    afterImage: '/images/stories/duke-after.svg',
  },
  {
    id: 'oreo',
    petName: 'Oreo',
    type: 'rabbit',
    family: 'The Nguyen Family',
    date: '2024-02',
    story:
      'Oreo was surrendered after an Easter impulse purchase. The Nguyens did their homework first, set up a bunny-proofed living room, and Oreo now does happy binkies every evening.',
    beforeImage: '/images/stories/oreo-before.svg',
    afterImage: '/images/stories/oreo-after.svg',
  },
  {
    id: 'kiwi',
    petName: 'Kiwi',
    type: 'bird',
    family: 'Priya',
    date: '2023-07',
    story:
      'Kiwi the parakeet was found alone in a parking lot. Priya, a retired music teacher, adopted him, and he has since learned to whistle the first bars of her favorite song.',
    beforeImage: '/images/stories/kiwi-before.svg',
    afterImage: '/images/stories/kiwi-after.svg',
  },
  {
    id: 'shelly',
    petName: 'Shelly',
    type: 'reptile',
    family: 'The Okafor Family',
    date: '2023-10',
    story:
      'Shelly the box turtle needed a family willing to learn about reptile care. The Okafors built her an outdoor enclosure with a pond, and she has become the neighborhood\u2019s favorite resident.',
    beforeImage: '/images/stories/shelly-before.svg',
    afterImage: '/images/stories/shelly-after.svg',
  },
]
