// From the database's groups of matches (public.search_animal_map) to the markers drawn on the
// map and the places listed beside it: each group placed with the map's projection, groups whose
// markers would overlap at the width the map is drawn merged into one, and each marker given its
// accessible name (every place it stands for) and its link — the animal when it holds one, else
// the same search narrowed to the marker's place.
import type { CompositeTypes } from '#app/types/database.ts'
import { breedLabel, formatCount, placeLabel } from '#app/utils/listing-format.ts'
import { milesBetween } from '#app/utils/location.server.ts'
import { joinNames } from '#app/utils/names.ts'
import { defaultSort, distances, searchQuery, type SearchFilters } from '#app/utils/search-params.ts'
import { MAP_WIDTH, type DrawnMap, type MapPoint } from '#app/utils/us-map.server.ts'

/**
 * One group as public.search_animal_map() returns it (a public.map_group): how many matches it
 * stands for, where, and the listing it links to (a bonded group's lead, with its companions'
 * names: the group is one result).
 */
export type MapGroup = CompositeTypes<'map_group'>

/**
 * How markers are drawn at one width of the map. Markers keep their size in CSS pixels whatever
 * the map's width (the page draws them outside the map's scaled frame), so whether two overlap
 * depends on how wide the map is: each layout merges for the narrowest map it is shown on.
 */
export type MarkerLayout = {
  /** The narrowest the map is drawn with these markers, in CSS pixels. */
  width: number
  /** A marker's radius in CSS pixels: bigger groups, bigger markers. */
  radius: (count: number) => number
  /** The size of the count written in a marker, in CSS pixels. */
  countSize: number
}

/** Phones (the map the whole width of a 360 px screen): every marker a 44 px touch target or more. */
export const PHONE_LAYOUT: MarkerLayout = {
  width: 360,
  radius: (count) => (count < 100 ? 22 : count < 1000 ? 24 : 26),
  countSize: 14,
}

/** From the `sm` breakpoint (640 px screens, the map at least about 590 px wide): room for more markers. */
export const WIDE_LAYOUT: MarkerLayout = {
  width: 590,
  radius: (count) => (count <= 1 ? 14 : count < 100 ? 16 : count < 1000 ? 19 : 21),
  countSize: 13,
}

export type MapMarker = {
  /** Centre in the map's frame (975 wide); null when the map does not show the place. */
  x: number | null
  y: number | null
  /** In CSS pixels. */
  radius: number
  count: number
  /** 'Buddy, Labrador Retriever in Austin, TX' or '48 animals near Philadelphia, PA and New York, NY'. */
  label: string
  href: string
}

/** Room between two markers, in CSS pixels, so two never touch. */
const MARKER_GAP = 2

type Cluster = { x: number; y: number; count: number; groups: MapGroup[] }

function byCount(a: MapGroup, b: MapGroup): number {
  return b.count - a.count || a.animal.id.localeCompare(b.animal.id)
}

/**
 * Groups whose markers would overlap in `layout`, merged (largest first, so a big group keeps its
 * place and small ones join it), until no two markers overlap. Groups the projection cannot
 * place are returned apart, unmerged.
 */
export function mergeOverlapping(
  groups: MapGroup[],
  project: (point: MapPoint) => [number, number] | null,
  layout: MarkerLayout,
): { placed: Cluster[]; unplaced: MapGroup[] } {
  const pixelsPerUnit = layout.width / MAP_WIDTH
  const placed: Cluster[] = []
  const unplaced: MapGroup[] = []
  for (const group of [...groups].sort(byCount)) {
    const position = project(group)
    if (!position || !Number.isFinite(position[0]) || !Number.isFinite(position[1])) {
      unplaced.push(group)
      continue
    }
    placed.push({ x: position[0], y: position[1], count: group.count, groups: [group] })
  }
  // Passes over the markers, largest first: each absorbs those it overlaps. A merged marker sits
  // at its groups' centre weighted by their counts and may be larger, so it may now overlap
  // another: hence another pass, until one merges nothing.
  let merged = true
  while (merged) {
    merged = false
    for (let i = 0; i < placed.length; i++) {
      const cluster = placed[i]!
      for (let j = i + 1; j < placed.length; j++) {
        const other = placed[j]!
        const apart = Math.hypot(cluster.x - other.x, cluster.y - other.y) * pixelsPerUnit
        if (apart >= layout.radius(cluster.count) + layout.radius(other.count) + MARKER_GAP) continue
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
  for (const cluster of placed) cluster.groups.sort(byCount)
  return { placed, unplaced }
}

/** 'Austin, TX' (with its ZIP code when asked, to tell two markers of one city apart), else the ZIP code. */
function groupPlace(group: MapGroup, withZip = false): string {
  const place = placeLabel(group.city, group.state)
  if (!place) return group.zip_code ?? 'an unnamed place'
  return withZip && group.zip_code ? `${place} ${group.zip_code}` : place
}

/** The groups by the place they are named for, the place with the most animals first. */
function byPlace(groups: MapGroup[]): Array<{ place: string; count: number; groups: MapGroup[] }> {
  const places = new Map<string, { place: string; count: number; groups: MapGroup[] }>()
  for (const group of [...groups].sort(byCount)) {
    const place = groupPlace(group)
    const named = places.get(place) ?? { place, count: 0, groups: [] }
    named.count += group.count
    named.groups.push(group)
    places.set(place, named)
  }
  return [...places.values()].sort((a, b) => b.count - a.count)
}

/**
 * The accessible name (and visible list text) of a marker or a listed place: one animal by its
 * names, breed and place; several by their count and every place they are in, the place with
 * the most first (with its ZIP code when `withZip`).
 */
export function markerLabel(groups: MapGroup[], withZip = false): string {
  const count = groups.reduce((sum, group) => sum + group.count, 0)
  const places = byPlace(groups)
  const first = places[0]!.groups[0]!
  const names = [groupPlace(first, withZip), ...places.slice(1).map(({ place }) => place)]
  if (count === 1) return `${joinNames([first.animal.name, ...first.animal.companions], '&')}, ${breedLabel(first.animal)} in ${names[0]}`
  return `${formatCount(count)} animals near ${joinNames(names)}`
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

function hrefFor(groups: MapGroup[], filters: SearchFilters, place: MapPoint | null, gridMiles: number): string {
  const count = groups.reduce((sum, group) => sum + group.count, 0)
  return count === 1 ? `/animals/${groups[0]!.animal.id}` : markerListHref(groups, filters, place, gridMiles)
}

/**
 * The markers for a search's groups on a drawn map in one layout, largest first. `gridMiles` is
 * the size of the grid the database grouped on: a group's animals lie within about that of its
 * position.
 */
export function mapMarkers(
  groups: MapGroup[],
  map: Pick<DrawnMap, 'project'>,
  filters: SearchFilters,
  place: MapPoint | null,
  gridMiles: number,
  layout: MarkerLayout,
): MapMarker[] {
  const { placed, unplaced } = mergeOverlapping(groups, map.project, layout)
  const clusters = [...placed, ...unplaced.map((group) => ({ x: null, y: null, count: group.count, groups: [group] }))]
  // Places named first by more than one marker ('New York, NY' twice) are told apart by ZIP code.
  const placeNames = clusters.map((cluster) => byPlace(cluster.groups)[0]!.place)
  const shared = new Set(placeNames.filter((name, index) => placeNames.indexOf(name) !== index))
  return clusters
    .map(({ x, y, count, groups: members }, index): MapMarker => ({
      x: x === null ? null : Math.round(x * 10) / 10,
      y: y === null ? null : Math.round(y * 10) / 10,
      radius: layout.radius(count),
      count,
      label: markerLabel(members, shared.has(placeNames[index]!)),
      href: hrefFor(members, filters, place, gridMiles),
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}

/** A place listed beside the map: every place a marker names, and only those. */
export type MapPlace = { label: string; href: string; count: number; onMap: boolean }

/**
 * The places of a search's groups, the one with the most animals first: whatever the markers
 * merge at the map's width, each place keeps its own line and link, and every place a marker
 * names is one of them.
 */
export function mapPlaces(
  groups: MapGroup[],
  map: Pick<DrawnMap, 'project'>,
  filters: SearchFilters,
  place: MapPoint | null,
  gridMiles: number,
): MapPlace[] {
  return byPlace(groups)
    .map(({ count, groups: members }) => ({
      label: markerLabel(members),
      href: hrefFor(members, filters, place, gridMiles),
      count,
      onMap: members.some((group) => map.project(group) !== null),
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}
