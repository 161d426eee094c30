// Reading the public listings: search, an animal's page, shelters and the counts. Loaders pass
// the shared anon client (getPublicSupabase): what a visitor sees here is what anyone may see
// (listed animals of approved shelters, under row-level security), signed in or not. Search
// and counts go through the database functions in
// supabase/migrations/20261121000500_search_animals.sql, one round trip each.
import type { HeadersFunction } from '@remix-run/node'
import type { QueryData, SupabaseClient } from '@supabase/supabase-js'
import type { CompositeTypes, Database, Tables } from '#app/types/database.ts'
import { lookupLocation, milesBetween, resolveLocation, type PlaceChoices, type ResolvedLocation } from '#app/utils/location.server.ts'
import { PAGE_SIZE, parseSearchParams, searchQuery, type SearchFilters } from '#app/utils/search-params.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { hasLastPlaceCookie, lastPlace } from '#app/utils/last-place.server.ts'
import { withCompanions } from '#app/models/bonded.server.ts'
import { hasSessionCookie } from '#app/utils/supabase.server.ts'
import type { AnimalType } from '#app/utils/vocabulary.ts'
import type { AnimalCardData } from '#app/models/animal-card.ts'

export type { AnimalCardData }
// For the search page's loader, through this module (a route's every server module costs its
// page a stub in the client bundle).
export { breedSuggestions } from '#app/utils/breeds.server.ts'
export { rememberLastPlace } from '#app/utils/last-place.server.ts'
export type SearchResult = { total: number; animals: AnimalCardData[] }

// Caching -------------------------------------------------------------------------------------

const TOAST_COOKIE = /(?:^|;\s*)ph_toast=/
// At most 30 s in a CDN and 30 s in a browser, and no stale-while-revalidate: a change (a push
// API PUT, a status) is public within a minute even through both (docs/decisions/032-push-api.md).
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, s-maxage=30'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * A listing page is the same for every signed-out visitor, so a CDN may keep it for half a
 * minute; a signed-in visitor's page (their header, a pending toast) must never be shared.
 */
export function listingCacheControl(request: Request): string {
  return hasSessionCookie(request) || TOAST_COOKIE.test(request.headers.get('Cookie') ?? '') ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL
}

/**
 * The loader's Cache-Control on the document too; any Set-Cookie (a refreshed session) makes it
 * private. Always `Vary: Cookie`: the page a CDN keeps for signed-out visitors is not the one a
 * signed-in visitor (or one with a toast) must get. A page that says a listing is not there
 * (404, 410) is never kept: a listing its shelter restores answers at once.
 */
export const listingHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders }) => {
  if (errorHeaders) return { 'Cache-Control': PRIVATE_CACHE_CONTROL, Vary: 'Cookie' }
  const setsCookie = loaderHeaders.has('Set-Cookie') || parentHeaders.has('Set-Cookie')
  return {
    'Cache-Control': setsCookie ? PRIVATE_CACHE_CONTROL : (loaderHeaders.get('Cache-Control') ?? PRIVATE_CACHE_CONTROL),
    Vary: 'Cookie',
  }
}

/**
 * The home page's: its newest row follows the place the visitor last searched
 * (app/utils/last-place.server.ts), so with that cookie the page is this visitor's alone.
 */
export function homeResponseHeaders(request: Request): Headers {
  return hasLastPlaceCookie(request)
    ? new Headers({ 'Cache-Control': PRIVATE_CACHE_CONTROL, Vary: 'Cookie' })
    : listingResponseHeaders(request)
}

/** Headers for a listing loader's response: the cache rule for this visitor, which its cookies decide. */
export function listingResponseHeaders(request: Request): Headers {
  return new Headers({ 'Cache-Control': listingCacheControl(request), Vary: 'Cookie' })
}

// Search ----------------------------------------------------------------------------------------

export type AnimalSearch = SearchResult & {
  /** The place the location box resolved to; null without a location. */
  place: ResolvedLocation | null
  /** True when a location was typed that no table knows: the results ignore it. */
  unknownLocation: boolean
  /** For an unknown location, the known place spelt nearly the same ('San Diego, CA'), or null. */
  locationSuggestion: string | null
  /** The places a name alone may mean ('Springfield'), when none clearly dominates: the results ignore it. */
  placeChoices: PlaceChoices | null
  /** The page shown, clamped to the last page of the results. */
  page: number
  pageCount: number
}

type SearchArguments = Database['public']['Functions']['search_animals']['Args']

async function callSearch(supabase: SupabaseClient<Database>, parameters: SearchArguments): Promise<SearchResult> {
  const { data, error } = await supabase.rpc('search_animals', parameters)
  if (error) throw new BackendError('reading the listings', error)
  return { total: data.total, animals: data.animals }
}

/** What narrows a search: search_animals()'s filter arguments (all but sort and paging). */
export type SearchFilterArguments = Omit<SearchArguments, 'sort' | 'page_size' | 'page_offset'>

/**
 * The URL's filters as search_animals()'s arguments, the location resolved to a point (or none).
 * The one mapping: /search calls search_animals() with it, and a saved search stores it for the
 * alerts (public.saved_search_new_matches reads the same names). A new filter is added here.
 */
export function searchFilterArguments(filters: SearchFilters, place: ResolvedLocation | null): SearchFilterArguments {
  return {
    lat: place?.latitude,
    lon: place?.longitude,
    radius_miles: filters.distance,
    type: filters.type,
    age: filters.age,
    size: filters.size,
    sex: filters.sex,
    good_with: filters.goodWith.length ? filters.goodWith : undefined,
    breed: filters.breed,
    house_trained: filters.houseTrained || undefined,
    special_needs: filters.specialNeeds || undefined,
    coat: filters.coat,
    color: filters.color,
    new_this_week: filters.newThisWeek || undefined,
    q: filters.q,
  }
}

export async function searchAnimals(supabase: SupabaseClient<Database>, filters: SearchFilters): Promise<AnimalSearch> {
  const location = await lookupLocation(filters.location)
  const place = location.kind === 'place' ? location.place : null
  const placeChoices = location.kind === 'ambiguous' ? { name: location.name, choices: location.choices } : null
  const parameters = {
    ...searchFilterArguments(filters, place),
    sort: filters.sort === 'distance' && !place ? 'recent' : filters.sort,
    page_size: PAGE_SIZE,
  }
  let page = filters.page
  let result = await callSearch(supabase, { ...parameters, page_offset: (page - 1) * PAGE_SIZE })
  const pageCount = Math.max(1, Math.ceil(result.total / PAGE_SIZE))
  // A page past the end (an old bookmark, a hand-edited URL) shows the last page instead.
  if (page > pageCount && result.total > 0) {
    page = pageCount
    result = await callSearch(supabase, { ...parameters, page_offset: (page - 1) * PAGE_SIZE })
  }
  return {
    ...result,
    place,
    unknownLocation: location.kind === 'unknown',
    locationSuggestion: location.kind === 'unknown' ? location.suggestion : null,
    placeChoices,
    page: Math.min(page, pageCount),
    pageCount,
  }
}

export type HomeRows = {
  newest: AnimalCardData[]
  /** The newest row near the visitor's last search (its lead, link and what the link shows), or null: nationwide. */
  newestNear: { lead: string; href: string; what: string } | null
  waitingLongest: AnimalCardData[]
}

/**
 * The home page's two rows: the newest listings, near the place the visitor last searched when
 * there are any there (nationwide otherwise), and those waiting longest, available ones first.
 */
export async function homeRows(supabase: SupabaseClient<Database>, request: Request): Promise<HomeRows> {
  const near = await lastPlace(request)
  const located = near ? await lookupLocation(near.location) : null
  const place = located?.kind === 'place' ? located.place : null
  // Both rows at once: near the last place when there is one, else nationwide from the start.
  const [nearby, waitingLongest] = await Promise.all([
    callSearch(
      supabase,
      place
        ? { lat: place.latitude, lon: place.longitude, radius_miles: near!.distance, sort: 'recent', page_size: 8 }
        : { sort: 'recent', page_size: 8 },
    ),
    supabase.rpc('waiting_longest', { row_size: 6 }),
  ])
  if (waitingLongest.error) throw new BackendError('reading the listings', waitingLongest.error)
  const waiting = waitingLongest.data ?? []
  let newestNear: HomeRows['newestNear'] = null
  let newest = place && !nearby.animals.length ? null : nearby.animals
  if (place && newest) {
    const href = `/search${searchQuery(parseSearchParams(new URLSearchParams({ location: near!.location, distance: String(near!.distance), sort: 'recent' })))}`
    newestNear = {
      lead: `Pets who just arrived at shelters within ${near!.distance} miles of ${place.label}.`,
      href,
      what: `new pets near ${place.label}`,
    }
  }
  // Nothing listed near the last place: the nationwide row, as for a first visit.
  newest ??= (await callSearch(supabase, { sort: 'recent', page_size: 8 })).animals
  return { newest, newestNear, waitingLongest: waiting }
}

/** Listed animals per type (zeros included). */
export async function animalTypeCounts(supabase: SupabaseClient<Database>): Promise<Record<AnimalType, number>> {
  const { data, error } = await supabase.rpc('animal_type_counts')
  if (error) throw new BackendError('reading the listings', error)
  // Cast: filled below, one entry per type (the function returns every type, zeros included).
  const counts = {} as Record<AnimalType, number>
  for (const row of data ?? []) {
    counts[row.type] = Number(row.available) + Number(row.pending)
  }
  return counts
}

// One animal ----------------------------------------------------------------------------------

/** An animal id's shape: anything else is no animal (and would be an error from the database). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const SHELTER_COLUMNS =
  'id, shelter_name, slug, description, contact_email, phone, address, city, state, zip_code, website, ein, latitude, longitude, response_judged, response_median_hours, response_on_time_percent'
export type ShelterContact = Pick<
  Tables<'shelter_profiles'>,
  | 'id'
  | 'shelter_name'
  | 'slug'
  | 'description'
  | 'contact_email'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'website'
  | 'ein'
  | 'latitude'
  | 'longitude'
  | 'response_judged'
  | 'response_median_hours'
  | 'response_on_time_percent'
>

const selectListedAnimal = (supabase: SupabaseClient<Database>) =>
  supabase.from('animals').select(
    `id, name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size,
     primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs, good_with_cats,
     house_trained, spayed_neutered, vaccinations_current, special_needs, special_needs_notes, adoption_fee,
     description, status, published_at, updated_at, bonded_group_id,
     photos:animal_photos(storage_path, external_url, alt, position, width, height),
     shelter:shelter_profiles(${SHELTER_COLUMNS})` as const,
  )
type SelectedListedAnimal = QueryData<ReturnType<typeof selectListedAnimal>>[number]
/** A listed animal as its page shows it: listed, so available or pending, at a shelter that is listed. */
export type AnimalDetail = Omit<SelectedListedAnimal, 'status' | 'shelter'> & {
  status: 'available' | 'pending'
  shelter: ShelterContact
}

/**
 * A listed animal (available or pending, at an approved shelter) with its photos and shelter,
 * or null: unknown, adopted, archived or unapproved all read as "not found". `listed` is checked
 * as well as RLS, so an owner signed in does not see their own hidden listing here either.
 */
export async function getListedAnimal(supabase: SupabaseClient<Database>, id: string): Promise<AnimalDetail | null> {
  if (!UUID.test(id)) return null
  const { data, error } = await selectListedAnimal(supabase)
    .eq('id', id)
    // A stale listing (unconfirmed too long) is out of search but keeps its page.
    .or('listed.eq.true,stale_at.not.is.null')
    .in('status', ['available', 'pending'])
    .order('position', { referencedTable: 'animal_photos' })
    .maybeSingle()
  if (error) throw new BackendError('reading the listings', error)
  if (!data) return null
  // Photos come in their order (the embed's order above).
  const { status, shelter, ...animal } = data
  if (!shelter || (status !== 'available' && status !== 'pending')) return null
  return { ...animal, status, shelter }
}

// An animal that left the listings ----------------------------------------------------------------

type UnlistedAnimalRow = CompositeTypes<'unlisted_animal'>

/** Where an unlisted animal's shelter is: the suggestions' search (a public.shelter_place). */
export type ShelterPlace = UnlistedAnimalRow['place']

/** What an adopted animal's page shows (a public.adopted_animal): no fee, no good-with answers, no contact for adopting. */
export type AdoptedAnimal = NonNullable<UnlistedAnimalRow['animal']>

export type UnlistedAnimal =
  | { status: 'adopted'; type: AnimalType; place: ShelterPlace; animal: AdoptedAnimal }
  | { status: 'archived'; type: AnimalType; place: ShelterPlace; animal: null }

/**
 * An adopted or archived animal of an approved shelter, as much of it as its page shows (an
 * archived one: only its type and place, for the suggestions); null for anything else. Row-level
 * security hides these rows from visitors; public.unlisted_animal_page() returns just this.
 */
export async function getUnlistedAnimal(supabase: SupabaseClient<Database>, id: string): Promise<UnlistedAnimal | null> {
  if (!UUID.test(id)) return null
  const { data, error } = await supabase.rpc('unlisted_animal_page', { animal_id: id }).maybeSingle()
  if (error) throw new BackendError('reading the listings', error)
  if (!data) return null
  const { status, animal, ...rest } = data
  if (status === 'adopted' && animal) return { ...rest, status, animal }
  if (status === 'archived') return { ...rest, status, animal: null }
  return null
}

export const NEARBY_COUNT = 4

/**
 * A few available animals (not pending) near a shelter: of the same type first, nearest first
 * (newest first where the shelter has no location), then of any type to fill the row.
 */
export async function nearbyAvailableAnimals(
  supabase: SupabaseClient<Database>,
  type: AnimalType,
  place: ShelterPlace,
): Promise<AnimalCardData[]> {
  const located = place.latitude !== null && place.longitude !== null
  const search: SearchArguments = located
    ? { lat: place.latitude!, lon: place.longitude!, radius_miles: 100, sort: 'distance', page_size: 12 }
    : { sort: 'recent', page_size: 12 }
  const found: AnimalCardData[] = []
  for (const parameters of [{ ...search, type }, search]) {
    const { animals } = await callSearch(supabase, parameters)
    for (const animal of animals) {
      if (animal.status === 'available' && !found.some((card) => card.id === animal.id)) found.push(animal)
    }
    if (found.length >= NEARBY_COUNT) break
  }
  return found.slice(0, NEARBY_COUNT)
}

// Shelters ----------------------------------------------------------------------------------------

export type DirectoryShelter = ShelterContact & { animalCount: number; distance_miles: number | null }

async function withAnimalCounts(
  supabase: SupabaseClient<Database>,
  shelters: Array<ShelterContact & { distance_miles: number | null }>,
): Promise<DirectoryShelter[]> {
  if (!shelters.length) return []
  const { data, error } = await supabase.rpc('shelter_animal_counts', { shelter_ids: shelters.map((shelter) => shelter.id) })
  if (error) throw new BackendError('reading the listings', error)
  const counts = new Map<string, number>()
  for (const row of data ?? []) {
    counts.set(row.shelter_id, Number(row.available) + Number(row.pending))
  }
  return shelters.map((shelter) => ({ ...shelter, animalCount: counts.get(shelter.id) ?? 0 }))
}

export const DIRECTORY_RADIUS_MILES = 100
export const DIRECTORY_PAGE_SIZE = 24

export type ShelterDirectory = {
  shelters: DirectoryShelter[]
  total: number
  page: number
  pageCount: number
  place: ResolvedLocation | null
}

/**
 * Approved shelters: near a ZIP, a 'City, ST' or a city alone that names one place (within 100
 * miles, nearest first), else those whose city or name contains the words typed ('Springfield'
 * finds the shelters of every Springfield), else all of them by name.
 */
/** The name a shelter has until it gives its own: such a shelter stays out of the directory. */
const UNNAMED_SHELTER = 'New Shelter'

/**
 * The public directory: approved shelters that have named themselves and have a location
 * (a shelter approved before filling in its profile appears once it has both).
 */
export async function listShelters(supabase: SupabaseClient<Database>, query: string, requestedPage: number): Promise<ShelterDirectory> {
  const place = await resolveLocation(query)
  if (place) {
    // A box around the circle narrows the rows on the server; exact distances sort them here.
    const latDelta = DIRECTORY_RADIUS_MILES / 69
    const lonDelta = DIRECTORY_RADIUS_MILES / (69 * Math.max(0.1, Math.cos((place.latitude * Math.PI) / 180)))
    const { data, error } = await supabase
      .from('shelter_profiles')
      .select(SHELTER_COLUMNS)
      .eq('listed', true)
      .neq('shelter_name', UNNAMED_SHELTER)
      .gte('latitude', place.latitude - latDelta)
      .lte('latitude', place.latitude + latDelta)
      .gte('longitude', place.longitude - lonDelta)
      .lte('longitude', place.longitude + lonDelta)
      .limit(1000)
    if (error) throw new BackendError('reading the listings', error)
    const near = (data ?? [])
      .map((shelter) => ({
        ...shelter,
        distance_miles:
          shelter.latitude !== null && shelter.longitude !== null
            ? Math.round(milesBetween(place, { latitude: shelter.latitude, longitude: shelter.longitude }) * 10) / 10
            : null,
      }))
      .filter((shelter) => shelter.distance_miles !== null && shelter.distance_miles <= DIRECTORY_RADIUS_MILES)
      .sort((a, b) => a.distance_miles! - b.distance_miles! || a.shelter_name.localeCompare(b.shelter_name))
    const pageCount = Math.max(1, Math.ceil(near.length / DIRECTORY_PAGE_SIZE))
    const page = Math.min(Math.max(requestedPage, 1), pageCount)
    const shelters = await withAnimalCounts(supabase, near.slice((page - 1) * DIRECTORY_PAGE_SIZE, page * DIRECTORY_PAGE_SIZE))
    return { shelters, total: near.length, page, pageCount, place }
  }

  let request = supabase
    .from('shelter_profiles')
    .select(SHELTER_COLUMNS, { count: 'exact' })
    .eq('listed', true)
    .neq('shelter_name', UNNAMED_SHELTER)
    .not('latitude', 'is', null)
  // Words only: the pattern's own wildcards and PostgREST's list syntax never reach the query.
  const words = query
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (words) request = request.or(`city.ilike."*${words}*",shelter_name.ilike."*${words}*"`)
  const page = Math.max(requestedPage, 1)
  const { data, error, count } = await request
    .order('shelter_name')
    .order('id')
    .range((page - 1) * DIRECTORY_PAGE_SIZE, page * DIRECTORY_PAGE_SIZE - 1)
  // An offset past the end is answered with 416: the first page is the sensible fallback.
  if (error?.code === 'PGRST103' && page > 1) return listShelters(supabase, query, 1)
  if (error) throw new BackendError('reading the listings', error)
  const total = count ?? 0
  const shelters = await withAnimalCounts(
    supabase,
    (data ?? []).map((shelter) => ({ ...shelter, distance_miles: null })),
  )
  return { shelters, total, page, pageCount: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)), place: null }
}

/** An approved shelter by its slug, or null. */
/** An approved shelter's current slug when `slug` is one it used to have (for a 301). */
export async function currentShelterSlug(supabase: SupabaseClient<Database>, slug: string): Promise<string | null> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 200) return null
  const { data, error } = await supabase
    .from('shelter_slug_history')
    .select('shelter:shelter_profiles(slug)')
    .eq('slug', slug)
    .maybeSingle()
  if (error) throw new BackendError('reading the listings', error)
  return data?.shelter?.slug ?? null
}

export async function getApprovedShelter(supabase: SupabaseClient<Database>, slug: string): Promise<ShelterContact | null> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 200) return null
  const { data, error } = await supabase.from('shelter_profiles').select(SHELTER_COLUMNS).eq('slug', slug).eq('listed', true).maybeSingle()
  if (error) throw new BackendError('reading the listings', error)
  return data
}

/** One page of a shelter's listed animals, newest first, as result cards. */
export async function shelterAnimals(
  supabase: SupabaseClient<Database>,
  shelter: ShelterContact,
  requestedPage: number,
): Promise<SearchResult & { page: number; pageCount: number }> {
  const fetchPage = (page: number) =>
    supabase
      .from('animals')
      .select(
        `id, name, type, primary_breed, secondary_breed, mixed_breed, age_group, sex, size, status, published_at, shelter_id,
         confirmed_at, confirmed_via, photos:animal_photos(storage_path, external_url, alt, width, height, position)`,
        { count: 'exact' },
      )
      .eq('shelter_id', shelter.id)
      .eq('listed', true)
      // A bonded group once, as one card (its lead's, with the companions attached below).
      .eq('bond_lead', true)
      .order('published_at', { ascending: false })
      .order('id', { ascending: false })
      .order('position', { referencedTable: 'animal_photos' })
      .limit(1, { referencedTable: 'animal_photos' })
      .range((page - 1) * PAGE_SIZE, page * PAGE_SIZE - 1)
  let page = Math.max(requestedPage, 1)
  let response = await fetchPage(page)
  if (response.error?.code === 'PGRST103' && page > 1) {
    page = 1
    response = await fetchPage(page)
  }
  if (response.error) throw new BackendError('reading the listings', response.error)
  const total = response.count ?? 0
  const animals = (response.data ?? []).map(({ photos, ...animal }) => {
    // The embed returns the first photo only (order + limit above).
    const photo = photos[0]
    const card: AnimalCardData = {
      ...animal,
      photo_path: photo?.storage_path ?? null,
      photo_url: photo?.external_url ?? null,
      photo_alt: photo?.alt ?? null,
      photo_width: photo?.width ?? null,
      photo_height: photo?.height ?? null,
      shelter_name: shelter.shelter_name,
      shelter_slug: shelter.slug,
      city: shelter.city,
      state: shelter.state,
      distance_miles: null,
      companions: [],
      // The sync source is not readable through the table (its policies are the team's); this
      // page shows no freshness line, which would name it.
      source_kind: null,
      source_format: null,
    }
    return card
  })
  return { total, animals: await withCompanions(supabase, animals), page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
}
