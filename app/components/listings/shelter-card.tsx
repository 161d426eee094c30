import { Link } from '@remix-run/react'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles } from '#app/components/marketing/ui.tsx'
import type { Tables } from '#app/types/database.ts'
import { cn } from '#app/utils/misc.ts'
import { ContactRow, PhoneRow, ResponseRow, WebsiteRow } from '#app/components/listings/contact-rows.tsx'
import { formatCount, formatDistance, placeLabel, telHref, websiteHref } from '#app/utils/listing-format.ts'

export type ShelterCardData = Pick<
  Tables<'shelter_profiles'>,
  | 'id'
  | 'shelter_name'
  | 'slug'
  | 'description'
  | 'contact_email'
  | 'phone'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'website'
  | 'response_judged'
  | 'response_median_hours'
  | 'response_on_time_percent'
> & {
  animalCount: number
  distance_miles: number | null
}

/** The directory's card: the spec's fields, a live animal count, 'View Animals' and 'Contact Shelter'. */
export function ShelterCard({ shelter }: { shelter: ShelterCardData }) {
  const headingId = `shelter-${shelter.id}`
  const place = [placeLabel(shelter.city, shelter.state), shelter.zip_code].filter(Boolean).join(' ')
  const website = websiteHref(shelter.website)
  const distance = formatDistance(shelter.distance_miles)
  const contact = shelter.contact_email ? `mailto:${shelter.contact_email}` : shelter.phone ? telHref(shelter.phone) : null
  return (
    <article aria-labelledby={headingId} className="flex h-full min-w-0 flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          <Icon name="building" className="h-6 w-6" />
        </span>
        <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800">
          {shelter.animalCount === 1 ? '1 animal' : `${formatCount(shelter.animalCount)} animals`}
        </span>
      </div>
      <h3 id={headingId} className="mt-4 text-xl font-bold text-gray-900">
        {shelter.shelter_name}
      </h3>
      {shelter.description ? <p className="mt-2 line-clamp-4 flex-1 text-gray-600">{shelter.description}</p> : <div className="flex-1" />}
      <dl className="mt-4 space-y-2 text-sm text-gray-700">
        {place ? (
          <ContactRow icon="map-pin" label="Location">
            {place}
            {distance ? <span className="text-gray-600"> · {distance}</span> : null}
          </ContactRow>
        ) : null}
        {shelter.phone ? <PhoneRow phone={shelter.phone} linkClassName="hover:text-brand-800 hover:underline" /> : null}
        {website ? <WebsiteRow href={website} linkClassName="hover:text-brand-800 hover:underline" /> : null}
        <ResponseRow shelter={shelter} />
      </dl>
      {/* Side by side where they fit, stacked on the narrowest cards. */}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`/shelters/${shelter.slug}`} className={cn(buttonStyles.primary, 'flex-1 basis-36 px-3')}>
          View Animals
          <span className="sr-only"> at {shelter.shelter_name}</span>
        </Link>
        {contact ? (
          <a href={contact} className={cn(buttonStyles.secondary, 'flex-1 basis-36 px-3')}>
            Contact Shelter
            <span className="sr-only"> {shelter.shelter_name}</span>
          </a>
        ) : null}
      </div>
    </article>
  )
}
