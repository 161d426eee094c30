// The Map view's markup, made on the server as a string: the search page's JavaScript budget
// has no room for a map component, and nothing on the map needs JavaScript (its markers are
// plain links). The route puts this string in the page as it is.
import { formatCount } from '#app/utils/listing-format.ts'
import { escapeHtml } from '#app/utils/html.ts'
import type { MapMarker } from '#app/utils/map-markers.server.ts'

export type ResultsMapInput = {
  map: { width: number; height: number; area: string; land: string; borders: string; circle: string | null }
  /** The search place in the frame, when there is one. */
  centre: [number, number] | null
  markers: MapMarker[]
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

function markerSvg(marker: MapMarker): string {
  const label = escapeHtml(marker.label)
  const fill = marker.count === 1 ? 'fill-amber-700' : 'fill-brand-700'
  const number =
    marker.count > 1
      ? `<text x="${marker.x}" y="${marker.y}" dy="0.35em" text-anchor="middle" class="pointer-events-none fill-white text-[13px] font-bold">${markerCount(marker.count)}</text>`
      : ''
  // The second circle is the focus ring: drawn only while the marker has keyboard focus.
  return (
    `<a href="${escapeHtml(marker.href)}" aria-label="${label}" class="group focus:outline-none">` +
    `<title>${label}</title>` +
    `<circle cx="${marker.x}" cy="${marker.y}" r="${marker.radius}" stroke-width="2" class="${fill} stroke-white group-hover:fill-brand-900"/>` +
    `<circle cx="${marker.x}" cy="${marker.y}" r="${marker.radius + 5}" stroke-width="3" class="fill-none stroke-transparent group-focus-visible:stroke-gray-900"/>` +
    number +
    `</a>`
  )
}

/** The map (an SVG with a title, a description and a link per marker), a note, and the same markers as a list. */
export function renderResultsMap({ map, centre, markers, total, unplaced }: ResultsMapInput): string {
  const onMap = markers.filter((marker) => marker.x !== null && marker.y !== null)
  const description =
    onMap.length === 0
      ? 'No pets to show on the map.'
      : `${onMap.length === 1 ? 'One marker' : `${formatCount(onMap.length)} markers`}, each a link to an animal or to the list of the pets near it.` +
        ' The same places are listed after the map.'
  const svg =
    `<svg viewBox="0 0 ${map.width} ${map.height}" class="block h-auto w-full" aria-labelledby="results-map-title" aria-describedby="results-map-description">` +
    `<title id="results-map-title">${escapeHtml(`Map of ${pets(total)} found in ${map.area}`)}</title>` +
    `<desc id="results-map-description">${escapeHtml(description)}</desc>` +
    `<path d="${map.land}" stroke-width="1" stroke-linejoin="round" class="fill-white stroke-gray-400"/>` +
    `<path d="${map.borders}" stroke-width="1" stroke-linejoin="round" class="fill-none stroke-gray-300"/>` +
    (map.circle ? `<path d="${map.circle}" stroke-width="2" stroke-dasharray="8 6" class="fill-brand-600/10 stroke-brand-700"/>` : '') +
    (centre
      ? `<circle cx="${centre[0].toFixed(1)}" cy="${centre[1].toFixed(1)}" r="6" stroke-width="2" aria-hidden="true" class="fill-gray-900 stroke-white"/>`
      : '') +
    onMap.map(markerSvg).join('') +
    `</svg>`
  const note =
    'Numbers mark several pets in one place; a plain marker is one pet.' +
    (unplaced > 0
      ? ` ${unplaced === 1 ? '1 pet is' : `${formatCount(unplaced)} pets are`} in the list but not on the map: ${unplaced === 1 ? 'its shelter has' : 'their shelters have'} no location yet.`
      : '')
  const list = markers.length
    ? `<section aria-labelledby="map-places-heading" class="mt-6">` +
      `<h3 id="map-places-heading" class="text-lg font-semibold text-gray-900">On the map</h3>` +
      `<ul class="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">` +
      markers
        .map(
          (marker) =>
            `<li><a href="${escapeHtml(marker.href)}" class="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">${escapeHtml(marker.label)}</a>` +
            (marker.x === null ? ' <span class="text-sm text-gray-600">(not on the map)</span>' : '') +
            `</li>`,
        )
        .join('') +
      `</ul></section>`
    : ''
  return (
    `<figure class="mt-6 overflow-hidden rounded-2xl border border-gray-200 bg-sky-50">${svg}</figure>` +
    `<p class="mt-2 text-sm text-gray-600">${escapeHtml(note)}</p>` +
    list
  )
}
