// The application profile's review: every answer, step by step with a way back to edit it, and
// what is still missing before it can go with an application.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { applicationSections, NOT_ANSWERED, pathForMissing, stepPath } from '~/components/account/application-profile'
import { getApplicationProfile, getMissing } from '~/models/application-profile.server'
import { requireUser } from '~/utils/auth.server'
import { cn } from '~/utils/misc'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  const [profile, missing] = await Promise.all([getApplicationProfile(supabase), getMissing(supabase)])
  return json(
    {
      sections: applicationSections({ ...profile, email: user.email }),
      missing: missing.map((phrase) => ({ phrase, path: pathForMissing(phrase) })),
    },
    { headers },
  )
}

export default function ApplicationProfileReview() {
  const { sections, missing } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="review-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h3 id="review-heading" className="text-lg font-semibold text-gray-900">
          Review your answers
        </h3>
        {missing.length ? (
          <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
            <p className="font-medium">Before you can send it with an application, your profile still needs:</p>
            <ul className="mt-2 list-disc pl-5">
              {missing.map(({ phrase, path }) => (
                <li key={phrase}>
                  <Link to={path} className="underline hover:no-underline">
                    {phrase}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p role="status" className="mt-3 rounded-md border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-900">
            Your profile is ready to send with an application
          </p>
        )}
        <p className="mt-3 text-sm text-gray-600">
          Shelters see these answers, and your account&apos;s email, with each application you send. Later changes here do not change
          applications already sent.
        </p>
      </section>
      {sections.map((section) => (
        <section
          key={section.step}
          aria-labelledby={`review-${section.step}`}
          className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <div className="flex items-baseline justify-between gap-3">
            <h3 id={`review-${section.step}`} className="text-base font-semibold text-gray-900">
              {section.title}
            </h3>
            <Link to={stepPath(section.step)} className="text-sm font-semibold text-brand-800 underline hover:text-brand-900">
              Edit<span className="sr-only"> {section.title.toLowerCase()}</span>
            </Link>
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
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Review | Application profile | Pawhaven' }]
