// A small known world for the listing tests, made through the service role: an approved
// shelter in New York (near ZIP 10001), one in San Francisco (near 94103), an unapproved one,
// and animals with varied attributes. Every description carries a token unique to the world,
// so `q=<token>` finds exactly these animals whatever else (demo data, other tests) is listed.
// The listing specs only read it, so one world per worker serves them all; its shelters (and
// with them its animals) are deleted when the worker ends.
import { admin, test as base, userFactory, type UserFactory } from '#tests/e2e/fixtures.ts'

export type World = {
  token: string
  nyc: { id: string; slug: string; name: string }
  sf: { id: string; slug: string; name: string }
  unapproved: { id: string; slug: string; name: string }
  animals: Record<string, string>
}

const NYC = { zip_code: '10001', city: 'New York', state: 'NY', latitude: 40.7465, longitude: -74.0014 }
const SF = { zip_code: '94103', city: 'San Francisco', state: 'CA', latitude: 37.7725, longitude: -122.4147 }

/** The world, made once per worker before its first listing test (auto: the tests that only
 * need animals listed somewhere count on it too). */
export const test = base.extend<object, { world: World }>({
  world: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's first parameter as a destructuring pattern to learn its dependencies; `{}` means none
    async ({}, use) => {
      const { users, deleteAll } = userFactory()
      await use(await createWorld(users))
      await deleteAll()
    },
    { scope: 'worker', auto: true },
  ],
})

async function makeShelter(users: UserFactory, name: string, place: Record<string, unknown>, approved: boolean) {
  const shelter = await users.shelter({
    name,
    profile: {
      ...place,
      meeting_completed: approved,
      phone: '(212) 555-0147',
      website: 'https://rescue.example',
      description: `${name} finds homes for animals.\n\nVisit us any weekend.`,
      address: '1 Test Street',
    },
  })
  return { id: shelter.shelterId, slug: shelter.slug, name }
}

async function createWorld(users: UserFactory): Promise<World> {
  const token = `zq${Math.random().toString(36).slice(2, 9)}`
  const [nyc, sf, unapproved] = await Promise.all([
    makeShelter(users, `Chelsea ${token} Rescue`, NYC, true),
    makeShelter(users, `Mission ${token} Shelter`, SF, true),
    makeShelter(users, `Hidden ${token} Haven`, { ...NYC, zip_code: '10002' }, false),
  ])
  const note = `Listed for test ${token}.`
  const rows: Array<Record<string, unknown>> = [
    {
      shelter_id: nyc.id,
      name: 'Alpha',
      type: 'dog',
      age_group: 'young',
      sex: 'male',
      size: 'small',
      primary_breed: 'Beagle',
      good_with_children: 'yes',
      good_with_dogs: 'yes',
      good_with_cats: 'no',
      house_trained: true,
      vaccinations_current: true,
      // A known no; special needs left unknown (null).
      spayed_neutered: false,
      primary_color: 'Tricolor',
      adoption_fee: 150,
      description: `Alpha loves to fetch. <script>window.__injected = true</script><b>not bold</b>\n\nHe naps after lunch. ${note}`,
    },
    {
      shelter_id: nyc.id,
      name: 'Bravo',
      type: 'cat',
      age_group: 'adult',
      sex: 'female',
      size: 'medium',
      primary_breed: 'Siamese',
      good_with_cats: 'yes',
      status: 'pending',
      description: note,
    },
    {
      shelter_id: nyc.id,
      name: 'Charlie',
      type: 'rabbit',
      age_group: 'senior',
      sex: 'male',
      size: 'small',
      primary_breed: 'Holland Lop',
      description: note,
    },
    {
      shelter_id: nyc.id,
      name: 'Delta',
      type: 'dog',
      age_group: 'adult',
      sex: 'female',
      size: 'large',
      status: 'adopted',
      description: note,
    },
    {
      shelter_id: nyc.id,
      name: 'Echo',
      type: 'dog',
      age_group: 'adult',
      sex: 'male',
      size: 'medium',
      status: 'archived',
      description: note,
    },
    {
      shelter_id: sf.id,
      name: 'Foxtrot',
      type: 'dog',
      age_group: 'senior',
      sex: 'female',
      size: 'large',
      primary_breed: 'Labrador Retriever',
      good_with_children: 'yes',
      description: note,
    },
    {
      shelter_id: unapproved.id,
      name: 'Golf',
      type: 'dog',
      age_group: 'young',
      sex: 'male',
      size: 'small',
      primary_breed: 'Beagle',
      description: note,
    },
    ...Array.from({ length: 25 }, (_, index) => ({
      shelter_id: sf.id,
      name: `Parrot ${index + 1}`,
      type: 'bird',
      age_group: 'adult',
      sex: 'unknown',
      size: 'small',
      primary_breed: 'Cockatiel',
      description: note,
    })),
  ]
  // Foxtrot shares its shelter's place with the 25 parrots, so a nearest-first search ties them
  // on distance and then orders by publication: listed a moment later, it is always on page 1.
  const [foxtrot] = rows.splice(
    rows.findIndex((row) => row.name === 'Foxtrot'),
    1,
  )
  const inserted: Array<{ id: string; name: string }> = []
  for (const batch of [rows, [foxtrot!]]) {
    const { data, error } = await admin().from('animals').insert(batch, { defaultToNull: false }).select('id, name')
    if (error) throw error
    inserted.push(...(data as Array<{ id: string; name: string }>))
  }
  const animals = Object.fromEntries(inserted.map((row) => [row.name, row.id]))
  const { error: photoError } = await admin()
    .from('animal_photos')
    .insert([
      { animal_id: animals.Alpha, position: 0, external_url: '/images/demo/dog-floppy-black.svg', alt: 'Alpha sitting on the grass' },
      { animal_id: animals.Alpha, position: 1, external_url: '/images/demo/dog-floppy-chocolate.svg', alt: 'Alpha with a ball' },
    ])
  if (photoError) throw photoError
  return { token, nyc, sf, unapproved, animals }
}
