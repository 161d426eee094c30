// What `npm run bench` drives, and the figures issues 5, 12 and 14 set for them. The pages come from
// the Remix app; the `api:` targets go straight to the embedded backend (PostgREST-style REST),
// so the database's share of a page is visible on its own. Signed-in targets name the bench
// account they are requested as (bench/busy-shelter.ts seeds it; bench/run.ts signs it in).
import { createHash } from 'node:crypto'
import { dashboardHash } from '#app/utils/misc.ts'
import { CITIES } from '#scripts/lib/demo-data/cities.ts'
import { BENCH_ACCOUNTS, type BenchAccount } from '#bench/busy-shelter.ts'

export type Target = {
  name: string
  /** Where it is served: the app, or localbase's REST API. */
  server: 'app' | 'api'
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  /** Extra request headers (the session's cookie or token is added for `as`). */
  headers?: Record<string, string>
  /** Requested signed in as this bench account: its session cookie (app) or access token (api). */
  as?: BenchAccount
  /**
   * Text the answer must contain, checked once before the run: a signed-in page that lost its
   * session may still answer 200 (the animal page, signed out), so the page must show it is theirs.
   */
  expect?: string
  /** p95 latency and throughput the issue asks for, if any. */
  goal?: { p95Ms?: number; minRequestsPerSecond?: number }
}

/** md5(seed) as a uuid, as the seeds make their ids. */
function md5Uuid(seed: string): string {
  const hex = createHash('md5').update(seed).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Demo animal n's id, as the seed makes it: md5('pawhaven-demo-animal-<n>') as a uuid. */
export function demoAnimalId(n: number): string {
  return md5Uuid(`pawhaven-demo-animal-${n}`)
}

/** The bench account's user id, as bench/busy-shelter.ts makes it. */
export function benchAccountId(account: BenchAccount): string {
  return md5Uuid(BENCH_ACCOUNTS[account].idSeed)
}

/** Issue 14: the search page's Map view at p95 ≤ 150 ms at 10 connections. */
const MAP_GOAL = { p95Ms: 150 }

/** Issue 12: each signed-in page at p95 ≤ 100 ms at 10 connections. */
const SIGNED_IN_GOAL = { p95Ms: 100 }
/** Issue 14: the Analytics tab of a shelter with 500 animals and a year of events at p95 ≤ 150 ms. */
const ANALYTICS_GOAL = { p95Ms: 150 }
/** What a browser sends for the view beacon (an image on our own page): counted, not a bot's. */
const BEACON_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-dest': 'image',
}

export function benchTargets(): Target[] {
  const city = CITIES[0]! // New York: the seed puts shelters around every city, this one first.
  const animal = demoAnimalId(1)
  // As the page asks for it: with a location, nearest first.
  const nearCity = { lat: city.latitude, lon: city.longitude, radius_miles: 100, type: 'dog', sort: 'distance' }
  const dashboard = `/dashboard/${dashboardHash(benchAccountId('shelterOwner'))}`
  return [
    { name: 'static asset', server: 'app', method: 'GET', path: '/favicon.svg' },
    { name: 'home', server: 'app', method: 'GET', path: '/' },
    {
      name: 'search, ZIP + 100 mi + dogs',
      server: 'app',
      method: 'GET',
      path: `/search?location=${city.zip}&type=dog`,
      goal: { p95Ms: 120, minRequestsPerSecond: 80 },
    },
    { name: 'search, everything', server: 'app', method: 'GET', path: '/search' },
    // Issue 14: the Map view of the same searches at p95 ≤ 150 ms.
    {
      name: 'search map, ZIP + 100 mi + dogs',
      server: 'app',
      method: 'GET',
      path: `/search?location=${city.zip}&type=dog&view=map`,
      expect: 'results-map-title',
      goal: MAP_GOAL,
    },
    { name: 'search map, everything', server: 'app', method: 'GET', path: '/search?view=map', expect: 'results-map-title', goal: MAP_GOAL },
    // The geography under the Map view, an image of its own (drawn once per place, then kept).
    {
      name: 'search map outlines, ZIP + 100 mi',
      server: 'app',
      method: 'GET',
      path: `/resources/map.svg?location=${city.zip}&distance=100`,
      expect: '<svg',
      goal: MAP_GOAL,
    },
    { name: 'animal page', server: 'app', method: 'GET', path: `/animals/${animal}`, goal: { p95Ms: 60 } },
    // Issue 25: the sitemap index and a file of 50,000 animals (the first: from the lowest id) within 1 s.
    { name: 'sitemap index', server: 'app', method: 'GET', path: '/sitemap.xml', expect: '<sitemapindex', goal: { p95Ms: 1000 } },
    {
      name: 'sitemap, 50,000 animals',
      server: 'app',
      method: 'GET',
      path: '/sitemaps/animals-00000000-0000-0000-0000-000000000000.xml',
      expect: '<urlset',
      goal: { p95Ms: 1000 },
    },
    { name: 'api: search rpc, 100 mi + dogs', server: 'api', method: 'POST', path: '/rest/v1/rpc/search_animals', body: nearCity },
    { name: 'api: search rpc, everything', server: 'api', method: 'POST', path: '/rest/v1/rpc/search_animals', body: {} },
    // As the Map view asks (app/models/animal-map.server.ts): around New York on a grid of the
    // smallest marker's radius at 100 miles (14 px on a map 590 px wide: 0.119°); nationwide on whole cells.
    {
      name: 'api: map rpc, 100 mi + dogs',
      server: 'api',
      method: 'POST',
      path: '/rest/v1/rpc/search_animal_map',
      body: { lat: city.latitude, lon: city.longitude, radius_miles: 100, type: 'dog', cell_degrees: 0.119 },
    },
    { name: 'api: map rpc, everything', server: 'api', method: 'POST', path: '/rest/v1/rpc/search_animal_map', body: { cell_degrees: 1 } },
    {
      name: 'api: animal with photos + shelter',
      server: 'api',
      method: 'GET',
      path: `/rest/v1/animals?id=eq.${animal}&select=*,animal_photos(*),shelter_profiles(shelter_name,slug,city,state,phone,contact_email,website)`,
    },
    // Issue 12: signed in. The adopter saved demo animal 1, so its heart is pressed.
    {
      name: 'animal page, signed in',
      server: 'app',
      method: 'GET',
      path: `/animals/${animal}`,
      as: 'adopter',
      expect: 'aria-pressed="true"',
      goal: SIGNED_IN_GOAL,
    },
    // The busy shelter: 800 open conversations (50 a page) and 600 pending applications (25 a page).
    {
      name: 'dashboard: Messages tab (1,000 conversations)',
      server: 'app',
      method: 'GET',
      path: `${dashboard}/messages`,
      as: 'shelterOwner',
      expect: 'Pages of conversations',
      goal: SIGNED_IN_GOAL,
    },
    {
      name: 'dashboard: Messages tab, last page',
      server: 'app',
      method: 'GET',
      path: `${dashboard}/messages?tab=open&page=16`,
      as: 'shelterOwner',
      expect: 'Pages of conversations',
      goal: SIGNED_IN_GOAL,
    },
    {
      name: 'dashboard: Applications tab (1,000 applications)',
      server: 'app',
      method: 'GET',
      path: `${dashboard}/applications`,
      as: 'shelterOwner',
      expect: 'Applications pages',
      goal: SIGNED_IN_GOAL,
    },
    {
      // The Pending tab is sorted by deadline (unanswered first, soonest due first): issue 26's
      // goal, p95 ≤ 100 ms with 1,000 applications, asked explicitly with its tab.
      name: 'dashboard: Applications tab sorted by deadline (1,000 applications)',
      server: 'app',
      method: 'GET',
      path: `${dashboard}/applications?tab=pending`,
      as: 'shelterOwner',
      expect: 'Applications pages',
      goal: SIGNED_IN_GOAL,
    },
    {
      name: 'dashboard: Applications tab, page 20',
      server: 'app',
      method: 'GET',
      path: `${dashboard}/applications?tab=pending&page=20`,
      as: 'shelterOwner',
      expect: 'Applications pages',
      goal: SIGNED_IN_GOAL,
    },
    // Issue 14: the busy shelter's 500 listed animals, each with daily figures since it was listed (up to a year).
    {
      name: 'dashboard: Analytics tab (500 animals, a year)',
      server: 'app',
      method: 'GET',
      path: `${dashboard}/analytics`,
      as: 'shelterOwner',
      expect: 'Your listed animals',
      goal: ANALYTICS_GOAL,
    },
    {
      name: 'dashboard: Analytics tab, by days listed, page 20',
      server: 'app',
      method: 'GET',
      path: `${dashboard}/analytics?sort=days_listed&dir=asc&page=20`,
      as: 'shelterOwner',
      expect: 'Your listed animals',
      goal: ANALYTICS_GOAL,
    },
    // The view beacon as a browser asks for it. Each connection is one visitor, so after its first
    // request every one is a repeat (counted once a day): the in-process cost of both cases is
    // bench/view-recording.ts's.
    {
      name: 'view beacon (/resources/view)',
      server: 'app',
      method: 'GET',
      path: `/resources/view?animal=${animal}`,
      headers: BEACON_HEADERS,
    },
    {
      name: 'api: shelter_analytics rpc (signed in)',
      server: 'api',
      method: 'POST',
      path: '/rest/v1/rpc/shelter_analytics',
      body: { period_days: 30, sort_by: 'views', descending: true, page_size: 25, page_offset: 0 },
      as: 'shelterOwner',
    },
    {
      name: 'api: shelter_conversations rpc (signed in)',
      server: 'api',
      method: 'POST',
      path: '/rest/v1/rpc/shelter_conversations',
      body: { closed: false, page_size: 50, page_offset: 0 },
      as: 'shelterOwner',
    },
    {
      // As the Applications tab reads them; {shelter_id} is the signed-in owner's shelter.
      name: 'api: pending applications, count exact (signed in)',
      server: 'api',
      method: 'GET',
      path: '/rest/v1/applications?select=id,animal_id,animal_name,applicant_name,status,created_at&shelter_id=eq.{shelter_id}&stage=eq.pending&order=created_at.desc,id.desc&offset=0&limit=25',
      headers: { prefer: 'count=exact' },
      as: 'shelterOwner',
    },
    {
      // The same read in the tab's deadline order (app/models/application.server.ts).
      name: 'api: pending applications by deadline, count exact (signed in)',
      server: 'api',
      method: 'GET',
      path: '/rest/v1/applications?select=id,animal_id,animal_name,applicant_name,status,created_at,answer_due_at,first_answered_at&shelter_id=eq.{shelter_id}&stage=eq.pending&order=first_answered_at.desc.nullsfirst,answer_due_at.asc,created_at.desc,id.desc&offset=0&limit=25',
      headers: { prefer: 'count=exact' },
      as: 'shelterOwner',
    },
  ]
}
