// What the adopter's and the shelter's pages of an application share: its status badge, its
// timeline, and the answers it carries.
import { Link } from '@remix-run/react'
import { NOT_ANSWERED, type ApplicationSection } from '#app/models/application-profile.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { formatDue } from '#app/utils/date-time.ts'
import { cn } from '#app/utils/misc.ts'
import { responsivenessLabel, type ResponseFigures } from '#app/utils/responsiveness.ts'
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUS_LABELS_FOR_ADOPTERS,
  type ApplicationStatus,
} from '#app/utils/application-vocabulary.ts'

export type Audience = 'adopter' | 'shelter'

const BADGE_CLASS: Record<ApplicationStatus, string> = {
  submitted: 'bg-blue-100 text-blue-900',
  in_review: 'bg-amber-100 text-amber-900',
  on_hold: 'bg-purple-100 text-purple-900',
  approved: 'bg-green-100 text-green-800',
  adopted: 'bg-brand-100 text-brand-900',
  rejected: 'bg-gray-200 text-gray-800',
  withdrawn: 'bg-gray-200 text-gray-800',
  closed: 'bg-gray-200 text-gray-800',
}

export function statusLabel(status: ApplicationStatus, audience: Audience): string {
  return (audience === 'adopter' ? APPLICATION_STATUS_LABELS_FOR_ADOPTERS : APPLICATION_STATUS_LABELS)[status]
}

export function ApplicationStatusBadge({ status, audience }: { status: ApplicationStatus; audience: Audience }) {
  return (
    <span className={cn('inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE_CLASS[status])}>
      {statusLabel(status, audience)}
    </span>
  )
}

type Event = { id: number; status: string; actor: string; message: string | null; created_at: string }

/** The way an application goes when all goes well. */
const PATH: ApplicationStatus[] = ['submitted', 'in_review', 'approved', 'adopted']

type Step = { status: ApplicationStatus; event: Event | null }

/**
 * The steps to show: those it went through, then where it ended (not selected, withdrawn,
 * closed), or the ones still ahead on the way to adoption. A step it skipped (approved
 * straight from submitted) is left out.
 */
export function timelineSteps(status: ApplicationStatus, events: Event[]): Step[] {
  const reached: Step[] = events.map((event) => ({ status: event.status as ApplicationStatus, event }))
  if (!PATH.includes(status)) return reached
  const ahead = PATH.slice(PATH.indexOf(status) + 1).map((next) => ({ status: next, event: null }))
  return [...reached, ...ahead]
}

export function ApplicationTimeline({ status, events, audience }: { status: ApplicationStatus; events: Event[]; audience: Audience }) {
  const steps = timelineSteps(status, events)
  const format = useDateTimeFormat()
  const current = steps.findLastIndex((step) => step.event)
  return (
    <ol className="flex flex-col gap-0">
      {steps.map((step, index) => {
        const done = step.event !== null
        return (
          <li
            key={step.event?.id ?? step.status}
            aria-current={index === current ? 'step' : undefined}
            className="relative flex gap-3 pb-5 last:pb-0"
          >
            {index < steps.length - 1 ? <span aria-hidden="true" className="absolute left-[9px] top-5 h-full w-0.5 bg-gray-200" /> : null}
            <span
              aria-hidden="true"
              className={cn(
                'relative mt-0.5 h-5 w-5 flex-none rounded-full border-2',
                done ? 'border-brand-700 bg-brand-700' : 'border-gray-300 bg-white',
                index === current ? 'ring-4 ring-brand-100' : '',
              )}
            />
            <div className="min-w-0">
              <p className={cn('text-sm font-semibold', done ? 'text-gray-900' : 'text-gray-600')}>
                {statusLabel(step.status, audience)}
                {done ? null : <span className="sr-only"> (not yet)</span>}
              </p>
              {step.event ? (
                <p className="text-sm text-gray-600">
                  {format.date(step.event.created_at)}
                  {step.event.actor === 'site' ? ' · by Pawhaven' : null}
                </p>
              ) : null}
              {step.event?.message ? <p className="mt-1 whitespace-pre-line text-sm text-gray-800">{step.event.message}</p> : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}

/**
 * An application profile's answers, a section per step: the profile's review (with a way to
 * edit each step), the adopter's copy of what they sent and the shelter's reading of it.
 */
export function AnswerSections({
  sections,
  headingLevel = 'h3',
  editPath,
}: {
  sections: ApplicationSection[]
  headingLevel?: 'h2' | 'h3' | 'h4'
  editPath?: (step: ApplicationSection['step']) => string
}) {
  const Heading = headingLevel
  return (
    <>
      {sections.map((section) => (
        <section
          key={section.step}
          aria-labelledby={`answers-${section.step}`}
          className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <div className="flex items-baseline justify-between gap-3">
            <Heading id={`answers-${section.step}`} className="text-base font-semibold text-gray-900">
              {section.title}
            </Heading>
            {editPath ? (
              <Link to={editPath(section.step)} className="text-sm font-semibold text-brand-800 underline hover:text-brand-900">
                Edit<span className="sr-only"> {section.title.toLowerCase()}</span>
              </Link>
            ) : null}
          </div>
          <dl className="mt-3 divide-y divide-gray-100">
            {section.rows.map(([label, value]) => (
              <div key={label} className="grid gap-1 py-2 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-4">
                <dt className="text-sm font-medium text-gray-600">{label}</dt>
                <dd className={cn('whitespace-pre-line break-words text-gray-900', value === NOT_ANSWERED && 'italic text-gray-500')}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  )
}

type Promised = { status: ApplicationStatus; answer_due_at: string; first_answered_at: string | null }

/** Still waiting for the shelter's first answer: new or in review, not yet answered. */
export function awaitingAnswer(application: Promised): boolean {
  return application.first_answered_at === null && (application.status === 'submitted' || application.status === 'in_review')
}

/**
 * Where the adopter stands against the shelter's promise: 'Answers within 3 days', and while the
 * shelter has not answered, its deadline ('Answer due by December 2, 2026 · due in 2 days').
 * `now` is the server's time of the request, so the server's HTML and the hydrated page agree.
 */
export function ShelterPromise({
  shelter,
  application,
  now,
}: {
  shelter: (ResponseFigures & { response_days: number }) | null
  application: Promised
  now: string
}) {
  const format = useDateTimeFormat()
  if (shelter === null) return null
  const responseDays = shelter.response_days
  return (
    <>
      <p className="text-sm text-gray-700">
        Answers within {responseDays} {responseDays === 1 ? 'day' : 'days'}
        {awaitingAnswer(application) ? (
          <>
            {' · '}
            <span className="font-medium text-gray-900">
              Answer due by {format.date(application.answer_due_at)} ({formatDue(application.answer_due_at, now, format.zone)})
            </span>
          </>
        ) : null}
      </p>
      {/* How it has kept that promise lately, or "New on Pawhaven". */}
      <p className="text-sm text-gray-600">{responsivenessLabel(shelter)}</p>
    </>
  )
}
