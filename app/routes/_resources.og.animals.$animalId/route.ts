// /og/animals/<id>?v=<version>: the animal's share card (og:image), a 1200 × 630 PNG with its
// photo, name, shelter and city (app/models/share-card.server.ts). Listed and adopted animals
// have one; anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getListedAnimal, getUnlistedAnimal } from '#app/models/listing.server.ts'
import { animalCard } from '#app/models/share-card.server.ts'
import { cardNotFound, shareCardResponse } from '#app/utils/share-card-response.server.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supabase = getPublicSupabase()
  const id = params.animalId ?? ''
  const listed = await getListedAnimal(supabase, id)
  const animal = listed ?? (await getUnlistedAnimal(supabase, id))?.animal
  if (!animal) return cardNotFound()
  return shareCardResponse(request, animalCard(animal))
}
