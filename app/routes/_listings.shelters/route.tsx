import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { inputClass } from '#app/components/ui/forms.tsx'
import { Pagination } from '#app/components/listings/pagination.tsx'
import { ShelterCard } from '#app/components/listings/shelter-card.tsx'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles, Container } from '#app/components/marketing/ui.tsx'
import { DIRECTORY_RADIUS_MILES, listingHeaders, listingResponseHeaders, listShelters } from '#app/models/listing.server.ts'
import { cn } from '#app/utils/misc.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

// /shelters and /shelter-directory are one screen: shelter-directory.tsx re-exports this module.
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const query = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 100)
  const requestedPage = Math.min(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1000)
  const supabase = getPublicSupabase()
  const directory = await listShelters(supabase, query, requestedPage)
  return json(
    {
      query,
      shelters: directory.shelters,
      total: directory.total,
      page: directory.page,
      pageCount: directory.pageCount,
      place: directory.place?.label ?? null,
      radius: DIRECTORY_RADIUS_MILES,
    },
    { headers: listingResponseHeaders(request) },
  )
}

export const headers = listingHeaders

export default function ShelterDirectoryPage() {
  const { query, shelters, total, page, pageCount, place, radius } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const heading = place
    ? `${total === 1 ? '1 shelter' : `${total} shelters`} within ${radius} miles of ${place}`
    : query
      ? `Shelters matching \u201c${query}\u201d`
      : 'All shelters'
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="grid items-center gap-8 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Shelter Directory</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">Find Shelters Near You</h1>
            <p className="mt-3 max-w-xl text-lg text-gray-700">
              Every shelter and rescue on Pawhaven is personally vetted by our team. Find one near you and meet the animals in their care.
            </p>
            <Form
              method="get"
              key={query}
              role="search"
              aria-label="Shelters"
              className="mt-8 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end"
            >
              <div className="flex flex-1 flex-col gap-1">
                <label htmlFor="shelter-query" className="text-sm font-medium text-gray-800">
                  City or ZIP code
                </label>
                <input
                  id="shelter-query"
                  name="q"
                  type="search"
                  defaultValue={query}
                  placeholder="e.g. Austin, TX or 78701"
                  className={cn(inputClass, 'h-11')}
                />
              </div>
              <button type="submit" className={cn(buttonStyles.primary, 'h-11 rounded-md')}>
                <Icon name="search" className="h-4 w-4" /> Search
              </button>
            </Form>
          </div>
          <img
            src="/images/shelter.svg"
            alt="A shelter building with a dog and a cat at the door"
            width={420}
            height={320}
            className="mx-auto hidden w-full max-w-sm lg:block"
          />
        </Container>
      </section>

      <section aria-labelledby="shelter-results" className="pb-20 pt-6">
        <Container>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="shelter-results" className="text-2xl font-bold text-gray-900">
              {heading}
            </h2>
            {query ? (
              <Link to={pathname} className="text-sm font-semibold text-brand-800 hover:underline">
                Show all shelters
              </Link>
            ) : null}
          </div>
          {shelters.length ? (
            <>
              <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {shelters.map((shelter) => (
                  <li key={shelter.id} className="min-w-0">
                    <ShelterCard shelter={shelter} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageCount={pageCount}
                label="Shelter list pagination"
                hrefFor={(number) => `${pathname}?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(number) })}`}
              />
            </>
          ) : (
            <div className="mt-6 rounded-2xl border border-dashed border-gray-300 p-10 text-center">
              <h3 className="text-lg font-semibold text-gray-900">{query ? `No shelters found near ${query}` : 'No shelters yet'}</h3>
              <p className="mt-1 text-gray-600">More shelters join every week. Try a nearby city or another ZIP code.</p>
            </div>
          )}
        </Container>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Find Shelters Near You | Pawhaven',
    description: 'Find vetted animal shelters and rescues near you by city or ZIP code, and see the animals in their care.',
    path: '/shelters',
    siteUrl: siteUrlOf(matches),
  })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
