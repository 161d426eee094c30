import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { inputClass } from '~/components/forms'
import { Icon } from '~/components/marketing/icons'
import { buttonStyles, Container } from '~/components/marketing/ui'
import { filterSampleShelters, sampleShelters, type SampleShelter } from '~/content/shelters'
import { cn } from '~/utils/misc'

// /shelters and /shelter-directory are one screen: shelter-directory.tsx re-exports this module.
export async function loader({ request }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100)
  return json({ query, shelters: filterSampleShelters(sampleShelters, query) })
}

export default function ShelterDirectoryPage() {
  const { query, shelters } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="grid items-center gap-8 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Shelter Directory</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">Find Shelters Near You</h1>
            <p className="mt-3 max-w-xl text-lg text-gray-700">
              Every shelter and rescue on Pawhaven is personally vetted by our team. Find one near you and meet the animals in
              their care.
            </p>
            <Form method="get" key={query} role="search" aria-label="Shelters" className="mt-8 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end">
              <div className="flex flex-1 flex-col gap-1">
                <label htmlFor="shelter-query" className="text-sm font-medium text-gray-800">
                  City or ZIP code
                </label>
                <input id="shelter-query" name="q" type="search" defaultValue={query} placeholder="e.g. Austin or 78701" className={cn(inputClass, 'h-11')} />
              </div>
              <button type="submit" className={cn(buttonStyles.primary, 'h-11 rounded-md')}>
                <Icon name="search" className="h-4 w-4" /> Search
              </button>
            </Form>
          </div>
          <img src="/images/shelter.svg" alt="A shelter building with a dog and a cat at the door" width={420} height={320} className="mx-auto hidden w-full max-w-sm lg:block" />
        </Container>
      </section>

      <section aria-labelledby="shelter-results" className="pb-20 pt-6">
        <Container>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="shelter-results" className="text-2xl font-bold text-gray-900">
              {query ? `Shelters matching \u201c${query}\u201d` : 'Featured shelters'}
            </h2>
            {query ? (
              <Link to={pathname} className="text-sm font-semibold text-brand-800 hover:underline">
                Show all shelters
              </Link>
            ) : null}
          </div>
          {shelters.length ? (
            <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {shelters.map((shelter) => (
                <li key={shelter.id}>
                  <ShelterCard shelter={shelter} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-6 rounded-2xl border border-dashed border-gray-300 p-10 text-center">
              <h3 className="text-lg font-semibold text-gray-900">No shelters found near {query}</h3>
              <p className="mt-1 text-gray-600">More shelters join every week. Try a nearby city or another ZIP code.</p>
            </div>
          )}
        </Container>
      </section>
    </>
  )
}

function ShelterCard({ shelter }: { shelter: SampleShelter }) {
  const headingId = `shelter-${shelter.id}`
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          <Icon name="building" className="h-6 w-6" />
        </span>
        <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800">{shelter.animalCount}</span>
      </div>
      <h3 id={headingId} className="mt-4 text-xl font-bold text-gray-900">
        {shelter.name}
      </h3>
      <p className="mt-2 flex-1 text-gray-600">{shelter.description}</p>
      <dl className="mt-4 space-y-2 text-sm text-gray-700">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Location</dt>
          <Icon name="map-pin" className="h-4 w-4 text-brand-700" />
          <dd>
            {shelter.city}, {shelter.state} {shelter.zip}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Phone</dt>
          <Icon name="phone" className="h-4 w-4 text-brand-700" />
          <dd>
            <a href={`tel:${shelter.phone.replace(/[^\d]/g, '')}`} className="hover:text-brand-800 hover:underline">
              {shelter.phone}
            </a>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Website</dt>
          <Icon name="globe" className="h-4 w-4 text-brand-700" />
          <dd>
            <a href={shelter.website} rel="noopener noreferrer" target="_blank" className="hover:text-brand-800 hover:underline">
              {shelter.website.replace(/^https?:\/\//, '')}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      </dl>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <Link to={`/search?location=${shelter.zip}`} className={cn(buttonStyles.primary, 'px-3')}>
          View Animals
        </Link>
        <a href={`mailto:${shelter.email}`} className={cn(buttonStyles.secondary, 'px-3')}>
          Contact Shelter
        </a>
      </div>
    </article>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Find Shelters Near You | Pawhaven' },
  {
    name: 'description',
    content: 'Find vetted animal shelters and rescues near you by city or ZIP code, and see the animals in their care.',
  },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
