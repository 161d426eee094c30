import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ApplicationsClosed } from '#app/components/listings/applications-closed.tsx'
import { FavoriteButton } from '#app/components/listings/animal-card.tsx'
import {
  AboutSection,
  FactsSection,
  GoodWithSection,
  NearbyAnimals,
  pageColumns,
  ShelterCard,
  ShelterContactCard,
  StatusBadge,
} from '#app/components/listings/animal-sections.tsx'
import { breedLabel, placeLabel } from '#app/utils/listing-format.ts'
import { FreshnessLine } from '#app/components/listings/freshness-line.tsx'
import { PhotoGallery, photoIndexOf } from '#app/components/listings/photo-gallery.tsx'
import { ShareLink, ShareOptions } from '#app/components/listings/share-link.tsx'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles, Container } from '#app/components/marketing/ui.tsx'
import { seoMeta } from '#app/utils/seo.ts'
import { animalPage, breadcrumbList } from '#app/utils/structured-data.ts'
import { animalPageHeaders, loadAnimalPage, type GoneData } from '#app/routes/_listings.animals.$animalId/animal-page.server.ts'

// The reads are in animal-page.server.ts, the route's one server module (a smaller client bundle).
export async function loader(args: LoaderFunctionArgs) {
  return loadAnimalPage(args)
}

export const headers = animalPageHeaders

export default function AnimalPage() {
  const data = useLoaderData<typeof loader>()
  const { animal, description, photos, pageUrl } = data
  const location = useLocation()
  const adopted = data.status === 'adopted'
  return (
    <Container className="py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
        <Link to="/search" className="font-semibold text-brand-800 hover:underline">
          Find Pets
        </Link>{' '}
        / <span aria-current="page">{animal.name}</span>
      </nav>
      {adopted ? (
        <p className="mt-6 rounded-2xl bg-brand-100 px-5 py-4 text-lg font-semibold text-brand-900">Adopted — {animal.name} found a home</p>
      ) : null}
      {/* A phone reads it top to bottom: name, photos, facts, the shelter's words, the shelter. */}
      <div className={pageColumns.container}>
        <div className={pageColumns.right}>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-4xl font-extrabold tracking-tight text-gray-900">{animal.name}</h1>
            <StatusBadge status={data.status === 'listed' ? data.animal.status : 'adopted'} />
          </div>
          <p className="mt-2 text-lg text-gray-700">
            {breedLabel(animal)} · {placeLabel(animal.shelter.city, animal.shelter.state) ?? animal.shelter.shelter_name}
          </p>
          {data.status === 'listed' && data.freshness ? (
            <FreshnessLine line={data.freshness.line} stale={data.freshness.stale} className="mt-2" />
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            {data.status === 'listed' && data.applied ? (
              <p className="w-full text-gray-800">
                You applied on {data.applied.appliedOn} ·{' '}
                <Link
                  to={`/account/applications/${data.applied.id}`}
                  className="font-semibold text-brand-800 underline hover:text-brand-900"
                >
                  view your application
                </Link>
              </p>
            ) : null}
            {data.status === 'listed' ? (
              <>
                {data.applied ? null : data.closed ? (
                  <ApplicationsClosed
                    animalId={animal.id}
                    name={animal.name}
                    shelterName={animal.shelter.shelter_name}
                    intake={data.closed.intake}
                    saveSearchHref={data.closed.saveSearchHref}
                    similarHref={data.closed.searchHref}
                  />
                ) : (
                  <Link to={`/animals/${animal.id}/apply`} className={buttonStyles.primary}>
                    Apply to adopt {animal.name}
                  </Link>
                )}
                {data.closed && !data.applied ? null : (
                  <Link to={`/animals/${animal.id}/ask`} className={buttonStyles.secondary}>
                    Ask about {animal.name}
                  </Link>
                )}
                <FavoriteButton animalId={animal.id} name={animal.name} saved={data.saved} />
              </>
            ) : null}
            <ShareLink
              url={pageUrl}
              countHref={`/resources/share?animal=${animal.id}`}
              title={`${animal.name} on Pawhaven`}
              className={buttonStyles.secondary}
            />
          </div>
          <ShareOptions url={pageUrl} title={`${animal.name} on Pawhaven`} name={animal.name} />
        </div>
        <div className={pageColumns.left}>
          <PhotoGallery key={animal.id} photos={photos} name={animal.name} initial={photoIndexOf(location.search, photos.length)} />
        </div>
        {data.status === 'listed' && data.bonded ? (
          <section aria-labelledby="bonded-heading" className={`rounded-2xl bg-brand-50 p-5 ${pageColumns.right}`}>
            <h2 id="bonded-heading" className="text-xl font-bold text-gray-900">
              Adopted together
            </h2>
            <p className="mt-2 text-gray-800">{data.bonded.sentence} One application or question covers them all.</p>
            <ul className="mt-4 flex flex-wrap gap-4">
              {data.bonded.companions.map((companion) => (
                <li key={companion.id}>
                  <Link to={`/animals/${companion.id}`} className="flex items-center gap-3 font-semibold text-brand-800 hover:underline">
                    {companion.photo ? (
                      <img src={companion.photo} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
                    ) : (
                      <Icon name="paw" className="h-10 w-10" />
                    )}
                    Meet {companion.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <FactsSection animal={animal} className={pageColumns.right} />
        {data.status === 'listed' ? <GoodWithSection animal={data.animal} className={pageColumns.right} /> : null}
        <AboutSection name={animal.name} description={description} adopted={adopted} className={pageColumns.left} />
        {data.status === 'listed' ? (
          <ShelterContactCard animal={data.animal} className={pageColumns.right} />
        ) : (
          <ShelterCard shelter={data.animal.shelter} className={pageColumns.right} />
        )}
      </div>
      {data.status === 'adopted' ? <NearbyAnimals animals={data.nearby} saved={data.saved} searchHref={data.searchHref} /> : null}
      {data.status === 'listed' && data.closed && !data.applied ? (
        <NearbyAnimals animals={data.closed.nearby} saved={data.closed.saved} searchHref={data.closed.searchHref} />
      ) : null}
      {/* The view beacon: counts this visit for the shelter's analytics, even when a CDN served the page (decision 036). */}
      <img src={`/resources/view?animal=${animal.id}`} alt="" hidden />
    </Container>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!data) {
    const gone = isGone(error)
    return [
      { title: gone ? 'No longer listed | Pawhaven' : 'Pet not found | Pawhaven' },
      ...(gone ? [{ name: 'robots', content: 'noindex' }] : []),
    ]
  }
  const { animal, ogImage, metaDescription: description, siteUrl: site } = data
  const place = placeLabel(animal.shelter.city, animal.shelter.state) ?? 'the US'
  const adopted = data.status === 'adopted'
  const title = adopted
    ? `Adopted: ${animal.name}, ${breedLabel(animal)} in ${place} | Pawhaven`
    : `${animal.name}, ${breedLabel(animal)} for adoption in ${place} | Pawhaven`
  const path = `/animals/${animal.id}`
  return seoMeta({
    title,
    socialTitle: adopted ? `${animal.name} found a home | Pawhaven` : `Meet ${animal.name} | Pawhaven`,
    description,
    path,
    siteUrl: site,
    // An adopted animal's page stays for the links already shared; search engines should drop it.
    noindex: adopted,
    image: { url: ogImage, width: CARD_SIZE.width, height: CARD_SIZE.height, alt: `${animal.name} at ${animal.shelter.shelter_name}` },
    jsonLd: [
      animalPage(
        site,
        { id: animal.id, name: animal.name, description, image: ogImage, dateModified: 'updated_at' in animal ? animal.updated_at : null },
        animal.shelter,
      ),
      breadcrumbList(site, [
        { name: 'Find Pets', path: '/search' },
        { name: animal.name, path },
      ]),
    ],
  })
}

const CARD_SIZE = { width: 1200, height: 630 }

function isGone(error: unknown): error is { status: 410; data: GoneData } {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 410
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 410: ({ error }) => <ListingGone gone={error.data as GoneData} /> }} />
}

/** An archived animal's link: a friendly page (410 Gone) with animals still looking for a home. */
function ListingGone({ gone }: { gone: GoneData }) {
  return (
    <Container className="py-10 sm:py-14">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">This pet is no longer listed</h1>
        <p className="mt-4 text-lg text-gray-700">
          The shelter has taken this listing down. Plenty of other animals are still waiting for a home, some of them close by.
        </p>
      </div>
      <div className="mt-10">
        <NearbyAnimals animals={gone.nearby} saved={gone.saved} searchHref={gone.searchHref} />
      </div>
    </Container>
  )
}
