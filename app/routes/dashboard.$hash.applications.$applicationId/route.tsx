// One application, for the shelter's owners, admins and staff: the applicant's answers as they
// sent them, their note, the timeline, and what to do next — start a review, approve or reject
// it (with an optional message to the applicant), or mark the animal adopted once approved.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { applicationSections, type ApplicationAnswers } from '#app/models/application-profile.ts'
import { ShelterQuestionAnswers } from '#app/components/applications/shelter-question-answers.tsx'
import { sentAnswers } from '#app/models/application-questions.ts'
import { AnswerSections, ApplicationStatusBadge, ApplicationTimeline } from '#app/components/applications/application-parts.tsx'
import { BondedGroupNote } from '#app/components/dashboard/bonded-companions.tsx'
import { Card, CardTitle, buttonClass } from '#app/components/dashboard/cards.tsx'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { TextareaField } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import {
  ApplicationRefusal,
  SHELTER_ACTIONS,
  actOnApplication,
  getShelterApplication,
  closedUnanswered,
  shelterActionsFor,
  type ShelterAction,
} from '#app/models/application.server.ts'
import { companionsOf } from '#app/models/bonded.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { isOneOf } from '#app/utils/vocabulary.ts'
import type { ApplicationStatus } from '#app/utils/application-vocabulary.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const { application, events } = await getShelterApplication(supabase, profile.id, params.applicationId ?? '')
  const { snapshot, ...rest } = application
  const answers = snapshot as ApplicationAnswers
  const forgotten = application.applicant_id === null
  // An animal of a bonded group: the application covers its companions too.
  const companions = application.animal_id ? ((await companionsOf(supabase, [application.animal_id])).get(application.animal_id) ?? []) : []
  return json(
    {
      basePath,
      application: rest,
      events,
      sections: forgotten ? [] : applicationSections(answers),
      questions: forgotten ? [] : sentAnswers(snapshot),
      contact: forgotten ? null : { email: answers.email ?? null, phone: answers.phone ?? null },
      actions: shelterActionsFor(application.status, closedUnanswered(application, events)),
      companions: companions.map(({ id, name, status }) => ({ id, name, status })),
    },
    { headers },
  )
}

const DONE: Record<ShelterAction, string> = {
  review: 'Review started: the applicant knows',
  approve: 'Application approved: the applicant knows',
  reject: 'Application rejected: the applicant knows',
  adopted: 'Marked adopted (with any bonded companions). Other open applications for them are closed.',
  hold: 'Application on hold: the applicant knows',
  reopen: 'Application reopened with a new deadline: the applicant knows',
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'staff' })
  const id = params.applicationId ?? ''
  const back = `${basePath}/applications/${id}`
  const form = await readForm(request)
  const intent = form.get('intent')
  if (!isOneOf(SHELTER_ACTIONS, intent)) throw new Response('Unknown action', { status: 400, headers })
  const message = String(form.get('message') ?? '')
    .trim()
    .slice(0, 2000)
  try {
    await actOnApplication(supabase, id, intent, message)
    return redirectWithToast(back, { type: 'success', description: DONE[intent] }, { headers }, request)
  } catch (error) {
    if (error instanceof ApplicationRefusal)
      return redirectWithToast(back, { type: 'error', description: error.message }, { headers }, request)
    throw error
  }
}

export default function DashboardApplication() {
  const { basePath, application, events, sections, contact, actions, companions, questions } = useLoaderData<typeof loader>()
  const format = useDateTimeFormat()
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <p className="mb-2 text-sm">
          <Link
            to={`${basePath}/applications?tab=${application.stage}`}
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            Back to Applications
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-gray-900">
            {application.applicant_name} · {application.animal_name}
          </h1>
          <ApplicationStatusBadge status={application.status} audience="shelter" />
        </div>
        <p className="mt-1 text-sm text-gray-600">
          Received {format.date(application.created_at)}
          {application.animal_id ? (
            <>
              {' · '}
              <Link
                to={`${basePath}/animals/${application.animal_id}`}
                className="font-medium text-brand-700 underline hover:text-brand-800"
              >
                {application.animal_name}’s listing
              </Link>
            </>
          ) : null}
        </p>
        <BondedGroupNote
          basePath={basePath}
          companions={companions}
          what="This application"
          adoption={application.stage === 'pending' || application.status === 'approved'}
        />
      </div>

      {/* A new form for each status: a decision's message never stays in the next step's box. */}
      {actions.length ? (
        <Decide key={application.status} name={application.animal_name} status={application.status} actions={actions} />
      ) : null}

      {contact ? (
        <Card>
          <CardTitle>Contact</CardTitle>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {contact.email ? (
              <li>
                <a href={`mailto:${contact.email}`} className="font-medium text-brand-700 underline">
                  {contact.email}
                </a>
              </li>
            ) : null}
            {contact.phone ? (
              <li>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-700 underline">
                  {contact.phone}
                </a>
              </li>
            ) : null}
          </ul>
        </Card>
      ) : (
        <Card>
          <CardTitle>The applicant’s details are gone</CardTitle>
          <p className="mt-2 text-sm text-gray-700">
            The applicant deleted their Pawhaven account, and their answers with it. This record shows only that the application existed.
          </p>
        </Card>
      )}

      {application.note ? (
        <Card>
          <CardTitle>Their note</CardTitle>
          <p className="mt-2 whitespace-pre-line text-gray-800">{application.note}</p>
        </Card>
      ) : null}

      <Card>
        <CardTitle>Timeline</CardTitle>
        <div className="mt-4">
          <ApplicationTimeline status={application.status} events={events} audience="shelter" />
        </div>
      </Card>

      {sections.length ? (
        <section aria-labelledby="answers-heading" className="flex flex-col gap-4">
          <h2 id="answers-heading" className="text-lg font-semibold text-gray-900">
            Their answers, as sent
          </h2>
          <AnswerSections sections={sections} />
          <ShelterQuestionAnswers answers={questions} title="Your questions" />
        </section>
      ) : null}
    </div>
  )
}

/** The next steps this application allows: one form, each button a step. */
function Decide({ name, status, actions }: { name: string; status: ApplicationStatus; actions: ShelterAction[] }) {
  const submitting = useIsSubmitting()
  const decides = actions.includes('approve') || actions.includes('reject') || actions.includes('hold')
  return (
    <Card>
      <CardTitle>Next step</CardTitle>
      <Form method="post" className="mt-3 flex flex-col gap-4">
        {decides ? (
          <TextareaField
            labelProps={{ children: 'A message to the applicant with your decision (optional)' }}
            textareaProps={{ name: 'message', rows: 3, maxLength: 2000, disabled: submitting }}
          />
        ) : null}
        <div className="flex flex-wrap gap-3">
          {actions.includes('reopen') ? (
            <button type="submit" name="intent" value="reopen" disabled={submitting} className={buttonClass.primary}>
              Reopen application
            </button>
          ) : null}
          {actions.includes('review') ? (
            <button type="submit" name="intent" value="review" disabled={submitting} className={buttonClass.secondary}>
              {status === 'on_hold' ? 'Resume review' : 'Start review'}
            </button>
          ) : null}
          {actions.includes('hold') ? (
            <button type="submit" name="intent" value="hold" disabled={submitting} className={buttonClass.secondary}>
              Put on hold
            </button>
          ) : null}
          {actions.includes('approve') ? (
            <button type="submit" name="intent" value="approve" disabled={submitting} className={buttonClass.primary}>
              Approve
            </button>
          ) : null}
          {actions.includes('adopted') ? (
            <button type="submit" name="intent" value="adopted" disabled={submitting} className={buttonClass.primary}>
              Mark {name} adopted
            </button>
          ) : null}
          {actions.includes('reject') ? (
            <button type="submit" name="intent" value="reject" disabled={submitting} className={buttonClass.secondary}>
              Reject
            </button>
          ) : null}
        </div>
        {actions.includes('hold') ? (
          <p className="text-sm text-gray-600">
            On hold keeps the application open and counts as your answer: it will not be closed at its deadline.
          </p>
        ) : null}
        {actions.includes('reopen') ? (
          <p className="text-sm text-gray-600">
            Pawhaven closed this application because nobody answered in time. Reopening puts it back in your Pending tab with a new
            deadline, and tells the applicant.
          </p>
        ) : null}
        {actions.includes('adopted') ? (
          <p className="text-sm text-gray-600">
            Marking {name} adopted takes {name} out of search, and closes the other open applications for {name} with a kind note to each
            applicant.
          </p>
        ) : null}
      </Form>
    </Card>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.application.applicant_name}’s application | Shelter Dashboard | Pawhaven`
      : 'Application | Shelter Dashboard | Pawhaven',
  },
]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
