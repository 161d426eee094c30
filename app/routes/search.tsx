import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { inputClass } from '~/components/forms'
import { SampleAnimalCard } from '~/components/marketing/animal-cards'
import { Icon } from '~/components/marketing/icons'
import { buttonStyles, Container } from '~/components/marketing/ui'
import {
  ageOptions,
  filterSampleAnimals,
  isAgeGroup,
  isAnimalType,
  sampleAnimals,
  searchTypeOptions,
  typeLabels,
} from '~/content/animals'
import { cn } from '~/utils/misc'

// The filters live in the URL (location, type, age), so a search can be shared and bookmarked,
// and the form works without JavaScript. Unknown values are ignored rather than refused.
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const location = (params.get('location') ?? '').trim().slice(0, 100)
  const type = params.get('type')
  const age = params.get('age')
  const filters = {
    location: location || undefined,
    type: isAnimalType(type) ? type : undefined,
    age: isAgeGroup(age) ? age : undefined,
  }
  return json({ filters, animals: filterSampleAnimals(sampleAnimals, filters) })
}

export default function SearchPage() {
  const { filters, animals } = useLoaderData<typeof loader>()
  // A link from /animal-types may carry a type the spec's short list lacks (e.g. reptile):
  // keep it selectable so the form shows the filter that is actually applied.
  const typeOptions =
    filters.type && !searchTypeOptions.some((option) => option.value === filters.type)
      ? [...searchTypeOptions, { value: filters.type, label: typeLabels[filters.type] }]
      : searchTypeOptions
  const filtered = Boolean(filters.location || filters.type || filters.age)

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">Find Your Perfect Pet</h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-700">
            Search adoptable pets from shelters and rescues near you. Every adoption saves a life.
          </p>
          <Form
            method="get"
            key={JSON.stringify(filters)}
            aria-label="Search filters"
            className="mt-8 grid gap-4 rounded-2xl bg-white p-5 shadow-lg ring-1 ring-gray-100 md:grid-cols-[1.5fr_1fr_1fr_auto] md:items-end"
          >
            <div className="flex flex-col gap-1">
              <label htmlFor="search-location" className="text-sm font-medium text-gray-800">
                Location
              </label>
              <input
                id="search-location"
                name="location"
                type="text"
                placeholder="City, state or zip"
                defaultValue={filters.location ?? ''}
                className={cn(inputClass, 'h-11')}
              />
            </div>
            <FilterSelect id="search-type" name="type" label="Animal type" anyLabel="Any type" value={filters.type} options={typeOptions} />
            <FilterSelect id="search-age" name="age" label="Age" anyLabel="Any age" value={filters.age} options={ageOptions} />
            <button type="submit" className={cn(buttonStyles.primary, 'h-11 rounded-md')}>
              <Icon name="search" className="h-4 w-4" /> Search
            </button>
          </Form>
        </Container>
      </section>

      <section aria-labelledby="results-heading" className="pb-20 pt-6">
        <Container>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="results-heading" className="text-2xl font-bold text-gray-900">
              {animals.length === 1 ? '1 pet found' : `${animals.length} pets found`}
            </h2>
            {filtered ? (
              <Link to="/search" className="text-sm font-semibold text-brand-800 hover:underline">
                Clear filters
              </Link>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-gray-600">Sample listings shown while shelters join Pawhaven. Live listings are coming soon.</p>
          {animals.length ? (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {animals.map((animal) => (
                <li key={animal.id}>
                  <SampleAnimalCard animal={animal} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-6 rounded-2xl border border-dashed border-gray-300 p-10 text-center">
              <img src="/images/coming-soon.svg" alt="" width={160} height={120} className="mx-auto w-40" />
              <h3 className="mt-4 text-lg font-semibold text-gray-900">No pets match these filters yet</h3>
              <p className="mt-1 text-gray-600">Try a wider area, another animal type or any age.</p>
              <Link to="/search" className={cn(buttonStyles.secondary, 'mt-6')}>
                Show all pets
              </Link>
            </div>
          )}
        </Container>
      </section>
    </>
  )
}

function FilterSelect({
  id,
  name,
  label,
  anyLabel,
  value,
  options,
}: {
  id: string
  name: string
  label: string
  anyLabel: string
  value: string | undefined
  options: ReadonlyArray<{ value: string; label: string }>
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={cn(inputClass, 'h-11')}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Find Your Perfect Pet | Pawhaven' },
  {
    name: 'description',
    content: 'Search adoptable dogs, cats, rabbits, birds and more by location, type and age, from shelters and rescues across the US.',
  },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
