// The Map view of a search: the same filters as the list, the matches grouped by
// place in the database (public.search_animal_map, one round trip), drawn on a US map made on
// the server. Nationwide: the whole country, groups on the 1° cells whose counts the database
// keeps. Around a place: the map fitted to the search circle, groups on a grid half a marker
// wide at that zoom. Overlapping markers are then merged here (map-markers.server.ts), once for
// phones and once for wider screens, and the cities that fit between them named
// (map-labels.server.ts); the places are listed once, beside the map.
import type { SupabaseClient } from '@supabase/supabase-js'
import { searchFilterArguments } from '#app/models/listing.server.ts'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { usPlacesByPopulation } from '#app/utils/gazetteer.server.ts'
import { lookupLocation, type PlaceChoices, type ResolvedLocation } from '#app/utils/location.server.ts'
import { cityLabels } from '#app/utils/map-labels.server.ts'
import { mapMarkers, mapPlaces, PHONE_LAYOUT, WIDE_LAYOUT, type MapPlace, type MarkerLayout } from '#app/utils/map-markers.server.ts'
import type { SearchFilters } from '#app/utils/search-params.ts'
import { renderMapOutlines, type MapLayer } from '#app/utils/results-map.server.ts'
import { localMap, MAP_HEIGHT, MAP_WIDTH, nationalMap } from '#app/utils/us-map.server.ts'

// The page's markup of a map, from the same module (one server module for the route to import).
export { renderResultsMap } from '#app/utils/results-map.server.ts'

export type AnimalMap = {
  /** Every match, as the list counts them (those without a location included). */
  total: number
  /** Matches whose shelter has no location: in the list, not on the map. */
  unplaced: number
  place: ResolvedLocation | null
  unknownLocation: boolean
  /** For an unknown location, the known place spelt nearly the same ('San Diego, CA'), or null. */
  locationSuggestion: string | null
  placeChoices: PlaceChoices | null
  map: { width: number; height: number; area: string; outlinesHref: string }
  /** The search place in the map's frame. */
  centre: [number, number] | null
  /** What is drawn over the map on phones, and from the `sm` breakpoint on. */
  layers: { phone: MapLayer; wide: MapLayer }
  /** Every place on the map, listed beside it. */
  places: MapPlace[]
}

const MILES_PER_DEGREE = 69.17

/** The search's place (when its location is one) and the map drawn for it: around it, or nationwide. */
async function drawnMapFor(filters: Pick<SearchFilters, 'location' | 'distance'>) {
  const [location, cities] = await Promise.all([lookupLocation(filters.location), usPlacesByPopulation()])
  const place = location.kind === 'place' ? location.place : null
  const drawn = place ? localMap(place, filters.distance, `${filters.distance} miles around ${place.label}`, cities) : nationalMap(cities)
  return { location, place, drawn }
}

/** Where the map's geography is: an image per place and distance, or the nationwide one. */
export function outlinesHref(filters: Pick<SearchFilters, 'location' | 'distance'>, place: ResolvedLocation | null): string {
  if (!place || !filters.location) return '/resources/map.svg'
  return `/resources/map.svg?${new URLSearchParams({ location: filters.location, distance: String(filters.distance) })}`
}

/** The geography under a search's map (its markers are in the page), as an SVG document. */
export async function mapOutlines(filters: Pick<SearchFilters, 'location' | 'distance'>): Promise<string> {
  const { drawn } = await drawnMapFor(filters)
  return renderMapOutlines({ width: MAP_WIDTH, height: MAP_HEIGHT, ...drawn })
}

export async function searchAnimalMap(supabase: SupabaseClient<Database>, filters: SearchFilters): Promise<AnimalMap> {
  const { location, place, drawn } = await drawnMapFor(filters)
  // The grid the database groups on: whole 1° cells nationwide (counted from its tallies), and
  // around a place the smallest marker's radius (in frame units), so merging here decides what
  // overlaps. At 500 miles that grid is a quarter of a degree, and reading the tens of thousands
  // of matches costs more than whole cells (about two markers wide there) from the tallies.
  const smallestRadius = WIDE_LAYOUT.radius(1) * (MAP_WIDTH / WIDE_LAYOUT.width)
  const markerGrid = smallestRadius / drawn.pixelsPerMile / MILES_PER_DEGREE
  const cellDegrees = place && markerGrid < 0.25 ? markerGrid : 1
  // The list's own arguments (searchFilterArguments: the one mapping of the URL's filters), and the grid.
  const { data, error } = await supabase.rpc('search_animal_map', { ...searchFilterArguments(filters, place), cell_degrees: cellDegrees })
  if (error) throw new BackendError('reading the listings', error)
  const { groups } = data
  const centre = place ? drawn.project(place) : null
  const gridMiles = cellDegrees * MILES_PER_DEGREE * 1.5
  const layer = (layout: MarkerLayout): MapLayer => {
    const markers = mapMarkers(groups, drawn, filters, place, gridMiles, layout)
    return { markers, labels: cityLabels(drawn.cities, markers, layout, centre ? [centre] : []) }
  }
  return {
    total: data.total,
    unplaced: data.unplaced,
    place,
    unknownLocation: location.kind === 'unknown',
    locationSuggestion: location.kind === 'unknown' ? location.suggestion : null,
    placeChoices: location.kind === 'ambiguous' ? { name: location.name, choices: location.choices } : null,
    map: { width: MAP_WIDTH, height: MAP_HEIGHT, area: drawn.area, outlinesHref: outlinesHref(filters, place) },
    centre,
    layers: { phone: layer(PHONE_LAYOUT), wide: layer(WIDE_LAYOUT) },
    places: mapPlaces(groups, drawn, filters, place, gridMiles),
  }
}
