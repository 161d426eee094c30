// The application profile's review: every answer, step by step with a way back to edit it, and
// what is still missing before it can go with an application.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { applicationSections, pathForMissing, stepPath } from '#app/models/application-profile.ts'
import { AnswerSections } from '#app/components/applications/application-parts.tsx'
import { getApplicationProfile, getMissing } from '#app/models/application-profile.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

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
      <AnswerSections sections={sections} editPath={stepPath} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Review | Application profile | Pawhaven' }]
