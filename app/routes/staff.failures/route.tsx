import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { SubmitButton } from '#app/components/ui/forms.tsx'
import { getFailures, retryFailure, type FailedJob, type UndeliveredEmail } from '#app/models/failures.server.ts'
import { invariantResponse } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { requireStaff } from '#app/utils/staff.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'

const RetrySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('retry-job'), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal('retry-email'), id: z.string().uuid() }),
])

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireStaff(request)
  return json(await getFailures(supabase), { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = await requireStaff(request)
  const parsed = RetrySchema.safeParse(Object.fromEntries(await readForm(request)))
  invariantResponse(parsed.success, 'Unknown staff action', { status: 400, headers })
  const target = parsed.data.intent === 'retry-job' ? { job: parsed.data.id } : { email: parsed.data.id }
  const refused = await retryFailure(supabase, target)
  const toast = refused
    ? { type: 'error' as const, description: refused }
    : {
        type: 'success' as const,
        description: 'job' in target ? `Job ${target.job} is queued again` : 'The email is queued to be sent again',
      }
  return redirectWithToast('/staff/failures', toast, { headers }, request)
}

export default function StaffFailures() {
  const { jobs, emails } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Failed jobs and email</h1>
        <p className="mt-1 text-sm text-gray-600">
          Work the background worker gave up on, and email it could not deliver. Retry puts it back in the queue, to run now.
        </p>
      </div>
      <section aria-labelledby="undelivered-heading">
        <h2 id="undelivered-heading" className="text-lg font-semibold text-gray-900">
          Undelivered email
        </h2>
        {emails.length ? (
          <ul className="mt-3 flex flex-col gap-3">
            {emails.map((email) => (
              <EmailItem key={email.id} email={email} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-gray-700">Every email has been delivered.</p>
        )}
      </section>
      <section aria-labelledby="failed-heading">
        <h2 id="failed-heading" className="text-lg font-semibold text-gray-900">
          Failed jobs
        </h2>
        {jobs.length ? (
          <ul className="mt-3 flex flex-col gap-3">
            {jobs.map((job) => (
              <JobItem key={job.id} job={job} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-gray-700">No job has failed.</p>
        )}
      </section>
    </div>
  )
}

function EmailItem({ email }: { email: UndeliveredEmail }) {
  const label = `Email ${email.template} to ${email.recipient}`
  const at = useRecordedAt()
  return (
    <li aria-label={label} className="rounded-md border border-gray-200 bg-white p-4 shadow-sm">
      <p className="break-words font-medium text-gray-900">
        {email.template} to {email.recipient}
      </p>
      <Facts
        facts={[
          ['Queued', at(email.created_at)],
          ['Attempts', `${email.attempts}${email.gave_up ? ' (given up)' : ' (still retrying)'}`],
          ['Last error', email.last_error ?? 'Not recorded'],
        ]}
      />
      <RetryForm intent="retry-email" id={email.id} label={label} />
    </li>
  )
}

function JobItem({ job }: { job: FailedJob }) {
  const label = `Job ${job.id} ${job.kind}`
  const at = useRecordedAt()
  return (
    <li aria-label={label} className="rounded-md border border-gray-200 bg-white p-4 shadow-sm">
      <p className="break-words font-medium text-gray-900">
        {job.kind} <span className="font-normal text-gray-600">(job {job.id})</span>
      </p>
      <Facts
        facts={[
          ['Failed', at(job.failed_at)],
          ['Attempts', String(job.attempts)],
          ['Last error', job.last_error ?? 'Not recorded'],
        ]}
      />
      <RetryForm intent="retry-job" id={String(job.id)} label={label} />
    </li>
  )
}

/** When something was recorded, in the reader's zone; 'Not recorded' without it. */
function useRecordedAt() {
  const { dateTime } = useDateTimeFormat()
  return (instant: string | null) => (instant ? dateTime(instant) : 'Not recorded')
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-gray-700">{term}</dt>
          <dd className="mb-1 break-words text-gray-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function RetryForm({ intent, id, label }: { intent: 'retry-job' | 'retry-email'; id: string; label: string }) {
  const navigation = useNavigation()
  // This item's form, not every Retry on the page.
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData.get('id') === id
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton pending={submitting} pendingText="Retrying..." aria-label={`Retry ${label}`}>
        Retry
      </SubmitButton>
    </Form>
  )
}

export const meta: MetaFunction = () => [{ title: 'Failed jobs and email | Staff console | Pawhaven' }]
