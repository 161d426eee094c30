import { Link } from '@remix-run/react'
import { Icon } from '~/components/marketing/icons'
import { animalPhotoSrc } from '~/utils/photos'
import { AGE_GROUP_LABELS, STATUS_LABELS } from '~/utils/vocabulary'
import { breedLabel, cardSexLabel, formatDistance, placeLabel, type AnimalCardData } from './format'

/**
 * A result card: photo, name, breed, age, sex, distance, shelter and city; the whole card links
 * to the animal. `heart` sits over its corner (the result grids pass the favorite button, so
 * pages without hearts, such as the home page, do not load its code).
 */
export function AnimalCard({ animal, className, heart }: { animal: AnimalCardData; className?: string; heart?: React.ReactNode }) {
  const photo = animalPhotoSrc({ storage_path: animal.photo_path, external_url: animal.photo_url }, 480)
  const breed = breedLabel(animal)
  const distance = formatDistance(animal.distance_miles)
  const place = placeLabel(animal.city, animal.state)
  const headingId = `animal-${animal.id}`
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md ${className ?? ''}`}
    >
      {photo ? (
        <img
          src={photo}
          alt={animal.photo_alt || `${animal.name}, ${breed}`}
          width={480}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full bg-brand-50 object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center bg-brand-50 text-brand-700">
          <Icon name="paw" className="h-12 w-12" />
        </div>
      )}
      {heart}
      {animal.status === 'pending' ? (
        <span className="absolute left-3 top-3 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {STATUS_LABELS.pending}
        </span>
      ) : animal.status === 'adopted' ? (
        <span className="absolute left-3 top-3 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">{STATUS_LABELS.adopted}</span>
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-baseline justify-between gap-2">
          <h3 id={headingId} className="text-lg font-bold text-gray-900">
            {/* The link covers the card (::after), so the card is one target and one tab stop. */}
            <Link to={`/animals/${animal.id}`} className="after:absolute after:inset-0 focus:outline-none">
              {animal.name}
            </Link>
          </h3>
          {distance ? <span className="shrink-0 text-sm font-semibold text-brand-800">{distance}</span> : null}
        </div>
        <p className="text-gray-700">{breed}</p>
        <p className="mt-1 text-sm text-gray-600">
          {AGE_GROUP_LABELS[animal.age_group]} · {cardSexLabel(animal.sex)}
        </p>
        <dl className="mt-3 space-y-1 text-sm text-gray-600">
          <div className="flex items-center gap-2">
            <dt className="sr-only">Shelter</dt>
            <Icon name="building" className="h-4 w-4 shrink-0 text-brand-700" />
            <dd>{animal.shelter_name}</dd>
          </div>
          {place ? (
            <div className="flex items-center gap-2">
              <dt className="sr-only">Location</dt>
              <Icon name="map-pin" className="h-4 w-4 shrink-0 text-brand-700" />
              <dd>{place}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </article>
  )
}
