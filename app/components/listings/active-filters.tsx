import { Link } from '@remix-run/react'
import {
  AGE_GROUP_LABELS_WITH_YEARS,
  ANIMAL_TYPE_PLURAL_LABELS,
  COAT_LABELS,
  GOOD_WITH_LABELS,
  SEARCH_FLAG_LABELS,
  SEX_LABELS,
  SIZE_LABELS,
} from '#app/utils/vocabulary.ts'
import { DEFAULT_DISTANCE, searchQuery, type SearchFilters } from '#app/utils/search-params.ts'

/** One filter in force, and the search without it. */
export type ActiveFilter = { label: string; href: string }

/** The filters a search is narrowed by, each with the link that removes it (page 1 again). */
export function activeFilters(filters: SearchFilters): ActiveFilter[] {
  const without = (changes: Partial<SearchFilters>) => `/search${searchQuery(filters, { ...changes, page: 1 })}`
  const active: ActiveFilter[] = []
  if (filters.location) {
    active.push({ label: `Near ${filters.location}`, href: without({ location: undefined, distance: DEFAULT_DISTANCE }) })
    if (filters.distance !== DEFAULT_DISTANCE)
      active.push({ label: `Within ${filters.distance} miles`, href: without({ distance: DEFAULT_DISTANCE }) })
  }
  if (filters.type) active.push({ label: ANIMAL_TYPE_PLURAL_LABELS[filters.type], href: without({ type: undefined }) })
  if (filters.age) active.push({ label: AGE_GROUP_LABELS_WITH_YEARS[filters.age], href: without({ age: undefined }) })
  if (filters.size) active.push({ label: `Size: ${SIZE_LABELS[filters.size]}`, href: without({ size: undefined }) })
  if (filters.sex) active.push({ label: SEX_LABELS[filters.sex], href: without({ sex: undefined }) })
  if (filters.breed) active.push({ label: `Breed: ${filters.breed}`, href: without({ breed: undefined }) })
  if (filters.coat) active.push({ label: `${COAT_LABELS[filters.coat]} coat`, href: without({ coat: undefined }) })
  if (filters.color) active.push({ label: `Color: ${filters.color}`, href: without({ color: undefined }) })
  for (const value of filters.goodWith) {
    active.push({
      label: `Good with ${GOOD_WITH_LABELS[value].toLowerCase()}`,
      href: without({ goodWith: filters.goodWith.filter((other) => other !== value) }),
    })
  }
  if (filters.houseTrained) active.push({ label: SEARCH_FLAG_LABELS.house_trained, href: without({ houseTrained: false }) })
  if (filters.specialNeeds) active.push({ label: SEARCH_FLAG_LABELS.special_needs, href: without({ specialNeeds: false }) })
  if (filters.newThisWeek) active.push({ label: SEARCH_FLAG_LABELS.new_this_week, href: without({ newThisWeek: false }) })
  if (filters.q) active.push({ label: `“${filters.q}”`, href: without({ q: undefined }) })
  return active
}

/**
 * The filters in force as chips, each a link that removes it: on a phone the form's filters
 * are folded away, and these say what narrows the results.
 */
export function ActiveFilterChips({ filters }: { filters: ActiveFilter[] }) {
  if (!filters.length) return null
  return (
    // One row that scrolls sideways on a phone, so the results stay on the first screen.
    <ul aria-label="Active filters" className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1 py-1 sm:flex-wrap">
      {filters.map((filter) => (
        <li key={filter.href + filter.label}>
          <Link
            to={filter.href}
            preventScrollReset
            aria-label={`Remove filter: ${filter.label}`}
            className="inline-flex min-h-9 items-center whitespace-nowrap gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900 hover:bg-brand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {filter.label}
            <span aria-hidden="true" className="text-base leading-none">
              ×
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
