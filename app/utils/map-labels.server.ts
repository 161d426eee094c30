// Which cities a map names, and on which side: the largest first, each only where its dot and
// name touch no marker, no other name and not the frame's edge at the narrowest width the map
// is drawn in a layout (names keep their size in CSS pixels, so a wider map only spreads them).
import type { MapMarker, MarkerLayout } from '#app/utils/map-markers.server.ts'
import { MAP_HEIGHT, MAP_WIDTH, type MapCity } from '#app/utils/us-map.server.ts'

/** The size of a city's name, in CSS pixels (the least the page writes anything in). */
export const CITY_NAME_SIZE = 12
/** From a city's dot to its name, in CSS pixels. */
const NAME_OFFSET = 5
/** How many names a map carries at most in a layout: enough to orient by, few enough to read. */
const MAX_NAMES = 8

export type CityLabel = { name: string; x: number; y: number; side: 'right' | 'left' }

type Box = { left: number; top: number; right: number; bottom: number }

/** A name's width at CITY_NAME_SIZE: a generous average letter, so a guess errs towards room. */
export function nameWidth(name: string): number {
  return name.length * CITY_NAME_SIZE * 0.6
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

function touchesCircle(box: Box, x: number, y: number, radius: number): boolean {
  const nearestX = Math.max(box.left, Math.min(x, box.right))
  const nearestY = Math.max(box.top, Math.min(y, box.bottom))
  return Math.hypot(x - nearestX, y - nearestY) < radius
}

/**
 * The names to write, largest city first. `avoid` holds other points drawn on the map (the
 * search's centre), in frame units.
 */
export function cityLabels(
  cities: MapCity[],
  markers: MapMarker[],
  layout: MarkerLayout,
  avoid: Array<[number, number]> = [],
): CityLabel[] {
  const scale = layout.width / MAP_WIDTH
  const frame: Box = { left: 2, top: 2, right: MAP_WIDTH * scale - 2, bottom: MAP_HEIGHT * scale - 2 }
  const circles = [
    ...markers.flatMap((marker) =>
      marker.x === null || marker.y === null ? [] : [{ x: marker.x * scale, y: marker.y * scale, r: marker.radius + 3 }],
    ),
    ...avoid.map(([x, y]) => ({ x: x * scale, y: y * scale, r: 8 })),
  ]
  const taken: Box[] = []
  const labels: CityLabel[] = []
  for (const city of cities) {
    if (labels.length >= MAX_NAMES) break
    const x = city.x * scale
    const y = city.y * scale
    const width = nameWidth(city.name)
    const half = CITY_NAME_SIZE * 0.7
    const dot: Box = { left: x - 3, top: y - 3, right: x + 3, bottom: y + 3 }
    const sides = {
      right: { left: x - 3, top: y - half, right: x + NAME_OFFSET + width, bottom: y + half },
      left: { left: x - NAME_OFFSET - width, top: y - half, right: x + 3, bottom: y + half },
    }
    const side = (['right', 'left'] as const).find((candidate) => {
      const box = sides[candidate]
      return (
        box.left >= frame.left &&
        box.right <= frame.right &&
        box.top >= frame.top &&
        box.bottom <= frame.bottom &&
        !circles.some((circle) => touchesCircle(box, circle.x, circle.y, circle.r)) &&
        !taken.some((other) => overlaps(box, other))
      )
    })
    if (!side) {
      // Its dot alone still keeps later names off the place.
      taken.push(dot)
      continue
    }
    taken.push({ left: sides[side].left - 2, top: sides[side].top - 2, right: sides[side].right + 2, bottom: sides[side].bottom + 2 })
    labels.push({ name: city.name, x: city.x, y: city.y, side })
  }
  return labels
}
