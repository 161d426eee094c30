import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { formatCount } from '#app/utils/listing-format.ts'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles, Container, PageHero } from '#app/components/marketing/ui.tsx'
import { animalCategories } from '#app/content/animal-categories.ts'
import { animalTypeCounts, listingHeaders, listingResponseHeaders } from '#app/models/listing.server.ts'
import { cn } from '#app/utils/misc.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'
import { ANIMAL_TYPE_PLURAL_LABELS, ANIMAL_TYPES, type AnimalType } from '#app/utils/vocabulary.ts'

// The kinds the search offers beyond the spec's six cards: links, so every kind is reachable here.
const otherKinds = ANIMAL_TYPES.filter((type) => !animalCategories.some((category) => category.type === type))

/** 'Horses', 'Barnyard animals', 'Other animals': the group label, a noun where it reads as an adjective. */
function kindLabel(type: AnimalType): string {
  const label = ANIMAL_TYPE_PLURAL_LABELS[type]
  return type === 'barnyard' || type === 'other' ? `${label} animals` : label
}

export async function loader({ request }: LoaderFunctionArgs) {
  const supabase = getPublicSupabase()
  const counts = await animalTypeCounts(supabase)
  return json({ counts }, { headers: listingResponseHeaders(request) })
}

export const headers = listingHeaders

export default function AnimalTypesPage() {
  const { counts } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        eyebrow="Animal Types"
        title="Every kind of pet needs a home"
        lead="Pawhaven lists all kinds of animals, not only dogs and cats. Choose a category to see who is waiting for you."
      />
      <section aria-label="Animal categories" className="pb-12 pt-4">
        <Container>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {animalCategories.map((category) => {
              const count = counts[category.type] ?? 0
              return (
                <li key={category.type}>
                  <article
                    aria-labelledby={`category-${category.type}`}
                    className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md"
                  >
                    <img src={category.image} alt="" width={400} height={300} className="aspect-[4/3] w-full bg-brand-50" />
                    <div className="flex flex-1 flex-col p-6">
                      <div className="flex items-baseline justify-between gap-3">
                        <h2 id={`category-${category.type}`} className="text-2xl font-bold text-gray-900">
                          {category.name}
                        </h2>
                        <p className="text-sm font-semibold text-brand-800">
                          <span className="text-lg">{formatCount(count)}</span> available
                        </p>
                      </div>
                      <p className="mt-3 flex-1 text-gray-600">{category.description}</p>
                      <Link to={`/search?type=${category.type}`} className={cn(buttonStyles.primary, 'mt-6 self-start')}>
                        Browse {category.name} <Icon name="arrow-right" className="h-4 w-4" />
                      </Link>
                    </div>
                  </article>
                </li>
              )
            })}
          </ul>
        </Container>
      </section>
      <section aria-labelledby="more-kinds-heading" className="pb-20">
        <Container>
          <h2 id="more-kinds-heading" className="text-2xl font-bold text-gray-900">
            More kinds of animals
          </h2>
          <p className="mt-2 text-gray-600">Shelters list horses, barnyard animals and more. Browse them too.</p>
          <ul className="mt-4 flex flex-wrap gap-3">
            {otherKinds.map((type) => (
              <li key={type}>
                <Link
                  to={`/search?type=${type}`}
                  className="inline-flex items-center gap-2 rounded-full border border-brand-300 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  {kindLabel(type)}
                  <span className="text-sm font-normal text-gray-700">({formatCount(counts[type] ?? 0)} available)</span>
                </Link>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Animal Types | Pawhaven',
    description: 'Browse adoptable dogs, cats, rabbits, birds, small animals and reptiles from shelters and rescues across the US.',
    path: '/animal-types',
    siteUrl: siteUrlOf(matches),
  })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
