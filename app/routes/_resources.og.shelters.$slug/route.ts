// /og/shelters/<slug>?v=<version>: an approved shelter's share card (og:image), a 1200 × 630
// PNG with its name and city (app/models/share-card.server.ts).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getApprovedShelter } from '~/models/listing.server'
import { shelterCard } from '~/models/share-card.server'
import { cardNotFound, shareCardResponse } from '~/utils/share-card-response.server'
import { getPublicSupabase } from '~/utils/supabase.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shelter = await getApprovedShelter(getPublicSupabase(), params.slug ?? '')
  if (!shelter) return cardNotFound()
  return shareCardResponse(request, shelterCard(shelter))
}
