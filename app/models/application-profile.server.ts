// A person's adoption application profile (supabase/migrations/20261126000100_application_profiles.sql),
// through their own client: row-level security keeps it theirs alone.
import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { z } from 'zod'
import { pathAfterStep, profileFormValues, type StepSlug } from '#app/models/application-profile.ts'
import type { Database, Tables, TablesUpdate } from '#app/types/database.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { readForm } from '#app/utils/request.server.ts'

type Client = SupabaseClient<Database>

export type ApplicationProfile = Tables<'application_profiles'>

/** The columns a step of the form saves. */
export type ApplicationProfileStep = Omit<TablesUpdate<'application_profiles'>, 'user_id' | 'created_at' | 'updated_at'>

/** The person's profile, or null before they start one. */
export async function getApplicationProfile(supabase: Client): Promise<ApplicationProfile | null> {
  const { data, error } = await supabase.from('application_profiles').select('*').maybeSingle()
  if (error) throw new BackendError('reading the application profile', error)
  return data
}

/** Saves one step's answers into the draft, starting the profile on the first save. */
export async function saveApplicationProfileStep(supabase: Client, values: ApplicationProfileStep): Promise<void> {
  const { error } = await supabase.from('application_profiles').upsert(values, { onConflict: 'user_id' })
  if (error) throw new BackendError('saving the application profile', error)
}

/** What the profile still needs before it can be sent, as phrases ('your phone number'); empty when ready. */
export async function getMissing(supabase: Client): Promise<string[]> {
  const { data, error } = await supabase.rpc('my_application_profile_missing')
  if (error) throw new BackendError('checking the application profile', error)
  return data ?? []
}

/** Every step's loader: the profile's answers as the form's default values. */
export async function stepLoader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  return json({ defaultValue: profileFormValues(await getApplicationProfile(supabase)) }, { headers })
}

/**
 * A step's action: checks the answers with the step's schema, saves them into the draft and goes
 * on (or back). Invalid answers come back with what was typed. A conform list intent ('Add
 * another pet', 'Remove') has no status yet: the same form comes back, one row more or less.
 */
export async function stepAction(step: StepSlug, schema: z.ZodTypeAny, { request }: ActionFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema })
  if (submission.status === undefined) return json(submission.reply(), { headers })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400, headers })
  await saveApplicationProfileStep(supabase, submission.value as ApplicationProfileStep)
  return redirect(pathAfterStep(step, form.get('intent') === 'back' ? 'back' : 'continue'), { headers })
}
