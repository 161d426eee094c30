import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ApplicationStatusBadge, ShelterPromise } from '#app/components/applications/application-parts.tsx'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { getMyApplications } from '#app/models/application.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  return json({ applications: await getMyApplications(supabase, user.id), now: new Date().toISOString() }, { headers })
}

export default function AccountApplications() {
  const { applications, now } = useLoaderData<typeof loader>()
  const format = useDateTimeFormat()
  return (
    <div>
      <h2 className="text-xl font-bold text-gray-900">Applications</h2>
      <p className="mt-1 text-sm text-gray-600">Every adoption application you sent, newest first, and where each one stands.</p>
      {applications.length ? (
        <ul className="mt-6 flex max-w-3xl flex-col gap-3">
          {applications.map((application) => (
            <li key={application.id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-lg font-semibold text-gray-900">
                  <Link to={`/account/applications/${application.id}`} className="text-brand-800 underline hover:text-brand-900">
                    {application.animal_name}
                  </Link>
                </h3>
                <ApplicationStatusBadge status={application.status} audience="adopter" />
              </div>
              <p className="mt-1 text-sm text-gray-700">
                {application.shelter?.shelter_name ?? 'A shelter no longer on Pawhaven'} · sent {format.date(application.created_at)}
              </p>
              <ShelterPromise shelter={application.shelter} application={application} now={now} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-gray-700">
          You haven’t applied for a pet yet. When you find one, press ‘Apply to adopt’ on its page.{' '}
          <Link to="/search" className="font-medium text-brand-700 underline hover:text-brand-800">
            Find pets
          </Link>
        </p>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Applications | Your account | Pawhaven' }]
