// The animal page's reads, in one server module beside the route: the route imports only this,
// so the page's client bundle carries one empty stub for it instead of a chunk (and a request)
// per server module it used (docs/performance.md, the bonded pairs session).
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import type { AnimalCardData } from '#app/models/animal-card.ts'
import { paragraphs } from '#app/utils/listing-format.ts'
import { companionsOf } from '#app/models/bonded.server.ts'
import { savedAmong } from '#app/models/favorite.server.ts'
import {
  getListedAnimal,
  getUnlistedAnimal,
  listingHeaders,
  listingResponseHeaders,
  nearbyAvailableAnimals,
  UUID,
  type ShelterPlace,
} from '#app/models/listing.server.ts'
import { linkifiedParagraphs } from '#app/utils/linkify.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import { joinNames } from '#app/utils/names.ts'
import { animalPhotoSrc } from '#app/utils/photos.ts'
import { getOpenApplicationFor } from '#app/models/application.server.ts'
import { getApplicationIntake, similarSearches } from '#app/models/application-intake.server.ts'
import { listingFreshness } from '#app/models/listing-freshness.server.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { formatDate } from '#app/utils/date-time.ts'
import { getReaderZone } from '#app/utils/reader-zone.server.ts'
import { getPublicSupabase, hasSessionCookie } from '#app/utils/supabase.server.ts'
import { siteUrl } from '#app/utils/site-url.server.ts'
import { animalCard, animalCardPath } from '#app/models/share-card.server.ts'
import type { AnimalType } from '#app/utils/vocabulary.ts'

export { listingHeaders as animalPageHeaders }

/** What a 410 carries to the boundary: the suggestions instead of the animal. */
export type GoneData = { nearby: AnimalCardData[]; saved: string[] | null; searchHref: string }

/** The animal, its companions when it is one of a bonded group, and what the visitor saved. */
export async function loadAnimalPage({ request, params }: LoaderFunctionArgs) {
  const supabase = getPublicSupabase()
  const id = params.animalId ?? ''
  const headers = listingResponseHeaders(request)
  // Which of it a signed-in visitor saved, asked alongside: the auth check inside is then the
  // root loader's, shared while in flight, rather than a second one after the animal's read.
  const [listed, saved, applied, intake, freshnessById] = await Promise.all([
    getListedAnimal(supabase, id),
    savedAmong(request, [id]),
    openApplication(request, id),
    UUID.test(id) ? getApplicationIntake(supabase, id) : null,
    // Read beside the animal, not after it: animal_freshness answers only for a listed one.
    listingFreshness(supabase, UUID.test(id) ? [id] : []),
  ])
  // A bonded animal's companions (listed ones: the public client), in one call; most animals
  // have none, and their page asks nothing more.
  const companions = listed?.bonded_group_id ? await companionsOf(supabase, [listed.id]) : new Map<string, never[]>()
  const freshness = listed ? (freshnessById[listed.id] ?? null) : null
  const unlisted = listed ? null : await getUnlistedAnimal(supabase, id)
  // Unknown, or at a shelter not approved: nothing to say about it.
  if (!listed && !unlisted) throw new Response('Not found', { status: 404, headers })
  // Archived by its shelter: gone for good (410), with animals nearby instead.
  if (unlisted?.status === 'archived') {
    const nearby = await nearbyAvailableAnimals(supabase, unlisted.type, unlisted.place)
    const favorites = await savedAmong(
      request,
      nearby.map((animal) => animal.id),
    )
    const gone: GoneData = { nearby, saved: favorites.saved, searchHref: searchHref(unlisted.type, unlisted.place) }
    throw json(gone, { status: 410, headers: combineHeaders(headers, favorites.headers) })
  }
  const animal = listed ?? unlisted!.animal!
  const site = siteUrl(request)
  const photos = animal.photos.flatMap((photo) => {
    const src = animalPhotoSrc(photo, 1200)
    return src ? [{ src, alt: photo.alt || `${animal.name}, photo ${photo.position + 1}`, width: photo.width, height: photo.height }] : []
  })
  const page = {
    description: linkifiedParagraphs(animal.description),
    metaDescription: (paragraphs(animal.description)[0] ?? `Meet ${animal.name} at ${animal.shelter.shelter_name}.`).slice(0, 200),
    photos,
    pageUrl: `${site}/animals/${animal.id}`,
    siteUrl: site,
    // The share card (a PNG with the photo, name, shelter and city), named by its version.
    ogImage: `${site}${animalCardPath(animal.id, animalCard(animal))}`,
  }
  // The description goes out once, as paragraphs of text and links (linkify-it stays on the server).
  if (listed) {
    const { description: _description, bonded_group_id: _group, ...details } = listed
    const closed = intake && intake.state !== 'open' ? await applicationsClosed(request, listed, intake.state, intake.openCap) : null
    return json(
      {
        ...page,
        status: 'listed' as const,
        animal: details,
        bonded: bondedGroup(listed.name, companions.get(listed.id) ?? []),
        saved: saved.saved ? saved.saved.includes(listed.id) : null,
        applied,
        closed: closed?.page ?? null,
        freshness,
      },
      { headers: combineHeaders(headers, saved.headers, closed?.headers) },
    )
  }
  const { description: _description, ...details } = unlisted!.animal!
  const nearby = await nearbyAvailableAnimals(supabase, unlisted!.type, unlisted!.place)
  const favorites = await savedAmong(
    request,
    nearby.map((animal) => animal.id),
  )
  return json(
    {
      ...page,
      status: 'adopted' as const,
      animal: details,
      nearby,
      saved: favorites.saved,
      searchHref: searchHref(unlisted!.type, unlisted!.place),
    },
    { headers: combineHeaders(headers, favorites.headers) },
  )
}

/**
 * A paused or full animal: what its page offers instead of Apply (a search to save for its
 * type near its shelter, and similar pets nearby other than itself).
 */
async function applicationsClosed(
  request: Request,
  animal: { id: string; type: AnimalType; shelter: ShelterPlace },
  state: 'paused' | 'full',
  openCap: number | null,
) {
  const nearby = (await nearbyAvailableAnimals(getPublicSupabase(), animal.type, animal.shelter)).filter((card) => card.id !== animal.id)
  const favorites = await savedAmong(
    request,
    nearby.map((card) => card.id),
  )
  return {
    page: { intake: { state, openCap }, nearby, saved: favorites.saved, ...similarSearches(animal.type, animal.shelter.zip_code) },
    headers: favorites.headers,
  }
}

/** The signed-in visitor's open application for this animal, so the page leads to it instead of a second one. */
async function openApplication(request: Request, animalId: string): Promise<{ id: string; appliedOn: string } | null> {
  if (!hasSessionCookie(request) || !UUID.test(animalId)) return null
  const { user, supabase } = await getUser(request)
  const application = user ? await getOpenApplicationFor(supabase, user.id, animalId) : null
  if (!user || !application) return null
  // The date in the reader's zone, written here: the page's scripts then carry no date code
  // for this one line (app/utils/date-time.ts and client-hints.tsx, two scripts).
  return { id: application.id, appliedOn: formatDate(application.created_at, await getReaderZone(request, { user, supabase })) }
}

/**
 * A bonded animal's companions as the page shows them, with the sentence that says they go
 * home together ('Buddy and Max are a bonded pair: they go home together.'); null for most.
 */
function bondedGroup(name: string, companions: Array<{ id: string; name: string; photo_path: string | null; photo_url: string | null }>) {
  if (!companions.length) return null
  const names = joinNames([name, ...companions.map((companion) => companion.name)])
  return {
    sentence: `${names} are a bonded ${companions.length === 1 ? 'pair' : 'group'}: they go home together.`,
    companions: companions.map((companion) => ({
      id: companion.id,
      name: companion.name,
      photo: animalPhotoSrc({ storage_path: companion.photo_path, external_url: companion.photo_url }, 160),
    })),
  }
}

/** The search for more animals like it near its shelter, in the search's normal URL (location first). */
function searchHref(type: AnimalType, place: ShelterPlace): string {
  const params = new URLSearchParams(place.zip_code ? { location: place.zip_code } : {})
  params.set('type', type)
  return `/search?${params}`
}
