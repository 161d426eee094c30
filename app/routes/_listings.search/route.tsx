import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ActiveFilterChips, activeFilters } from '#app/components/listings/active-filters.tsx'
import { AnimalGrid } from '#app/components/listings/animal-card.tsx'
import { petsFound } from '#app/utils/listing-format.ts'
import { Pagination } from '#app/components/listings/pagination.tsx'
import { SearchFiltersForm } from '#app/components/listings/search-filters.tsx'
import { buttonStyles, Container } from '#app/components/marketing/ui.tsx'
import { isFiltered, searchQuery, searchSummary, type SearchFilters } from '#app/utils/search-params.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'
import { searchResultsPage } from '#app/utils/structured-data.ts'
import { cn } from '#app/utils/misc.ts'
import { listingHeaders, loadSearchPage, type PlaceChoices } from '#app/routes/_listings.search/search.server.ts'

// The reads are in search.server.ts, the route's one server module (a smaller client bundle).
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSearchPage(request)
}

export const headers = listingHeaders

export default function SearchPage() {
  const data = useLoaderData<typeof loader>()
  const { filters, total, place, unknownLocation, locationSuggestion, placeChoices, choices } = data
  const filtered = isFiltered(filters)
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        {/* Compact on a phone, so the count and the first result are on the first screen. */}
        <Container className="py-6 sm:py-16">
          <h1 className="text-2xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">Find Your Perfect Pet</h1>
          <p className="mt-3 hidden max-w-2xl text-lg text-gray-700 sm:block">
            Search adoptable pets from shelters and rescues near you. Every adoption saves a life.
          </p>
          <SearchFiltersForm filters={filters} choices={choices} />
        </Container>
      </section>

      <section aria-labelledby="results-heading" className="pb-20 pt-2 sm:pt-6">
        <Container>
          {unknownLocation ? (
            <div role="alert" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
              <p className="font-semibold">We couldn&rsquo;t find the location &ldquo;{filters.location}&rdquo;.</p>
              <p className="mt-1 text-sm">
                Enter a 5-digit ZIP code or a city and state, like &ldquo;Austin, TX&rdquo;. Showing pets from every location instead.
              </p>
              {locationSuggestion ? (
                <p className="mt-2 text-sm">
                  Did you mean{' '}
                  <Link
                    to={`/search${searchQuery(filters, { location: locationSuggestion, page: 1 })}`}
                    className="font-semibold text-amber-950 underline hover:no-underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                  >
                    {locationSuggestion}
                  </Link>
                  ?
                </p>
              ) : null}
            </div>
          ) : null}
          {placeChoices ? <PlaceChoiceList placeChoices={placeChoices} filters={filters} /> : null}
          <ActiveFilterChips filters={activeFilters(filters)} />
          {/* On a phone: the count and List/Map on one line, the other actions below. */}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2 id="results-heading" aria-live="polite" className="mr-auto text-2xl font-bold text-gray-900">
              {petsFound(total)}
            </h2>
            <ResultsViewSwitch filters={filters} />
            <div className="flex w-full flex-wrap items-center gap-4 sm:w-auto">
              {filtered ? (
                <Link to={clearedSearch(filters)} className="text-sm font-semibold text-brand-800 hover:underline">
                  Clear filters
                </Link>
              ) : null}
              {/* A plain link to a signed-in page: this page stays the same for everyone (cacheable) and adds no script. */}
              <Link
                to={`/account/searches/new${searchQuery(filters, { page: 1, view: 'list' })}`}
                className="rounded-md border border-brand-300 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                Email me new matches
              </Link>
            </div>
          </div>
          {place ? (
            <p className="mt-1 text-sm text-gray-600">
              Within {filters.distance} miles of {place}
            </p>
          ) : null}
          {data.view === 'map' ? (
            // Markup made on the server (app/utils/results-map.server.ts): escaped there.
            <div dangerouslySetInnerHTML={{ __html: data.mapHtml }} />
          ) : null}
          {data.view === 'list' && data.animals.length ? (
            <>
              <AnimalGrid animals={data.animals} saved={data.saved} freshness={data.freshness} />
              <Pagination
                page={filters.page}
                pageCount={data.pageCount}
                hrefFor={(page) => `/search${searchQuery(filters, { page })}`}
                label="Search results pagination"
              />
            </>
          ) : null}
          {total === 0 ? (
            <div className="mt-6 rounded-2xl border border-dashed border-gray-300 p-10 text-center">
              <img src="/images/coming-soon.svg" alt="" width={160} height={120} className="mx-auto w-40" />
              <h3 className="mt-4 text-lg font-semibold text-gray-900">No pets match these filters yet</h3>
              <p className="mt-1 text-gray-600">Try widening your search: a larger distance, another animal type, or fewer filters.</p>
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                {place && filters.distance < 500 ? (
                  <Link to={`/search${searchQuery(filters, { distance: 500, page: 1 })}`} className={buttonStyles.primary}>
                    Search within 500 miles
                  </Link>
                ) : null}
                <Link to={clearedSearch(filters)} className={cn(buttonStyles.secondary)}>
                  Show all pets
                </Link>
              </div>
            </div>
          ) : null}
        </Container>
      </section>
    </>
  )
}

/** No filters, in the same view (a literal: the URL parser stays out of the page's scripts). */
function clearedSearch(filters: SearchFilters): string {
  return filters.view === 'map' ? '/search?view=map' : '/search'
}

/**
 * List or Map: two links, so the switch works without JavaScript and each view has its own
 * URL. The current one says so (`aria-current`) and looks pressed.
 */
function ResultsViewSwitch({ filters }: { filters: SearchFilters }) {
  return (
    <nav aria-label="Results view" className="inline-flex rounded-lg border border-gray-300 bg-white p-0.5">
      {(['list', 'map'] as const).map((view) => (
        <Link
          key={view}
          to={`/search${searchQuery(filters, { view, page: 1 })}`}
          aria-current={filters.view === view ? 'page' : undefined}
          className={cn(
            'rounded-md px-4 py-1.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
            filters.view === view ? 'bg-brand-700 text-white' : 'text-gray-800 hover:bg-gray-100',
          )}
        >
          {view === 'list' ? 'List' : 'Map'}
        </Link>
      ))}
    </nav>
  )
}

/** 'Springfield' names several places: each is a link to the same search near that one. */
function PlaceChoiceList({ placeChoices: { name, choices }, filters }: { placeChoices: PlaceChoices; filters: SearchFilters }) {
  return (
    <section aria-labelledby="place-choices-heading" className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4 text-gray-900">
      <h2 id="place-choices-heading" className="font-semibold">
        Which {name} do you mean?
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Several places are called {name}. Choose one to search near it. Showing pets from every location until you do.
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice}>
            <Link
              to={`/search${searchQuery(filters, { location: choice, page: 1 })}`}
              className="inline-block rounded-full border border-brand-300 bg-white px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100"
            >
              {choice}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = siteUrlOf(matches)
  if (!data) return seoMeta({ title: 'Find Your Perfect Pet | Pawhaven', description: SEARCH_DESCRIPTION, path: '/search', siteUrl: site })
  const { title, description } = searchSummary(data.filters, data.place, data.total)
  // The map shows the list's results: both name the list as the one to index.
  const path = `/search${searchQuery(data.filters, { view: 'list' })}`
  return seoMeta({
    title: `${title} | Pawhaven`,
    description,
    path,
    siteUrl: site,
    jsonLd: [searchResultsPage(site, path, title)],
  })
}

const SEARCH_DESCRIPTION =
  'Search adoptable dogs, cats, rabbits, birds and more by location, type, age and more, from shelters and rescues across the US.'

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
