import { describe, expect, it } from 'vitest'
import { CITY_NAME_SIZE, cityLabels, nameWidth } from '#app/utils/map-labels.server.ts'
import { PHONE_LAYOUT, type MapMarker, type MarkerLayout } from '#app/utils/map-markers.server.ts'
import { MAP_WIDTH, type MapCity } from '#app/utils/us-map.server.ts'

// One CSS pixel per frame unit, so the boxes below read in pixels.
const plain: MarkerLayout = { width: MAP_WIDTH, radius: () => 20, countSize: 13 }
const city = (name: string, x: number, y: number): MapCity => ({ name, x, y, population: 1000 })
const marker = (x: number, y: number): MapMarker => ({ x, y, radius: 20, count: 2, label: '2 animals near X', href: '/search' })

describe('cityLabels', () => {
  it('names the largest cities first, right of their dot, and none under a marker', () => {
    const labels = cityLabels([city('Austin', 400, 300), city('Round Rock', 400, 200), city('Kyle', 600, 400)], [marker(405, 300)], plain)
    expect(labels).toEqual([
      { name: 'Round Rock', x: 400, y: 200, side: 'right' },
      { name: 'Kyle', x: 600, y: 400, side: 'right' },
    ])
  })

  it('writes a name left of its dot near the frame\u2019s right edge, and leaves out one that fits nowhere', () => {
    const labels = cityLabels([city('Eastport', 960, 100), city('Squeezed', 480, 300)], [marker(440, 300), marker(520, 300)], plain)
    expect(labels).toEqual([{ name: 'Eastport', x: 960, y: 100, side: 'left' }])
  })

  it('keeps names apart from each other and from the search\u2019s centre', () => {
    const labels = cityLabels([city('Dallas', 300, 300), city('Irving', 300, 305), city('Plano', 500, 300)], [], plain, [[510, 300]])
    expect(labels.map((label) => label.name)).toEqual(['Dallas'])
  })

  it('places names for the width the layout is drawn at: a phone has room for fewer', () => {
    // 60 frame units apart: 60 px on the wide frame, 22 px on a 360 px phone.
    const cities = [city('Alpha', 300, 300), city('Bravo', 300, 340), city('Charlie', 300, 380)]
    expect(cityLabels(cities, [], plain)).toHaveLength(3)
    expect(cityLabels(cities, [], PHONE_LAYOUT)).toHaveLength(2)
    // At most eight, however much room.
    const many = Array.from({ length: 12 }, (_, index) => city(`City ${index}`, 100 + (index % 3) * 300, 50 + Math.floor(index / 3) * 120))
    expect(cityLabels(many, [], plain)).toHaveLength(8)
  })

  it('allows a name room for wide letters, at no less than 12 px', () => {
    expect(CITY_NAME_SIZE).toBeGreaterThanOrEqual(12)
    expect(nameWidth('Minneapolis')).toBeGreaterThanOrEqual(11 * 7)
  })
})
