// /og/animals/<id>?v=<version>: the animal's share card (og:image), a 1200 × 630 PNG with its
// photo, name, shelter and city (app/models/share-card.server.ts). Listed and adopted animals
// have one; anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getListedAnimal, getUnlistedAnimal } from '~/models/listing.server'
import { animalCard } from '~/models/share-card.server'
import { cardNotFound, shareCardResponse } from '~/utils/share-card-response.server'
import { getPublicSupabase } from '~/utils/supabase.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supabase = getPublicSupabase()
  const id = params.animalId ?? ''
  const listed = await getListedAnimal(supabase, id)
  const animal = listed ?? (await getUnlistedAnimal(supabase, id))?.animal
  if (!animal) return cardNotFound()
  return shareCardResponse(request, animalCard(animal))
}
