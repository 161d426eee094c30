// /resources/map.svg?location=…&distance=…: the geography under the search page's Map view
// (land, water, state and county lines, the search circle) as an image, for the place and
// distance of a search (nationwide without a place). The page draws the markers over it; the
// image is the same for every search of that place, so browsers and caches keep it.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { mapOutlines } from '#app/models/animal-map.server.ts'
import { parseSearchParams } from '#app/utils/search-params.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  // The search's own parsing: an unknown place or distance gives the map the page would show.
  const filters = parseSearchParams(new URL(request.url).searchParams)
  return new Response(await mapOutlines(filters), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
