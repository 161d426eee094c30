// The view beacon: each animal and shelter page shows a 1×1 image from here, so a view counts
// even when a CDN served the page, and without JavaScript. Always the same empty image, never
// cached, whatever was counted (decision 036; app/models/page-activity.server.ts).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { countPageActivity, pageId } from '#app/models/page-activity.server.ts'

// A transparent 1×1 GIF (43 bytes).
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams
  const animal = pageId(search.get('animal'))
  const shelter = pageId(search.get('shelter'))
  if (animal) countPageActivity(request, 'animal-view', animal)
  else if (shelter) countPageActivity(request, 'shelter-view', shelter)
  return new Response(PIXEL, {
    headers: {
      'Content-Type': 'image/gif',
      'Content-Length': String(PIXEL.length),
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
