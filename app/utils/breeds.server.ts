// Breed names per animal type: the suggestions of the search page's breed field (a <datalist>,
// server-rendered, so it works without JavaScript). The names are the market's: Petfinder's
// per-type breed lists, with its types mapped onto ours ('Small & Furry' is small-animal,
// 'Scales, Fins & Other' is split into reptile and other), plus the breeds of the demo data
// (breeds.server.test.ts checks that each of those is offered for its type). Any text is still
// a valid breed search: suggestions are not a constraint (a synced listing may name any breed,
// and a breed search matches words, see matching_breed_words() in
// supabase/migrations/20261127004000_search_filters.sql).
//
// Server only: the lists are sent as the page's HTML for the one type shown, never as a module.
import type { AnimalType } from './vocabulary'

const DOG = [
  'Affenpinscher', 'Afghan Hound', 'Airedale Terrier', 'Akbash', 'Akita', 'Alaskan Malamute', 'American Bulldog', 'American Bully',
  'American Eskimo Dog', 'American Foxhound', 'American Hairless Terrier', 'American Staffordshire Terrier', 'American Water Spaniel',
  'Anatolian Shepherd', 'Appenzell Mountain Dog', 'Aussiedoodle', 'Australian Cattle Dog / Blue Heeler', 'Australian Kelpie',
  'Australian Shepherd', 'Australian Terrier', 'Basenji', 'Basset Hound', 'Beagle', 'Bearded Collie', 'Beauceron', 'Bedlington Terrier',
  'Belgian Shepherd / Laekenois', 'Belgian Shepherd / Malinois', 'Belgian Shepherd / Sheepdog', 'Belgian Shepherd / Tervuren',
  'Bernedoodle', 'Bernese Mountain Dog', 'Bichon Frise', 'Black and Tan Coonhound', 'Black Labrador Retriever', 'Black Mouth Cur',
  'Black Russian Terrier', 'Bloodhound', 'Blue Lacy', 'Bluetick Coonhound', 'Boerboel', 'Bolognese', 'Border Collie', 'Border Terrier',
  'Borzoi', 'Boston Terrier', 'Bouvier des Flandres', 'Boxer', 'Boykin Spaniel', 'Briard', 'Brittany Spaniel', 'Brussels Griffon',
  'Bull Terrier', 'Bullmastiff', 'Cairn Terrier', 'Canaan Dog', 'Cane Corso', 'Cardigan Welsh Corgi', 'Carolina Dog',
  'Catahoula Leopard Dog', 'Cattle Dog', 'Caucasian Sheepdog / Caucasian Ovtcharka', 'Cavachon', 'Cavalier King Charles Spaniel',
  'Cavapoo', 'Chesapeake Bay Retriever', 'Chihuahua', 'Chinese Crested', 'Chinese Foo Dog', 'Chinook', 'Chiweenie',
  'Chocolate Labrador Retriever', 'Chow Chow', "Cirneco dell'Etna", 'Clumber Spaniel', 'Cockapoo', 'Cocker Spaniel', 'Collie',
  'Coonhound', 'Corgi', 'Coton de Tulear', 'Curly-Coated Retriever', 'Dachshund', 'Dalmatian', 'Dandie Dinmont Terrier',
  'Doberman Pinscher', 'Dogo Argentino', 'Dogue de Bordeaux', 'Dutch Shepherd', 'English Bulldog', 'English Cocker Spaniel',
  'English Coonhound', 'English Foxhound', 'English Pointer', 'English Setter', 'English Shepherd', 'English Springer Spaniel',
  'English Toy Spaniel', 'Entlebucher', 'Eskimo Dog', 'Feist', 'Field Spaniel', 'Fila Brasileiro', 'Finnish Lapphund', 'Finnish Spitz',
  'Flat-Coated Retriever', 'Fox Terrier', 'Foxhound', 'French Bulldog', 'Galgo Spanish Greyhound', 'German Pinscher',
  'German Shepherd Dog', 'German Shorthaired Pointer', 'German Spitz', 'German Wirehaired Pointer', 'Giant Schnauzer',
  'Glen of Imaal Terrier', 'Golden Retriever', 'Goldendoodle', 'Gordon Setter', 'Great Dane', 'Great Pyrenees',
  'Greater Swiss Mountain Dog', 'Greyhound', 'Hamiltonstovare', 'Harrier', 'Havanese', 'Hound', 'Hovawart', 'Husky', 'Ibizan Hound',
  'Icelandic Sheepdog', 'Illyrian Sheepdog', 'Irish Setter', 'Irish Terrier', 'Irish Water Spaniel', 'Irish Wolfhound',
  'Italian Greyhound', 'Jack Russell Terrier', 'Japanese Chin', 'Jindo', 'Kai Dog', 'Karelian Bear Dog', 'Keeshond',
  'Kerry Blue Terrier', 'Kishu', 'Klee Kai', 'Komondor', 'Kuvasz', 'Kyi Leo', 'Labradoodle', 'Labrador Retriever', 'Lakeland Terrier',
  'Lancashire Heeler', 'Leonberger', 'Lhasa Apso', 'Lowchen', 'Lurcher', 'Maltese', 'Maltipoo', 'Manchester Terrier',
  'Maremma Sheepdog', 'Mastiff', 'McNab', 'Miniature Bull Terrier', 'Miniature Dachshund', 'Miniature Pinscher', 'Miniature Poodle',
  'Miniature Schnauzer', 'Mixed Breed', 'Morkie', 'Mountain Cur', 'Mountain Dog', 'Munsterlander', 'Neapolitan Mastiff',
  'New Guinea Singing Dog', 'Newfoundland Dog', 'Norfolk Terrier', 'Norwegian Buhund', 'Norwegian Elkhound', 'Norwegian Lundehund',
  'Norwich Terrier', 'Nova Scotia Duck Tolling Retriever', 'Old English Sheepdog', 'Otterhound', 'Papillon', 'Parson Russell Terrier',
  'Patterdale Terrier / Fell Terrier', 'Pekingese', 'Pembroke Welsh Corgi', 'Peruvian Inca Orchid', 'Petit Basset Griffon Vendeen',
  'Pharaoh Hound', 'Pit Bull Terrier', 'Plott Hound', 'Pointer', 'Polish Lowland Sheepdog', 'Pomeranian', 'Pomsky', 'Poodle',
  'Portuguese Podengo', 'Portuguese Water Dog', 'Presa Canario', 'Pug', 'Puggle', 'Puli', 'Pumi', 'Pyrenean Shepherd', 'Rat Terrier',
  'Redbone Coonhound', 'Retriever', 'Rhodesian Ridgeback', 'Rottweiler', 'Rough Collie', 'Saint Bernard', 'Saluki', 'Samoyed',
  'Sarplaninac', 'Schipperke', 'Schnauzer', 'Schnoodle', 'Scottish Deerhound', 'Scottish Terrier', 'Sealyham Terrier', 'Setter',
  'Shar-Pei', 'Sheep Dog', 'Sheepadoodle', 'Shepherd', 'Shetland Sheepdog / Sheltie', 'Shiba Inu', 'Shih poo', 'Shih Tzu', 'Shollie',
  'Siberian Husky', 'Silky Terrier', 'Skye Terrier', 'Sloughi', 'Smooth Collie', 'Smooth Fox Terrier', 'South Russian Ovtcharka',
  'Spaniel', 'Spanish Water Dog', 'Spinone Italiano', 'Spitz', 'Staffordshire Bull Terrier', 'Standard Poodle', 'Standard Schnauzer',
  'Sussex Spaniel', 'Swedish Vallhund', 'Tennessee Treeing Brindle', 'Terrier', 'Thai Ridgeback', 'Tibetan Mastiff', 'Tibetan Spaniel',
  'Tibetan Terrier', 'Tosa Inu', 'Toy Fox Terrier', 'Toy Manchester Terrier', 'Treeing Walker Coonhound', 'Vizsla', 'Weimaraner',
  'Welsh Springer Spaniel', 'Welsh Terrier', 'West Highland White Terrier / Westie', 'Wheaten Terrier', 'Whippet',
  'White German Shepherd', 'Wire Fox Terrier', 'Wirehaired Dachshund', 'Wirehaired Pointing Griffon', 'Wirehaired Terrier',
  'Xoloitzcuintli / Mexican Hairless', 'Yellow Labrador Retriever', 'Yorkshire Terrier',
]

const CAT = [
  'Abyssinian', 'American Bobtail', 'American Curl', 'American Shorthair', 'American Wirehair', 'Applehead Siamese', 'Balinese',
  'Bengal', 'Birman', 'Bombay', 'British Shorthair', 'Burmese', 'Burmilla', 'Calico', 'Canadian Hairless', 'Chartreux', 'Chausie',
  'Chinchilla', 'Cornish Rex', 'Cymric', 'Devon Rex', 'Dilute Calico', 'Dilute Tortoiseshell', 'Domestic Long Hair',
  'Domestic Medium Hair', 'Domestic Short Hair', 'Egyptian Mau', 'Exotic Shorthair', 'Extra-Toes Cat / Hemingway Polydactyl', 'Havana',
  'Himalayan', 'Japanese Bobtail', 'Javanese', 'Korat', 'LaPerm', 'Maine Coon', 'Manx', 'Munchkin', 'Nebelung', 'Norwegian Forest Cat',
  'Ocicat', 'Oriental Long Hair', 'Oriental Short Hair', 'Oriental Tabby', 'Persian', 'Pixiebob', 'Ragamuffin', 'Ragdoll',
  'Russian Blue', 'Scottish Fold', 'Selkirk Rex', 'Siamese', 'Siberian', 'Silver', 'Singapura', 'Snowshoe', 'Somali',
  'Sphynx / Hairless Cat', 'Tabby', 'Tiger', 'Tonkinese', 'Torbie', 'Tortoiseshell', 'Toyger', 'Turkish Angora', 'Turkish Van', 'Tuxedo',
  'York Chocolate',
]

const RABBIT = [
  'American', 'American Fuzzy Lop', 'American Sable', 'Angora Rabbit', 'Belgian Hare', 'Beveren', 'Britannia Petite', 'Bunny Rabbit',
  'Californian', "Champagne D'Argent", 'Checkered Giant', 'Chinchilla', 'Cinnamon', "Creme D'Argent", 'Dutch', 'Dwarf', 'Dwarf Eared',
  'English Lop', 'English Spot', 'Flemish Giant', 'Florida White', 'French Lop', 'Harlequin', 'Havana', 'Himalayan', 'Holland Lop',
  'Hotot', 'Jersey Wooly', 'Lilac', 'Lionhead', 'Lop Eared', 'Mini Lop', 'Mini Rex', 'Netherland Dwarf', 'New Zealand', 'Palomino',
  'Polish', 'Rex', 'Rhinelander', 'Satin', 'Silver', 'Silver Fox', 'Silver Marten', 'Tan',
]

const SMALL_ANIMAL = [
  'Abyssinian', 'Chinchilla', 'Degu', 'Dwarf Hamster', 'Ferret', 'Gerbil', 'Guinea Pig', 'Hamster', 'Hedgehog', 'Mouse', 'Peruvian',
  'Prairie Dog', 'Rat', 'Rex', 'Short-Haired', 'Silkie / Sheltie', 'Skunk', 'Sugar Glider', 'Teddy',
]

const HORSE = [
  'Appaloosa', 'Arabian', 'Belgian', 'Clydesdale', 'Connemara', 'Curly Horse', 'Donkey', 'Draft', 'Friesian', 'Gaited', 'Grade',
  'Haflinger', 'Icelandic Horse', 'Miniature Horse', 'Missouri Foxtrotter', 'Morgan', 'Mule', 'Mustang', 'Paint / Pinto', 'Palomino',
  'Paso Fino', 'Percheron', 'Peruvian Paso', 'Pony', 'Quarter Horse', 'Saddlebred', 'Standardbred', 'Tennessee Walker', 'Thoroughbred',
  'Warmblood',
]

const BIRD = [
  'African Grey', 'Amazon', 'Brotogeris', 'Budgie/Budgerigar', 'Button-Quail', 'Caique', 'Canary', 'Chicken', 'Cockatiel', 'Cockatoo',
  'Conure', 'Dove', 'Duck', 'Eclectus', 'Emu', 'Finch', 'Goose', 'Guinea Fowl', 'Kakariki', 'Lory/Lorikeet', 'Lovebird', 'Macaw',
  'Mynah', 'Ostrich', 'Parakeet (Other)', 'Parrot (Other)', 'Parrotlet', 'Peacock/Pea fowl', 'Pheasant', 'Pigeon', 'Pionus',
  'Poicephalus/Senegal', 'Quail', 'Quaker Parakeet', 'Rhea', 'Ringneck/Psittacula', 'Rosella', 'Swan', 'Toucan', 'Turkey',
]

const REPTILE = [
  'Ball Python', 'Bearded Dragon', 'Boa', 'Boa Constrictor', 'Box Turtle', 'Burmese Python', 'Chameleon', 'Corn Snake', 'Gecko',
  'Iguana', 'King Snake', 'Leopard Gecko', 'Lizard', 'Milk Snake', 'Monitor', 'Python', 'Rat Snake', 'Red-Eared Slider', 'Skink',
  'Snake', 'Tegu', 'Tortoise', 'Turtle', 'Uromastyx', 'Water Dragon',
]

const OTHER = [
  'Axolotl', 'Betta', 'Crab', 'Fish', 'Freshwater Fish', 'Frog', 'Goldfish', 'Hermit Crab', 'Koi', 'Saltwater Fish', 'Scorpion',
  'Tarantula', 'Toad', 'Tree Frog',
]

const BARNYARD = [
  'Alpaca', 'Alpine', 'Angora', 'Angus', 'Barbados', 'Boer', 'Chicken', 'Cow', 'Duroc', 'Goat', 'Hampshire', 'Holstein', 'Jersey',
  'LaMancha', 'Llama', 'Merino', 'Mouflon', 'Myotonic / Fainting', 'Nigerian Dwarf', 'Nubian', 'Oberhasli', 'Pig (Farm)',
  'Pot Bellied', 'Pygmy', 'Rhode Island Red', 'Saanen', 'Sheep', 'Shetland', 'Silkie', 'Toggenburg', 'Vietnamese Pot Bellied', 'Yak',
  'Yorkshire',
]

export const BREEDS_BY_TYPE: Record<AnimalType, readonly string[]> = {
  dog: DOG,
  cat: CAT,
  rabbit: RABBIT,
  'small-animal': SMALL_ANIMAL,
  horse: HORSE,
  bird: BIRD,
  reptile: REPTILE,
  other: OTHER,
  barnyard: BARNYARD,
}

/**
 * Without a type: the breeds shelters list most (dogs and cats first, as in the listings),
 * rather than every type's list (over 500 names, most of them rare).
 */
export const COMMON_BREEDS: readonly string[] = [
  'Pit Bull Terrier', 'Labrador Retriever', 'Chihuahua', 'German Shepherd Dog', 'Mixed Breed', 'Terrier', 'Hound', 'Boxer', 'Beagle',
  'Siberian Husky', 'American Staffordshire Terrier', 'Australian Cattle Dog / Blue Heeler', 'Dachshund', 'Border Collie',
  'Australian Shepherd', 'Golden Retriever', 'Shih Tzu', 'Jack Russell Terrier', 'Poodle', 'Yorkshire Terrier',
  'Domestic Short Hair', 'Domestic Medium Hair', 'Domestic Long Hair', 'Tabby', 'Siamese', 'Tuxedo', 'Maine Coon',
  'Holland Lop', 'Lionhead', 'Mini Lop', 'Guinea Pig', 'Hamster', 'Rat', 'Parakeet (Other)', 'Cockatiel', 'Chicken',
  'Bearded Dragon', 'Turtle', 'Quarter Horse', 'Goat', 'Pot Bellied',
]

/** The breed field's suggestions: the type's list, or the common breeds without a type. */
export function breedSuggestions(type: AnimalType | undefined): readonly string[] {
  return type ? BREEDS_BY_TYPE[type] : COMMON_BREEDS
}
