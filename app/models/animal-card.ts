// The animal a result card shows, as public.search_animals() returns it; the listing, bonded and
// favorite models return it, and the cards and the animal page read it.
import type { AgeGroup, AnimalStatus, AnimalType, Sex, Size } from '#app/utils/vocabulary.ts'

/** One result card, as public.search_animals() returns it. */
export type AnimalCardData = {
  id: string
  name: string
  type: AnimalType
  primary_breed: string | null
  secondary_breed: string | null
  mixed_breed: boolean
  age_group: AgeGroup
  sex: Sex
  size: Size
  status: AnimalStatus
  published_at: string | null
  photo_path: string | null
  photo_url: string | null
  photo_alt: string | null
  shelter_id: string
  shelter_name: string
  shelter_slug: string
  city: string | null
  state: string | null
  distance_miles: number | null
  /** A bonded group's other listed animals (public.listed_companions): the card shows the group. */
  companions?: CompanionCard[]
}

/** An animal adopted with another, as its companion's card and page show it. */
export type CompanionCard = { id: string; name: string; photo_path: string | null; photo_url: string | null; photo_alt: string | null }
