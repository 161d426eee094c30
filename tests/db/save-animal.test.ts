// save_animal(): the edit form's save is one transaction. What it changes, and that a failure
// anywhere leaves the animal, its photos and their order exactly as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { approvedProfile, createShelter } from '#tests/db/factories.ts'

type Shelter = Awaited<ReturnType<Harness['signedIn']>> & { shelterId: string }

let h: Harness
let owner: Shelter
let other: Shelter

const makeShelter = (name: string): Promise<Shelter> =>
  createShelter(h, name, { latitude: 40.7128, longitude: -74.006, ...approvedProfile() })

/** An animal with three stored photos, p0 to p2 in places 0 to 2. */
async function animalWithPhotos() {
  const { data: animal, error } = await owner.client
    .from('animals')
    .insert({ shelter_id: owner.shelterId, name: 'Biscuit', type: 'dog', age_group: 'adult', description: 'Before' })
    .select('id')
    .single()
  if (error) throw error
  const photos = ['p0', 'p1', 'p2'].map((alt, position) => ({
    animal_id: animal.id,
    position,
    alt,
    storage_path: photoPath(animal.id, alt),
  }))
  const inserted = await owner.client.from('animal_photos').insert(photos).select('id, alt')
  if (inserted.error) throw inserted.error
  const idOf = (alt: string) => inserted.data.find((photo) => photo.alt === alt)!.id as string
  return { id: animal.id as string, idOf }
}

function photoPath(animalId: string, name: string) {
  return `${owner.shelterId}/${animalId}/${name}.webp`
}

/** The form's columns, as the app sends them. */
function changes(fields: Record<string, unknown> = {}) {
  return {
    name: 'Biscuit II',
    type: 'dog',
    primary_breed: 'Beagle',
    secondary_breed: null,
    mixed_breed: false,
    age_group: 'senior',
    birth_date: null,
    sex: 'female',
    size: 'small',
    primary_color: null,
    secondary_color: null,
    tertiary_color: null,
    coat: null,
    good_with_children: 'yes',
    good_with_dogs: 'unknown',
    good_with_cats: 'no',
    house_trained: true,
    spayed_neutered: true,
    vaccinations_current: false,
    special_needs: false,
    special_needs_notes: null,
    adoption_fee: 75,
    description: 'After',
    ...fields,
  }
}

async function stored(animalId: string) {
  const animal = await owner.client.from('animals').select('name, age_group, description, adoption_fee').eq('id', animalId).single()
  const photos = await owner.client.from('animal_photos').select('alt, position').eq('animal_id', animalId).order('position')
  return { animal: animal.data, photos: photos.data!.map((photo) => `${photo.position}:${photo.alt}`) }
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  owner = await makeShelter('Saving Paws')
  other = await makeShelter('Other Tails')
})
afterAll(async () => {
  await h?.stop()
})

describe('save_animal', () => {
  it('saves the fields, removes and adds photos, and puts the main photo first, in one call', async () => {
    const animal = await animalWithPhotos()
    const { data, error } = await owner.client.rpc('save_animal', {
      target_animal: animal.id,
      changes: changes(),
      removed_photo_ids: [animal.idOf('p0')],
      new_photos: [
        { storage_path: photoPath(animal.id, 'n0'), width: 800, height: 600, alt: 'n0' },
        { storage_path: photoPath(animal.id, 'n1'), width: 800, height: 600, alt: 'n1' },
      ],
      main_photo_id: animal.idOf('p2'),
    })
    expect(error).toBeNull()
    expect(data).toEqual([photoPath(animal.id, 'p0')])
    expect(await stored(animal.id)).toEqual({
      animal: { name: 'Biscuit II', age_group: 'senior', description: 'After', adoption_fee: 75 },
      photos: ['0:p2', '1:p1', '2:n0', '3:n1'],
    })
  })

  it('fills every place up to six when photos go and come in one save', async () => {
    const animal = await animalWithPhotos()
    const added = ['n0', 'n1', 'n2', 'n3'].map((alt) => ({ storage_path: photoPath(animal.id, alt), width: 10, height: 10, alt }))
    const { error } = await owner.client.rpc('save_animal', {
      target_animal: animal.id,
      changes: changes(),
      removed_photo_ids: [animal.idOf('p1')],
      new_photos: added,
    })
    expect(error).toBeNull()
    expect((await stored(animal.id)).photos).toEqual(['0:p0', '1:p2', '2:n0', '3:n1', '4:n2', '5:n3'])
  })

  it('changes nothing at all when any part fails', async () => {
    const animal = await animalWithPhotos()
    const before = await stored(animal.id)
    // The second new photo breaks a constraint after the fields and the removal were written.
    const { error } = await owner.client.rpc('save_animal', {
      target_animal: animal.id,
      changes: changes(),
      removed_photo_ids: [animal.idOf('p0')],
      new_photos: [
        { storage_path: photoPath(animal.id, 'n0'), width: 10, height: 10, alt: 'n0' },
        { storage_path: 'not/a/path', width: 10, height: 10, alt: 'n1' },
      ],
      main_photo_id: animal.idOf('p2'),
    })
    expect(error?.code).toBe('23514')
    expect(await stored(animal.id)).toEqual(before)

    // A field the database refuses fails the same way.
    const invalid = await owner.client.rpc('save_animal', {
      target_animal: animal.id,
      changes: changes({ age_group: 'ancient' }),
      removed_photo_ids: [animal.idOf('p1')],
    })
    expect(invalid.error?.code).toBe('23514')
    expect(await stored(animal.id)).toEqual(before)
  })

  it("answers not found for another shelter's animal, and refuses anonymous callers", async () => {
    const animal = await animalWithPhotos()
    const before = await stored(animal.id)
    const intruder = await other.client.rpc('save_animal', {
      target_animal: animal.id,
      changes: changes(),
      removed_photo_ids: [animal.idOf('p0')],
    })
    expect(intruder.error?.code).toBe('PT404')
    const anonymous = await h.anon().rpc('save_animal', { target_animal: animal.id, changes: changes() })
    expect(anonymous.error?.code).toBe('42501')
    expect(await stored(animal.id)).toEqual(before)
  })
})
