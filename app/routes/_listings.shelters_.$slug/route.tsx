import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AnimalGrid } from '#app/components/listings/animal-card.tsx'
import { paragraphs, petsFound, placeLabel, telHref, websiteHref } from '#app/utils/listing-format.ts'
import { LinkedText } from '#app/components/listings/linked-text.tsx'
import { Pagination } from '#app/components/listings/pagination.tsx'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles, Container } from '#app/components/marketing/ui.tsx'
import { savedAmong } from '#app/models/favorite.server.ts'
import {
  currentShelterSlug,
  getApprovedShelter,
  listingHeaders,
  listingResponseHeaders,
  shelterAnimals,
} from '#app/models/listing.server.ts'
import { responsivenessLabel } from '#app/utils/responsiveness.ts'
import { linkifiedParagraphs } from '#app/utils/linkify.server.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'
import { combineHeaders, invariantResponse } from '#app/utils/misc.ts'
import { seoMeta } from '#app/utils/seo.ts'
import { siteUrl } from '#app/utils/site-url.server.ts'
import { animalShelter, breadcrumbList } from '#app/utils/structured-data.ts'
import { shelterCard, shelterCardPath } from '#app/models/share-card.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supabase = getPublicSupabase()
  const shelter = await getApprovedShelter(supabase, params.slug ?? '')
  if (!shelter) {
    // An address the shelter had before it changed its name: links shared then keep working.
    const current = await currentShelterSlug(supabase, params.slug ?? '')
    if (current)
      throw redirect(`/shelters/${current}${new URL(request.url).search}`, { status: 301, headers: listingResponseHeaders(request) })
  }
  invariantResponse(shelter, 'Not found', { status: 404, headers: listingResponseHeaders(request) })
  const requestedPage = Math.min(Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1, 1000)
  const listings = await shelterAnimals(supabase, shelter, requestedPage)
  const { latitude: _latitude, longitude: _longitude, description, ...contact } = shelter
  const favorites = await savedAmong(
    request,
    listings.animals.map((animal) => animal.id),
  )
  return json(
    {
      shelter: contact,
      description: linkifiedParagraphs(description),
      metaDescription: (paragraphs(description)[0] ?? `Adoptable animals at ${shelter.shelter_name}.`).slice(0, 200),
      // For the head: the canonical origin, the place for schema.org and the share card.
      siteUrl: siteUrl(request),
      geo: { latitude: shelter.latitude, longitude: shelter.longitude },
      ogImage: `${siteUrl(request)}${shelterCardPath(shelter.slug, shelterCard(shelter))}`,
      ...listings,
      saved: favorites.saved,
    },
    { headers: combineHeaders(listingResponseHeaders(request), favorites.headers) },
  )
}

export const headers = listingHeaders

export default function ShelterPage() {
  const { shelter, description, animals, total, page, pageCount, saved } = useLoaderData<typeof loader>()
  const website = websiteHref(shelter.website)
  const address = [shelter.address, [placeLabel(shelter.city, shelter.state), shelter.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
            <Link to="/shelters" className="font-semibold text-brand-800 hover:underline">
              Shelter Directory
            </Link>{' '}
            / <span aria-current="page">{shelter.shelter_name}</span>
          </nav>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">{shelter.shelter_name}</h1>
          {address ? (
            <p className="mt-2 flex items-center gap-2 text-lg text-gray-700">
              <Icon name="map-pin" className="h-5 w-5 shrink-0 text-brand-700" /> {address}
            </p>
          ) : null}
          <p className="mt-1 flex items-center gap-2 text-gray-700">
            <Icon name="clock" className="h-5 w-5 shrink-0 text-brand-700" />
            <span>
              <span className="sr-only">How quickly it answers: </span>
              {responsivenessLabel(shelter)}
            </span>
          </p>
          {/* A nonprofit's EIN is public record: adopters and donors can look the organization up with the IRS. */}
          {shelter.ein ? <p className="mt-1 text-sm text-gray-700">EIN {shelter.ein}</p> : null}
          <div className="mt-4 max-w-3xl space-y-3 text-gray-700">
            {description.map((parts, index) => (
              <p key={index} className="whitespace-pre-line">
                <LinkedText parts={parts} />
              </p>
            ))}
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            {shelter.contact_email ? (
              <a href={`mailto:${shelter.contact_email}`} className={buttonStyles.primary}>
                <Icon name="mail" className="h-4 w-4" /> Contact Shelter
              </a>
            ) : null}
            {shelter.phone ? (
              <a href={telHref(shelter.phone)} className={buttonStyles.secondary}>
                <Icon name="phone" className="h-4 w-4" /> {shelter.phone}
              </a>
            ) : null}
            {website ? (
              <a href={website} rel="noopener noreferrer nofollow" target="_blank" className={buttonStyles.secondary}>
                <Icon name="globe" className="h-4 w-4" /> Website<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        </Container>
      </section>
      <section aria-labelledby="shelter-animals" className="pb-20 pt-6">
        <Container>
          <h2 id="shelter-animals" className="text-2xl font-bold text-gray-900">
            Animals at {shelter.shelter_name} <span className="text-base font-semibold text-gray-600">({petsFound(total)})</span>
          </h2>
          {animals.length ? (
            <>
              <AnimalGrid animals={animals} saved={saved} />
              <Pagination
                page={page}
                pageCount={pageCount}
                label="Animal list pagination"
                hrefFor={(number) => `/shelters/${shelter.slug}?page=${number}`}
              />
            </>
          ) : (
            <div className="mt-6 rounded-2xl border border-dashed border-gray-300 p-10 text-center">
              <h3 className="text-lg font-semibold text-gray-900">No animals listed right now</h3>
              <p className="mt-1 text-gray-600">Check back soon, or contact the shelter to ask who is in their care.</p>
              <Link to="/search" className={`${buttonStyles.secondary} mt-6`}>
                Search all pets
              </Link>
            </div>
          )}
        </Container>
      </section>
      {/* The view beacon: counts this visit for the shelter's analytics, even when a CDN served the page (decision 036). */}
      <img src={`/resources/view?shelter=${shelter.id}`} alt="" hidden />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Shelter not found | Pawhaven' }]
  const { shelter, siteUrl: site } = data
  const place = placeLabel(shelter.city, shelter.state)
  const path = `/shelters/${shelter.slug}${data.page > 1 ? `?page=${data.page}` : ''}`
  return seoMeta({
    title: `${shelter.shelter_name}${place ? `, ${place}` : ''} | Pawhaven`,
    description: data.metaDescription,
    path,
    siteUrl: site,
    image: { url: data.ogImage, width: 1200, height: 630, alt: shelter.shelter_name },
    jsonLd: [
      animalShelter(site, { ...shelter, description: data.metaDescription, ...data.geo }, data.ogImage),
      breadcrumbList(site, [
        { name: 'Shelter Directory', path: '/shelters' },
        { name: shelter.shelter_name, path: `/shelters/${shelter.slug}` },
      ]),
    ],
  })
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
