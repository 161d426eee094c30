import { Link, useFetcher, useLocation } from '@remix-run/react'
import { Icon } from '#app/components/marketing/icons.tsx'
import { joinNames } from '#app/utils/names.ts'
import { animalPhotoSrc } from '#app/utils/photos.ts'
import { AGE_GROUP_LABELS, STATUS_LABELS } from '#app/utils/vocabulary.ts'
import type { AnimalCardData, CompanionCard } from '#app/models/animal-card.ts'
import { breedLabel, cardSexLabel, formatDistance, placeLabel } from '#app/utils/listing-format.ts'
import { IconTerm } from '#app/components/listings/contact-rows.tsx'
import { FreshnessLine } from '#app/components/listings/freshness-line.tsx'

/**
 * A result card: photo, name, breed, age, sex, distance, shelter and city; the whole card links
 * to the animal. With `saved` (null for a signed-out visitor) it carries the heart.
 */
export function AnimalCard({
  animal,
  className,
  saved,
  freshness,
}: {
  animal: AnimalCardData
  className?: string
  saved?: boolean | null
  /** When and how its listing was last confirmed ('Updated by the shelter 3 days ago'), where the page knows. */
  freshness?: string
}) {
  const breed = breedLabel(animal)
  const distance = formatDistance(animal.distance_miles)
  const place = placeLabel(animal.city, animal.state)
  const headingId = `animal-${animal.id}`
  // A bonded group's card is headed by every name: 'Buddy, Max & Daisy'.
  const groupNames = animal.companions?.length
    ? joinNames([animal.name, ...animal.companions.map((companion) => companion.name)], '&')
    : null
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md ${className ?? ''}`}
    >
      {/* A bonded group: one card, every animal's photo side by side. */}
      <div className="flex aspect-[4/3] w-full gap-0.5">
        {[animal, ...(animal.companions ?? [])].slice(0, 3).map((member) => (
          <CardPhoto
            key={member.id}
            animal={member}
            alt={member.photo_alt || (member === animal ? `${animal.name}, ${breed}` : member.name)}
          />
        ))}
      </div>
      {saved !== undefined ? <FavoriteButton animalId={animal.id} name={animal.name} saved={saved} card /> : null}
      {animal.status === 'pending' ? (
        <span className="absolute left-3 top-3 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {STATUS_LABELS.pending}
        </span>
      ) : animal.status === 'adopted' ? (
        <span className="absolute left-3 top-3 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">
          {STATUS_LABELS.adopted}
        </span>
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-baseline justify-between gap-2">
          <h3 id={headingId} className="text-lg font-bold text-gray-900">
            {/* The link covers the card (::after), so the card is one target and one tab stop. */}
            <Link to={`/animals/${animal.id}`} className="after:absolute after:inset-0 focus:outline-none">
              {groupNames ?? animal.name}
            </Link>
          </h3>
          {distance ? <span className="shrink-0 text-sm font-semibold text-brand-800">{distance}</span> : null}
        </div>
        {groupNames ? <p className="text-sm font-semibold text-brand-800">Bonded: they go home together</p> : null}
        <p className="text-gray-700">{breed}</p>
        <p className="mt-1 text-sm text-gray-600">
          {AGE_GROUP_LABELS[animal.age_group]} · {cardSexLabel(animal.sex)}
        </p>
        <dl className="mt-3 space-y-1 text-sm text-gray-600">
          <div className="flex items-center gap-2">
            <IconTerm icon="building" label="Shelter" />
            <dd>{animal.shelter_name}</dd>
          </div>
          {place ? (
            <div className="flex items-center gap-2">
              <IconTerm icon="map-pin" label="Location" />
              <dd>{place}</dd>
            </div>
          ) : null}
        </dl>
        {freshness ? <FreshnessLine line={freshness} stale={false} className="mt-3" /> : null}
      </div>
    </article>
  )
}

function CardPhoto({ animal, alt }: { animal: CompanionCard; alt: string }) {
  const photo = animalPhotoSrc({ storage_path: animal.photo_path, external_url: animal.photo_url }, 480)
  return photo ? (
    <img
      src={photo}
      alt={alt}
      width={480}
      height={360}
      loading="lazy"
      decoding="async"
      className="h-full min-w-0 flex-1 bg-brand-50 object-cover"
    />
  ) : (
    <div className="flex h-full min-w-0 flex-1 items-center justify-center bg-brand-50 text-brand-700">
      <Icon name="paw" className="h-12 w-12" />
    </div>
  )
}

/** A page of result cards, as the search and a shelter's page show them; `saved`: the visitor's favorites among them (null signed out). */
export function AnimalGrid({
  animals,
  saved,
  freshness,
}: {
  animals: AnimalCardData[]
  saved: string[] | null
  freshness?: Record<string, { line: string }>
}) {
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {animals.map((animal) => (
        <li key={animal.id}>
          <AnimalCard animal={animal} saved={saved ? saved.includes(animal.id) : null} freshness={freshness?.[animal.id]?.line} />
        </li>
      ))}
    </ul>
  )
}

/**
 * The heart: 'Save {name}', or 'Saved' once saved. A form, so it works without JavaScript; with
 * it, the heart changes at once and the page stays put. `saved` is null for a signed-out
 * visitor (the press leads to sign-in and back), so a page without a session never varies.
 * (Kept in this module: a chunk of its own would cost the listing pages a request.)
 */
export function FavoriteButton({ animalId, name, saved, card }: { animalId: string; name: string; saved: boolean | null; card?: boolean }) {
  const fetcher = useFetcher({ key: `favorite-${animalId}` })
  const location = useLocation()
  const pending = fetcher.formData?.get('intent')
  const isSaved = pending ? pending === 'save' : Boolean(saved)
  return (
    <fetcher.Form method="post" action="/resources/favorites" className={card ? 'absolute right-3 top-3 z-10' : undefined}>
      <input type="hidden" name="intent" value={isSaved ? 'remove' : 'save'} />
      <input type="hidden" name="animalId" value={animalId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={isSaved}
        className={`inline-flex items-center gap-2 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
          card
            ? 'h-10 w-10 justify-center rounded-full bg-white/90 text-brand-700 shadow'
            : 'rounded-md border border-gray-300 px-4 py-2 text-sm'
        }`}
      >
        <Icon name="heart" className={isSaved ? 'fill-brand-600 text-brand-600' : undefined} />
        <span className={card ? 'sr-only' : undefined}>{isSaved ? (card ? `Saved ${name}` : 'Saved') : `Save ${name}`}</span>
      </button>
    </fetcher.Form>
  )
}
