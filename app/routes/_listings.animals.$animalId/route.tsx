import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { breedLabel, formatBirthMonth, formatFee, paragraphs, placeLabel, telHref, websiteHref } from '~/components/listings/format'
import { ContactRow, PhoneRow, WebsiteRow } from '~/components/listings/contact-rows'
import { LinkedText } from '~/components/listings/linked-text'
import { PhotoGallery } from '~/components/listings/photo-gallery'
import { ShareLink } from '~/components/listings/share-link'
import { Icon } from '~/components/marketing/icons'
import { buttonStyles, Container } from '~/components/marketing/ui'
import { getListedAnimal, listingHeaders, listingResponseHeaders, type AnimalDetail } from '~/models/listing.server'
import { linkifiedParagraphs } from '~/utils/linkify.server'
import { cn, invariantResponse } from '~/utils/misc'
import { animalPhotoSrc } from '~/utils/photos'
import { getPublicSupabase } from '~/utils/supabase.server'
import {
  AGE_GROUP_LABELS,
  ANIMAL_TYPE_LABELS,
  COAT_LABELS,
  GOOD_WITH,
  GOOD_WITH_ANSWER_LABELS,
  GOOD_WITH_LABELS,
  SEX_LABELS,
  SIZE_LABELS,
  STATUS_LABELS,
} from '~/utils/vocabulary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supabase = getPublicSupabase()
  const animal = await getListedAnimal(supabase, params.animalId ?? '')
  // Unknown, adopted, archived or at an unapproved shelter: all the same to a visitor.
  invariantResponse(animal, 'Not found', { status: 404, headers: listingResponseHeaders(request) })
  const origin = new URL(request.url).origin
  const photos = animal.photos.flatMap((photo) => {
    const src = animalPhotoSrc(photo, 1200)
    return src ? [{ src, alt: photo.alt || `${animal.name}, photo ${photo.position + 1}`, width: photo.width, height: photo.height }] : []
  })
  const ogImage = photos[0] ? new URL(photos[0].src, origin).href : null
  // The description goes out once, as paragraphs of text and links (linkify-it stays on the server).
  const { description, ...details } = animal
  const metaDescription = (paragraphs(description)[0] ?? `Meet ${animal.name} at ${animal.shelter.shelter_name}.`).slice(0, 200)
  return json(
    { animal: details, description: linkifiedParagraphs(description), metaDescription, photos, pageUrl: `${origin}/animals/${animal.id}`, ogImage },
    { headers: listingResponseHeaders(request) },
  )
}

export const headers = listingHeaders

export default function AnimalPage() {
  const { animal, description, photos, pageUrl } = useLoaderData<typeof loader>()
  const breed = breedLabel(animal)
  const colors = [animal.primary_color, animal.secondary_color, animal.tertiary_color].filter(Boolean).join(', ')
  const fee = animal.adoption_fee === null ? null : Number(animal.adoption_fee)
  const facts: Array<[string, string]> = [
    ['Type', ANIMAL_TYPE_LABELS[animal.type]],
    ['Breed', breed],
    ['Age', AGE_GROUP_LABELS[animal.age_group] + (animal.birth_date ? ` (born ${formatBirthMonth(animal.birth_date)})` : '')],
    ['Sex', SEX_LABELS[animal.sex]],
    ['Size', SIZE_LABELS[animal.size]],
  ]
  if (colors) facts.push(['Color', colors])
  if (animal.coat) facts.push(['Coat', COAT_LABELS[animal.coat]])
  if (fee !== null && Number.isFinite(fee)) facts.push(['Adoption fee', formatFee(fee)])
  const care: Array<[string, boolean]> = [
    ['House-trained', animal.house_trained],
    ['Spayed / neutered', animal.spayed_neutered],
    ['Vaccinations current', animal.vaccinations_current],
    ['Special needs', animal.special_needs],
  ]
  // One column on a phone, in reading order: name, photos, facts, the shelter's words, contact.
  // From lg, two floated columns: photos and words on the left, the rest on the right; each
  // column stacks on its own, so neither leaves a gap beside the other (a grid's shared rows would).
  const left = 'lg:float-left lg:clear-left lg:w-[56%]'
  const right = 'lg:float-right lg:clear-right lg:w-[40%]'
  return (
    <Container className="py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
        <Link to="/search" className="font-semibold text-brand-800 hover:underline">
          Find Pets
        </Link>{' '}
        / <span aria-current="page">{animal.name}</span>
      </nav>
      <div className="mt-6 flex flex-col gap-8 lg:flow-root">
        <div className={cn(right, 'lg:mb-6')}>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-4xl font-extrabold tracking-tight text-gray-900">{animal.name}</h1>
            <StatusBadge status={animal.status} />
          </div>
          <p className="mt-2 text-lg text-gray-700">
            {breed} · {placeLabel(animal.shelter.city, animal.shelter.state) ?? animal.shelter.shelter_name}
          </p>
          <div className="mt-4">
            <ShareLink url={pageUrl} title={`${animal.name} on Pawhaven`} className={buttonStyles.secondary} />
          </div>
        </div>

        <div className={cn(left, 'lg:mb-10')}>
          <PhotoGallery photos={photos} name={animal.name} />
        </div>

        <section aria-labelledby="facts-heading" className={cn(right, 'rounded-2xl border border-gray-200 p-5 lg:mb-6')}>
          <h2 id="facts-heading" className="text-lg font-bold text-gray-900">
            Facts
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-medium text-gray-600">{term}</dt>
                <dd className="text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="good-with-heading" className={cn(right, 'rounded-2xl border border-gray-200 p-5 lg:mb-6')}>
          <h2 id="good-with-heading" className="text-lg font-bold text-gray-900">
            Good with
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
            {GOOD_WITH.map((goodWith) => [GOOD_WITH_LABELS[goodWith], animal[`good_with_${goodWith}`]] as const).map(([term, answer]) => (
              <div key={term} className="contents">
                <dt className="font-medium text-gray-600">{term}</dt>
                <dd className={cn(answer === 'yes' ? 'text-green-800' : answer === 'no' ? 'text-red-800' : 'text-gray-700')}>{GOOD_WITH_ANSWER_LABELS[answer]}</dd>
              </div>
            ))}
          </dl>
          <h2 className="mt-5 text-lg font-bold text-gray-900">Care</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {care.map(([label, value]) => (
              <li key={label} className="flex items-center gap-2">
                {value ? <Icon name="check" className="h-4 w-4 shrink-0 text-green-700" /> : <Icon name="close" className="h-4 w-4 shrink-0 text-gray-500" />}
                <span className={value ? 'text-gray-900' : 'text-gray-600'}>
                  {label}
                  <span className="sr-only">: {value ? 'yes' : 'no'}</span>
                </span>
              </li>
            ))}
          </ul>
          {animal.special_needs && animal.special_needs_notes ? (
            <p className="mt-3 whitespace-pre-line text-sm text-gray-700">{animal.special_needs_notes}</p>
          ) : null}
        </section>

        <section aria-labelledby="about-heading" className={cn(left, 'lg:mb-10')}>
          <h2 id="about-heading" className="text-2xl font-bold text-gray-900">
            About {animal.name}
          </h2>
          {/* Text and links only (LinkedText): React escapes it, so a listing can never inject markup. */}
          <div className="mt-3 space-y-4 leading-relaxed text-gray-700">
            {description.map((parts, index) => (
              <p key={index} className="whitespace-pre-line">
                <LinkedText parts={parts} />
              </p>
            ))}
            {!description.length ? <p>The shelter hasn&rsquo;t written about {animal.name} yet: ask them!</p> : null}
          </div>
        </section>

        <div className={right}>
          <ShelterContactCard animal={animal} />
        </div>
      </div>
    </Container>
  )
}

function StatusBadge({ status }: { status: AnimalDetail['status'] }) {
  return status === 'pending' ? (
    <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">{STATUS_LABELS.pending}</span>
  ) : (
    <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">{STATUS_LABELS.available}</span>
  )
}

function ShelterContactCard({ animal }: { animal: Pick<AnimalDetail, 'name' | 'shelter'> }) {
  const { shelter } = animal
  const website = websiteHref(shelter.website)
  const address = [shelter.address, [placeLabel(shelter.city, shelter.state), shelter.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const subject = encodeURIComponent(`Adopting ${animal.name} (Pawhaven)`)
  return (
    <section aria-labelledby="shelter-heading" className="rounded-2xl bg-brand-50 p-5">
      <h2 id="shelter-heading" className="text-lg font-bold text-gray-900">
        {shelter.shelter_name}
      </h2>
      <dl className="mt-3 space-y-2 text-sm text-gray-800">
        {address ? (
          <ContactRow icon="map-pin" label="Address">
            {address}
          </ContactRow>
        ) : null}
        {shelter.phone ? <PhoneRow phone={shelter.phone} linkClassName="hover:underline" /> : null}
        {shelter.contact_email ? (
          <ContactRow icon="mail" label="Email" className="min-w-0 break-all">
            <a href={`mailto:${shelter.contact_email}`} className="hover:underline">
              {shelter.contact_email}
            </a>
          </ContactRow>
        ) : null}
        {website ? <WebsiteRow href={website} linkClassName="hover:underline" /> : null}
      </dl>
      <div className="mt-5 flex flex-wrap gap-3">
        {shelter.contact_email ? (
          <a href={`mailto:${shelter.contact_email}?subject=${subject}`} className={buttonStyles.primary}>
            Contact Shelter
          </a>
        ) : null}
        {shelter.phone ? (
          <a href={telHref(shelter.phone)} className={buttonStyles.secondary}>
            Call {shelter.phone}
          </a>
        ) : null}
      </div>
      <p className="mt-4">
        <Link to={`/shelters/${shelter.slug}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
          More animals at {shelter.shelter_name} <Icon name="arrow-right" className="h-4 w-4" />
        </Link>
      </p>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Pet not found | Pawhaven' }]
  const { animal, pageUrl, ogImage, metaDescription: description } = data
  const title = `${animal.name}, ${breedLabel(animal)} for adoption in ${placeLabel(animal.shelter.city, animal.shelter.state) ?? 'the US'} | Pawhaven`
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: `Meet ${animal.name} | Pawhaven` },
    { property: 'og:description', content: description },
    { property: 'og:url', content: pageUrl },
    ...(ogImage ? [{ property: 'og:image', content: ogImage }, { name: 'twitter:card', content: 'summary_large_image' }] : []),
    { tagName: 'link', rel: 'canonical', href: pageUrl },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
