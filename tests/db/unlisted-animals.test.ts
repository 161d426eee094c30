// public.unlisted_animal_page(): the one opening onto adopted and archived animals, which
// row-level security hides from everyone but their owner. It must give a visitor exactly what
// the adopted page and the archived page (410) show, and nothing about any other animal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'

type SignedIn = Awaited<ReturnType<Harness['signedIn']>>
type Shelter = SignedIn & { shelterId: string }

let h: Harness
let approved: Shelter
let unapproved: Shelter

const PLACE = { latitude: 40.7128, longitude: -74.006, zip_code: '10001', city: 'New York', state: 'NY' }

const makeShelter = (name: string, approve: boolean): Promise<Shelter> =>
  createShelter(h, name, { ...PLACE, meeting_completed: approve, contact_email: 'adopt@paws.example', phone: '(212) 555-0100' })

/** Every column a shelter fills in, so the test sees which ones come out. */
async function addAnimal(shelter: Shelter, status: string) {
  const { data, error } = await shelter.client
    .from('animals')
    .insert({
      shelter_id: shelter.shelterId,
      name: 'Luna',
      type: 'cat',
      primary_breed: 'Siamese',
      secondary_breed: 'Tabby',
      mixed_breed: true,
      age_group: 'adult',
      birth_date: '2020-03-01',
      sex: 'female',
      size: 'small',
      primary_color: 'Cream',
      secondary_color: 'Seal Point',
      tertiary_color: 'White',
      coat: 'short',
      good_with_children: 'no',
      good_with_dogs: 'no',
      good_with_cats: 'yes',
      house_trained: true,
      special_needs: true,
      special_needs_notes: 'Daily medicine.',
      adoption_fee: 85,
      description: 'A quiet lap cat.',
      status,
      external_source: 'petfinder',
      external_id: `pf-${status}-${Math.random()}`,
    })
    .select('id')
    .single()
  if (error) throw error
  const photo = await h
    .service()
    .from('animal_photos')
    .insert({ animal_id: data.id, position: 0, external_url: '/images/demo/cat-cream.svg', alt: 'Luna on a cushion' })
  if (photo.error) throw photo.error
  return data.id as string
}

async function page(client: ReturnType<Harness['anon']>, id: string) {
  const { data, error } = await client.rpc('unlisted_animal_page', { animal_id: id }).maybeSingle()
  if (error) throw error
  return data as Record<string, unknown> | null
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  approved = await makeShelter('Approved Paws', true)
  unapproved = await makeShelter('Waiting Whiskers', false)
})
afterAll(async () => {
  await h?.stop()
})

describe('an adopted or archived animal’s page, for a visitor', () => {
  it('gives an adopted animal’s name, looks, words and photos, and its shelter’s name and place, and nothing else', async () => {
    const id = await addAnimal(approved, 'adopted')
    const adopted = await page(h.anon(), id)
    expect(adopted).toEqual({
      status: 'adopted',
      type: 'cat',
      place: PLACE,
      animal: {
        id,
        name: 'Luna',
        type: 'cat',
        primary_breed: 'Siamese',
        secondary_breed: 'Tabby',
        mixed_breed: true,
        age_group: 'adult',
        birth_date: '2020-03-01',
        sex: 'female',
        size: 'small',
        primary_color: 'Cream',
        secondary_color: 'Seal Point',
        tertiary_color: 'White',
        coat: 'short',
        description: 'A quiet lap cat.',
        photos: [
          {
            storage_path: null,
            external_url: '/images/demo/cat-cream.svg',
            alt: 'Luna on a cushion',
            position: 0,
            width: null,
            height: null,
          },
        ],
        shelter: { shelter_name: 'Approved Paws', slug: expect.any(String), city: 'New York', state: 'NY' },
      },
    })
    // Signed in as another shelter: the same, no more.
    const other = await makeShelter('Other Tails', true)
    expect(await page(other.client, id)).toEqual(adopted)
  })

  it('gives only the type and the shelter’s place of an archived animal, for the suggestions', async () => {
    const id = await addAnimal(approved, 'archived')
    expect(await page(h.anon(), id)).toEqual({ status: 'archived', type: 'cat', place: PLACE, animal: null })
  })

  it('gives nothing for a listed animal, an unknown id, or any animal of a shelter not approved', async () => {
    expect(await page(h.anon(), await addAnimal(approved, 'available'))).toBeNull()
    expect(await page(h.anon(), '00000000-0000-4000-8000-000000000000')).toBeNull()
    for (const status of ['adopted', 'archived']) {
      expect(await page(h.anon(), await addAnimal(unapproved, status)), status).toBeNull()
    }
  })

  it('leaves the rows and their photos hidden from table reads', async () => {
    const id = await addAnimal(approved, 'adopted')
    expect((await h.anon().from('animals').select('id').eq('id', id)).data).toEqual([])
    expect((await h.anon().from('animal_photos').select('id').eq('animal_id', id)).data).toEqual([])
  })
})
