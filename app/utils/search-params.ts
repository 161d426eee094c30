// The /search filters as the URL carries them. A GET form writes them, so a search can be
// shared and bookmarked and works without JavaScript; a hand-edited URL never becomes an
// error: unknown values are dropped and numbers clamped.
import {
  AGE_GROUPS,
  AGE_GROUP_LABELS_WITH_YEARS,
  ANIMAL_TYPES,
  ANIMAL_TYPE_PLURAL_LABELS,
  COATS,
  COATS_BY_TYPE,
  COLORS_BY_TYPE,
  GOOD_WITH,
  SEXES,
  SIZES,
  allColors,
  animalTypesOffered,
  optionsOf,
  type AgeGroup,
  type AnimalType,
  type Coat,
  type GoodWith,
  type Option,
  type Sex,
  type Size,
} from '#app/utils/vocabulary.ts'

export const PAGE_SIZE = 24
/** search_animals() clamps its offset at 10,000: the last page a URL can reach. */
export const MAX_PAGE = Math.floor(10_000 / PAGE_SIZE) + 1

export const distances = [10, 25, 50, 100, 250, 500] as const
export const DEFAULT_DISTANCE = 100

export const sorts = ['recent', 'distance', 'oldest'] as const
export type Sort = (typeof sorts)[number]

/** The results as a list of cards (the default) or on a map. */
export const views = ['list', 'map'] as const
export type SearchView = (typeof views)[number]

export type SearchFilters = {
  location?: string
  distance: number
  type?: AnimalType
  age?: AgeGroup
  size?: Size
  sex?: Sex
  goodWith: GoodWith[]
  breed?: string
  houseTrained: boolean
  specialNeeds: boolean
  coat?: Coat
  /** One of the market's colour labels (any of the animal's three colours). */
  color?: string
  /** Published in the last seven days. */
  newThisWeek: boolean
  q?: string
  sort: Sort
  page: number
  view: SearchView
}

/** The search page's type filter, as the spec lists it (dogs, cats, rabbits, birds, other). */
export const searchTypes: readonly AnimalType[] = ['dog', 'cat', 'rabbit', 'bird', 'other']
export const searchTypeOptions: ReadonlyArray<Option<AnimalType>> = optionsOf(searchTypes, ANIMAL_TYPE_PLURAL_LABELS)

/** The spec's age filter: young 0-2 years, adult 3-7 years, senior 8+ years. */
export const ageOptions: ReadonlyArray<Option<AgeGroup>> = optionsOf(AGE_GROUPS, AGE_GROUP_LABELS_WITH_YEARS)

/**
 * The type filter: the spec's types first, then the rest of the vocabulary, in plural.
 * Singular and plural words in a URL (`dogs`, `Cats`) map onto the values.
 */
export const typeOptions: ReadonlyArray<Option<AnimalType>> = optionsOf(animalTypesOffered(searchTypes), ANIMAL_TYPE_PLURAL_LABELS)
export const sortOptions: ReadonlyArray<Option<Sort>> = [
  { value: 'recent', label: 'Newest first' },
  { value: 'distance', label: 'Nearest first' },
  { value: 'oldest', label: 'Waiting longest' },
]

/** Nearest first when a location is given, newest first otherwise. */
export function defaultSort(location: string | undefined): Sort {
  return location ? 'distance' : 'recent'
}

function oneOf<Value extends string>(values: readonly Value[], raw: string | null): Value | undefined {
  const value = raw?.trim().toLowerCase()
  return values.find((candidate) => candidate === value)
}

function text(raw: string | null, max: number): string | undefined {
  const value = raw?.replace(/\s+/g, ' ').trim().slice(0, max).trim()
  return value || undefined
}

/** 'dogs', 'Dog', 'small animals' → the stored value; anything else → undefined. */
export function parseAnimalType(raw: string | null): AnimalType | undefined {
  const value = raw
    ?.trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
  if (!value) return undefined
  const exact = ANIMAL_TYPES.find((type) => type === value)
  if (exact) return exact
  const byLabel = typeOptions.find((option) => option.label.toLowerCase().replace(/\s+/g, '-') === value)
  if (byLabel) return byLabel.value
  return ANIMAL_TYPES.find((type) => `${type}s` === value)
}

/** A yes-only filter: a checked box sends `yes`; `true`, `1` and `on` are read the same. */
function flag(raw: string | null): boolean {
  return ['yes', 'true', '1', 'on'].includes(raw?.trim().toLowerCase() ?? '')
}

/** The coats a type can have (every coat without a type). */
export function coatsFor(type: AnimalType | undefined): readonly Coat[] {
  return type ? COATS_BY_TYPE[type] : COATS
}

/** The colours a type can have (every colour the market names without a type). */
export function colorsFor(type: AnimalType | undefined): readonly string[] {
  return type ? COLORS_BY_TYPE[type] : allColors()
}

/** A colour label in any case and spacing ('black  &  white / tuxedo') → the market's label; unknown → undefined. */
function parseColor(raw: string | null, type: AnimalType | undefined): string | undefined {
  const key = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase()
  const value = raw ? key(raw) : ''
  return value ? colorsFor(type).find((color) => key(color) === value) : undefined
}

function parseInteger(raw: string | null): number | undefined {
  if (!raw || !/^\s*\d{1,9}\s*$/.test(raw)) return undefined
  return Number.parseInt(raw, 10)
}

/** The nearest allowed distance (10 … 500 miles); 100 when missing or unreadable. */
export function clampDistance(miles: number | undefined): number {
  if (miles === undefined || !Number.isFinite(miles)) return DEFAULT_DISTANCE
  return distances.reduce((best, option) => (Math.abs(option - miles) < Math.abs(best - miles) ? option : best), distances[0])
}

export function parseSearchParams(params: URLSearchParams): SearchFilters {
  const location = text(params.get('location'), 100)
  const goodWith = GOOD_WITH.filter((value) =>
    params.getAll('good_with').some((raw) => raw.split(',').some((part) => part.trim().toLowerCase() === value)),
  )
  let sort = oneOf(sorts, params.get('sort')) ?? defaultSort(location)
  if (sort === 'distance' && !location) sort = 'recent'
  const page = parseInteger(params.get('page'))
  const type = parseAnimalType(params.get('type'))
  // A coat or colour the chosen type never has is dropped: it could only find nothing.
  const coat = oneOf(COATS, params.get('coat'))
  return {
    location,
    distance: clampDistance(parseInteger(params.get('distance'))),
    type,
    age: oneOf(AGE_GROUPS, params.get('age')),
    size: oneOf(SIZES, params.get('size')),
    sex: oneOf(SEXES, params.get('sex')),
    goodWith,
    breed: text(params.get('breed'), 100),
    houseTrained: flag(params.get('house_trained')),
    specialNeeds: flag(params.get('special_needs')),
    coat: coat && coatsFor(type).includes(coat) ? coat : undefined,
    color: parseColor(params.get('color'), type),
    newThisWeek: flag(params.get('new_this_week')),
    q: text(params.get('q'), 200),
    sort,
    page: Math.min(Math.max(page ?? 1, 1), MAX_PAGE),
    view: oneOf(views, params.get('view')) ?? 'list',
  }
}

/** The URL query for these filters (defaults left out), e.g. for pagination links. */
export function searchQuery(filters: SearchFilters, changes: Partial<SearchFilters> = {}): string {
  const next = { ...filters, ...changes }
  const params = new URLSearchParams()
  if (next.location) params.set('location', next.location)
  if (next.location && next.distance !== DEFAULT_DISTANCE) params.set('distance', String(next.distance))
  if (next.type) params.set('type', next.type)
  if (next.age) params.set('age', next.age)
  if (next.size) params.set('size', next.size)
  if (next.sex) params.set('sex', next.sex)
  for (const value of next.goodWith) params.append('good_with', value)
  if (next.breed) params.set('breed', next.breed)
  if (next.houseTrained) params.set('house_trained', 'yes')
  if (next.specialNeeds) params.set('special_needs', 'yes')
  if (next.coat) params.set('coat', next.coat)
  if (next.color) params.set('color', next.color)
  if (next.newThisWeek) params.set('new_this_week', 'yes')
  if (next.q) params.set('q', next.q)
  if (next.sort !== defaultSort(next.location)) params.set('sort', next.sort)
  if (next.page > 1) params.set('page', String(next.page))
  if (next.view !== 'list') params.set('view', next.view)
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** True when anything narrows the search (the page number and the view do not count). */
export function isFiltered(filters: SearchFilters): boolean {
  return Boolean(
    filters.location ||
    filters.type ||
    filters.age ||
    filters.size ||
    filters.sex ||
    filters.goodWith.length ||
    filters.breed ||
    filters.houseTrained ||
    filters.specialNeeds ||
    filters.coat ||
    filters.color ||
    filters.newThisWeek ||
    filters.q,
  )
}

const SUBJECTS: Record<AnimalType, string> = {
  dog: 'Dogs',
  cat: 'Cats',
  rabbit: 'Rabbits',
  bird: 'Birds',
  'small-animal': 'Small animals',
  reptile: 'Reptiles',
  horse: 'Horses',
  barnyard: 'Barnyard animals',
  other: 'Other pets',
}

/**
 * What a search page shows, for its title and description: 'Dogs near Austin, TX — 17
 * adoptable pets' (the place as the search resolved it; none when it found no place).
 */
export function searchSummary(filters: SearchFilters, place: string | null, total: number): { title: string; description: string } {
  const subject = filters.type ? SUBJECTS[filters.type] : 'Pets'
  const where = place ? `near ${place}` : 'across the US'
  const count = `${total.toLocaleString('en-US')} adoptable ${total === 1 ? 'pet' : 'pets'}`
  const page = filters.page > 1 ? ` (page ${filters.page})` : ''
  const noun = filters.type ? subject.toLowerCase() : 'pets'
  return {
    title: `${subject} ${where} — ${count}${page}`,
    description:
      total > 0
        ? `${total.toLocaleString('en-US')} ${total === 1 ? noun.replace(/s$/, '') : noun} up for adoption ${place ? `within ${filters.distance} miles of ${place}` : 'from shelters and rescues across the US'}. Filter by age, size, breed and more, and contact the shelter directly.`
        : `No ${noun} match this search right now ${place ? `near ${place}` : ''}. Widen it, or save it to hear about new arrivals.`.replace(
            /\s+\./,
            '.',
          ),
  }
}

/** The order searchQuery() writes the parameters in. */
const PARAM_ORDER = [
  'location',
  'distance',
  'type',
  'age',
  'size',
  'sex',
  'good_with',
  'breed',
  'house_trained',
  'special_needs',
  'coat',
  'color',
  'new_this_week',
  'q',
  'sort',
  'page',
  'view',
]

/**
 * The filter form's fields as the query searchQuery() would write, without the parser (it
 * stays out of the page's scripts): empty fields and defaults dropped, text trimmed, the
 * parameters in their order, page 1. The server redirects whatever this misses.
 */
export function formSearchQuery(entries: Iterable<[string, string]>): string {
  const values = new Map<string, string[]>()
  for (const [name, raw] of entries) {
    const value = raw.replace(/\s+/g, ' ').trim()
    if (value && PARAM_ORDER.includes(name) && name !== 'page') values.set(name, [...(values.get(name) ?? []), value])
  }
  const location = values.get('location')?.[0]
  if (!location || values.get('distance')?.[0] === String(DEFAULT_DISTANCE)) values.delete('distance')
  if (values.get('sort')?.[0] === defaultSort(location) || (!location && values.get('sort')?.[0] === 'distance')) values.delete('sort')
  if (values.get('view')?.[0] === 'list') values.delete('view')
  const params = new URLSearchParams()
  for (const name of PARAM_ORDER) for (const value of values.get(name) ?? []) params.append(name, value)
  const query = params.toString()
  return query ? `?${query}` : ''
}
