// Words the demo listings and shelters are written with. Descriptions are assembled from
// these sentences in SQL. Placeholders: {name}; {he} / {He}, {him}, {his} / {His} become
// he/she/it forms (so every sentence takes a singular verb); {article} {age} {breed} make up
// "a young Beagle mix".
import type { AnimalType, GoodWith, ShelterType } from '../../../app/utils/vocabulary.ts'

export const PET_NAMES = [
  'Luna', 'Max', 'Bella', 'Charlie', 'Daisy', 'Milo', 'Lucy', 'Cooper', 'Bailey', 'Rosie', 'Oliver', 'Sadie',
  'Teddy', 'Molly', 'Bear', 'Stella', 'Tucker', 'Penny', 'Winston', 'Maggie', 'Finn', 'Hazel', 'Jasper', 'Ruby',
  'Gus', 'Olive', 'Louie', 'Pepper', 'Murphy', 'Willow', 'Rocky', 'Ginger', 'Bruno', 'Piper', 'Ziggy', 'Nala',
  'Biscuit', 'Maple', 'Otis', 'Cleo', 'Scout', 'Juniper', 'Rufus', 'Poppy', 'Benny', 'Mabel', 'Archie', 'Koda',
  'Honey', 'Frankie', 'Lola', 'Duke', 'Ivy', 'Henry', 'Dolly', 'Moose', 'Pearl', 'Leo', 'Coco', 'Simba',
  'Marley', 'Sunny', 'Bodhi', 'Millie', 'Buster', 'Rosemary', 'Waffles', 'Peaches', 'Chester', 'Fern', 'Atlas',
  'Clementine', 'Bandit', 'Tinkerbell', 'Hank', 'Lulu', 'Samson', 'Violet', 'Gizmo', 'Opal', 'Dexter', 'Minnie',
  'Tank', 'Dottie', 'Ranger', 'Mocha', 'Jelly', 'Pumpkin', 'Oreo', 'Smokey', 'Mittens', 'Shadow', 'Felix',
  'Misty', 'Tiger', 'Patches', 'Whiskers', 'Socks', 'Button', 'Noodle', 'Pickles', 'Sprout', 'Tofu', 'Mango',
  'Kiwi', 'Sky', 'Sunny Boy', 'Pistachio', 'Basil', 'Clover', 'Thumper', 'Hopper', 'Nibbles', 'Pebbles',
  'Squeak', 'Peanut', 'Cinnamon', 'Nutmeg', 'Turbo', 'Shelly', 'Spike', 'Rex', 'Iggy', 'Noodle Jr.', 'Apollo',
  'Comet', 'Dakota', 'Scarlett', 'Maverick', 'Blaze', 'Dusty', 'Cash', 'Belle', 'Wilbur', 'Hamlet', 'Truffle',
  'Billy', 'Nanny', 'Dolly Parton', 'Henrietta', 'Nugget', 'Bubbles', 'Finnegan', 'Goldie', 'Neptune', 'Ribbit',
  'Lily Pad', 'Mochi', 'Sushi', 'Taco', 'Churro', 'Biscotti', 'Pretzel', 'Zeus', 'Athena', 'Rocket', 'Banjo',
  'Willa', 'Harper', 'Remy', 'Sage', 'Indie', 'Chip', 'Dash', 'Echo', 'Fable', 'Gypsy', 'Haven', 'Jax', 'Kona',
  'Lady', 'Magnolia', 'Nova', 'Ollie', 'Phoebe', 'Quincy', 'Rosco', 'Sophie', 'Toby', 'Uma', 'Vinny', 'Wally',
]

export const OPENERS = [
  'Meet {name}, {article} {age} {breed} who is ready for a home of {his} own.',
  '{name} is {article} {age} {breed} with a big heart and a lot of love to give.',
  'Say hello to {name}! This {age} {breed} came to us looking for a second chance.',
  '{name} is {article} {age} {breed} who has been waiting patiently for the right family.',
]

export const PERSONALITY: Record<AnimalType, string[]> = {
  dog: [
    '{He} loves long walks and will happily sit for a treat.',
    '{He} knows "sit" and "shake" and is working on "stay".',
    'Give {him} a tennis ball and {he} will play fetch until your arm gives out.',
    '{He} is a champion napper and a gentle leaner.',
    '{He} greets every visitor with a wagging tail and a polite sniff.',
    'On walks {he} trots along nicely and loves saying hello to the neighbours.',
    '{He} is curious, eager to please and quick to learn new tricks.',
    'After a good play session {he} is happy to curl up at your feet.',
  ],
  cat: [
    '{He} loves sunny windowsills and a good chin scratch.',
    '{He} becomes a devoted lap cat once {he} gets to know you.',
    'A feather wand turns {him} into a tiny acrobat.',
    '{He} follows you from room to room to see what you are up to.',
    '{He} purrs the moment you sit down next to {him}.',
    '{He} is playful in the morning and a cuddly companion by evening.',
    '{He} enjoys cardboard boxes, crinkly toys and quiet afternoons.',
  ],
  rabbit: [
    '{He} loves fresh greens and does happy hops (binkies) when {he} is excited.',
    '{He} is litter-box trained and enjoys exploring a bunny-proofed room.',
    '{He} likes gentle pets on the forehead and a cardboard castle to chew.',
    '{He} is curious and comes over to investigate anything new.',
  ],
  bird: [
    '{He} chirps cheerfully in the morning and loves a mirror and a swing.',
    '{He} enjoys millet treats and is learning to step up onto a finger.',
    '{He} whistles a few tunes and is always happy to have company.',
    '{He} likes a roomy cage with plenty of perches and toys to shred.',
  ],
  'small-animal': [
    '{He} loves crunchy vegetables and squeaks whenever the fridge opens.',
    '{He} is gentle when held and enjoys a cosy hideout full of hay.',
    '{He} is most active in the evening and loves a good tunnel.',
    '{He} is curious, tidy and easy to care for.',
  ],
  reptile: [
    '{He} is calm, easy to handle and enjoys a warm basking spot.',
    '{He} comes with advice from our staff on a proper habitat and diet.',
    '{He} would be a great first reptile for a patient, curious family.',
    '{He} is healthy, eating well and used to gentle handling.',
  ],
  horse: [
    '{He} leads, ties and loads well and stands quietly for the farrier.',
    '{He} is a steady trail partner and loves a good grooming session.',
    '{He} enjoys turnout with a buddy and comes when called for dinner.',
    '{He} is kind on the ground and would suit a confident beginner.',
  ],
  barnyard: [
    '{He} loves belly rubs, fresh hay and the company of other animals.',
    '{He} is friendly, curious and follows you around the yard.',
    '{He} would be happiest on a small farm or a homestead with a friend.',
    '{He} is gentle with people and easy to handle.',
  ],
  other: [
    '{He} is healthy, active and fun to watch.',
    '{He} comes with tips from our staff on the right tank and care.',
    '{He} is a calm, low-maintenance companion for a patient keeper.',
  ],
}

/**
 * Good-with sentences, by flag and answer ('unknown' says nothing). `sameKind` is said of an
 * animal of the kind the flag names: a dog gets along with *other* dogs.
 */
export const GOOD_WITH_SENTENCES: Record<GoodWith, { yes: string; no: string; sameKind?: { type: AnimalType; yes: string; no: string } }> = {
  children: { yes: '{name} is wonderful with children.', no: '{name} would do best in a home without young children.' },
  dogs: {
    yes: '{He} gets along well with dogs.',
    no: '{He} should go to a home without dogs.',
    sameKind: { type: 'dog', yes: '{He} gets along well with other dogs.', no: '{He} would prefer to be the only dog in the home.' },
  },
  cats: {
    yes: '{He} has lived happily with cats.',
    no: '{He} should go to a home without cats.',
    sameKind: { type: 'cat', yes: '{He} has lived happily with other cats.', no: '{He} would prefer to be the only cat in the home.' },
  },
}

/** The types whose listings say whether they get along with dogs and cats: not fish, frogs, birds or reptiles. */
export const TYPES_GOOD_WITH_PETS: AnimalType[] = ['dog', 'cat', 'rabbit', 'small-animal', 'horse', 'barnyard']

/** The types vaccinated as a rule before adoption (rats, birds, reptiles and fish are not). */
export const TYPES_VACCINATED: AnimalType[] = ['dog', 'cat', 'rabbit', 'horse', 'barnyard']

export const CLOSINGS = [
  'Come meet {name} — {he} can’t wait to meet you!',
  'If {name} sounds like your new best friend, contact us to set up a visit.',
  'Ask us about {name} today; we would love to tell you more.',
  '{name} is ready to go home. Could it be with you?',
]

/** Notes shown when special_needs is true, by type: each fits every kind of its type. Plain text, no placeholders. */
export const SPECIAL_NEEDS_NOTES: Record<AnimalType, string[]> = {
  dog: [
    'Takes a daily thyroid pill, hidden in a treat.',
    'Partly deaf; responds well to hand signals.',
    'Needs a prescription diet for sensitive kidneys.',
    'Blind in one eye and gets around just fine.',
    'Has a healed leg injury; short walks only for now.',
    'Needs a quiet home without stairs.',
  ],
  cat: [
    'Takes a daily thyroid pill, hidden in a treat.',
    'Needs a prescription diet for sensitive kidneys.',
    'Blind in one eye and gets around just fine.',
    'Has a healed leg injury; no high jumps for now.',
    'Needs a quiet home without stairs.',
  ],
  rabbit: [
    'Needs a diet of hay and greens for sensitive teeth.',
    'Blind in one eye and gets around just fine.',
    'Has a slight head tilt that does not slow this bunny down.',
  ],
  bird: [
    'Missing a few flight feathers; needs low perches.',
    'Blind in one eye and gets around just fine.',
    'Needs a daily vitamin supplement in the water dish.',
  ],
  'small-animal': [
    'Needs a diet for sensitive teeth.',
    'Blind in one eye and gets around just fine.',
    'Needs a single-level enclosure without ramps.',
  ],
  reptile: [
    'Needs calcium dusted on every meal.',
    'Blind in one eye and eats from tongs.',
    'Needs extra humidity to shed well.',
  ],
  horse: [
    'Needs soaked feed for worn teeth.',
    'Blind in one eye and gets around just fine.',
    'Needs corrective shoes on the front hooves.',
  ],
  barnyard: [
    'Blind in one eye and gets around just fine.',
    'Has a healed leg injury and a slight limp.',
    'Needs a special diet; our staff will explain it.',
  ],
  other: [
    'Needs water kept a little warmer than usual.',
    'Blind in one eye and eats from tongs.',
    'Needs a quiet tank away from bright light.',
  ],
}

// Shelter names: a word from the first list plus an organisation from the second. The
// organisation decides the shelter_type.
// prettier-ignore
export const SHELTER_WORDS = [
  'Second Chance', 'Happy Tails', 'Harbor Lights', 'Whisker Haven', 'Golden Years', 'Brighter Days', 'Safe Harbor',
  'Lucky Paws', 'Kindred Spirits', 'New Leash', 'Open Arms', 'Hope Springs', 'Little Lantern', 'Paws & Whiskers',
  'Hidden Valley', 'Riverbend', 'Maple Hollow', 'Sunny Meadow', 'Blue Ridge', 'Cedar Grove', 'Willow Creek',
  'Forever Home', 'Heartland', 'Stray Hearts', 'Tender Paws', 'Silver Lining', 'North Star', 'Wagging Tails',
  'Purrfect Match', 'Cottonwood', 'Red Barn', 'Ironwood', 'Clearwater', 'Bluebonnet', 'Evergreen', 'Lakeside',
  'Pine Ridge', 'Harvest Moon', 'Prairie Wind', 'Sandy Shores', 'Dogwood', 'Magnolia', 'Timberline', 'Hopeful Hearts',
]

export const SHELTER_ORGANISATIONS: { name: string; type: ShelterType }[] = [
  { name: 'Animal Shelter', type: 'animal_shelter' },
  { name: 'Animal Rescue', type: 'rescue_organization' },
  { name: 'Humane Society', type: 'animal_shelter' },
  { name: 'Pet Rescue', type: 'rescue_organization' },
  { name: 'Foster Network', type: 'foster_network' },
  { name: 'Animal Care Center', type: 'animal_shelter' },
  { name: 'Rescue League', type: 'rescue_organization' },
  { name: 'Foster Collective', type: 'foster_network' },
]

export const SHELTER_MISSIONS = [
  'We take in homeless, abandoned and surrendered animals and find them loving families.',
  'Every animal in our care is vaccinated, microchipped and spayed or neutered before adoption.',
  'Our volunteers foster animals in their own homes, so we know each one’s personality well.',
  'We focus on seniors, special-needs animals and the ones who wait the longest.',
  'We run low-cost vaccination clinics and a community pet food bank.',
  'Adoption counsellors help you find the companion that fits your home and routine.',
]

// prettier-ignore
export const STREETS = [
  'Oak Street', 'Maple Avenue', 'Main Street', 'Cedar Lane', 'Elm Street', 'Park Avenue', 'Washington Street',
  'Lake Road', 'Hillcrest Drive', 'Riverside Drive', 'Sunset Boulevard', 'Mill Road', 'Church Street',
  'Highland Avenue', 'Jefferson Avenue', 'Franklin Street', 'Pine Street', 'Meadow Lane', 'Orchard Road',
  'Spring Street',
]
