import type { AnimalType } from '#app/utils/vocabulary.ts'

/** One of the six categories on /animal-types; counts are the spec's marketing figures. */
export type AnimalCategory = {
  type: AnimalType
  name: string
  count: string
  description: string
  image: string
}

export const animalCategories: readonly AnimalCategory[] = [
  {
    type: 'dog',
    name: 'Dogs',
    count: '25,000+',
    description:
      'Loyal, playful and always happy to see you. From energetic puppies to mellow seniors, find a dog that fits your lifestyle.',
    image: '/images/animals/dog.svg',
  },
  {
    type: 'cat',
    name: 'Cats',
    count: '18,000+',
    description:
      'Independent, affectionate and endlessly entertaining. Cats of every age and personality are waiting for a sunny windowsill of their own.',
    image: '/images/animals/cat.svg',
  },
  {
    type: 'rabbit',
    name: 'Rabbits',
    count: '2,500+',
    description: 'Curious, social and surprisingly clever. Rabbits can be litter-trained and thrive as indoor companions with room to hop.',
    image: '/images/animals/rabbit.svg',
  },
  {
    type: 'bird',
    name: 'Birds',
    count: '1,200+',
    description: 'Parakeets, cockatiels, parrots and more. Birds bring song, color and personality to a home that has time for them.',
    image: '/images/animals/bird.svg',
  },
  {
    type: 'small-animal',
    name: 'Small Animals',
    count: '800+',
    description: 'Guinea pigs, hamsters, rats, chinchillas and ferrets: small companions with big personalities, great for smaller homes.',
    image: '/images/animals/small-animal.svg',
  },
  {
    type: 'reptile',
    name: 'Reptiles',
    count: '300+',
    description: 'Turtles, tortoises, lizards and snakes. Calm, fascinating pets for adopters ready to learn their special care needs.',
    image: '/images/animals/reptile.svg',
  },
]
