// node bench/bundle.ts: how much JavaScript a first visit downloads. Starts the production
// build (`npm start`, which builds first when the build is stale) on a fresh temporary data
// dir and free ports, loads the home page, the search page and an animal page in Chromium,
// each in a new browser context (empty cache: a first visit), and prints per page the
// JavaScript it downloaded against the 120 KB goal.
//
// What counts: every response Chromium classifies as a script (entry, route modules,
// modulepreloaded chunks, and anything imported lazily while the page settles) from the
// request until the network has been idle for 500 ms. Its size is the body as sent over
// the wire, compressed by server/index.ts (brotli, which Chromium accepts, at quality 5 for the
// built files; gzip for a browser that takes only gzip; bodies under 1 KB go uncompressed), in
// KB of 1,000 bytes: the "sent KB" column; the goal is checked on that plus each response's
// headers (DevTools' "transferred"), the stricter figure. "gzip -6 KB" is the same scripts
// gzipped here, whatever the server does. Inline <script> text is part of the HTML and is
// reported separately. `--json` prints the report as JSON.
//
// The main bench can call `measurePageScripts(baseUrl)` against a site it already runs, or
// `runBundleBench()` to do all of the above; the browser tests hold the goal with it
// (tests/e2e/public/javascript-budget.spec.ts).
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { NO_CHROMIUM, findChromium, startSite } from '#scripts/lib/local-servers.ts'

/** The goal of the groundwork issue: at most 120 KB (1,000 bytes each) of gzipped JS per page. */
export const BUNDLE_GOAL_KB = 120

export type ScriptTransfer = {
  url: string
  /** Body bytes as transferred (brotli- or gzip-encoded when the server compressed it). */
  wireBytes: number
  /** The body as transferred plus the response headers: what DevTools calls transferred. */
  transferBytes: number
  /** Body bytes after decoding. */
  rawBytes: number
  /** The decoded body gzipped here at level 6: the same figure whatever the server does. */
  gzipBytes: number
}

export type PageScripts = {
  name: string
  path: string
  scripts: ScriptTransfer[]
  /** The JS bodies as transferred (compressed as the server sends them to Chromium). */
  wireKB: number
  /** The same with each response's headers: what DevTools shows as transferred, and what the goal is checked on. */
  transferKB: number
  gzipKB: number
  rawKB: number
  inlineScriptKB: number
  goalKB: number
  goalMet: boolean
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Loads /, /search and an animal page (`animalPath`, else the first one /search lists), each
 * on a cold cache, against `baseUrl`: in `browser` when given (the browser tests' own), else in
 * a Chromium launched for it.
 */
export async function measurePageScripts(
  baseUrl: string,
  options: { chromiumPath?: string; browser?: Browser; animalPath?: string } = {},
): Promise<PageScripts[]> {
  const animalPath = options.animalPath ?? (await firstAnimalPath(baseUrl))
  const pages = [
    { name: 'home', path: '/' },
    { name: 'search', path: '/search' },
    { name: 'animal', path: animalPath },
  ]
  const browser =
    options.browser ?? (await chromium.launch({ executablePath: options.chromiumPath ?? chromiumOrThrow(), args: CHROMIUM_ARGS }))
  try {
    const results: PageScripts[] = []
    for (const page of pages) results.push(await measurePage(browser, baseUrl, page.name, page.path))
    return results
  } finally {
    if (!options.browser) await browser.close()
  }
}

async function measurePage(browser: Browser, baseUrl: string, name: string, pagePath: string): Promise<PageScripts> {
  // The zone the site's time zone hint falls back to: no first page reloads to set it,
  // whatever the machine's clock says (app/components/layout/client-hint-check.tsx).
  const context = await browser.newContext({ timezoneId: 'UTC' })
  try {
    const page = await context.newPage()
    const pending: Array<Promise<ScriptTransfer | null>> = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return
      pending.push(
        (async () => {
          const response = await request.response()
          if (!response) return null
          const [body, sizes] = await Promise.all([response.body(), request.sizes()])
          return {
            url: request.url(),
            wireBytes: sizes.responseBodySize,
            transferBytes: sizes.responseBodySize + sizes.responseHeadersSize,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 6 }).length,
          }
        })(),
      )
    })
    const response = await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' })
    if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status()}`)
    // From the HTML as sent: after hydration Remix empties its context script in the DOM.
    const html = await response.text()
    const inlineBytes = sum(
      Array.from(html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g), (match) => Buffer.byteLength(match[1] ?? '')),
    )
    const scripts = (await Promise.all(pending)).filter((script): script is ScriptTransfer => script !== null)
    scripts.sort((a, b) => b.wireBytes - a.wireBytes)
    const kb = (bytes: number) => Math.round(bytes / 100) / 10
    const transferKB = kb(sum(scripts.map((script) => script.transferBytes)))
    return {
      name,
      path: pagePath,
      scripts,
      wireKB: kb(sum(scripts.map((script) => script.wireBytes))),
      transferKB,
      gzipKB: kb(sum(scripts.map((script) => script.gzipBytes))),
      rawKB: kb(sum(scripts.map((script) => script.rawBytes))),
      inlineScriptKB: kb(inlineBytes),
      goalKB: BUNDLE_GOAL_KB,
      goalMet: transferKB <= BUNDLE_GOAL_KB,
    }
  } finally {
    await context.close()
  }
}

/** The first animal page the search page links to (the demo data always has some). */
async function firstAnimalPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/search`)).text()
  const match = html.match(/href="(\/animals\/[^"?#]+)"/)
  if (!match?.[1]) throw new Error('/search lists no animal to measure')
  return match[1]
}

/** Starts the built site on a temporary data dir, measures, stops it, and prints the table. */
export async function runBundleBench(options: { json?: boolean } = {}): Promise<PageScripts[]> {
  const site = await startSite({ name: 'bundle', timeoutMs: 10 * 60_000 })
  try {
    const results = await measurePageScripts(site.baseUrl)
    if (options.json) console.log(JSON.stringify(results, null, 2))
    else printReport(results)
    return results
  } finally {
    await site.stop()
  }
}

export function printReport(results: PageScripts[]) {
  for (const page of results) {
    console.log(`\n${page.name} (${page.path})`)
    for (const script of page.scripts) {
      const file = new URL(script.url).pathname
      console.log(`  ${(script.wireBytes / 1000).toFixed(1).padStart(6)} KB  ${file}`)
    }
  }
  console.log('\npage     scripts  sent KB  +headers KB  (gzip -6 KB)  raw KB  inline KB  goal (on +headers)')
  for (const page of results) {
    console.log(
      [
        page.name.padEnd(8),
        String(page.scripts.length).padStart(7),
        page.wireKB.toFixed(1).padStart(7),
        page.transferKB.toFixed(1).padStart(11),
        page.gzipKB.toFixed(1).padStart(13),
        page.rawKB.toFixed(1).padStart(7),
        page.inlineScriptKB.toFixed(1).padStart(10),
        ` ≤ ${page.goalKB} KB ${page.goalMet ? 'met' : 'NOT met'}`,
      ].join(' '),
    )
  }
}

function chromiumOrThrow(): string | undefined {
  const found = findChromium()
  if (found === null) throw new Error(NO_CHROMIUM)
  return found
}

function sum(values: number[]) {
  return values.reduce((total, value) => total + value, 0)
}

if (import.meta.filename === process.argv[1]) {
  const results = await runBundleBench({ json: process.argv.includes('--json') })
  process.exit(results.every((page) => page.goalMet) ? 0 : 1)
}
