// What demo animals are made of, per type: the kinds we draw (a portrait per kind and
// colour), their breeds with a typical size and coat, and colours in the market's words
// (Petfinder's per-type lists of 2019) with the palette
// the portrait uses. The seed SQL and the portrait generator both read this module, so a
// listing's picture always shows its kind and its primary colour. Types, sizes and coats are
// the site's vocabulary (app/utils/vocabulary.ts).
import type { AnimalType, Coat, Size } from '#app/utils/vocabulary.ts'

export type Palette = {
  /** Main body colour. */
  body: string
  /** Second colour: muzzle, belly, patches or stripes, depending on the pattern. */
  accent: string
  /** Outlines, nose, markings. */
  dark: string
  pattern?: 'plain' | 'tuxedo' | 'stripes' | 'patches' | 'points' | 'tricolor'
}

export type Colour = { label: string; key: string; palette: Palette }
export type Breed = { name: string; size: Size; coat?: Coat; colours?: string[] }
export type Kind = {
  type: AnimalType
  /** The drawing: also the first part of the portrait file name. */
  kind: string
  /** Relative share within its type. */
  weight: number
  breeds: Breed[]
  colours: Colour[]
  coats: Coat[]
  feeRange: [number, number]
}

/** Share of each type among demo listings, roughly what US shelters list. */
export const TYPE_WEIGHTS: Record<AnimalType, number> = {
  dog: 42,
  cat: 33,
  rabbit: 6,
  bird: 4,
  'small-animal': 5,
  reptile: 3,
  horse: 2.5,
  barnyard: 2.5,
  other: 2,
}

const c = (label: string, key: string, body: string, accent: string, dark: string, pattern: Palette['pattern'] = 'plain'): Colour => ({
  label,
  key,
  palette: { body, accent, dark, pattern },
})

const DOG_COLOURS = [
  c('Black', 'black', '#3b3b45', '#6d6d7a', '#1c1c22'),
  c('Brown / Chocolate', 'chocolate', '#7a4b2a', '#b07d55', '#3d2414'),
  c('Golden', 'golden', '#e0a040', '#f5d08a', '#6b4413'),
  c('Yellow / Tan / Blond / Fawn', 'fawn', '#d9b27c', '#f3e2c4', '#5c4328'),
  c('White / Cream', 'cream', '#f4ead8', '#ffffff', '#6b5d4a'),
  c('Gray / Blue / Silver', 'gray', '#8f99a8', '#c9d0da', '#3a404a'),
  c('Red / Chestnut / Orange', 'red', '#b8552b', '#e39a6c', '#4d2212'),
  c('Tricolor (Brown, Black, & White)', 'tricolor', '#3b3b45', '#ffffff', '#1c1c22', 'tricolor'),
]

const CAT_COLOURS = [
  c('Black', 'black', '#34343c', '#55555f', '#15151a'),
  c('Black & White / Tuxedo', 'tuxedo', '#34343c', '#ffffff', '#15151a', 'tuxedo'),
  c('Orange / Red', 'orange', '#e8893a', '#f7c48e', '#7a3d10'),
  c('Tabby (Orange / Red)', 'orange-tabby', '#e8893a', '#b85f1c', '#7a3d10', 'stripes'),
  c('Tabby (Brown / Chocolate)', 'brown-tabby', '#9c7a58', '#5e4630', '#3b2a1b', 'stripes'),
  c('Gray / Blue / Silver', 'gray', '#8c96a6', '#b9c1cd', '#3a404a'),
  c('Tabby (Gray / Blue / Silver)', 'gray-tabby', '#a3acb9', '#5f6775', '#3a404a', 'stripes'),
  c('Calico', 'calico', '#ffffff', '#e8893a', '#34343c', 'patches'),
  c('Seal Point', 'seal-point', '#efe3cf', '#5a4030', '#3b2a1b', 'points'),
]

const RABBIT_COLOURS = [
  c('White', 'white', '#f7f3ee', '#f2c6cf', '#6b5d5a'),
  c('Black', 'black', '#3b3b45', '#6d6d7a', '#1c1c22'),
  c('Brown / Chocolate', 'chocolate', '#7a5236', '#a88264', '#3d2414'),
  c('Agouti', 'agouti', '#a08466', '#cbb69c', '#4a3826'),
  c('Blue / Gray', 'gray', '#8f99a8', '#c9d0da', '#3a404a'),
]

export const KINDS: Kind[] = [
  {
    type: 'dog',
    kind: 'dog-floppy',
    weight: 3,
    coats: ['short', 'medium'],
    feeRange: [75, 350],
    colours: DOG_COLOURS,
    breeds: [
      { name: 'Labrador Retriever', size: 'large', coat: 'short', colours: ['black', 'chocolate', 'golden', 'fawn'] },
      { name: 'Golden Retriever', size: 'large', coat: 'long', colours: ['golden', 'red', 'cream'] },
      { name: 'Beagle', size: 'medium', coat: 'short', colours: ['tricolor', 'fawn'] },
      { name: 'Basset Hound', size: 'medium', coat: 'short', colours: ['tricolor', 'fawn'] },
      { name: 'Boxer', size: 'large', coat: 'short', colours: ['fawn', 'red', 'chocolate'] },
      { name: 'Pit Bull Terrier', size: 'medium', coat: 'short' },
      { name: 'American Staffordshire Terrier', size: 'medium', coat: 'short' },
      { name: 'Hound', size: 'medium', coat: 'short' },
      { name: 'Cocker Spaniel', size: 'medium', coat: 'medium', colours: ['golden', 'black', 'cream', 'chocolate'] },
      { name: 'Dachshund', size: 'small', coat: 'short', colours: ['red', 'chocolate', 'black'] },
      { name: 'Great Dane', size: 'xlarge', coat: 'short', colours: ['black', 'fawn', 'gray'] },
      { name: 'Mastiff', size: 'xlarge', coat: 'short', colours: ['fawn', 'chocolate'] },
      { name: 'Shih Tzu', size: 'small', coat: 'long', colours: ['cream', 'golden', 'tricolor'] },
      { name: 'Poodle', size: 'medium', coat: 'curly', colours: ['black', 'cream', 'gray', 'chocolate'] },
      { name: 'Bloodhound', size: 'large', coat: 'short', colours: ['red', 'chocolate'] },
    ],
  },
  {
    type: 'dog',
    kind: 'dog-pointy',
    weight: 2,
    coats: ['short', 'medium'],
    feeRange: [75, 350],
    colours: DOG_COLOURS,
    breeds: [
      { name: 'German Shepherd Dog', size: 'large', coat: 'medium', colours: ['black', 'fawn', 'chocolate'] },
      { name: 'Siberian Husky', size: 'large', coat: 'medium', colours: ['gray', 'black', 'red', 'cream'] },
      { name: 'Chihuahua', size: 'small', coat: 'short' },
      { name: 'Border Collie', size: 'medium', coat: 'medium', colours: ['black', 'tricolor', 'red'] },
      { name: 'Pembroke Welsh Corgi', size: 'small', coat: 'medium', colours: ['red', 'fawn', 'tricolor'] },
      { name: 'Australian Cattle Dog / Blue Heeler', size: 'medium', coat: 'short', colours: ['gray', 'red'] },
      { name: 'Shiba Inu', size: 'medium', coat: 'medium', colours: ['red', 'cream', 'black'] },
      { name: 'Alaskan Malamute', size: 'xlarge', coat: 'long', colours: ['gray', 'black'] },
      { name: 'Terrier', size: 'small', coat: 'wire' },
      { name: 'Belgian Shepherd / Malinois', size: 'large', coat: 'short', colours: ['fawn', 'chocolate'] },
      { name: 'Jack Russell Terrier', size: 'small', coat: 'short', colours: ['tricolor', 'cream'] },
      { name: 'Miniature Pinscher', size: 'small', coat: 'short', colours: ['black', 'red', 'chocolate'] },
    ],
  },
  {
    type: 'cat',
    kind: 'cat',
    weight: 1,
    coats: ['short', 'medium', 'long'],
    feeRange: [25, 150],
    colours: CAT_COLOURS,
    breeds: [
      { name: 'Domestic Short Hair', size: 'medium', coat: 'short' },
      { name: 'Domestic Short Hair', size: 'medium', coat: 'short' },
      { name: 'Domestic Short Hair', size: 'medium', coat: 'short' },
      { name: 'Domestic Medium Hair', size: 'medium', coat: 'medium' },
      { name: 'Domestic Long Hair', size: 'medium', coat: 'long' },
      { name: 'Tabby', size: 'medium', coat: 'short', colours: ['orange-tabby', 'brown-tabby', 'gray-tabby'] },
      { name: 'Siamese', size: 'medium', coat: 'short', colours: ['seal-point'] },
      { name: 'Maine Coon', size: 'large', coat: 'long', colours: ['brown-tabby', 'gray-tabby', 'black', 'orange-tabby'] },
      { name: 'Russian Blue', size: 'medium', coat: 'short', colours: ['gray'] },
      { name: 'Ragdoll', size: 'large', coat: 'long', colours: ['seal-point'] },
      { name: 'Bombay', size: 'medium', coat: 'short', colours: ['black'] },
    ],
  },
  {
    type: 'rabbit',
    kind: 'rabbit-lop',
    weight: 1,
    coats: ['short'],
    feeRange: [20, 75],
    colours: RABBIT_COLOURS,
    breeds: [
      { name: 'Holland Lop', size: 'small', coat: 'short' },
      { name: 'Mini Lop', size: 'small', coat: 'short' },
      { name: 'American Fuzzy Lop', size: 'small', coat: 'long' },
      { name: 'English Lop', size: 'medium', coat: 'short' },
    ],
  },
  {
    type: 'rabbit',
    kind: 'rabbit-upright',
    weight: 1,
    coats: ['short'],
    feeRange: [20, 75],
    colours: RABBIT_COLOURS,
    breeds: [
      { name: 'Dutch', size: 'small', coat: 'short' },
      { name: 'Lionhead', size: 'small', coat: 'long' },
      { name: 'Mini Rex', size: 'small', coat: 'short' },
      { name: 'Netherland Dwarf', size: 'small', coat: 'short' },
      { name: 'New Zealand', size: 'medium', coat: 'short', colours: ['white', 'black'] },
      { name: 'Flemish Giant', size: 'large', coat: 'short', colours: ['gray', 'agouti', 'black'] },
    ],
  },
  {
    type: 'bird',
    kind: 'bird',
    weight: 1,
    coats: [],
    feeRange: [15, 250],
    colours: [
      c('Green', 'green', '#5cb85c', '#f2d64b', '#2d5a2d'),
      c('Blue', 'blue', '#4a90d9', '#e8f1fb', '#1f3f66'),
      c('Yellow', 'yellow', '#f2cf3b', '#fff3b0', '#6b5a12'),
      c('Gray', 'gray', '#9aa3ad', '#e05a4f', '#3a404a'),
      c('White', 'white', '#f7f5f0', '#f2d64b', '#5a5a5a'),
      c('Red', 'red', '#d9453b', '#3d8fd6', '#5a1a15'),
    ],
    breeds: [
      { name: 'Parakeet (Other)', size: 'small', colours: ['green', 'blue', 'yellow', 'white'] },
      { name: 'Budgie/Budgerigar', size: 'small', colours: ['green', 'blue', 'yellow'] },
      { name: 'Cockatiel', size: 'small', colours: ['gray', 'yellow', 'white'] },
      { name: 'Lovebird', size: 'small', colours: ['green', 'yellow'] },
      { name: 'Conure', size: 'small', colours: ['green', 'red', 'yellow'] },
      { name: 'African Grey', size: 'medium', colours: ['gray'] },
      { name: 'Amazon', size: 'medium', colours: ['green'] },
      { name: 'Cockatoo', size: 'medium', colours: ['white'] },
      { name: 'Macaw', size: 'large', colours: ['red', 'blue'] },
    ],
  },
  {
    type: 'small-animal',
    kind: 'rodent',
    weight: 1,
    coats: ['short', 'long'],
    feeRange: [5, 40],
    colours: [
      c('Tan', 'tan', '#d2a26c', '#f3dcc0', '#5c4328'),
      c('White', 'white', '#f7f3ee', '#f2c6cf', '#6b5d5a'),
      c('Brown / Chocolate', 'chocolate', '#7a5236', '#c49a78', '#3d2414'),
      c('Cream', 'cream', '#f1e2c3', '#ffffff', '#6b5d4a'),
      c('Blue / Gray', 'gray', '#9aa1ab', '#d5d9df', '#3a404a'),
      c('Calico', 'calico', '#ffffff', '#d2884a', '#3b3b45', 'patches'),
    ],
    breeds: [
      { name: 'Guinea Pig', size: 'small', coat: 'short' },
      { name: 'Guinea Pig', size: 'small', coat: 'long' },
      { name: 'Hamster', size: 'small', coat: 'short', colours: ['tan', 'cream', 'white', 'gray'] },
      { name: 'Rat', size: 'small', coat: 'short', colours: ['white', 'gray', 'chocolate', 'cream'] },
      { name: 'Mouse', size: 'small', coat: 'short', colours: ['white', 'gray', 'tan'] },
      { name: 'Gerbil', size: 'small', coat: 'short', colours: ['tan', 'cream', 'chocolate'] },
      { name: 'Chinchilla', size: 'small', coat: 'long', colours: ['gray', 'white'] },
      { name: 'Degu', size: 'small', coat: 'short', colours: ['chocolate', 'tan'] },
    ],
  },
  {
    type: 'reptile',
    kind: 'lizard',
    weight: 2,
    coats: [],
    feeRange: [20, 120],
    colours: [
      c('Tan', 'tan', '#d8ad6a', '#f1d9a8', '#6b4a1f'),
      c('Green', 'green', '#6cbf5a', '#c7e8a0', '#2f5a25'),
      c('Orange', 'orange', '#e8893a', '#f6c48a', '#6b3510'),
    ],
    breeds: [
      { name: 'Bearded Dragon', size: 'small', colours: ['tan', 'orange'] },
      { name: 'Leopard Gecko', size: 'small', colours: ['tan', 'orange'] },
      { name: 'Iguana', size: 'medium', colours: ['green'] },
      { name: 'Gecko', size: 'small' },
      { name: 'Skink', size: 'small', colours: ['tan'] },
    ],
  },
  {
    type: 'reptile',
    kind: 'turtle',
    weight: 1,
    coats: [],
    feeRange: [15, 80],
    colours: [c('Green', 'green', '#7cab4e', '#d8c27a', '#34501f'), c('Brown', 'brown', '#9a7446', '#d7b98a', '#4a3419')],
    breeds: [
      { name: 'Turtle', size: 'small' },
      { name: 'Red-Eared Slider', size: 'small', colours: ['green'] },
      { name: 'Box Turtle', size: 'small', colours: ['brown'] },
      { name: 'Tortoise', size: 'medium', colours: ['brown'] },
    ],
  },
  {
    type: 'reptile',
    kind: 'snake',
    weight: 1,
    coats: [],
    feeRange: [20, 100],
    colours: [
      c('Tan', 'tan', '#c9a26a', '#6b4a25', '#4a3218', 'patches'),
      c('Orange', 'orange', '#e27a3c', '#c23b22', '#5a2410', 'patches'),
      c('Black', 'black', '#33333b', '#f1e6c8', '#111115', 'stripes'),
    ],
    breeds: [
      { name: 'Ball Python', size: 'medium', colours: ['tan'] },
      { name: 'Corn Snake', size: 'medium', colours: ['orange'] },
      { name: 'King Snake', size: 'medium', colours: ['black'] },
      { name: 'Snake', size: 'medium' },
    ],
  },
  {
    type: 'horse',
    kind: 'horse',
    weight: 1,
    coats: [],
    feeRange: [300, 1500],
    colours: [
      c('Bay', 'bay', '#8a4b26', '#2b1d16', '#1b120d'),
      c('Chestnut / Sorrel', 'chestnut', '#b5602d', '#e2a16a', '#5a2c12'),
      c('Black', 'black', '#2f2f36', '#55555f', '#111115'),
      c('Gray', 'gray', '#b9bec6', '#eef0f3', '#4a4f57'),
      c('Palomino', 'palomino', '#e1b86a', '#fbf1dc', '#7a5a24'),
      c('Paint', 'paint', '#ffffff', '#8a4b26', '#2b1d16', 'patches'),
    ],
    breeds: [
      { name: 'Quarter Horse', size: 'xlarge' },
      { name: 'Thoroughbred', size: 'xlarge', colours: ['bay', 'chestnut', 'black', 'gray'] },
      { name: 'Arabian', size: 'large', colours: ['gray', 'bay', 'chestnut'] },
      { name: 'Paint / Pinto', size: 'xlarge', colours: ['paint'] },
      { name: 'Mustang', size: 'large' },
      { name: 'Morgan', size: 'large', colours: ['bay', 'black', 'chestnut'] },
      { name: 'Tennessee Walker', size: 'xlarge' },
      { name: 'Pony', size: 'medium' },
      { name: 'Miniature Horse', size: 'small' },
      { name: 'Draft', size: 'xlarge', colours: ['bay', 'black', 'gray', 'chestnut'] },
    ],
  },
  {
    type: 'barnyard',
    kind: 'pig',
    weight: 1,
    coats: ['short'],
    feeRange: [50, 200],
    colours: [c('Pink', 'pink', '#f2b2b4', '#f8d3d4', '#8a4a4d'), c('Black', 'black', '#3b3b45', '#f2b2b4', '#1c1c22')],
    breeds: [
      { name: 'Pot Bellied', size: 'medium' },
      { name: 'Pig (Farm)', size: 'large' },
    ],
  },
  {
    type: 'barnyard',
    kind: 'goat',
    weight: 1,
    coats: ['short'],
    feeRange: [50, 200],
    colours: [c('White', 'white', '#f4f1ea', '#d9cfc0', '#5a5046'), c('Brown', 'brown', '#8d5a35', '#e9ddc8', '#3d2414')],
    breeds: [
      { name: 'Nigerian Dwarf', size: 'medium' },
      { name: 'Pygmy', size: 'medium' },
      { name: 'Boer', size: 'large' },
      { name: 'Alpine', size: 'large' },
      { name: 'Goat', size: 'medium' },
    ],
  },
  {
    type: 'barnyard',
    kind: 'sheep',
    weight: 1,
    coats: ['long'],
    feeRange: [75, 250],
    colours: [c('White', 'white', '#f6f2ea', '#3b3b45', '#1c1c22'), c('Black', 'black', '#4a4a52', '#2a2a30', '#111115')],
    breeds: [
      { name: 'Sheep', size: 'large' },
      { name: 'Merino', size: 'large', colours: ['white'] },
      { name: 'Shetland', size: 'medium' },
    ],
  },
  {
    type: 'barnyard',
    kind: 'chicken',
    weight: 1,
    coats: [],
    feeRange: [5, 30],
    colours: [c('Red', 'red', '#b5532b', '#e38a56', '#4d2212'), c('White', 'white', '#f8f6f1', '#e3ddd2', '#5a5a5a')],
    breeds: [
      { name: 'Chicken', size: 'small' },
      { name: 'Rhode Island Red', size: 'small', colours: ['red'] },
      { name: 'Silkie', size: 'small', colours: ['white'] },
    ],
  },
  {
    type: 'other',
    kind: 'fish',
    weight: 2,
    coats: [],
    feeRange: [5, 25],
    colours: [
      c('Orange', 'orange', '#f08a24', '#ffd08a', '#7a3d10'),
      c('Blue', 'blue', '#3f7fd9', '#9fd0ff', '#1f3f66'),
      c('Red', 'red', '#d9453b', '#ff9a8a', '#5a1a15'),
    ],
    breeds: [
      { name: 'Goldfish', size: 'small', colours: ['orange'] },
      { name: 'Betta', size: 'small', colours: ['blue', 'red'] },
      { name: 'Fish', size: 'small' },
    ],
  },
  {
    type: 'other',
    kind: 'frog',
    weight: 1,
    coats: [],
    feeRange: [10, 40],
    colours: [c('Green', 'green', '#6cbf5a', '#d7efb0', '#2f5a25')],
    breeds: [
      { name: 'Frog', size: 'small' },
      { name: 'Tree Frog', size: 'small' },
    ],
  },
]

/** The portrait of a kind in a colour: `/images/demo/<file>` (and `public/images/demo/<file>`). */
export function portraitFile(kind: string, colourKey: string): string {
  return `${kind}-${colourKey}.svg`
}
