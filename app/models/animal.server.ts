// A shelter's own animals, read and written through the person's Supabase client so
// row-level security and the column grants decide (supabase/migrations/20261121000400_animals.sql).
import { randomBytes } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod'
import type { QueryData, SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '~/types/database'
import { ANIMAL_PHOTOS_BUCKET } from '~/utils/photos'
import { PhotoError, parseAnimalForm, processPhoto, type ProcessedPhoto } from '~/utils/photo-upload.server'
import type { AnimalStatus } from '~/utils/vocabulary'
import { MAX_PHOTOS, animalColumns, animalSchema, type AnimalInput } from './animal-schema'

const ANIMAL_COLUMNS = `id, shelter_id, owner_id, name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size,
  primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs, good_with_cats, house_trained,
  spayed_neutered, vaccinations_current, special_needs, special_needs_notes, adoption_fee, description, status,
  external_source, listed, published_at, created_at, updated_at,
  animal_photos (id, position, storage_path, external_url, width, height, alt)`

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- kept for its type: QueryData infers the selected row's shape from this query builder
const selectAnimals = (supabase: SupabaseClient<Database>) => supabase.from('animals').select(ANIMAL_COLUMNS)

type SelectedAnimal = QueryData<ReturnType<typeof selectAnimals>>[number]
/** The check-constrained text columns as the form's vocabulary names them (the database types say `string`). */
type AnimalVocabulary = Pick<AnimalInput, 'type' | 'age_group' | 'sex' | 'size' | 'good_with_children' | 'good_with_dogs' | 'good_with_cats' | 'status'>

/** A row of public.animals as the dashboard reads it (the owner's writable columns and a few more). */
export type AnimalRow = Omit<SelectedAnimal, keyof AnimalVocabulary> & AnimalVocabulary
export type AnimalPhoto = AnimalRow['animal_photos'][number]

/** Photos in their places; the vocabulary columns hold what their check constraints allow. */
function byPosition(animal: SelectedAnimal): AnimalRow {
  return { ...animal, animal_photos: [...(animal.animal_photos ?? [])].sort((a, b) => a.position - b.position) } as AnimalRow
}

/** Escapes a name search for ILIKE: % and _ are literal, and commas/parentheses are safe in a filter value. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`
}

/** The shelter's animals, newest change first, optionally filtered by name and status. */
export async function listShelterAnimals(
  supabase: SupabaseClient<Database>,
  shelterId: string,
  { q, status }: { q: string; status: AnimalStatus | null },
): Promise<{ animals: AnimalRow[]; total: number }> {
  let query = supabase
    .from('animals')
    .select(ANIMAL_COLUMNS, { count: 'exact' })
    .eq('shelter_id', shelterId)
    .order('updated_at', { ascending: false })
    .limit(200)
  if (q) query = query.ilike('name', likePattern(q))
  if (status) query = query.eq('status', status)
  const { data, error, count } = await query
  if (error) throw new Error(`listing animals failed: ${error.message}`)
  const animals = data.map(byPosition)
  return { animals, total: count ?? animals.length }
}

/** How many of the shelter's animals are in each status (head-only counts, no rows). */
export async function countShelterAnimals(supabase: SupabaseClient<Database>, shelterId: string): Promise<{ active: number; adopted: number; all: number }> {
  const count = async (statuses: AnimalStatus[] | null) => {
    let query = supabase.from('animals').select('id', { count: 'exact', head: true }).eq('shelter_id', shelterId)
    if (statuses) query = query.in('status', statuses)
    const { count: total, error } = await query
    if (error) throw new Error(`counting animals failed: ${error.message}`)
    return total ?? 0
  }
  const [active, adopted, all] = await Promise.all([count(['available', 'pending']), count(['adopted']), count(null)])
  return { active, adopted, all }
}

/** One of the shelter's animals, or null when it is not theirs or does not exist. */
export async function getShelterAnimal(supabase: SupabaseClient<Database>, shelterId: string, animalId: string): Promise<AnimalRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(animalId)) return null
  const { data, error } = await supabase.from('animals').select(ANIMAL_COLUMNS).eq('id', animalId).eq('shelter_id', shelterId).maybeSingle()
  if (error) throw new Error(`reading the animal failed: ${error.message}`)
  return data ? byPosition(data) : null
}

export async function createAnimal(supabase: SupabaseClient<Database>, shelterId: string, animal: AnimalInput): Promise<string> {
  const { data, error } = await supabase
    .from('animals')
    .insert({ shelter_id: shelterId, ...animalColumns(animal) })
    .select('id')
    .single()
  if (error || !data) throw new Error(`adding the animal failed: ${error?.message}`)
  return data.id
}

export async function updateAnimal(supabase: SupabaseClient<Database>, animalId: string, animal: AnimalInput): Promise<boolean> {
  const { data, error } = await supabase.from('animals').update(animalColumns(animal)).eq('id', animalId).select('id')
  if (error) throw new Error(`saving the animal failed: ${error.message}`)
  return Boolean(data?.length)
}

export async function setAnimalStatus(supabase: SupabaseClient<Database>, animalId: string, status: AnimalStatus): Promise<boolean> {
  const { data, error } = await supabase.from('animals').update({ status }).eq('id', animalId).select('id')
  if (error) throw new Error(`changing the status failed: ${error.message}`)
  return Boolean(data?.length)
}

/** Deletes the animal (its photo rows go with it) and then its stored pictures. */
export async function deleteAnimal(supabase: SupabaseClient<Database>, animal: AnimalRow): Promise<boolean> {
  const { data, error } = await supabase.from('animals').delete().eq('id', animal.id).select('id')
  if (error) throw new Error(`deleting the animal failed: ${error.message}`)
  if (!data?.length) return false
  await removeStoredPhotos(supabase, animal.animal_photos)
  return true
}

/** Removes pictures from Storage; a leftover object is harmless, so failures are only logged. */
async function removeStoredPhotos(supabase: SupabaseClient<Database>, photos: AnimalPhoto[]) {
  const paths = photos.map((photo) => photo.storage_path).filter((path): path is string => Boolean(path))
  if (!paths.length) return
  const { error } = await supabase.storage.from(ANIMAL_PHOTOS_BUCKET).remove(paths)
  if (error) console.error(`removing animal photos failed: ${error.message}`)
}

/** Deletes the chosen photos of an animal; returns the others, in their order. */
export async function removePhotos(supabase: SupabaseClient<Database>, animal: AnimalRow, photoIds: string[]): Promise<AnimalPhoto[]> {
  const removed = animal.animal_photos.filter((photo) => photoIds.includes(photo.id))
  if (removed.length) {
    const { error } = await supabase.from('animal_photos').delete().in('id', removed.map((photo) => photo.id))
    if (error) throw new Error(`removing photos failed: ${error.message}`)
    await removeStoredPhotos(supabase, removed)
  }
  return animal.animal_photos.filter((photo) => !photoIds.includes(photo.id))
}

/**
 * Puts the photos in places 0, 1, 2… in their order, the chosen main photo (if any) first,
 * closing the gaps removed photos left. One call: photos may swap places.
 */
export async function orderPhotos(supabase: SupabaseClient<Database>, animalId: string, photos: AnimalPhoto[], mainPhotoId: string | null): Promise<void> {
  const main = photos.find((photo) => photo.id === mainPhotoId)
  const ordered = main ? [main, ...photos.filter((photo) => photo !== main)] : photos
  if (ordered.every((photo, index) => photo.position === index)) return
  const { error } = await supabase.rpc('reorder_animal_photos', { target_animal: animalId, photo_ids: ordered.map((photo) => photo.id) })
  if (error) throw new Error(`reordering photos failed: ${error.message}`)
}

/**
 * Stores processed photos under `<owner id>/<animal id>/<random>.webp` with the person's own
 * client (storage RLS: only their folder) and records them after the existing ones.
 */
export async function addPhotos(
  supabase: SupabaseClient<Database>,
  { ownerId, animalId, animalName, firstPosition }: { ownerId: string; animalId: string; animalName: string; firstPosition: number },
  photos: ProcessedPhoto[],
): Promise<void> {
  for (const [index, photo] of photos.entries()) {
    const path = `${ownerId}/${animalId}/${randomBytes(12).toString('hex')}.webp`
    const upload = await supabase.storage
      .from(ANIMAL_PHOTOS_BUCKET)
      .upload(path, photo.data, { contentType: 'image/webp', cacheControl: '31536000', upsert: false })
    if (upload.error) throw new Error(`uploading a photo failed: ${upload.error.message}`)
    const { error } = await supabase.from('animal_photos').insert({
      animal_id: animalId,
      position: firstPosition + index,
      storage_path: path,
      width: photo.width,
      height: photo.height,
      alt: `Photo of ${animalName}`.slice(0, 300),
    })
    if (error) {
      await supabase.storage.from(ANIMAL_PHOTOS_BUCKET).remove([path])
      throw new Error(`recording a photo failed: ${error.message}`)
    }
  }
}

/** The edit form's starting values from a stored animal: text as the inputs hold it. */
export function animalDefaults(animal: AnimalRow): Record<string, string> {
  const text = (value: string | number | null) => (value === null || value === undefined ? '' : String(value))
  const box = (value: boolean) => (value ? 'on' : '')
  return {
    name: animal.name,
    type: animal.type,
    primary_breed: text(animal.primary_breed),
    secondary_breed: text(animal.secondary_breed),
    mixed_breed: box(animal.mixed_breed),
    age_group: animal.age_group,
    birth_date: text(animal.birth_date),
    sex: animal.sex,
    size: animal.size,
    primary_color: text(animal.primary_color),
    secondary_color: text(animal.secondary_color),
    tertiary_color: text(animal.tertiary_color),
    coat: text(animal.coat),
    good_with_children: animal.good_with_children,
    good_with_dogs: animal.good_with_dogs,
    good_with_cats: animal.good_with_cats,
    house_trained: box(animal.house_trained),
    spayed_neutered: box(animal.spayed_neutered),
    vaccinations_current: box(animal.vaccinations_current),
    special_needs: box(animal.special_needs),
    special_needs_notes: text(animal.special_needs_notes),
    adoption_fee: text(animal.adoption_fee),
    description: text(animal.description),
    status: animal.status,
  }
}

/** Animals are located at their shelter: without coordinates, adopters searching nearby never find them. */
export function shelterIsLocated(profile: { latitude: number | null; longitude: number | null }): boolean {
  return profile.latitude !== null && profile.longitude !== null
}

/**
 * The add/edit form as submitted: the validated fields, the photos to remove, and the new
 * photos already re-encoded; or the messages to show. Photos are only processed once the
 * fields are valid, so a mistyped field never costs an image encode.
 */
export async function readAnimalForm(request: Request, existingPhotos: AnimalPhoto[] = []) {
  const { formData, photos, photoErrors } = await parseAnimalForm(request)
  const submission = parseWithZod(formData, { schema: animalSchema })
  const removeIds = formData.getAll('remove_photo').filter((value): value is string => typeof value === 'string')
  const mainPhoto = formData.get('main_photo')
  const mainPhotoId = typeof mainPhoto === 'string' && !removeIds.includes(mainPhoto) ? mainPhoto : null
  const errors = [...photoErrors]
  const kept = existingPhotos.filter((photo) => !removeIds.includes(photo.id)).length
  if (!errors.length && kept + photos.length > MAX_PHOTOS) {
    errors.push(`An animal can have at most ${MAX_PHOTOS} photos: this would make ${kept + photos.length}.`)
  }
  const processed: ProcessedPhoto[] = []
  if (submission.status === 'success' && !errors.length) {
    for (const photo of photos) {
      try {
        processed.push(await processPhoto(photo.bytes, photo.filename))
      } catch (error) {
        if (!(error instanceof PhotoError)) throw error
        errors.push(error.message)
      }
    }
  }
  return { submission, photoErrors: errors, processed, removeIds, mainPhotoId, hadPhotos: photos.length > 0 }
}
