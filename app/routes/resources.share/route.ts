// The Share link of an animal's page. Without JavaScript it is a link here: the use is counted
// and the visitor lands back on the animal's page at its share section (#share, shown while it
// is the target), with the address to copy and the ways to send it. With JavaScript the
// page opens the share sheet (or copies the link) and tells us with navigator.sendBeacon (POST).
// Counted once per address per animal per day, never for bots or other sites' requests
// (decision 036; app/models/page-activity.server.ts).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { SHARE_SECTION_ID } from '#app/components/listings/share-link.tsx'
import { countPageActivity, pageId } from '#app/models/page-activity.server.ts'

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }

export async function loader({ request }: LoaderFunctionArgs) {
  const animal = pageId(new URL(request.url).searchParams.get('animal'))
  if (!animal) return redirect('/search', { headers: NO_STORE })
  countPageActivity(request, 'animal-share', animal)
  return redirect(`/animals/${animal}#${SHARE_SECTION_ID}`, { status: 303, headers: NO_STORE })
}

export async function action({ request }: ActionFunctionArgs) {
  const animal = pageId(new URL(request.url).searchParams.get('animal'))
  if (animal) countPageActivity(request, 'animal-share', animal)
  return new Response(null, { status: 204, headers: NO_STORE })
}
