// What `npm run bench` drives, and the figures issue 5 sets for them. The pages come from the
// Remix app; the `api:` targets go straight to the embedded backend (PostgREST-style REST), so
// the database's share of a page is visible on its own.
import { createHash } from 'node:crypto'
import { CITIES } from '../scripts/lib/demo-data/cities.ts'

export type Target = {
  name: string
  /** Where it is served: the app, or localbase's REST API. */
  server: 'app' | 'api'
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  /** p95 latency and throughput the issue asks for, if any. */
  goal?: { p95Ms?: number; minRequestsPerSecond?: number }
}

/** Demo animal n's id, as the seed makes it: md5('pawhaven-demo-animal-<n>') as a uuid. */
export function demoAnimalId(n: number): string {
  const hex = createHash('md5').update(`pawhaven-demo-animal-${n}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function benchTargets(): Target[] {
  const city = CITIES[0]! // New York: the seed puts shelters around every city, this one first.
  const animal = demoAnimalId(1)
  // As the page asks for it: with a location, nearest first.
  const nearCity = { lat: city.latitude, lon: city.longitude, radius_miles: 100, type: 'dog', sort: 'distance' }
  return [
    { name: 'static asset', server: 'app', method: 'GET', path: '/favicon.svg' },
    { name: 'home', server: 'app', method: 'GET', path: '/' },
    {
      name: 'search, ZIP + 100 mi + dogs',
      server: 'app',
      method: 'GET',
      path: `/search?location=${city.zip}&distance=100&type=dog`,
      goal: { p95Ms: 120, minRequestsPerSecond: 80 },
    },
    { name: 'search, everything', server: 'app', method: 'GET', path: '/search' },
    { name: 'animal page', server: 'app', method: 'GET', path: `/animals/${animal}`, goal: { p95Ms: 60 } },
    { name: 'api: search rpc, 100 mi + dogs', server: 'api', method: 'POST', path: '/rest/v1/rpc/search_animals', body: nearCity },
    { name: 'api: search rpc, everything', server: 'api', method: 'POST', path: '/rest/v1/rpc/search_animals', body: {} },
    {
      name: 'api: animal with photos + shelter',
      server: 'api',
      method: 'GET',
      path: `/rest/v1/animals?id=eq.${animal}&select=*,animal_photos(*),shelter_profiles(shelter_name,slug,city,state,phone,contact_email,website)`,
    },
  ]
}
