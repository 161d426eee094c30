// The drawn US map of the search page's Map view (docs/decisions/038-a-map-of-results.md): the
// Census Bureau's outlines from `us-atlas` (public domain), projected with `d3-geo` on the
// server into SVG path strings. None of this reaches the browser: the page gets the paths.
//
// Two kinds of map. Nationwide: the whole country in Albers USA (Alaska and Hawaii as insets),
// from us-atlas' own pre-projected 975 × 610 outlines, simplified once per process. Around a
// place: an azimuthal equal-area projection centred on it and fitted to the search circle (so
// the circle is round and fills the frame), from the unprojected outlines, clipped to the frame;
// kept for the last few places asked for.
import { createRequire } from 'node:module'
import { geoAlbersUsa, geoAzimuthalEqualArea, geoCircle, geoPath, type GeoPermissibleObjects, type GeoProjection } from 'd3-geo'
import type { Feature, LineString, MultiLineString, MultiPolygon, Polygon } from 'geojson'
import { feature, mesh } from 'topojson-client'
import { presimplify, quantile, simplify } from 'topojson-simplify'
import type { GeometryCollection, Topology } from 'topojson-specification'

/** The frame every map is drawn in (us-atlas' pre-projected size). */
export const MAP_WIDTH = 975
export const MAP_HEIGHT = 610
/** Room around the search circle, so markers on its edge are whole. */
const FRAME_PADDING = 24
const MILES_PER_DEGREE = (6378168 * Math.PI) / 180 / 1609.344

export type MapPoint = { latitude: number; longitude: number }

export type DrawnMap = {
  /** A title-cased description of what the map shows, for its accessible description. */
  area: string
  /** The land (the US), its state borders, and the search circle, as SVG path data. */
  land: string
  borders: string
  circle: string | null
  /** [x, y] in the frame, or null for a point the map does not show (Puerto Rico nationwide). */
  project: (point: MapPoint) => [number, number] | null
  /** Screen pixels per mile near the centre: how far apart markers must be not to overlap. */
  pixelsPerMile: number
}

type StatesTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>

const require = createRequire(import.meta.url)

function loadTopology(file: string): StatesTopology {
  // JSON files of the package, read once, when the first map is drawn.
  return require(`us-atlas/${file}`) as StatesTopology
}

function interiorBorders(topology: StatesTopology): MultiLineString {
  return mesh(topology, topology.objects.states, (a, b) => a !== b)
}

function landOf(topology: StatesTopology): Feature<Polygon | MultiPolygon> {
  const nation = feature(topology, topology.objects.nation)
  return nation.features[0] as Feature<Polygon | MultiPolygon>
}

// Nationwide ------------------------------------------------------------------------------------

/** The projection us-atlas' `*-albers-10m` files were made with. */
export function nationalProjection(): GeoProjection {
  return geoAlbersUsa()
    .scale(1300)
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2])
}

let national: DrawnMap | undefined

/** The whole country; its paths are worked out on the first call and kept. */
export function nationalMap(): DrawnMap {
  if (national) return national
  const projected = loadTopology('states-albers-10m.json')
  // Keeps the points that matter at this size: the paths shrink from 53 KB to about 20 KB, and
  // no state loses its shape at 975 px (or at 360).
  const weighted = presimplify(projected)
  const simplified = simplify(weighted, quantile(weighted, 0.3)) as StatesTopology
  const path = geoPath(null).digits(1)
  const projection = nationalProjection()
  national = {
    area: 'the United States',
    land: path(landOf(simplified)) ?? '',
    borders: path(interiorBorders(simplified)) ?? '',
    circle: null,
    project: ({ latitude, longitude }) => projection([longitude, latitude]),
    // Albers USA at scale 1300 (pixels per earth radius): about 0.33 px a mile in the lower 48.
    pixelsPerMile: 1300 / (6378168 / 1609.344),
  }
  return national
}

// Around a place ---------------------------------------------------------------------------------

type Located<G> = { geometry: G; west: number; east: number; south: number; north: number }

let outlines: { land: Array<Located<Polygon>>; borders: Array<Located<LineString>> } | undefined

function boundsOf(coordinates: number[][]): { west: number; east: number; south: number; north: number } {
  let west = Infinity
  let east = -Infinity
  let south = Infinity
  let north = -Infinity
  for (const [longitude, latitude] of coordinates) {
    west = Math.min(west, longitude!)
    east = Math.max(east, longitude!)
    south = Math.min(south, latitude!)
    north = Math.max(north, latitude!)
  }
  return { west, east, south, north }
}

/** The unprojected outlines, split into pieces with their bounds, so a map projects only those near it. */
function unprojectedOutlines() {
  if (outlines) return outlines
  const topology = loadTopology('states-10m.json')
  const land = landOf(topology).geometry
  const polygons = land.type === 'Polygon' ? [land.coordinates] : land.coordinates
  outlines = {
    land: polygons.map((coordinates) => ({ geometry: { type: 'Polygon', coordinates }, ...boundsOf(coordinates[0]!) })),
    borders: interiorBorders(topology).coordinates.map((coordinates) => ({
      geometry: { type: 'LineString', coordinates },
      ...boundsOf(coordinates),
    })),
  }
  return outlines
}

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
export function localMap(centre: MapPoint, radiusMiles: number, area: string): DrawnMap {
  const key = `${centre.latitude.toFixed(4)},${centre.longitude.toFixed(4)},${radiusMiles}`
  const kept = localMaps.get(key)
  if (kept) {
    // Most recently used last, so the oldest is the first to go.
    localMaps.delete(key)
    localMaps.set(key, kept)
    return { ...kept, area }
  }
  const projection = localProjection(centre, radiusMiles)
  const path = geoPath(projection).digits(1)
  // The part of the globe the frame shows, with room to spare: the frame is 1.6 times as wide as
  // the circle is tall, and degrees of longitude shrink towards the pole.
  const halfHeight = ((radiusMiles / MILES_PER_DEGREE) * MAP_HEIGHT) / (MAP_HEIGHT - 2 * FRAME_PADDING) + 0.5
  const halfWidth =
    (halfHeight * (MAP_WIDTH / MAP_HEIGHT)) / Math.max(0.2, Math.cos(((Math.abs(centre.latitude) + halfHeight) * Math.PI) / 180)) + 0.5
  const near = <G>(piece: Located<G>) =>
    piece.north >= centre.latitude - halfHeight &&
    piece.south <= centre.latitude + halfHeight &&
    piece.east >= centre.longitude - halfWidth &&
    piece.west <= centre.longitude + halfWidth
  const { land, borders } = unprojectedOutlines()
  const drawn = (pieces: Array<Located<Polygon | LineString>>) =>
    pieces
      .filter(near)
      .map((piece) => path(piece.geometry as GeoPermissibleObjects) ?? '')
      .join('')
  const [centreX, centreY] = projection([centre.longitude, centre.latitude])!
  const [edgeX, edgeY] = projection([centre.longitude, centre.latitude + radiusMiles / MILES_PER_DEGREE])!
  const map: DrawnMap = {
    area,
    land: drawn(land),
    borders: drawn(borders),
    circle: path(searchCircle(centre, radiusMiles)) ?? null,
    project: ({ latitude, longitude }) => projection([longitude, latitude]),
    pixelsPerMile: Math.hypot(edgeX - centreX, edgeY - centreY) / radiusMiles,
  }
  localMaps.set(key, map)
  if (localMaps.size > LOCAL_MAPS_KEPT) localMaps.delete(localMaps.keys().next().value!)
  return map
}
