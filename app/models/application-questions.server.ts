// A shelter's own application questions (public.shelter_questions), through the request's own
// client: owners and admins write them, the team and signed-in adopters of a listed shelter read
// them. Sending an application with their answers goes through
// public.submit_application_with_answers, which checks each answer again and copies the
// questions, as asked, into the application's snapshot.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import type { ShelterQuestion, QuestionInput } from '#app/models/application-questions.ts'
import { ApplicationRefusal } from '#app/models/application.server.ts'
import type { Database, Tables } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>

/** A refusal the person can act on: the database's own message (22023, a check constraint). */
export class QuestionRefusal extends Error {}

function refusalOrThrow(operation: string, error: PostgrestError): never {
  if (error.code === '22023') throw new QuestionRefusal(error.message)
  if (error.code === '23514') throw new QuestionRefusal('This question breaks a rule of questions: check its text and choices.')
  throw new BackendError(operation, error)
}

/** A shelter's questions, in the order adopters answer them. */
export async function getShelterQuestions(supabase: Client, shelterId: string): Promise<ShelterQuestion[]> {
  const { data, error } = await supabase
    .from('shelter_questions')
    .select('id, kind, prompt, options, required')
    .eq('shelter_id', shelterId)
    .order('position')
    .order('created_at')
  if (error) throw new BackendError('reading the shelter’s questions', error)
  return data
}

export async function addShelterQuestion(supabase: Client, shelterId: string, question: QuestionInput) {
  const { error } = await supabase.from('shelter_questions').insert({ shelter_id: shelterId, ...question })
  if (error) refusalOrThrow('adding a question', error)
}

/** Changes a question; false when it is not there (or not the caller's to change). */
export async function updateShelterQuestion(supabase: Client, id: string, question: QuestionInput): Promise<boolean> {
  const { data, error } = await supabase.from('shelter_questions').update(question).eq('id', id).select('id')
  if (error) refusalOrThrow('changing a question', error)
  return data.length > 0
}

export async function deleteShelterQuestion(supabase: Client, id: string): Promise<boolean> {
  const { data, error } = await supabase.from('shelter_questions').delete().eq('id', id).select('id')
  if (error && error.code !== '22P02') throw new BackendError('deleting a question', error)
  return (data ?? []).length > 0
}

export async function moveShelterQuestion(supabase: Client, id: string, up: boolean) {
  const { error } = await supabase.rpc('move_shelter_question', { question_id: id, up })
  if (error && error.code !== '22P02') throw new BackendError('moving a question', error)
}

/** Sends the application with its answers; throws ApplicationRefusal with what to fix. */
export async function submitApplicationWithAnswers(
  supabase: Client,
  animalId: string,
  note: string,
  answers: Record<string, string | string[]>,
): Promise<Tables<'applications'>> {
  const { data, error } = await supabase.rpc('submit_application_with_answers', { animal_id: animalId, note, answers })
  if (error) {
    if (error.code === '22023') throw new ApplicationRefusal(error.message)
    throw new BackendError('sending an application', error)
  }
  return data
}
