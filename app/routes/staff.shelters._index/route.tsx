import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { findShelters, slowShelters } from '#app/models/vetting.server.ts'
import { responsivenessLabel } from '#app/utils/responsiveness.ts'
import { requireStaff } from '#app/utils/staff.server.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireStaff(request)
  const search = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100)
  const [shelters, slow] = await Promise.all([findShelters(supabase, search), slowShelters(supabase)])
  return json({ search, shelters, slow }, { headers })
}

export default function StaffShelters() {
  const { search, shelters, slow } = useLoaderData<typeof loader>()
  const format = useDateTimeFormat()
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Shelters</h1>
      <p className="mt-1 text-sm text-gray-600">Approved shelters, suspended ones first. Open one to suspend or restore it.</p>
      <Form method="get" className="mt-4 flex max-w-md gap-2" role="search">
        <label htmlFor="shelter-search" className="sr-only">
          Shelter name
        </label>
        <input
          id="shelter-search"
          name="q"
          defaultValue={search}
          placeholder="Shelter name"
          className="flex-1 rounded-md border border-gray-300 px-3 py-2"
        />
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Search
        </button>
      </Form>
      {shelters.length ? (
        <ul className="mt-6 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm">
          {shelters.map((shelter) => (
            <ShelterItem key={shelter.shelter_id} shelter={shelter}>
              {shelter.suspended_at ? (
                <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">Suspended</span>
              ) : shelter.approved_at ? (
                `Approved ${format.date(shelter.approved_at, 'medium')}`
              ) : (
                'Approved'
              )}
            </ShelterItem>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-gray-700">No approved shelter matches.</p>
      )}
      <section aria-labelledby="slow-heading" className="mt-10">
        <h2 id="slow-heading" className="text-xl font-bold text-gray-900">
          Slow to answer
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Shelters that answered under half of their applications and questions within their promise over the last 90 days.
        </p>
        {slow.length ? (
          <ul className="mt-4 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm">
            {slow.map((shelter) => (
              <ShelterItem key={shelter.shelter_id} shelter={shelter}>
                {responsivenessLabel(shelter)} ({shelter.response_judged} judged)
              </ShelterItem>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-gray-700">Every shelter answers at least half in time.</p>
        )}
      </section>
    </div>
  )
}

/** A shelter in one of the page's lists: its name (to its staff page), its place, and what the list says of it. */
function ShelterItem({
  shelter,
  children,
}: {
  shelter: { shelter_id: string; shelter_name: string; city: string | null; state: string | null }
  children: React.ReactNode
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
      <div>
        <Link to={`/staff/shelters/${shelter.shelter_id}`} className="font-medium text-brand-700 underline hover:text-brand-800">
          {shelter.shelter_name}
        </Link>
        <div className="text-sm text-gray-600">{[shelter.city, shelter.state].filter(Boolean).join(', ')}</div>
      </div>
      <span className="text-sm text-gray-700">{children}</span>
    </li>
  )
}

export const meta: MetaFunction = () => [{ title: 'Shelters | Staff console | Pawhaven' }]
