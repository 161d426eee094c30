// The home page's server functions, imported by the route through this one module: a client
// bundle carries an empty stub, in a chunk (and a request) of its own, for every server module a
// route imports, so one module instead of three keeps the page within its JavaScript budget
// (docs/performance.md, the bonded pairs session).
import { getEnv } from '#app/utils/env.server.ts'
export { json } from '@remix-run/node'
export { savedAmong } from '#app/models/favorite.server.ts'
export { homeResponseHeaders, homeRows, listingHeaders, PRIVATE_CACHE_CONTROL } from '#app/models/listing.server.ts'
export { getPublicSupabase } from '#app/utils/supabase.server.ts'

/** The support contact the home page's Organization names (app/utils/structured-data.ts). */
export function supportContact() {
  const env = getEnv()
  return { email: env.SUPPORT_EMAIL, telephone: env.SUPPORT_PHONE }
}
