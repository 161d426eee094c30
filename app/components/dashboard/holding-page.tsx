import { Form, Link, useNavigation } from '@remix-run/react'
import type { VettingStatusValue } from '#app/utils/vocabulary.ts'
import { buttonClass } from '#app/components/dashboard/cards.tsx'
import { CalendarIcon, MailIcon } from '#app/components/dashboard/icons.tsx'

export type VettingStatus = {
  status: VettingStatusValue
  preferredTimes: string[]
  meetingAt: string | null
  meetingDetails: string | null
  staffMessage: string | null
}

export type HoldingPageData = {
  createdOn: string
  contactEmail: string
  bypassEnabled: boolean
  supportEmail: string
  supportPhone: string
  /** The meeting request and where it stands; null before the shelter sent one. */
  vetting: VettingStatus | null
  canRequestMeeting: boolean
}

const STEPS = [
  {
    title: 'Meeting Request',
    text: 'Our team will contact you within 24-48 hours to schedule a short introductory meeting.',
  },
  {
    title: 'Quality Review',
    text: 'We review your organization to make sure every listing on Pawhaven comes from a trusted shelter or rescue.',
  },
  {
    title: 'Full Access',
    text: 'After approval, you get full access to your dashboard to list animals and manage adoption applications.',
  },
]

/** What a shelter sees until its vetting meeting is done (spec: pending-vetting holding page). */
export function HoldingPage({ basePath, data }: { basePath: string; data: HoldingPageData }) {
  const navigation = useNavigation()
  const bypassing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'bypass-vetting'
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <div className="text-center">
        <h1 className="text-3xl font-bold text-gray-900">Welcome to Pawhaven!</h1>
        <p className="mx-auto mt-3 max-w-2xl text-gray-700">
          Thank you for joining. To keep adopters safe and every listing trustworthy, each shelter and rescue on Pawhaven is personally
          vetted by our team before it gets full access to the dashboard.
        </p>
      </div>

      <section aria-labelledby="next-steps" className="mt-10 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <h2 id="next-steps" className="text-lg font-semibold text-gray-900">
          What happens next
        </h2>
        <ol className="mt-4 flex flex-col gap-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-gray-900">{step.title}</h3>
                <p className="text-sm text-gray-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="your-account" className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <h2 id="your-account" className="sr-only">
          Your account
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="flex items-center gap-2 text-sm font-medium text-gray-600">
              <CalendarIcon className="h-5 w-5 text-brand-700" />
              Account Created
            </dt>
            <dd className="ml-7 text-gray-900">{data.createdOn}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 text-sm font-medium text-gray-600">
              <MailIcon className="h-5 w-5 text-brand-700" />
              Contact Email
            </dt>
            <dd className="ml-7 break-all text-gray-900">{data.contactEmail}</dd>
          </div>
        </dl>
      </section>

      <p className="mt-6 text-center text-sm text-gray-700">
        {data.canRequestMeeting ? (
          <>
            While you wait, fill in your shelter&apos;s profile: its name, address and ZIP code are what adopters will see.{' '}
            <Link to={`${basePath}/settings`} className="font-medium text-brand-700 underline hover:text-brand-800">
              Complete your profile
            </Link>
            {' · '}
          </>
        ) : null}
        <Link to={`${basePath}/team`} className="font-medium text-brand-700 underline hover:text-brand-800">
          Your team
        </Link>
      </p>

      {data.vetting ? <MeetingStatus basePath={basePath} vetting={data.vetting} canChange={data.canRequestMeeting} /> : null}

      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {data.vetting ? null : data.canRequestMeeting ? (
          <Link to={`${basePath}/vetting`} className={buttonClass.primary}>
            Schedule Meeting Now
          </Link>
        ) : (
          <p className="text-sm text-gray-700">Your shelter&apos;s owner or an admin schedules the vetting meeting.</p>
        )}
        {data.bypassEnabled ? (
          <Form method="post" action={basePath}>
            <input type="hidden" name="intent" value="bypass-vetting" />
            <button type="submit" disabled={bypassing} className={buttonClass.secondary}>
              {bypassing ? 'Bypassing...' : 'Bypass Meeting (Testing)'}
            </button>
          </Form>
        ) : null}
      </div>

      <p className="mt-8 text-center text-sm text-gray-700">
        Questions? Contact our team at{' '}
        <a href={`mailto:${data.supportEmail}`} className="font-medium text-brand-700 underline">
          {data.supportEmail}
        </a>{' '}
        or{' '}
        <a href={`tel:${data.supportPhone.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-700 underline">
          {data.supportPhone}
        </a>
        .
      </p>
    </div>
  )
}

/** The meeting request's state: what the shelter asked for, what was arranged, what is asked of it. */
function MeetingStatus({ basePath, vetting, canChange }: { basePath: string; vetting: VettingStatus; canChange: boolean }) {
  const link = (text: string) =>
    canChange ? (
      <Link to={`${basePath}/vetting`} className="font-medium text-brand-700 underline hover:text-brand-800">
        {text}
      </Link>
    ) : null
  return (
    <section aria-labelledby="meeting-status" className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-6" role="status">
      {vetting.status === 'requested' ? (
        <>
          <h2 id="meeting-status" className="text-lg font-semibold text-gray-900">
            Meeting requested — we&apos;ll contact you within 24-48 hours
          </h2>
          <p className="mt-2 text-sm text-gray-700">You asked for one of these times:</p>
          <ul className="mt-1 list-disc pl-6 text-sm text-gray-900">
            {vetting.preferredTimes.map((time) => (
              <li key={time}>{time}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm">{link('Change your request')}</p>
        </>
      ) : vetting.status === 'scheduled' ? (
        <>
          <h2 id="meeting-status" className="text-lg font-semibold text-gray-900">
            Meeting scheduled for {vetting.meetingAt}
          </h2>
          {vetting.meetingDetails ? (
            <p className="mt-2 whitespace-pre-line break-words text-sm text-gray-700">How to join: {vetting.meetingDetails}</p>
          ) : null}
        </>
      ) : vetting.status === 'held' ? (
        <h2 id="meeting-status" className="text-lg font-semibold text-gray-900">
          Thanks for meeting us — we&apos;re reviewing your organization and will email you our decision
        </h2>
      ) : vetting.status === 'information_requested' ? (
        <>
          <h2 id="meeting-status" className="text-lg font-semibold text-gray-900">
            We need a little more information
          </h2>
          <p className="mt-2 whitespace-pre-line text-sm text-gray-700">{vetting.staffMessage}</p>
          <p className="mt-3 text-sm">{link('Update your request')}</p>
        </>
      ) : vetting.status === 'rejected' ? (
        <>
          <h2 id="meeting-status" className="text-lg font-semibold text-gray-900">
            We couldn&apos;t approve your organization
          </h2>
          <p className="mt-2 whitespace-pre-line text-sm text-gray-700">{vetting.staffMessage}</p>
          <p className="mt-3 text-sm text-gray-700">If something has changed, contact our team below and we will take another look.</p>
        </>
      ) : null}
    </section>
  )
}
