// What the worker could not do, for the staff console: jobs given up on and emails not
// delivered, and putting either back in the queue. The database functions check staff.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>

export type FailedJob = Database['public']['Functions']['staff_failed_jobs']['Returns'][number]
export type UndeliveredEmail = Database['public']['Functions']['staff_undelivered_emails']['Returns'][number]

export async function getFailures(supabase: Client): Promise<{ jobs: FailedJob[]; emails: UndeliveredEmail[] }> {
  const [jobs, emails] = await Promise.all([supabase.rpc('staff_failed_jobs'), supabase.rpc('staff_undelivered_emails')])
  if (jobs.error) throw new BackendError('listing failed jobs', jobs.error)
  if (emails.error) throw new BackendError('listing undelivered emails', emails.error)
  return { jobs: jobs.data ?? [], emails: emails.data ?? [] }
}

/**
 * Queues a failed job or an undelivered email again. Answers the message for the person when
 * it was refused (already retried, already sent, gone); throws when the backend failed.
 */
export async function retryFailure(supabase: Client, target: { job: number } | { email: string }): Promise<string | null> {
  const { error } =
    'job' in target
      ? await supabase.rpc('staff_retry_job', { job_id: target.job })
      : await supabase.rpc('staff_retry_email', { email_id: target.email })
  if (!error) return null
  if (error.code === 'PT404' || error.code === 'PT409') return error.message
  throw new BackendError('retrying', error)
}
