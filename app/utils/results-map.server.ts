// The Map view's markup, made on the server as a string: the search page's JavaScript budget
// has no room for a map component, and nothing on the map needs JavaScript (its markers are
// plain links). The route puts this string in the page as it is.
//
// The geography is an image that scales with the page (renderMapOutlines); markers, their counts
// and city names are drawn over it in an <svg> without a viewBox, placed by percentages of the
// map's width and height but sized in CSS pixels, so they are as large on a 360 px phone as on a
// wide screen. One set of markers for phones, another from the `sm` breakpoint on: CSS shows one.
import { formatCount } from '#app/utils/listing-format.ts'
import { escapeHtml } from '#app/utils/html.ts'
import { CITY_NAME_SIZE, type CityLabel } from '#app/utils/map-labels.server.ts'
import { PHONE_LAYOUT, WIDE_LAYOUT, type MapMarker, type MapPlace, type MarkerLayout } from '#app/utils/map-markers.server.ts'
import type { MapPaths } from '#app/utils/us-map.server.ts'

export type MapLayer = { markers: MapMarker[]; labels: CityLabel[] }

export type ResultsMapInput = {
  /** The frame, what it shows, and where its geography is (renderMapOutlines' image). */
  map: { width: number; height: number; area: string; outlinesHref: string }
  /** The search place in the frame, when there is one. */
  centre: [number, number] | null
  layers: { phone: MapLayer; wide: MapLayer }
  places: MapPlace[]
  total: number
  unplaced: number
}

function pets(count: number): string {
  return count === 1 ? '1 pet' : `${formatCount(count)} pets`
}

/** '3', '999', '1k', '12k': what fits inside a marker. */
export function markerCount(count: number): string {
  return count > 999 ? `${Math.floor(count / 1000)}k` : String(count)
}

/** A frame coordinate as a percentage of the frame's size: where it is at any width. */
function percent(value: number, size: number): string {
  return `${Math.round((value / size) * 10_000) / 100}%`
}

type Frame = { width: number; height: number }

function markerSvg(marker: MapMarker, frame: Frame, layout: MarkerLayout): string {
  const label = escapeHtml(marker.label)
  const fill = marker.count === 1 ? 'fill-amber-700' : 'fill-brand-700'
  const x = percent(marker.x!, frame.width)
  const y = percent(marker.y!, frame.height)
  const number =
    marker.count > 1
      ? `<text x="${x}" y="${y}" dy="0.35em" text-anchor="middle" font-size="${layout.countSize}" class="pointer-events-none fill-white font-bold">${markerCount(marker.count)}</text>`
      : ''
  // The second circle is the focus ring: drawn only while the marker has keyboard focus.
  return (
    `<a href="${escapeHtml(marker.href)}" aria-label="${label}" class="group focus:outline-none">` +
    `<title>${label}</title>` +
    `<circle cx="${x}" cy="${y}" r="${marker.radius}" stroke-width="2" class="${fill} stroke-white group-hover:fill-brand-900"/>` +
    `<circle cx="${x}" cy="${y}" r="${marker.radius + 4}" stroke-width="3" class="fill-none stroke-transparent group-focus-visible:stroke-gray-900"/>` +
    number +
    `</a>`
  )
}

function cityLabelSvg(label: CityLabel, frame: Frame): string {
  const x = percent(label.x, frame.width)
  const y = percent(label.y, frame.height)
  const side = label.side === 'right' ? 'dx="5"' : 'dx="-5" text-anchor="end"'
  return (
    `<circle cx="${x}" cy="${y}" r="2.5" class="fill-gray-700"/>` +
    `<text x="${x}" y="${y}" ${side} dy="0.35em">${escapeHtml(label.name)}</text>`
  )
}

/** A layer's city names (for sighted readers: the places are listed after the map) and its markers. */
function layerSvg(layer: MapLayer, frame: Frame, layout: MarkerLayout, className: string): string {
  const onMap = layer.markers.filter((marker) => marker.x !== null && marker.y !== null)
  return (
    `<g class="${className}">` +
    (layer.labels.length
      ? `<g aria-hidden="true" font-size="${CITY_NAME_SIZE}" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke" class="fill-gray-800">` +
        layer.labels.map((label) => cityLabelSvg(label, frame)).join('') +
        `</g>`
      : '') +
    onMap.map((marker) => markerSvg(marker, frame, layout)).join('') +
    `</g>`
  )
}

/**
 * The geography under the markers as an SVG document of its own, which the page shows as an
 * image (app/routes/resources.map[.svg]): the same for every search of a place, so the browser
 * caches it, and its paths are not written into the page twice (the markup and Remix's copy of
 * the loader's data). Colours are Tailwind's (stone-200, gray-300/400, sky-200/400, brand-700);
 * strokes keep their width in CSS pixels at any size.
 */
export function renderMapOutlines(map: MapPaths & { width: number; height: number }): string {
  const path = (d: string, attributes: string) => (d ? `<path d="${d}" vector-effect="non-scaling-stroke" ${attributes}/>` : '')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${map.width} ${map.height}" width="${map.width}" height="${map.height}">` +
    `<rect width="${map.width}" height="${map.height}" fill="#bae6fd"/>` +
    path(map.otherLand, 'fill="#e7e5e4"') +
    path(map.land, 'fill="#fff" stroke="#9ca3af" stroke-width="1" stroke-linejoin="round"') +
    path(map.lakes, 'fill="#bae6fd" stroke="#38bdf8" stroke-width="0.75"') +
    path(map.rivers, 'fill="none" stroke="#38bdf8" stroke-width="1" stroke-linejoin="round"') +
    path(map.counties, 'fill="none" stroke="#d1d5db" stroke-width="0.75" stroke-linejoin="round"') +
    path(map.borders, 'fill="none" stroke="#9ca3af" stroke-width="1" stroke-linejoin="round"') +
    (map.circle ? path(map.circle, 'fill="#ea580c" fill-opacity="0.1" stroke="#c2410c" stroke-width="2" stroke-dasharray="6 4"') : '') +
    `</svg>`
  )
}

function placeItem(place: MapPlace): string {
  return (
    `<li><a href="${escapeHtml(place.href)}" class="inline-block py-2.5 font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:py-1">${escapeHtml(place.label)}</a>` +
    (place.onMap ? '' : ' <span class="text-sm text-gray-600">(not on the map)</span>') +
    `</li>`
  )
}

/** The map (an SVG with a title, a description and a link per marker), a note, and every place it shows listed beside it. */
export function renderResultsMap({ map, centre, layers, places, total, unplaced }: ResultsMapInput): string {
  const frame = { width: map.width, height: map.height }
  const anyOnMap = places.some((place) => place.onMap)
  const description = anyOnMap
    ? 'Each marker is a link to an animal or to the list of the pets near it; a number marks several pets. The same places are listed after the map.'
    : 'No pets to show on the map.'
  const svg =
    // No viewBox: the markers drawn here are sized in CSS pixels; the geography scales inside.
    `<svg class="relative block aspect-[975/610] w-full" aria-labelledby="results-map-title" aria-describedby="results-map-description">` +
    `<title id="results-map-title">${escapeHtml(`Map of ${pets(total)} found in ${map.area}`)}</title>` +
    `<desc id="results-map-description">${escapeHtml(description)}</desc>` +
    (centre
      ? `<circle cx="${percent(centre[0], frame.width)}" cy="${percent(centre[1], frame.height)}" r="5" stroke-width="2" aria-hidden="true" class="fill-gray-900 stroke-white"/>`
      : '') +
    layerSvg(layers.phone, frame, PHONE_LAYOUT, 'sm:hidden') +
    layerSvg(layers.wide, frame, WIDE_LAYOUT, 'hidden sm:inline') +
    `</svg>`
  const note =
    'Numbers mark several pets in one place; a plain marker is one pet.' +
    (unplaced > 0
      ? ` ${unplaced === 1 ? '1 pet is' : `${formatCount(unplaced)} pets are`} in the list but not on the map: ${unplaced === 1 ? 'its shelter has' : 'their shelters have'} no location yet.`
      : '')
  const list = places.length
    ? `<section aria-labelledby="map-places-heading" class="mt-6 lg:mt-0">` +
      `<h3 id="map-places-heading" class="text-lg font-semibold text-gray-900">On the map</h3>` +
      `<ul class="mt-2">${places.map(placeItem).join('')}</ul>` +
      `</section>`
    : ''
  return (
    // The list beside the map from `lg` on; with nothing to list, the map alone, as wide.
    `<div class="${places.length ? 'mt-6 lg:grid lg:grid-cols-3 lg:items-start lg:gap-8' : 'mt-6'}">` +
    // Edge to edge on a phone: every pixel of a 360 px screen for the map.
    `<div class="-mx-4 sm:mx-0 lg:col-span-2">` +
    `<figure class="relative overflow-hidden border-y border-gray-200 bg-sky-200 sm:rounded-2xl sm:border">` +
    `<img src="${escapeHtml(map.outlinesHref)}" alt="" width="${map.width}" height="${map.height}" class="absolute inset-0 h-full w-full">` +
    `${svg}</figure>` +
    `<p class="mx-4 mt-2 text-sm text-gray-600 sm:mx-0">${escapeHtml(note)}</p>` +
    `</div>` +
    list +
    `</div>`
  )
}
