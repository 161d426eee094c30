// The parts of an animal's page (/animals/:id): its facts, good-with answers and care, its
// description, its shelter, and the available animals near it that an adopted or archived
// animal's page suggests instead.
import { Link } from '@remix-run/react'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles } from '#app/components/marketing/ui.tsx'
import type { AnimalDetail } from '#app/models/listing.server.ts'
import { cn } from '#app/utils/misc.ts'
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
  type AnimalStatus,
} from '#app/utils/vocabulary.ts'
import type { AnimalCardData } from '#app/models/animal-card.ts'
import { breedLabel, formatBirthMonth, formatFee, placeLabel, telHref, websiteHref, type TextPart } from '#app/utils/listing-format.ts'
import { AnimalCard } from '#app/components/listings/animal-card.tsx'
import { ContactRow, PhoneRow, ResponseRow, WebsiteRow } from '#app/components/listings/contact-rows.tsx'
import { LinkedText } from '#app/components/listings/linked-text.tsx'

/**
 * The page's two columns from lg: photos and words on the left, the rest on the right, floated
 * so each column stacks on its own (a grid's shared rows would leave gaps beside the shorter
 * side). Below lg the parts are one column in the order of the page's markup.
 */
export const pageColumns = {
  container: 'mt-6 flex flex-col gap-8 lg:flow-root',
  left: 'lg:float-left lg:clear-left lg:mb-10 lg:w-[56%]',
  right: 'lg:float-right lg:clear-right lg:mb-6 lg:w-[40%]',
}

const BADGE_CLASS: Partial<Record<AnimalStatus, string>> = {
  available: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  adopted: 'bg-brand-100 text-brand-800',
}

export function StatusBadge({ status }: { status: 'available' | 'pending' | 'adopted' }) {
  return <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', BADGE_CLASS[status])}>{STATUS_LABELS[status]}</span>
}

type FactsAnimal = Pick<
  AnimalDetail,
  | 'type'
  | 'primary_breed'
  | 'secondary_breed'
  | 'mixed_breed'
  | 'age_group'
  | 'birth_date'
  | 'sex'
  | 'size'
  | 'primary_color'
  | 'secondary_color'
  | 'tertiary_color'
  | 'coat'
> & { adoption_fee?: AnimalDetail['adoption_fee'] }

export function FactsSection({ animal, className }: { animal: FactsAnimal; className?: string }) {
  const colors = [animal.primary_color, animal.secondary_color, animal.tertiary_color].filter(Boolean).join(', ')
  const fee = animal.adoption_fee === null || animal.adoption_fee === undefined ? null : Number(animal.adoption_fee)
  const facts: Array<[string, string]> = [
    ['Type', ANIMAL_TYPE_LABELS[animal.type]],
    ['Breed', breedLabel(animal)],
    ['Age', AGE_GROUP_LABELS[animal.age_group] + (animal.birth_date ? ` (born ${formatBirthMonth(animal.birth_date)})` : '')],
    ['Sex', SEX_LABELS[animal.sex]],
    ['Size', SIZE_LABELS[animal.size]],
  ]
  if (colors) facts.push(['Color', colors])
  if (animal.coat) facts.push(['Coat', COAT_LABELS[animal.coat]])
  if (fee !== null && Number.isFinite(fee)) facts.push(['Adoption fee', formatFee(fee)])
  return (
    <section aria-labelledby="facts-heading" className={cn('rounded-2xl border border-gray-200 p-5', className)}>
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
  )
}

type CareAnimal = Pick<
  AnimalDetail,
  | 'good_with_children'
  | 'good_with_dogs'
  | 'good_with_cats'
  | 'house_trained'
  | 'spayed_neutered'
  | 'vaccinations_current'
  | 'special_needs'
  | 'special_needs_notes'
>

export function GoodWithSection({ animal, className }: { animal: CareAnimal; className?: string }) {
  const care: Array<[string, boolean | null]> = [
    ['House-trained', animal.house_trained],
    ['Spayed / neutered', animal.spayed_neutered],
    ['Vaccinations current', animal.vaccinations_current],
    ['Special needs', animal.special_needs],
  ]
  // An answer the shelter has not given is not "no": the known ones are listed, the rest are for asking.
  const known = care.filter((entry): entry is [string, boolean] => entry[1] !== null)
  const unknown = care.filter(([, value]) => value === null).map(([label]) => label)
  return (
    <section aria-labelledby="good-with-heading" className={cn('rounded-2xl border border-gray-200 p-5', className)}>
      <h2 id="good-with-heading" className="text-lg font-bold text-gray-900">
        Good with
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
        {GOOD_WITH.map((goodWith) => [GOOD_WITH_LABELS[goodWith], animal[`good_with_${goodWith}`]] as const).map(([term, answer]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-gray-600">{term}</dt>
            <dd className={cn(answer === 'yes' ? 'text-green-800' : answer === 'no' ? 'text-red-800' : 'text-gray-700')}>
              {answer === 'unknown' ? 'Ask the shelter' : GOOD_WITH_ANSWER_LABELS[answer]}
            </dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-5 text-lg font-bold text-gray-900">Care</h2>
      {known.length ? (
        <ul className="mt-3 space-y-1.5 text-sm">
          {known.map(([label, value]) => (
            <li key={label} className="flex items-center gap-2">
              {value ? (
                <Icon name="check" className="h-4 w-4 shrink-0 text-green-700" />
              ) : (
                <Icon name="close" className="h-4 w-4 shrink-0 text-gray-500" />
              )}
              <span className={value ? 'text-gray-900' : 'text-gray-600'}>
                {label}
                <span className="sr-only">: {value ? 'yes' : 'no'}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {unknown.length ? <p className="mt-3 text-sm text-gray-700">Ask the shelter about: {unknown.join(', ')}.</p> : null}
      {animal.special_needs && animal.special_needs_notes ? (
        <p className="mt-3 whitespace-pre-line text-sm text-gray-700">{animal.special_needs_notes}</p>
      ) : null}
    </section>
  )
}

/** The shelter's words, as paragraphs of text and links (LinkedText: React escapes it, so a listing can never inject markup). */
/**
 * The shelter's words. For an animal already adopted they were written while it waited, and may
 * end by inviting a visit: the page says so first, and never asks the visitor to write.
 */
export function AboutSection({
  name,
  description,
  adopted = false,
  className,
}: {
  name: string
  description: TextPart[][]
  adopted?: boolean
  className?: string
}) {
  return (
    <section aria-labelledby="about-heading" className={className}>
      <h2 id="about-heading" className="text-2xl font-bold text-gray-900">
        About {name}
      </h2>
      <div className="mt-3 space-y-4 leading-relaxed text-gray-700">
        {adopted && description.length ? (
          <p className="font-medium text-gray-900">
            {name} has found a home. The shelter wrote this while {name} was still waiting for one:
          </p>
        ) : null}
        {description.map((parts, index) => (
          <p key={index} className="whitespace-pre-line">
            <LinkedText parts={parts} />
          </p>
        ))}
        {!description.length ? (
          <p>{adopted ? `${name} has found a home.` : <>The shelter hasn&rsquo;t written about {name} yet: ask them!</>}</p>
        ) : null}
      </div>
    </section>
  )
}

function MoreAnimalsLink({ shelter }: { shelter: { slug: string; shelter_name: string } }) {
  return (
    <Link to={`/shelters/${shelter.slug}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
      More animals at {shelter.shelter_name} <Icon name="arrow-right" className="h-4 w-4 shrink-0" />
    </Link>
  )
}

export function ShelterContactCard({ animal, className }: { animal: Pick<AnimalDetail, 'name' | 'shelter'>; className?: string }) {
  const { shelter } = animal
  const website = websiteHref(shelter.website)
  const address = [shelter.address, [placeLabel(shelter.city, shelter.state), shelter.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const subject = encodeURIComponent(`Adopting ${animal.name} (Pawhaven)`)
  return (
    <section aria-labelledby="shelter-heading" className={cn('rounded-2xl bg-brand-50 p-5', className)}>
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
        <ResponseRow shelter={shelter} />
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
        <MoreAnimalsLink shelter={shelter} />
      </p>
    </section>
  )
}

/** An adopted animal's shelter: where it lived, and the way to the animals still there. */
export function ShelterCard({
  shelter,
  className,
}: {
  shelter: { shelter_name: string; slug: string; city: string | null; state: string | null }
  className?: string
}) {
  const place = placeLabel(shelter.city, shelter.state)
  return (
    <section aria-labelledby="shelter-heading" className={cn('rounded-2xl bg-brand-50 p-5', className)}>
      <h2 id="shelter-heading" className="text-lg font-bold text-gray-900">
        {shelter.shelter_name}
      </h2>
      {place ? (
        <dl className="mt-3 text-sm text-gray-800">
          <ContactRow icon="map-pin" label="Location">
            {place}
          </ContactRow>
        </dl>
      ) : null}
      <p className="mt-4">
        <MoreAnimalsLink shelter={shelter} />
      </p>
    </section>
  )
}

/** A few available animals near the one that left, as result cards, and the search for more. */
/** `saved`: the visitor's favorites among them (null signed out), for the hearts. */
export function NearbyAnimals({ animals, saved, searchHref }: { animals: AnimalCardData[]; saved: string[] | null; searchHref: string }) {
  return (
    <section aria-labelledby="nearby-heading" className="clear-both pt-4">
      <h2 id="nearby-heading" className="text-2xl font-bold text-gray-900">
        Available animals nearby
      </h2>
      {animals.length ? (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {animals.map((animal) => (
            <li key={animal.id}>
              <AnimalCard animal={animal} saved={saved ? saved.includes(animal.id) : null} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-6">
        <Link to={searchHref} className={buttonStyles.secondary}>
          See more pets looking for a home
        </Link>
      </p>
    </section>
  )
}
