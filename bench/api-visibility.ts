// Issue 13: "A PUT through the API visible in /search and on the animal page ≤ 1 s after its
// answer (no cache in between)". Run by `npm run bench` (bench/run.ts) against the production
// server it started: the busy shelter's owner makes a read-write API key (as the Sync tab does),
// then for each sample a PUT adds an animal with a name no other animal has, and /search?q=<name>
// and /animals/<id> are fetched over and over from the moment the PUT answered until both show
// it; then a PATCH marks it adopted, and the same two pages are fetched until both show that
// (gone from search, "Adopted — …" on its page). The delay is from the write's answer to the
// answer of the first fetch that shows the change.
//
// No cache in between: the fetches go straight to the app (no CDN, and Node's fetch keeps no
// HTTP cache), so the figure is the origin's own freshness. The app itself keeps no copy of a
// page or a search: each request reads the database. A CDN in front may keep a signed-out page
// for the s-maxage of its Cache-Control (30 s) — see docs/performance.md "A change through the
// API, seen by visitors".

export type VisibilitySample = { searchMs: number; pageMs: number }
export type ApiVisibility = {
  samples: number
  put: { searchMs: Stats; pageMs: Stats }
  patch: { searchMs: Stats; pageMs: Stats }
  /** The Cache-Control the pages answered with (the freshness a CDN in front would apply). */
  pageCacheControl: string | null
  goalMs: number
  goalMet: boolean
}
type Stats = { p50: number; max: number }

/** The figure: visible within a second of the write's answer. */
const GOAL_MS = 1_000
/** A change not visible after this long is a failure, not a slow sample. */
const GIVE_UP_MS = 30_000

type Options = {
  appUrl: string
  /** localbase's URL and anon key: the owner's session makes the key, as the Sync tab's page does. */
  apiUrl: string
  anonKey: string
  /** The shelter owner's access token. */
  accessToken: string
  samples?: number
  log?: (line: string) => void
}

export async function measureApiVisibility({
  appUrl,
  apiUrl,
  anonKey,
  accessToken,
  samples = 10,
  log = () => {},
}: Options): Promise<ApiVisibility> {
  const key = await createApiKey(apiUrl, anonKey, accessToken)
  const bearer = { Authorization: `Bearer ${key.key}`, 'Content-Type': 'application/json' }
  const put: VisibilitySample[] = []
  const patch: VisibilitySample[] = []
  let pageCacheControl: string | null = null
  try {
    for (let sample = 0; sample < samples; sample++) {
      // A word no demo animal has, so the search finds this animal and nothing else.
      const token = `Benchvis${Date.now().toString(36)}${sample}`
      const externalId = `bench-visibility-${token}`
      const written = await fetch(`${appUrl}/api/v1/animals/${externalId}`, {
        method: 'PUT',
        headers: bearer,
        body: JSON.stringify({
          name: token,
          type: 'dog',
          primary_breed: 'Beagle',
          age_group: 'adult',
          sex: 'female',
          size: 'medium',
          description: `Pushed by the bench (${token}).`,
          photos: [],
        }),
      })
      if (written.status !== 201) throw new Error(`PUT answered ${written.status}: ${await written.text()}`)
      const animal = (await written.json()) as { url: string }
      const added = await untilShown(appUrl, token, animal.url, performance.now(), { inSearch: true, onPage: 'Pushed by the bench' })
      put.push(added.sample)
      pageCacheControl ??= added.cacheControl

      const patched = await fetch(`${appUrl}/api/v1/animals/${externalId}`, {
        method: 'PATCH',
        headers: bearer,
        body: JSON.stringify({ status: 'adopted' }),
      })
      if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}: ${await patched.text()}`)
      await patched.arrayBuffer()
      patch.push(
        (await untilShown(appUrl, token, animal.url, performance.now(), { inSearch: false, onPage: `Adopted — ${token} found a home` }))
          .sample,
      )
      log(
        `sample ${sample + 1}: PUT seen in search after ${put.at(-1)!.searchMs} ms, on its page after ${put.at(-1)!.pageMs} ms; PATCH after ${patch.at(-1)!.searchMs} / ${patch.at(-1)!.pageMs} ms`,
      )
    }
  } finally {
    await revokeApiKey(apiUrl, anonKey, accessToken, key.id)
  }
  const result = {
    samples,
    put: { searchMs: stats(put.map((s) => s.searchMs)), pageMs: stats(put.map((s) => s.pageMs)) },
    patch: { searchMs: stats(patch.map((s) => s.searchMs)), pageMs: stats(patch.map((s) => s.pageMs)) },
    pageCacheControl,
    goalMs: GOAL_MS,
  }
  const worst = Math.max(result.put.searchMs.max, result.put.pageMs.max, result.patch.searchMs.max, result.patch.pageMs.max)
  return { ...result, goalMet: worst <= GOAL_MS }
}

/**
 * Fetches the search and the animal's page, each again as soon as its last answer did not show
 * the change, until both do; returns when each first did, counted from `since` (the write's answer).
 */
async function untilShown(appUrl: string, token: string, pageUrl: string, since: number, expected: { inSearch: boolean; onPage: string }) {
  let cacheControl: string | null = null
  const poll = async (url: string, shows: (body: string) => boolean): Promise<number> => {
    for (;;) {
      const response = await fetch(url, { headers: { Accept: 'text/html' } })
      // React marks the seams between a text and a value with <!-- -->: read the text as shown.
      const body = (await response.text()).replaceAll('<!-- -->', '')
      const answered = performance.now()
      if (response.headers.get('age')) throw new Error(`${url} came from a cache (Age: ${response.headers.get('age')})`)
      if (url.includes('/animals/')) cacheControl ??= response.headers.get('cache-control')
      if (response.ok && shows(body)) return Math.round(answered - since)
      if (answered - since > GIVE_UP_MS) throw new Error(`${url} did not show the change within ${GIVE_UP_MS / 1000} s`)
    }
  }
  const [searchMs, pageMs] = await Promise.all([
    poll(`${appUrl}/search?q=${encodeURIComponent(token)}`, (body) => body.includes(`href="${pageUrl}"`) === expected.inSearch),
    poll(appUrl + pageUrl, (body) => body.includes(expected.onPage)),
  ])
  return { sample: { searchMs, pageMs }, cacheControl }
}

async function createApiKey(apiUrl: string, anonKey: string, accessToken: string): Promise<{ id: string; key: string }> {
  const response = await fetch(`${apiUrl}/rest/v1/rpc/create_api_key`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `Bench ${new Date().toISOString()}`, scope: 'read_write' }),
  })
  if (!response.ok) throw new Error(`create_api_key answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as { id: string; key: string }
}

async function revokeApiKey(apiUrl: string, anonKey: string, accessToken: string, id: string) {
  await fetch(`${apiUrl}/rest/v1/rpc/revoke_api_key`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: id }),
  }).then((response) => response.arrayBuffer())
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b)
  return { p50: sorted[Math.ceil(sorted.length / 2) - 1] ?? 0, max: sorted.at(-1) ?? 0 }
}
