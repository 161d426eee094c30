// The animal page's server modules, imported through this one file: the client build replaces
// each `.server` module a route imports with an empty stub, and a stub shared by several routes
// becomes a script of its own (about 0.4 KB with its headers). One stub of the page's own is
// bundled into the page's script instead: room under the 120 KB budget (docs/performance.md).
export { savedAmong } from '~/models/favorite.server'
export {
  getListedAnimal,
  getUnlistedAnimal,
  listingHeaders,
  listingResponseHeaders,
  nearbyAvailableAnimals,
  type ShelterPlace,
} from '~/models/listing.server'
export { linkifiedParagraphs } from '~/utils/linkify.server'
export { getPublicSupabase } from '~/utils/supabase.server'
