// The Map view of a search: the same filters as the list, the matches grouped by
// place in the database (public.search_animal_map, one round trip), drawn on a US map made on
// the server. Nationwide: the whole country, groups on the 1° cells whose counts the database
// keeps. Around a place: the map fitted to the search circle, groups on a grid half a marker
// wide at that zoom. Overlapping markers are then merged here (map-markers.server.ts).
import type { SupabaseClient } from '@supabase/supabase-js'
import { searchFilterArguments } from '#app/models/listing.server.ts'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { lookupLocation, type PlaceChoices, type ResolvedLocation } from '#app/utils/location.server.ts'
import { mapMarkers, markerRadius, type MapGroup, type MapMarker } from '#app/utils/map-markers.server.ts'
import type { SearchFilters } from '#app/utils/search-params.ts'
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
  map: { width: number; height: number; area: string; land: string; borders: string; circle: string | null }
  /** The search place in the map's frame. */
  centre: [number, number] | null
  markers: MapMarker[]
}

const MILES_PER_DEGREE = 69.17

export async function searchAnimalMap(supabase: SupabaseClient<Database>, filters: SearchFilters): Promise<AnimalMap> {
  const location = await lookupLocation(filters.location)
  const place = location.kind === 'place' ? location.place : null
  const drawn = place ? localMap(place, filters.distance, `${filters.distance} miles around ${place.label}`) : nationalMap()
  // The grid the database groups on: whole 1° cells nationwide (counted from its tallies), and
  // around a place the smallest marker's radius, so merging here decides what overlaps.
  // At 500 miles that grid is a quarter of a degree, and reading the tens of thousands of matches
  // costs more than whole cells (about two markers wide there) from the tallies.
  const markerGrid = markerRadius(1) / drawn.pixelsPerMile / MILES_PER_DEGREE
  const cellDegrees = place && markerGrid < 0.25 ? markerGrid : 1
  // The list's own arguments (searchFilterArguments: the one mapping of the URL's filters), and the grid.
  const { data, error } = await supabase.rpc('search_animal_map', { ...searchFilterArguments(filters, place), cell_degrees: cellDegrees })
  if (error) throw new BackendError('reading the listings', error)
  const result = data as { total: number | string; unplaced: number | string; groups: MapGroup[] | null }
  const groups = (result.groups ?? []).map((group) => ({ ...group, count: Number(group.count) }))
  return {
    total: Number(result.total) || 0,
    unplaced: Number(result.unplaced) || 0,
    place,
    unknownLocation: location.kind === 'unknown',
    locationSuggestion: location.kind === 'unknown' ? location.suggestion : null,
    placeChoices: location.kind === 'ambiguous' ? { name: location.name, choices: location.choices } : null,
    map: { width: MAP_WIDTH, height: MAP_HEIGHT, area: drawn.area, land: drawn.land, borders: drawn.borders, circle: drawn.circle },
    centre: place ? drawn.project(place) : null,
    markers: mapMarkers(groups, drawn, filters, place, cellDegrees * MILES_PER_DEGREE * 1.5),
  }
}
