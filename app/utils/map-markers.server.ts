// From the database's groups of matches (public.search_animal_map) to the markers drawn on the
// map: each group placed with the map's projection, groups whose markers would overlap merged
// into one, and each marker given its accessible name and its link — the animal when it holds
// one, else the same search narrowed to the marker's place.
import { breedLabel, formatCount, placeLabel } from '#app/utils/listing-format.ts'
import { milesBetween } from '#app/utils/location.server.ts'
import { joinNames } from '#app/utils/names.ts'
import { defaultSort, distances, searchQuery, type SearchFilters } from '#app/utils/search-params.ts'
import type { AnimalType } from '#app/utils/vocabulary.ts'
import type { DrawnMap, MapPoint } from '#app/utils/us-map.server.ts'

/** One group as public.search_animal_map() returns it. */
export type MapGroup = {
  count: number
  latitude: number
  longitude: number
  animal: {
    id: string
    name: string
    /** A bonded group's other listed animals: the group is one result, shown by its lead. */
    companions: string[]
    type: AnimalType
    primary_breed: string | null
    secondary_breed: string | null
    mixed_breed: boolean
  }
  city: string | null
  state: string | null
  zip_code: string | null
}

export type MapMarker = {
  /** Centre and radius in the map's frame; null position when the map does not show the place. */
  x: number | null
  y: number | null
  radius: number
  count: number
  /** 'Buddy, Labrador Retriever' or '3 animals near Austin, TX'. */
  label: string
  href: string
}

/** A marker's radius in frame units (the frame is 975 wide): bigger groups, bigger markers. */
export function markerRadius(count: number): number {
  return count <= 1 ? 11 : Math.min(26, 13 + 4 * Math.log10(count))
}

/** Room between two markers, in frame units, so two never touch. */
const MARKER_GAP = 2

type Cluster = { x: number; y: number; count: number; groups: MapGroup[] }

/**
 * Groups whose markers would overlap, merged (largest first, so a big group keeps its place and
 * small ones join it), until no two markers overlap. Groups the projection cannot place are
 * returned apart, unmerged.
 */
export function mergeOverlapping(
  groups: MapGroup[],
  project: (point: MapPoint) => [number, number] | null,
): { placed: Cluster[]; unplaced: MapGroup[] } {
  const placed: Cluster[] = []
  const unplaced: MapGroup[] = []
  const sorted = [...groups].sort((a, b) => b.count - a.count || a.animal.id.localeCompare(b.animal.id))
  for (const group of sorted) {
    const position = project(group)
    if (!position || !Number.isFinite(position[0]) || !Number.isFinite(position[1])) {
      unplaced.push(group)
      continue
    }
    placed.push({ x: position[0], y: position[1], count: group.count, groups: [group] })
  }
  // Passes over the markers, largest first: each absorbs those it overlaps. A merged marker sits
  // at its groups' centre weighted by their counts and is larger, so it may now overlap another:
  // hence another pass, until one merges nothing.
  let merged = true
  while (merged) {
    merged = false
    for (let i = 0; i < placed.length; i++) {
      const cluster = placed[i]!
      for (let j = i + 1; j < placed.length; j++) {
        const other = placed[j]!
        if (Math.hypot(cluster.x - other.x, cluster.y - other.y) >= markerRadius(cluster.count) + markerRadius(other.count) + MARKER_GAP)
          continue
        const count = cluster.count + other.count
        cluster.x = (cluster.x * cluster.count + other.x * other.count) / count
        cluster.y = (cluster.y * cluster.count + other.y * other.count) / count
        cluster.count = count
        cluster.groups.push(...other.groups)
        placed.splice(j, 1)
        j = i
        merged = true
      }
    }
  }
  for (const cluster of placed) cluster.groups.sort((a, b) => b.count - a.count || a.animal.id.localeCompare(b.animal.id))
  return { placed, unplaced }
}

/** 'Austin, TX' (with its ZIP code when asked, to tell two markers of one city apart), else the ZIP code. */
function groupPlace(group: MapGroup, withZip: boolean): string {
  const place = placeLabel(group.city, group.state)
  if (!place) return group.zip_code ?? 'an unnamed place'
  return withZip && group.zip_code ? `${place} ${group.zip_code}` : place
}

/** The accessible name (and visible list text) of a marker. */
export function markerLabel(groups: MapGroup[], withZip = false): string {
  const count = groups.reduce((sum, group) => sum + group.count, 0)
  const first = groups[0]!
  if (count === 1) return `${joinNames([first.animal.name, ...first.animal.companions], '&')}, ${breedLabel(first.animal)}`
  return `${formatCount(count)} animals near ${groupPlace(first, withZip)}`
}

/**
 * Where a marker of several animals links: the same search, as a list, around the place of its
 * largest group, within the smallest of the search's distances that holds all its groups
 * (`slackMiles` for the spread inside a group) — never wider than the search itself.
 */
export function markerListHref(groups: MapGroup[], filters: SearchFilters, place: MapPoint | null, slackMiles: number): string {
  const first = groups[0]!
  const farthest = Math.max(...groups.map((group) => milesBetween(first, group))) + slackMiles
  const narrowed = distances.find((miles) => miles >= farthest) ?? 500
  const location = first.zip_code ?? placeLabel(first.city, first.state)
  if (!location || (place && narrowed >= filters.distance)) return `/search${searchQuery(filters, { view: 'list', page: 1 })}`
  // A sort chosen by hand stays; the default one becomes the default near a place: nearest first.
  const sort = filters.sort === defaultSort(filters.location) ? defaultSort(location) : filters.sort
  return `/search${searchQuery(filters, { view: 'list', page: 1, location, distance: narrowed, sort })}`
}

/**
 * The markers for a search's groups on a drawn map, largest first. `gridMiles` is the size of
 * the grid the database grouped on: a group's animals lie within about that of its position.
 */
export function mapMarkers(
  groups: MapGroup[],
  map: Pick<DrawnMap, 'project'>,
  filters: SearchFilters,
  place: MapPoint | null,
  gridMiles: number,
): MapMarker[] {
  const { placed, unplaced } = mergeOverlapping(groups, map.project)
  const clusters = [...placed, ...unplaced.map((group) => ({ x: null, y: null, count: group.count, groups: [group] }))]
  // Places named by more than one marker ('New York, NY' twice) are told apart by ZIP code.
  const placeNames = clusters.filter((cluster) => cluster.count > 1).map((cluster) => groupPlace(cluster.groups[0]!, false))
  const shared = new Set(placeNames.filter((name, index) => placeNames.indexOf(name) !== index))
  return clusters
    .map(({ x, y, count, groups: members }): MapMarker => ({
      x: x === null ? null : Math.round(x * 10) / 10,
      y: y === null ? null : Math.round(y * 10) / 10,
      radius: Math.round(markerRadius(count) * 10) / 10,
      count,
      label: markerLabel(members, shared.has(groupPlace(members[0]!, false))),
      href: count === 1 ? `/animals/${members[0]!.animal.id}` : markerListHref(members, filters, place, gridMiles),
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}
