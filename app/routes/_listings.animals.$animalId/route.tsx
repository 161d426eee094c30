import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { FavoriteButton } from '~/components/listings/animal-card'
import {
  AboutSection,
  FactsSection,
  GoodWithSection,
  NearbyAnimals,
  pageColumns,
  ShelterCard,
  ShelterContactCard,
  StatusBadge,
} from '~/components/listings/animal-sections'
import { breedLabel, paragraphs, placeLabel, type AnimalCardData } from '~/components/listings/format'
import { PhotoGallery } from '~/components/listings/photo-gallery'
import { ShareLink } from '~/components/listings/share-link'
import { buttonStyles, Container } from '~/components/marketing/ui'
import { combineHeaders } from '~/utils/misc'
import { animalPhotoSrc } from '~/utils/photos'
import type { AnimalType } from '~/utils/vocabulary'
import {
  getListedAnimal,
  getPublicSupabase,
  getUnlistedAnimal,
  linkifiedParagraphs,
  listingHeaders,
  listingResponseHeaders,
  nearbyAvailableAnimals,
  savedAmong,
  type ShelterPlace,
} from './page.server'

/** What a 410 carries to the boundary: the suggestions instead of the animal. */
type GoneData = { nearby: AnimalCardData[]; saved: string[] | null; searchHref: string }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supabase = getPublicSupabase()
  const id = params.animalId ?? ''
  const headers = listingResponseHeaders(request)
  // Which of it a signed-in visitor saved, asked alongside: the auth check inside is then the
  // root loader's, shared while in flight, rather than a second one after the animal's read.
  const [listed, saved] = await Promise.all([getListedAnimal(supabase, id), savedAmong(request, [id])])
  const unlisted = listed ? null : await getUnlistedAnimal(supabase, id)
  // Unknown, or at a shelter not approved: nothing to say about it.
  if (!listed && !unlisted) throw new Response('Not found', { status: 404, headers })
  // Archived by its shelter: gone for good (410), with animals nearby instead.
  if (unlisted?.status === 'archived') {
    const nearby = await nearbyAvailableAnimals(supabase, unlisted.type, unlisted.place)
    const favorites = await savedAmong(request, nearby.map((animal) => animal.id))
    const gone: GoneData = { nearby, saved: favorites.saved, searchHref: searchHref(unlisted.type, unlisted.place) }
    throw json(gone, { status: 410, headers: combineHeaders(headers, favorites.headers) })
  }
  const animal = listed ?? unlisted!.animal!
  const origin = new URL(request.url).origin
  const photos = animal.photos.flatMap((photo) => {
    const src = animalPhotoSrc(photo, 1200)
    return src ? [{ src, alt: photo.alt || `${animal.name}, photo ${photo.position + 1}`, width: photo.width, height: photo.height }] : []
  })
  const page = {
    description: linkifiedParagraphs(animal.description),
    metaDescription: (paragraphs(animal.description)[0] ?? `Meet ${animal.name} at ${animal.shelter.shelter_name}.`).slice(0, 200),
    photos,
    pageUrl: `${origin}/animals/${animal.id}`,
    ogImage: photos[0] ? new URL(photos[0].src, origin).href : null,
  }
  // The description goes out once, as paragraphs of text and links (linkify-it stays on the server).
  if (listed) {
    const { description: _description, ...details } = listed
    return json(
      { ...page, status: 'listed' as const, animal: details, saved: saved.saved ? saved.saved.includes(listed.id) : null },
      { headers: combineHeaders(headers, saved.headers) },
    )
  }
  const { description: _description, ...details } = unlisted!.animal!
  const nearby = await nearbyAvailableAnimals(supabase, unlisted!.type, unlisted!.place)
  const favorites = await savedAmong(request, nearby.map((animal) => animal.id))
  return json(
    { ...page, status: 'adopted' as const, animal: details, nearby, saved: favorites.saved, searchHref: searchHref(unlisted!.type, unlisted!.place) },
    { headers: combineHeaders(headers, favorites.headers) },
  )
}

/** The search for more animals like it near its shelter. */
function searchHref(type: AnimalType, place: ShelterPlace): string {
  const params = new URLSearchParams({ type })
  if (place.zip_code) params.set('location', place.zip_code)
  return `/search?${params}`
}

export const headers = listingHeaders

export default function AnimalPage() {
  const data = useLoaderData<typeof loader>()
  const { animal, description, photos, pageUrl } = data
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
          <div className="mt-4 flex flex-wrap gap-3">
            {data.status === 'listed' ? (
              <>
                <Link to={`/animals/${animal.id}/apply`} className={buttonStyles.primary}>
                  Apply to adopt {animal.name}
                </Link>
                <Link to={`/animals/${animal.id}/ask`} className={buttonStyles.secondary}>
                  Ask about {animal.name}
                </Link>
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
        </div>
        <div className={pageColumns.left}>
          <PhotoGallery photos={photos} name={animal.name} />
        </div>
        <FactsSection animal={animal} className={pageColumns.right} />
        {data.status === 'listed' ? <GoodWithSection animal={data.animal} className={pageColumns.right} /> : null}
        <AboutSection name={animal.name} description={description} className={pageColumns.left} />
        {data.status === 'listed' ? (
          <ShelterContactCard animal={data.animal} className={pageColumns.right} />
        ) : (
          <ShelterCard shelter={data.animal.shelter} className={pageColumns.right} />
        )}
      </div>
      {data.status === 'adopted' ? <NearbyAnimals animals={data.nearby} saved={data.saved} searchHref={data.searchHref} /> : null}
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
  const { animal, pageUrl, ogImage, metaDescription: description } = data
  const place = placeLabel(animal.shelter.city, animal.shelter.state) ?? 'the US'
  const title =
    data.status === 'adopted'
      ? `Adopted: ${animal.name}, ${breedLabel(animal)} in ${place} | Pawhaven`
      : `${animal.name}, ${breedLabel(animal)} for adoption in ${place} | Pawhaven`
  return [
    { title },
    { name: 'description', content: description },
    // An adopted animal's page stays for the links already shared; search engines should drop it.
    ...(data.status === 'adopted' ? [{ name: 'robots', content: 'noindex' }] : [{ tagName: 'link', rel: 'canonical', href: pageUrl }]),
    { property: 'og:type', content: 'website' },
    {
      property: 'og:title',
      content: data.status === 'adopted' ? `${animal.name} found a home | Pawhaven` : `Meet ${animal.name} | Pawhaven`,
    },
    { property: 'og:description', content: description },
    { property: 'og:url', content: pageUrl },
    ...(ogImage
      ? [
          { property: 'og:image', content: ogImage },
          { name: 'twitter:card', content: 'summary_large_image' },
        ]
      : []),
  ]
}

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
