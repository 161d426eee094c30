import type { SampleAnimal } from '#app/content/animals.ts'
import { IconTerm } from '#app/components/listings/contact-rows.tsx'
import { Icon } from '#app/components/marketing/icons.tsx'

/** A sample animal card (name, breed, age, location, shelter) with a no-JavaScript 'Learn More'. */
export function SampleAnimalCard({ animal }: { animal: SampleAnimal }) {
  return (
    <article
      aria-labelledby={`animal-${animal.id}`}
      className="flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <img
        src={animal.image}
        alt={`${animal.name}, a ${animal.breed}`}
        width={400}
        height={300}
        className="aspect-[4/3] w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-baseline justify-between gap-2">
          <h3 id={`animal-${animal.id}`} className="text-xl font-bold text-gray-900">
            {animal.name}
          </h3>
          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">{animal.age}</span>
        </div>
        <p className="text-gray-700">{animal.breed}</p>
        <dl className="mt-3 space-y-1.5 text-sm text-gray-600">
          <div className="flex items-center gap-2">
            <IconTerm icon="map-pin" label="Location" iconClassName="h-4 w-4 text-brand-700" />
            <dd>{animal.location}</dd>
          </div>
          <div className="flex items-center gap-2">
            <IconTerm icon="building" label="Shelter" iconClassName="h-4 w-4 text-brand-700" />
            <dd>{animal.shelter}</dd>
          </div>
        </dl>
        {/* A disclosure rather than a dead link: the listing pages come with live listings. */}
        <details className="group mt-4 border-t border-gray-100 pt-4">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 [&::-webkit-details-marker]:hidden">
            Learn More
            <span className="sr-only"> about {animal.name}</span>
            <Icon name="chevron-down" className="h-4 w-4 transition-transform group-open:rotate-180" />
          </summary>
          <p className="mt-3 text-sm text-gray-700">{animal.description}</p>
          <p className="mt-2 text-sm text-gray-600">
            Contact <strong className="font-semibold text-gray-800">{animal.shelter}</strong> to arrange a meeting.
          </p>
        </details>
      </div>
    </article>
  )
}

/** The spec's placeholder card for the home page rows, until live listings fill them. */
export function ComingSoonCard() {
  return (
    <article className="flex w-60 shrink-0 snap-start flex-col overflow-hidden rounded-2xl border border-dashed border-gray-300 bg-white sm:w-64">
      <img src="/images/coming-soon.svg" alt="" width={256} height={192} className="aspect-[4/3] w-full bg-gray-50" />
      <div className="flex flex-1 flex-col p-4">
        <h3 className="font-semibold text-gray-900">Listings Coming Soon</h3>
        <p className="mt-1 flex-1 text-sm text-gray-600">Adoptable pets from shelters near you will appear here.</p>
        <button type="button" disabled className="mt-4 w-full rounded-full bg-gray-100 px-4 py-2 text-sm font-semibold text-gray-600">
          Coming Soon
        </button>
      </div>
    </article>
  )
}

/** A horizontally scrolling row; focusable so keyboard users can scroll it too. */
export function CardRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable so keyboard users can scroll it (axe: scrollable-region-focusable)
      tabIndex={0}
      className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
    >
      {children}
    </div>
  )
}
