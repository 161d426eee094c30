// The search page's reads, the route's one server module: the client build gives each `.server`
// module a route imports an empty stub of its own (a script, about 0.4 KB with its headers), so
// one module instead of five keeps the page within its JavaScript budget (docs/performance.md).
import { json, redirect } from '@remix-run/node'
import { savedAmong } from '#app/models/favorite.server.ts'
import { renderResultsMap, searchAnimalMap } from '#app/models/animal-map.server.ts'
import { breedSuggestions, listingResponseHeaders, rememberLastPlace, searchAnimals } from '#app/models/listing.server.ts'
import { coatsFor, colorsFor, parseSearchParams, searchQuery, type SearchFilters } from '#app/utils/search-params.ts'
import { COAT_LABELS, SEARCH_FLAGS, SEARCH_FLAG_LABELS, optionsOf } from '#app/utils/vocabulary.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import { freshnessLine } from '#app/utils/listing-freshness.ts'

export { listingHeaders } from '#app/models/listing.server.ts'
export type { PlaceChoices } from '#app/utils/location.server.ts'

// The filters live in the URL (see app/utils/search-params.ts): unknown values are ignored and
// numbers clamped, so any URL shows a page of results, never an error. `view=map` shows the
// same search on a map (app/models/animal-map.server.ts), drawn on the server.
export async function loadSearchPage(request: Request) {
  const url = new URL(request.url)
  const filters = parseSearchParams(url.searchParams)
  // One URL per search: a submitted form's empty fields, defaults, odd spellings and order
  // become the normal form (searchQuery's), with a permanent redirect, so links, caches and
  // search engines see a single address for it.
  const normal = searchQuery(filters)
  if (new URLSearchParams(normal).toString() !== url.searchParams.toString()) {
    throw redirect(`/search${normal}`, { status: 301, headers: listingResponseHeaders(request) })
  }
  const supabase = getPublicSupabase()
  if (filters.view === 'map') {
    const found = await searchAnimalMap(supabase, filters)
    return json(
      {
        view: 'map' as const,
        filters: { ...filters, page: 1 },
        total: found.total,
        place: found.place?.label ?? null,
        unknownLocation: found.unknownLocation,
        locationSuggestion: found.locationSuggestion,
        placeChoices: found.placeChoices,
        choices: formChoices(filters),
        mapHtml: renderResultsMap(found),
      },
      { headers: listingResponseHeaders(request) },
    )
  }
  const search = await searchAnimals(supabase, filters)
  const ids = search.animals.map((animal) => animal.id)
  const favorites = await savedAmong(request, ids)
  // Each card carries when and how its listing was last confirmed; the line is written here,
  // so the server's page and the hydrated one say the same.
  const now = new Date()
  const freshness = Object.fromEntries(search.animals.map((animal) => [animal.id, { line: freshnessLine(animal, now) }]))
  // A place found is remembered for the home page's newest row (app/utils/last-place.server.ts).
  const remembered =
    search.place && filters.location ? await rememberLastPlace(request, { location: filters.location, distance: filters.distance }) : null
  return json(
    {
      view: 'list' as const,
      filters: { ...filters, page: search.page },
      total: search.total,
      animals: search.animals,
      pageCount: search.pageCount,
      place: search.place?.label ?? null,
      unknownLocation: search.unknownLocation,
      locationSuggestion: search.locationSuggestion,
      placeChoices: search.placeChoices,
      saved: favorites.saved,
      freshness,
      choices: formChoices(filters),
    },
    { headers: combineHeaders(listingResponseHeaders(request), favorites.headers, remembered ? { 'Set-Cookie': remembered } : undefined) },
  )
}

// The form's choices for this type, sent as data: the lists never become client code.
function formChoices(filters: SearchFilters) {
  return {
    breeds: breedSuggestions(filters.type),
    coats: optionsOf(coatsFor(filters.type), COAT_LABELS),
    colors: colorsFor(filters.type),
    flags: optionsOf(SEARCH_FLAGS, SEARCH_FLAG_LABELS),
  }
}
