// One of the adopter's applications: where it stands (a timeline), what they sent, and
// 'Withdraw' while it is open, confirmed on a second step so a stray press withdraws nothing.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { applicationSections, type ApplicationAnswers } from '#app/models/application-profile.ts'
import {
  AnswerSections,
  ApplicationStatusBadge,
  ApplicationTimeline,
  ShelterPromise,
} from '#app/components/applications/application-parts.tsx'
import { buttonClass } from '#app/components/dashboard/cards.tsx'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { ApplicationRefusal, getMyApplication, withdrawApplication } from '#app/models/application.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { ShelterQuestionAnswers } from '#app/components/applications/shelter-question-answers.tsx'
import { sentAnswers } from '#app/models/application-questions.ts'
import { isOneOf } from '#app/utils/vocabulary.ts'
import { OPEN_APPLICATION_STATUSES } from '#app/utils/application-vocabulary.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  const { application, events } = await getMyApplication(supabase, user.id, params.applicationId ?? '')
  const { snapshot, ...rest } = application
  return json(
    {
      application: rest,
      events,
      sections: applicationSections(snapshot as ApplicationAnswers),
      questions: sentAnswers(snapshot),
      open: isOneOf(OPEN_APPLICATION_STATUSES, application.status),
      now: new Date().toISOString(),
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const id = params.applicationId ?? ''
  const back = `/account/applications/${id}`
  if ((await readForm(request)).get('intent') !== 'withdraw') return redirect(back, { headers })
  try {
    const application = await withdrawApplication(supabase, id)
    return redirectWithToast(
      back,
      { type: 'success', description: `Your application for ${application.animal_name} is withdrawn` },
      { headers },
      request,
    )
  } catch (error) {
    if (error instanceof ApplicationRefusal)
      return redirectWithToast(back, { type: 'error', description: error.message }, { headers }, request)
    throw error
  }
}

export default function AccountApplication() {
  const { application, events, sections, open, questions, now } = useLoaderData<typeof loader>()
  const format = useDateTimeFormat()
  const [searchParams] = useSearchParams()
  const confirming = open && searchParams.has('withdraw')
  const submitting = useIsSubmitting()
  const shelterName = application.shelter?.shelter_name ?? 'The shelter'
  return (
    <div className="max-w-3xl">
      <p className="text-sm">
        <Link to="/account/applications" className="font-medium text-brand-700 underline hover:text-brand-800">
          All applications
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold text-gray-900">Your application for {application.animal_name}</h2>
        <ApplicationStatusBadge status={application.status} audience="adopter" />
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Sent to {shelterName} on {format.date(application.created_at)}.{' '}
        {application.animal_id ? (
          <Link to={`/animals/${application.animal_id}`} className="font-medium text-brand-700 underline hover:text-brand-800">
            See {application.animal_name}’s page
          </Link>
        ) : null}
      </p>
      <div className="mt-1">
        <ShelterPromise shelter={application.shelter} application={application} now={now} />
      </div>

      <section aria-labelledby="timeline-heading" className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h3 id="timeline-heading" className="mb-4 text-lg font-semibold text-gray-900">
          Where it stands
        </h3>
        <ApplicationTimeline status={application.status} events={events} audience="adopter" />
      </section>

      {application.note ? (
        <section aria-labelledby="note-heading" className="mt-6">
          <h3 id="note-heading" className="text-lg font-semibold text-gray-900">
            Your note
          </h3>
          <p className="mt-2 whitespace-pre-line text-gray-800">{application.note}</p>
        </section>
      ) : null}

      <details className="mt-6 rounded-xl border border-gray-200 bg-gray-50 p-4">
        <summary className="cursor-pointer font-semibold text-gray-900">What you sent</summary>
        <div className="mt-4 flex flex-col gap-4">
          <AnswerSections sections={sections} headingLevel="h4" />
          <ShelterQuestionAnswers answers={questions} title="The shelter’s questions" headingLevel="h4" />
        </div>
      </details>

      {open ? (
        <section aria-labelledby="withdraw-heading" className="mt-8 rounded-xl border border-gray-200 bg-gray-50 p-5">
          <h3 id="withdraw-heading" className="text-lg font-semibold text-gray-900">
            {confirming ? `Withdraw your application for ${application.animal_name}?` : 'Changed your mind?'}
          </h3>
          {confirming ? (
            <Form method="post" className="mt-3 flex flex-wrap items-center gap-4">
              <p className="w-full text-sm text-gray-700">
                {shelterName} will be told. You can apply again later while {application.animal_name} is listed.
              </p>
              <input type="hidden" name="intent" value="withdraw" />
              <SubmitButton pending={submitting} pendingText="Withdrawing…" className="bg-red-700 hover:bg-red-800">
                Withdraw application
              </SubmitButton>
              <Link to="." className="font-semibold text-brand-800 underline">
                Keep my application
              </Link>
            </Form>
          ) : (
            <>
              <p className="mt-2 text-sm text-gray-700">You can withdraw this application at any time until the adoption is done.</p>
              <Link to="?withdraw" className={`${buttonClass.secondary} mt-3`}>
                Withdraw…
              </Link>
            </>
          )}
        </section>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Application for ${data.application.animal_name} | Your account | Pawhaven` : 'Application | Pawhaven' },
]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <p className="text-gray-800">
            We couldn’t find that application.{' '}
            <Link to="/account/applications" className="font-medium text-brand-700 underline">
              See all your applications
            </Link>
          </p>
        ),
      }}
    />
  )
}
