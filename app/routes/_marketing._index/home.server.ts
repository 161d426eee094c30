// The home page's server functions, imported by the route through this one module: a client
// bundle carries an empty stub, in a chunk (and a request) of its own, for every server module a
// route imports, so one module instead of three keeps the page within its JavaScript budget
// (docs/performance.md, the bonded pairs session).
import { getEnv } from '~/utils/env.server'
export { savedAmong } from '~/models/favorite.server'
export { homeResponseHeaders, homeRows, listingHeaders, PRIVATE_CACHE_CONTROL } from '~/models/listing.server'
export { getPublicSupabase } from '~/utils/supabase.server'

/** The support contact the home page's Organization names (app/utils/structured-data.ts). */
export function supportContact() {
  const env = getEnv()
  return { email: env.SUPPORT_EMAIL, telephone: env.SUPPORT_PHONE }
}
