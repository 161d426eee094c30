// /og/shelters/<slug>?v=<version>: an approved shelter's share card (og:image), a 1200 × 630
// PNG with its name and city (app/models/share-card.server.ts).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getApprovedShelter } from '#app/models/listing.server.ts'
import { shelterCard } from '#app/models/share-card.server.ts'
import { cardNotFound, shareCardResponse } from '#app/utils/share-card-response.server.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shelter = await getApprovedShelter(getPublicSupabase(), params.slug ?? '')
  if (!shelter) return cardNotFound()
  return shareCardResponse(request, shelterCard(shelter))
}
