// The import pipeline (issue 13): a snapshot read by a format reader (app/sync/formats) goes to
// public.import_snapshot, which applies it in one transaction and records the run. A file that
// does not parse as a whole is recorded as a failed run that changed nothing.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '~/types/database'
import { BackendError } from '~/utils/backend.server'
import type { ImportedAnimal, ParsedSnapshot, RowError } from './types'

type Client = SupabaseClient<Database>
export type ImportRun = Tables<'import_runs'>
export type RunTrigger = 'upload' | 'schedule' | 'api' | 'ftp' | 'manual'

/** One imported animal as a row of public.animals (the names import_snapshot reads), with its photo URLs. */
export function animalRow(animal: ImportedAnimal) {
  return {
    external_id: animal.externalId,
    name: animal.name,
    type: animal.type,
    primary_breed: animal.primaryBreed,
    secondary_breed: animal.secondaryBreed,
    mixed_breed: animal.mixedBreed,
    age_group: animal.ageGroup,
    birth_date: animal.birthDate,
    sex: animal.sex,
    size: animal.size,
    primary_color: animal.primaryColor,
    secondary_color: animal.secondaryColor,
    tertiary_color: animal.tertiaryColor,
    coat: animal.coat,
    good_with_children: animal.goodWithChildren,
    good_with_dogs: animal.goodWithDogs,
    good_with_cats: animal.goodWithCats,
    house_trained: animal.houseTrained,
    spayed_neutered: animal.spayedNeutered,
    vaccinations_current: animal.vaccinationsCurrent,
    special_needs: animal.specialNeeds,
    special_needs_notes: animal.specialNeedsNotes,
    adoption_fee: animal.adoptionFee,
    description: animal.description,
    status: animal.status,
    photos: animal.photos,
  }
}

/** Applies a snapshot to the source's listings; the run says what changed (or why it is held). */
export async function applySnapshot(
  supabase: Client,
  sourceId: string,
  snapshot: Pick<ParsedSnapshot, 'animals' | 'errors' | 'explicitlyEmpty'>,
  { trigger, fileName }: { trigger: RunTrigger; fileName?: string | null },
): Promise<ImportRun> {
  const { data, error } = await supabase.rpc('import_snapshot', {
    source_id: sourceId,
    animals: snapshot.animals.map(animalRow),
    errors: snapshot.errors satisfies RowError[],
    explicitly_empty: snapshot.explicitlyEmpty,
    trigger,
    file_name: fileName ?? undefined,
  })
  if (error) throw new BackendError('importing listings', error)
  return data
}

/** Records a file that could not be read at all: a failed run, nothing changed. */
export async function recordUnreadable(
  supabase: Client,
  sourceId: string,
  message: string,
  { trigger, fileName }: { trigger: RunTrigger; fileName?: string | null },
): Promise<ImportRun> {
  const { data, error } = await supabase.rpc('record_failed_import', { source_id: sourceId, message, trigger, file_name: fileName ?? undefined })
  if (error) throw new BackendError('recording an import', error)
  return data
}
