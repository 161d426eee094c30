// How long the format readers take on a large file (the goal: a 10,000-row Petfinder CSV is
// imported, photos aside, in ≤ 10 s; reading it must be a small part of that). A measurement,
// not a test:
//
//   npm exec -- node bench/sync-formats.ts [rows]
//
// `petfinderBenchFile` builds the file (the 39 columns as ASM3 writes them: every value quoted,
// descriptions with `&#10;` and entities, two photo URLs, the occasional HTML description), so
// the import pipeline's bench can import the same one.
import { PETFINDER_COLUMNS, readPetfinder } from '#app/sync/formats/petfinder.ts'

const TYPES = ['Dog', 'Cat', 'Rabbit', 'Small & Furry', ' Scales, Fins & Other', 'Bird']
const BREEDS = ['Labrador Retriever', 'Terrier, Pit Bull', 'Domestic Short Hair', 'Beagle', 'Lop, Holland', 'Mixed Breed (Medium)']
const AGES = ['Baby', 'Young', 'Adult', 'Senior']

/** A Petfinder import CSV of `rows` animals, with ASM3's header. */
export function petfinderBenchFile(rows: number): string {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`
  const lines = [PETFINDER_COLUMNS.join(',')]
  for (let index = 0; index < rows; index++) {
    const id = `B${String(index).padStart(6, '0')}`
    const description =
      index % 10 === 0
        ? `<p>Meet <b>Pet ${index}</b> &amp; friends.</p><p>Apply at <a href="https://example.org/apply">our site</a></p><img src="https://tracker.example.org/p?${index}" width="0">`
        : `Pet ${index} is a lovely companion who enjoys long walks and naps in the sun.&#10;&#10;They&#39;re house trained, good with kids &amp; ready to go home today. ${'More about their day. '.repeat(8)}`
    const values: Record<string, string> = {
      ID: id,
      Internal: id,
      AnimalName: `Pet ${index}`,
      PrimaryBreed: BREEDS[index % BREEDS.length]!,
      SecondaryBreed: index % 3 === 0 ? 'Boxer' : '',
      Sex: index % 2 ? 'M' : 'F',
      Size: ['S', 'M', 'L', 'XL'][index % 4]!,
      Age: AGES[index % AGES.length]!,
      Desc: description,
      Type: TYPES[index % TYPES.length]!,
      Status: index % 20 === 0 ? 'P' : 'A',
      Shots: '1',
      Altered: index % 2 ? '1' : '',
      NoDogs: ['0', '1', ''][index % 3]!,
      NoCats: ['1', '', '0'][index % 3]!,
      NoKids: ['', '0', '1'][index % 3]!,
      Housetrained: '1',
      Mix: index % 3 === 0 ? '1' : '',
      photo1: `https://photos.example.org/${id}-1.jpg`,
      photo2: `https://photos.example.org/${id}-2.jpg`,
      birth_date: `20${String(10 + (index % 15)).padStart(2, '0')}-0${1 + (index % 9)}-15`,
      primaryColor: index % 2 ? 'Black' : 'Brown / Chocolate',
      coat_length: 'Short',
      adoption_fee: index % 5 ? '150.00' : '',
      display_adoption_fee: '1',
    }
    lines.push(PETFINDER_COLUMNS.map((column) => quote(values[column] ?? '')).join(','))
  }
  return lines.join('\n')
}

const LARGE_TYPES = ['Dog', 'Cat', 'Rabbit', 'Bird']
const LARGE_BREEDS = ['Labrador Retriever', 'Domestic Short Hair', 'Beagle', 'Lop, Holland', 'Terrier, Pit Bull']

/**
 * A Petfinder CSV as a large shelter network's export looks when it carries the listing only:
 * ASM3's 39 columns, the ones that matter filled, a one-line description, no photos (200,000
 * photo fetches are the photo worker's business, measured by its own bench). About 80 bytes a row.
 */
export function petfinderLargeFile(count: number): string {
  const index = Object.fromEntries(PETFINDER_COLUMNS.map((column, position) => [column, position]))
  const lines = [PETFINDER_COLUMNS.join(',')]
  const blank = PETFINDER_COLUMNS.map(() => '')
  for (let n = 0; n < count; n++) {
    const values = blank.slice()
    const set = (column: string, value: string) => (values[index[column]!] = value)
    set('ID', `L${n}`)
    set('AnimalName', `Pet ${n}`)
    set(
      'PrimaryBreed',
      LARGE_BREEDS[n % LARGE_BREEDS.length]!.includes(',')
        ? `"${LARGE_BREEDS[n % LARGE_BREEDS.length]}"`
        : LARGE_BREEDS[n % LARGE_BREEDS.length]!,
    )
    set('Sex', n % 2 ? 'M' : 'F')
    set('Size', ['S', 'M', 'L'][n % 3]!)
    set('Age', ['Baby', 'Young', 'Adult', 'Senior'][n % 4]!)
    set('Type', LARGE_TYPES[n % LARGE_TYPES.length]!)
    set('Status', 'A')
    set('Desc', `Friendly ${n}`)
    lines.push(values.join(','))
  }
  return lines.join('\n') + '\n'
}

if (import.meta.main) {
  const rows = Number(process.argv[2] ?? 10_000)
  const bytes = new TextEncoder().encode(petfinderBenchFile(rows))
  const times: number[] = []
  let animals = 0
  for (let run = 0; run < 5; run++) {
    const start = performance.now()
    const snapshot = readPetfinder(bytes)
    times.push(performance.now() - start)
    animals = snapshot.animals.length
    if (snapshot.errors.length) throw new Error(`unexpected row errors: ${JSON.stringify(snapshot.errors.slice(0, 3))}`)
  }
  const sorted = [...times].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]!
  console.log(
    `readPetfinder: ${rows.toLocaleString('en-US')} rows (${(bytes.length / 1e6).toFixed(1)} MB) → ${animals.toLocaleString('en-US')} animals; ` +
      `first run ${times[0]!.toFixed(0)} ms, median of 5 ${median.toFixed(0)} ms (${Math.round((rows / median) * 1000).toLocaleString('en-US')} rows/s)`,
  )
}
