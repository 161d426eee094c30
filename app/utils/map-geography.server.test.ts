import { geoPath, geoTransform } from 'd3-geo'
import { describe, expect, it } from 'vitest'
import { countyLines, piecesOf, thinned, unprojectedGeography } from '#app/utils/map-geography.server.ts'

// Draws longitude and latitude as they are: x = longitude, y = latitude.
const identity = geoTransform({
  point(x, y) {
    this.stream.point(x, y)
  },
})

describe('thinned', () => {
  it('drops points closer than the tolerance to the last one kept, keeping each line\u2019s ends', () => {
    const path = geoPath(thinned(identity, 1))
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [0, 0],
        [0.3, 0],
        [0.6, 0],
        [1.2, 0],
        [1.5, 0],
        [1.7, 0],
      ],
    }
    expect(path(line)).toBe('M0,0L1.2,0L1.7,0')
    expect(geoPath(identity)(line)).toBe('M0,0L0.3,0L0.6,0L1.2,0L1.5,0L1.7,0')
  })
})

describe('piecesOf', () => {
  it('splits a geometry into polygons and lines, each with its bounds', () => {
    const pieces = piecesOf({
      type: 'MultiLineString',
      coordinates: [
        [
          [-98, 30],
          [-97, 31],
        ],
        [
          [-75, 40],
          [-74, 41.5],
        ],
      ],
    })
    expect(pieces.map(({ west, east, south, north }) => [west, east, south, north])).toEqual([
      [-98, -97, 30, 31],
      [-75, -74, 40, 41.5],
    ])
  })
})

describe('unprojectedGeography', () => {
  it('reads every layer once: the US, the land around it, lakes, rivers, county and state lines', () => {
    const geography = unprojectedGeography()
    expect(unprojectedGeography()).toBe(geography)
    for (const layer of Object.values(geography)) expect(layer.length).toBeGreaterThan(10)
    // Lake Superior, by its bounds.
    expect(geography.lakes.some((lake) => lake.west < -91 && lake.east > -85 && lake.north > 48)).toBe(true)
  })

  it('draws county lines only between counties of one state', () => {
    const topology = {
      type: 'Topology' as const,
      arcs: [
        [
          [0, 0],
          [0, 1],
        ],
        [
          [0, 1],
          [1, 1],
        ],
      ],
      objects: {
        counties: {
          type: 'GeometryCollection' as const,
          geometries: [
            { type: 'Polygon' as const, id: '48001', arcs: [[0, 1]] },
            { type: 'Polygon' as const, id: '48003', arcs: [[-1]] },
            { type: 'Polygon' as const, id: '35001', arcs: [[-2]] },
          ],
        },
      },
    }
    expect(countyLines(topology).coordinates).toEqual([
      [
        [0, 0],
        [0, 1],
      ],
    ])
  })
})
