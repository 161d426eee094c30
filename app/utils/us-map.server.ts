// The drawn US map of the search page's Map view (docs/decisions/038-a-map-of-results.md and
// 063-a-map-to-read.md): the Census Bureau's outlines from `us-atlas`, Natural Earth's land,
// lakes and rivers, and the largest cities' names, projected with `d3-geo` on the server into
// SVG path strings. None of this reaches the browser: the page gets the paths.
//
// Two kinds of map. Nationwide: the whole country in Albers USA (Alaska and Hawaii as insets),
// from us-atlas' own pre-projected 975 × 610 outlines, simplified once per process. Around a
// place: an azimuthal equal-area projection centred on it and fitted to the search circle (so
// the circle is round and fills the frame), from the unprojected outlines, clipped to the frame;
// kept for the last few places asked for.
import { createRequire } from 'node:module'
import { geoAlbersUsa, geoAzimuthalEqualArea, geoCircle, geoPath, type GeoPermissibleObjects, type GeoProjection } from 'd3-geo'
import type { Feature, MultiPolygon, Polygon } from 'geojson'
import { feature, mesh } from 'topojson-client'
import { presimplify, quantile, simplify } from 'topojson-simplify'
import type { GeometryCollection, Topology } from 'topojson-specification'
import type { GazetteerPlace } from '#app/utils/gazetteer.server.ts'
import { naturalEarth, thinned, unprojectedGeography, type Piece } from '#app/utils/map-geography.server.ts'

/** The frame every map is drawn in (us-atlas' pre-projected size). */
export const MAP_WIDTH = 975
export const MAP_HEIGHT = 610
/** Room around the search circle, so markers on its edge are whole. */
const FRAME_PADDING = 24
const MILES_PER_DEGREE = (6378168 * Math.PI) / 180 / 1609.344
/** Points closer than this (in frame units: half a pixel on a phone, one on a wide screen) are one. */
const THINNING = 1.5
/** County lines are drawn around a place up to this radius: wider, they would be a grey mesh. */
export const COUNTY_LINES_MAX_MILES = 100
/** How many of the largest cities a map offers to name (map-labels.server.ts picks those that fit). */
const CITIES_OFFERED = 40
/** Nationwide, only cities this large are offered. */
const NATIONAL_CITY_POPULATION = 400_000

export type MapPoint = { latitude: number; longitude: number }

/** A city a map may name, at its place in the frame. */
export type MapCity = { name: string; x: number; y: number; population: number }

/** The map's layers as SVG path data, bottom to top. */
export type MapPaths = {
  /** Land that is not the US (Canada, Mexico). */
  otherLand: string
  /** The US. */
  land: string
  lakes: string
  rivers: string
  /** County lines (around a place of up to COUNTY_LINES_MAX_MILES), state lines, the search circle. */
  counties: string
  borders: string
  circle: string | null
}

export type DrawnMap = MapPaths & {
  /** A title-cased description of what the map shows, for its accessible description. */
  area: string
  /** The largest cities in the frame, largest first. */
  cities: MapCity[]
  /** [x, y] in the frame, or null for a point the map does not show (Puerto Rico nationwide). */
  project: (point: MapPoint) => [number, number] | null
  /** Frame units per mile near the centre: how far apart markers must be not to overlap. */
  pixelsPerMile: number
}

type StatesTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>

const require = createRequire(import.meta.url)

function inFrame([x, y]: [number, number], margin = 0): boolean {
  return x >= margin && x <= MAP_WIDTH - margin && y >= margin && y <= MAP_HEIGHT - margin
}

/** GeoNames calls it 'New York City'; the map, like everyone, 'New York'. */
function cityName(place: GazetteerPlace): string {
  return place.name === 'New York City' ? 'New York' : place.name
}

/** The largest places (`places` comes largest first) that `project` puts inside the frame. */
export function citiesInFrame(
  places: GazetteerPlace[],
  project: (point: MapPoint) => [number, number] | null,
  { minPopulation = 0, near = () => true }: { minPopulation?: number; near?: (place: GazetteerPlace) => boolean } = {},
): MapCity[] {
  const cities: MapCity[] = []
  for (const place of places) {
    if (place.population < minPopulation || cities.length >= CITIES_OFFERED) break
    if (place.section || !near(place)) continue
    const position = project(place)
    // A city on the frame's very edge would have no room for its name.
    if (!position || !inFrame(position, 4)) continue
    cities.push({
      name: cityName(place),
      x: Math.round(position[0] * 10) / 10,
      y: Math.round(position[1] * 10) / 10,
      population: place.population,
    })
  }
  return cities
}

// Nationwide ------------------------------------------------------------------------------------

/** The projection us-atlas' `*-albers-10m` files were made with. */
export function nationalProjection(): GeoProjection {
  return geoAlbersUsa()
    .scale(1300)
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2])
}

let national: Omit<DrawnMap, 'cities'> | undefined
let nationalWithCities: { places: GazetteerPlace[]; map: DrawnMap } | undefined

/** The whole country; its paths are worked out on the first call and kept. */
export function nationalMap(places: GazetteerPlace[]): DrawnMap {
  if (!national) national = drawNationalMap()
  if (nationalWithCities?.places !== places) {
    const cities = citiesInFrame(places, national.project, { minPopulation: NATIONAL_CITY_POPULATION })
    nationalWithCities = { places, map: { ...national, cities } }
  }
  return nationalWithCities.map
}

function drawNationalMap(): Omit<DrawnMap, 'cities'> {
  const projected = require('us-atlas/states-albers-10m.json') as StatesTopology
  // Keeps the points that matter at this size: the paths shrink from 53 KB to about 20 KB, and
  // no state loses its shape at 975 px (or at 360).
  const weighted = presimplify(projected)
  const simplified = simplify(weighted, quantile(weighted, 0.3)) as StatesTopology
  const path = geoPath(null).digits(1)
  const projection = nationalProjection()
  // Natural Earth's layers are unprojected: Albers USA puts each piece in the lower 48's frame
  // or an inset's, and clips it there.
  const natural = geoPath(thinned(projection, THINNING * 2)).digits(1)
  const { otherLand, lakes, rivers } = naturalEarth()
  const drawn = (pieces: Piece[]) => pieces.map((piece) => natural(piece.geometry) ?? '').join('')
  const land = feature(simplified, simplified.objects.nation).features[0] as Feature<Polygon | MultiPolygon>
  return {
    area: 'the United States',
    otherLand: drawn(otherLand),
    land: path(land) ?? '',
    lakes: drawn(lakes),
    rivers: drawn(rivers),
    counties: '',
    borders: path(mesh(simplified, simplified.objects.states, (a, b) => a !== b)) ?? '',
    circle: null,
    project: ({ latitude, longitude }) => projection([longitude, latitude]),
    // Albers USA at scale 1300 (pixels per earth radius): about 0.33 px a mile in the lower 48.
    pixelsPerMile: 1300 / (6378168 / 1609.344),
  }
}

// Around a place ---------------------------------------------------------------------------------

/** The search circle as a polygon on the sphere (64 sides: round at any size drawn). */
export function searchCircle(centre: MapPoint, radiusMiles: number): Polygon {
  return geoCircle()
    .center([centre.longitude, centre.latitude])
    .radius(radiusMiles / MILES_PER_DEGREE)
    .precision(360 / 64)()
}

/** An azimuthal equal-area projection centred on the place, the circle filling the frame's height. */
export function localProjection(centre: MapPoint, radiusMiles: number): GeoProjection {
  return (
    geoAzimuthalEqualArea()
      .rotate([-centre.longitude, -centre.latitude])
      .fitExtent(
        [
          [FRAME_PADDING, FRAME_PADDING],
          [MAP_WIDTH - FRAME_PADDING, MAP_HEIGHT - FRAME_PADDING],
        ],
        searchCircle(centre, radiusMiles),
      )
      .clipExtent([
        [0, 0],
        [MAP_WIDTH, MAP_HEIGHT],
      ])
      // The outlines' points are close together: straight lines between them are exact enough,
      // and resampling long edges far outside the frame would only cost time.
      .precision(0)
  )
}

const localMaps = new Map<string, DrawnMap>()
const LOCAL_MAPS_KEPT = 64

/** The map around a search place, fitted to its circle. The last 64 are kept. */
export function localMap(centre: MapPoint, radiusMiles: number, area: string, places: GazetteerPlace[]): DrawnMap {
  const key = `${centre.latitude.toFixed(4)},${centre.longitude.toFixed(4)},${radiusMiles}`
  const kept = localMaps.get(key)
  if (kept) {
    // Most recently used last, so the oldest is the first to go.
    localMaps.delete(key)
    localMaps.set(key, kept)
    return { ...kept, area }
  }
  const projection = localProjection(centre, radiusMiles)
  const path = geoPath(thinned(projection, THINNING)).digits(1)
  // The part of the globe the frame shows, with room to spare: the frame is 1.6 times as wide as
  // the circle is tall, and degrees of longitude shrink towards the pole.
  const halfHeight = ((radiusMiles / MILES_PER_DEGREE) * MAP_HEIGHT) / (MAP_HEIGHT - 2 * FRAME_PADDING) + 0.5
  const halfWidth =
    (halfHeight * (MAP_WIDTH / MAP_HEIGHT)) / Math.max(0.2, Math.cos(((Math.abs(centre.latitude) + halfHeight) * Math.PI) / 180)) + 0.5
  const near = (piece: Piece) =>
    piece.north >= centre.latitude - halfHeight &&
    piece.south <= centre.latitude + halfHeight &&
    piece.east >= centre.longitude - halfWidth &&
    piece.west <= centre.longitude + halfWidth
  const drawn = (pieces: Piece[]) =>
    pieces
      .filter(near)
      .map((piece) => path(piece.geometry as GeoPermissibleObjects) ?? '')
      .join('')
  const geography = unprojectedGeography()
  const project = ({ latitude, longitude }: MapPoint) => projection([longitude, latitude])
  const [centreX, centreY] = projection([centre.longitude, centre.latitude])!
  const [edgeX, edgeY] = projection([centre.longitude, centre.latitude + radiusMiles / MILES_PER_DEGREE])!
  const map: DrawnMap = {
    area,
    otherLand: drawn(geography.otherLand),
    land: drawn(geography.land),
    lakes: drawn(geography.lakes),
    rivers: drawn(geography.rivers),
    counties: radiusMiles <= COUNTY_LINES_MAX_MILES ? drawn(geography.counties) : '',
    borders: drawn(geography.states),
    circle: path(searchCircle(centre, radiusMiles)) ?? null,
    cities: citiesInFrame(places, project, {
      near: ({ latitude, longitude }) =>
        Math.abs(latitude - centre.latitude) <= halfHeight && Math.abs(longitude - centre.longitude) <= halfWidth,
    }),
    project,
    pixelsPerMile: Math.hypot(edgeX - centreX, edgeY - centreY) / radiusMiles,
  }
  localMaps.set(key, map)
  if (localMaps.size > LOCAL_MAPS_KEPT) localMaps.delete(localMaps.keys().next().value!)
  return map
}
