// The animal a result card shows: the rows public.animal_card_rows() makes (through
// search_animals(), waiting_longest() and my_favorites()), typed by the database's composite
// types (app/types/database.ts). The listing, bonded and favorite models return it, and the
// cards and the animal page read it.
import type { CompositeTypes } from '#app/types/database.ts'

/** One result card, a public.animal_card. Its bonded companions: the card shows the group. */
export type AnimalCardData = CompositeTypes<'animal_card'>

/** An animal adopted with another, as its companion's card and page show it: a public.companion_card. */
export type CompanionCard = CompositeTypes<'companion_card'>
