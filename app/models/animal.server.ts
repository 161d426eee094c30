// A shelter's own animals, read and written through the person's Supabase client so
// row-level security and the column grants decide (supabase/migrations/20261121000400_animals.sql).
import { randomBytes } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod'
import type { QueryData, SupabaseClient } from '@supabase/supabase-js'
import { log } from '#app/utils/log.server.ts'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { ANIMAL_PHOTOS_BUCKET } from '#app/utils/photos.ts'
import { PhotoError, parseAnimalForm, processPhoto, type ProcessedPhoto } from '#app/utils/photo-upload.server.ts'
import { careAnswerOf, type AnimalStatus } from '#app/utils/vocabulary.ts'
import {
  MAX_PHOTOS,
  animalColumns,
  animalNotesSchema,
  animalSchema,
  photoChoicesSchema,
  type AnimalInput,
} from '#app/models/animal-form-schema.ts'

const ANIMAL_COLUMNS = `id, shelter_id, owner_id, name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size,
  primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs, good_with_cats, house_trained,
  spayed_neutered, vaccinations_current, special_needs, special_needs_notes, adoption_fee, description, status,
  external_source, listed, published_at, created_at, updated_at, source_id, source:sync_sources (name), bonded_group_id,
  animal_photos (id, position, storage_path, external_url, width, height, alt)`

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- kept for its type: QueryData infers the selected row's shape from this query builder
const selectAnimals = (supabase: SupabaseClient<Database>) => supabase.from('animals').select(ANIMAL_COLUMNS)

type SelectedAnimal = QueryData<ReturnType<typeof selectAnimals>>[number]
/** The check-constrained text columns as the form's vocabulary names them (the database types say `string`). */
type AnimalVocabulary = Pick<
  AnimalInput,
  'type' | 'age_group' | 'sex' | 'size' | 'good_with_children' | 'good_with_dogs' | 'good_with_cats' | 'status'
>

/** A row of public.animals as the dashboard reads it (the owner's writable columns and a few more). */
export type AnimalRow = Omit<SelectedAnimal, keyof AnimalVocabulary> & AnimalVocabulary
export type AnimalPhoto = AnimalRow['animal_photos'][number]

/** Photos in their places; the vocabulary columns hold what their check constraints allow. */
function byPosition(animal: SelectedAnimal): AnimalRow {
  // Cast: the vocabulary columns hold what their check constraints allow (AnimalVocabulary).
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
  if (error) throw new BackendError('listing animals', error)
  const animals = data.map(byPosition)
  return { animals, total: count ?? animals.length }
}

/** How many of the shelter's animals are in each status (head-only counts, no rows). */
export async function countShelterAnimals(
  supabase: SupabaseClient<Database>,
  shelterId: string,
): Promise<{ active: number; adopted: number; all: number }> {
  const count = async (statuses: AnimalStatus[] | null) => {
    let query = supabase.from('animals').select('id', { count: 'exact', head: true }).eq('shelter_id', shelterId)
    if (statuses) query = query.in('status', statuses)
    const { count: total, error } = await query
    if (error) throw new BackendError('counting animals', error)
    return total ?? 0
  }
  const [active, adopted, all] = await Promise.all([count(['available', 'pending']), count(['adopted']), count(null)])
  return { active, adopted, all }
}

/** One of the shelter's animals, or null when it is not theirs or does not exist. */
export async function getShelterAnimal(supabase: SupabaseClient<Database>, shelterId: string, animalId: string): Promise<AnimalRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(animalId)) return null
  const { data, error } = await supabase.from('animals').select(ANIMAL_COLUMNS).eq('id', animalId).eq('shelter_id', shelterId).maybeSingle()
  if (error) throw new BackendError('reading the animal', error)
  return data ? byPosition(data) : null
}

export async function createAnimal(supabase: SupabaseClient<Database>, shelterId: string, animal: AnimalInput): Promise<string> {
  const { data, error } = await supabase
    .from('animals')
    .insert({ shelter_id: shelterId, ...animalColumns(animal) })
    .select('id')
    .single()
  if (error || !data) throw new BackendError('adding the animal', error)
  return data.id
}

/** Makes a synced animal the shelter's own: its source no longer changes or removes it. */
export async function detachAnimal(supabase: SupabaseClient<Database>, animalId: string): Promise<void> {
  const { error } = await supabase.rpc('detach_animal', { animal_id: animalId })
  if (error) throw new BackendError('detaching an animal from its source', error)
}

export async function setAnimalStatus(supabase: SupabaseClient<Database>, animalId: string, status: AnimalStatus): Promise<boolean> {
  const { data, error } = await supabase.from('animals').update({ status }).eq('id', animalId).select('id')
  if (error) throw new BackendError('changing the status', error)
  return Boolean(data?.length)
}

/** Deletes the animal (its photo rows go with it) and then its stored pictures. */
export async function deleteAnimal(supabase: SupabaseClient<Database>, animal: AnimalRow): Promise<boolean> {
  const { data, error } = await supabase.from('animals').delete().eq('id', animal.id).select('id')
  if (error) throw new BackendError('deleting the animal', error)
  if (!data?.length) return false
  await removeStoredPhotos(supabase, animal.animal_photos)
  return true
}

/** Removes pictures from Storage; a leftover object is harmless, so failures are only logged. */
async function removeStoredPhotos(supabase: SupabaseClient<Database>, photos: Array<{ storage_path: string | null }>) {
  const paths = photos.map((photo) => photo.storage_path).filter((path): path is string => Boolean(path))
  if (!paths.length) return
  const { error } = await supabase.storage.from(ANIMAL_PHOTOS_BUCKET).remove(paths)
  if (error) log.warn(`removing animal photos failed: ${error.message}`)
}

type StoredPhoto = { storage_path: string; width: number; height: number; alt: string }
/** The columns an edit changes: every column of the full form, or a volunteer's notes. */
export type AnimalChanges = Partial<ReturnType<typeof animalColumns>>

/**
 * Stores processed photos under `<shelter id>/<animal id>/<random>.webp` with the person's own
 * client (storage RLS: only their shelter's folder, for its members). All or none: when one
 * fails, the ones before it are removed again.
 */
async function uploadPhotos(
  supabase: SupabaseClient<Database>,
  { shelterId, animalId, animalName }: { shelterId: string; animalId: string; animalName: string },
  photos: ProcessedPhoto[],
): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = []
  for (const photo of photos) {
    const path = `${shelterId}/${animalId}/${randomBytes(12).toString('hex')}.webp`
    const upload = await supabase.storage
      .from(ANIMAL_PHOTOS_BUCKET)
      .upload(path, photo.data, { contentType: 'image/webp', cacheControl: '31536000', upsert: false })
    if (upload.error) {
      await removeStoredPhotos(supabase, stored)
      throw new BackendError('uploading a photo', upload.error)
    }
    stored.push({ storage_path: path, width: photo.width, height: photo.height, alt: `Photo of ${animalName}`.slice(0, 300) })
  }
  return stored
}

/** Stores a new animal's photos and records them in their places, in the order given. */
export async function addPhotos(
  supabase: SupabaseClient<Database>,
  where: { shelterId: string; animalId: string; animalName: string },
  photos: ProcessedPhoto[],
): Promise<void> {
  const stored = await uploadPhotos(supabase, where, photos)
  if (!stored.length) return
  const { error } = await supabase
    .from('animal_photos')
    .insert(stored.map((photo, position) => ({ animal_id: where.animalId, position, ...photo })))
  if (error) {
    await removeStoredPhotos(supabase, stored)
    throw new BackendError('recording the photos', error)
  }
}

/**
 * Saves the edit form: the fields, the photos removed and added, and the new order with the
 * main photo first, in one transaction (save_animal). `changes` holds the columns the form may
 * change (all of animalColumns(), or a volunteer's animalNoteColumns()); the others stay as they
 * are. New pictures are uploaded first and removed again if the save fails, so a failure
 * leaves the animal exactly as it was; the pictures of removed photos leave Storage once the
 * save has committed.
 */
export async function saveAnimal(
  supabase: SupabaseClient<Database>,
  {
    animal,
    changes,
    removeIds,
    mainPhotoId,
  }: { animal: AnimalRow; changes: AnimalChanges; removeIds: string[]; mainPhotoId: string | null },
  photos: ProcessedPhoto[],
): Promise<void> {
  const animalName = changes.name ?? animal.name
  const stored = await uploadPhotos(supabase, { shelterId: animal.shelter_id, animalId: animal.id, animalName }, photos)
  const { data: removedPaths, error } = await supabase.rpc('save_animal', {
    target_animal: animal.id,
    changes,
    removed_photo_ids: removeIds,
    new_photos: stored,
    main_photo_id: mainPhotoId ?? undefined,
  })
  if (error) {
    await removeStoredPhotos(supabase, stored)
    throw new BackendError('saving the animal', error)
  }
  await removeStoredPhotos(
    supabase,
    (removedPaths ?? []).map((path) => ({ storage_path: path })),
  )
}

/** The edit form's starting values from a stored animal: text as the inputs hold it (care answers as yes, no or unknown). */
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
    house_trained: careAnswerOf(animal.house_trained),
    spayed_neutered: careAnswerOf(animal.spayed_neutered),
    vaccinations_current: careAnswerOf(animal.vaccinations_current),
    special_needs: careAnswerOf(animal.special_needs),
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
export function readAnimalForm(supabase: SupabaseClient<Database>, request: Request, existingPhotos: AnimalPhoto[] = []) {
  return readAnimalFormWith(animalSchema, supabase, request, existingPhotos)
}

/** The edit form as a volunteer sends it: the notes and the photos (readAnimalForm's rules). */
export function readAnimalNotesForm(supabase: SupabaseClient<Database>, request: Request, existingPhotos: AnimalPhoto[]) {
  return readAnimalFormWith(animalNotesSchema, supabase, request, existingPhotos)
}

async function readAnimalFormWith<Schema extends typeof animalSchema | typeof animalNotesSchema>(
  schema: Schema,
  supabase: SupabaseClient<Database>,
  request: Request,
  existingPhotos: AnimalPhoto[],
) {
  const { formData, photos, photoErrors } = await parseAnimalForm(request)
  const submission = parseWithZod(formData, { schema })
  // Only this animal's own photos can be removed or made the main one; anything else is ignored.
  const choices = photoChoicesSchema.safeParse({
    remove_photo: formData.getAll('remove_photo'),
    main_photo: formData.get('main_photo') ?? undefined,
  })
  const ownIds = new Set(existingPhotos.map((photo) => photo.id))
  const removeIds = choices.success ? choices.data.remove_photo.filter((id) => ownIds.has(id)) : []
  const mainPhoto = choices.success ? choices.data.main_photo : undefined
  const mainPhotoId = mainPhoto && ownIds.has(mainPhoto) && !removeIds.includes(mainPhoto) ? mainPhoto : null
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
    const overQuota = processed.length ? await photoQuotaError(supabase, processed) : null
    if (overQuota) errors.push(overQuota)
  }
  return { submission, photoErrors: errors, processed, removeIds, mainPhotoId, hadPhotos: photos.length > 0 }
}

/**
 * The photo field's message when these photos would take the shelter past its storage quota
 * (app_settings.photo_quota_bytes; the database refuses the upload either way).
 */
async function photoQuotaError(supabase: SupabaseClient<Database>, photos: ProcessedPhoto[]): Promise<string | null> {
  const { data, error } = await supabase.rpc('my_photo_storage')
  if (error) throw new BackendError('reading the photo storage in use', error)
  const use = data?.[0]
  if (!use?.quota_bytes) return null
  const adding = photos.reduce((sum, photo) => sum + photo.data.byteLength, 0)
  if (use.used_bytes + adding <= use.quota_bytes) return null
  const megabytes = (bytes: number) => Math.ceil(bytes / (1024 * 1024))
  return `Your shelter has used ${megabytes(use.used_bytes)} MB of its ${megabytes(use.quota_bytes)} MB of photo storage. Remove photos you no longer need to make room.`
}
